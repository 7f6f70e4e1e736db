// Package rank scores search hits so that the one an agent wants comes
// first.
//
// A hit's score is an integer: the sum of named signals, each a weight
// below. Signals of the hit itself (what the match is in its line) add to
// signals of its file (where the file is, how recently it changed, how much
// the agent used it). Worked example, searching "Handler" in a Go project:
//
//	server/handler.go:4  type Handler struct {
//	  definition +1000, word +60, file-name +120          = 1180
//	server/handler_test.go:9  h := &Handler{}
//	  word +60, file-name-part +40, test -30              =   70
//	vendor/x/y.go:12  // Handler is not this one
//	  comment -100, word +60, vendored -300               = -340
//
// The weights are ordered so that the kind of a match decides first (a
// definition beats any use anywhere, except in vendored or generated code
// where it still beats uses of that code), then the quality of the match,
// then the file: recency, frecency and git state move hits of equal kind
// and quality, never a use above a definition.
package rank

import (
	"math"
	"time"
)

// Weights of the hit signals.
const (
	// WeightDefinition: the match is the whole name a declaration declares.
	// Large enough that no combination of file signals (at most
	// +40+120+100+120) lifts a plain use above it.
	WeightDefinition = 1000
	// WeightDefinitionPart: the match is part of a declared name ("Handler"
	// in "func NewHandler"): related, but not the symbol searched for.
	WeightDefinitionPart = 250
	// WeightMember: the whole name of a field, method signature in an
	// interface, local binding or nested key; a declaration, but a lesser
	// one than a top-level definition.
	WeightMember = 300
	// WeightMemberPart: part of such a name.
	WeightMemberPart = 80
	// WeightImport: an import, include, use or require line: it says where
	// a symbol comes from, which beats a plain use.
	WeightImport = 150
	// WeightComment: a mention in a comment: prose, the least likely target.
	WeightComment = -100
	// WeightMarker: a comment marker (TODO, FIXME, XXX, HACK, NOTE) in a
	// comment, when that is what the search is for: the comments are the
	// target, not the word lists and strings that also hold the marker.
	WeightMarker = 200
	// PenaltyPrivate: the definition is private to its package, crate,
	// module or file: of two definitions of a name, the public one is the
	// one callers reach (more than the case signal and a recency step).
	PenaltyPrivate = -100
	// WeightWord: the match is a whole word, not part of a longer one.
	WeightWord = 60
	// WeightCase: a case-insensitive search matched the query's own case.
	WeightCase = 20
)

// Weights of the file signals.
const (
	// WeightFileName: the file is named after the match (searching
	// "Transport" in transport.go): where a symbol's home usually is.
	WeightFileName = 120
	// WeightFileNamePart: the pattern matches part of the file's name
	// (searching "Serve" in server.go).
	WeightFileNamePart = 40
	// WeightRecency is the bonus of a file modified just now; it halves
	// every RecencyHalfLife, smoothly, so ties break toward live code.
	WeightRecency   = 40
	RecencyHalfLife = 7 * 24 * time.Hour
	// WeightFrecency is the limit of the frecency bonus: f/(f+2) of it for a
	// file whose decayed use count is f (one fresh use: a third).
	WeightFrecency = 120
	// WeightGit: the file is modified, staged or untracked in git: the
	// agent is working on it.
	WeightGit = 100
	// PenaltyVendored: a vendored copy (vendor/, third_party/,
	// node_modules/): rarely the code the agent means to read.
	PenaltyVendored = -300
	// PenaltyGenerated: generated code ("Code generated … DO NOT EDIT",
	// *.pb.go, *_generated.*, *.min.*): not where a change belongs.
	PenaltyGenerated = -300
	// PenaltyMinified: very long lines: minified or data, costly to show.
	PenaltyMinified = -200
	// PenaltyLock: a lock file: every dependency mentioned, none defined.
	PenaltyLock = -400
	// PenaltyTest: a test file: mild, tests are often what is wanted.
	PenaltyTest = -30
	// PenaltyDocs: documentation or an example (docs/, examples/, *.md,
	// *.rst, …): a definition there is a copy written for readers, and
	// the source's comes first; it still beats any use in code.
	PenaltyDocs = -200
)

// Signal is one named contribution to a score.
type Signal struct {
	Name  string `json:"name"`
	Value int    `json:"value"`
}

// Signal names, as explanations and JSON show them.
const (
	SigDefinition     = "definition"
	SigDefinitionPart = "definition-part"
	SigMember         = "member"
	SigMemberPart     = "member-part"
	SigImport         = "import"
	SigComment        = "comment"
	SigMarker         = "comment-marker"
	SigPrivate        = "private"
	SigWord           = "word"
	SigCase           = "case"
	SigFileName       = "file-name"
	SigFileNamePart   = "file-name-part"
	SigRecency        = "recency"
	SigFrecency       = "frecency"
	SigGit            = "git"
	SigVendored       = "vendored"
	SigGenerated      = "generated"
	SigMinified       = "minified"
	SigLock           = "lock"
	SigTest           = "test"
	SigDocs           = "docs"
)

// HitKey packs the facts of a match into one byte, from which Hit gives
// its signals and score: a search can keep a byte per hit.
func HitKey(c Class, word, sameCase bool) uint8 { return uint8(hitKey(c, word, sameCase)) }

// KeyKind returns the kind of the match a hit key was made from.
func KeyKind(k uint8) Kind { return Kind(k / 16) }

// KeyDefines reports whether a hit key is of a match that is the whole
// name a definition declares: a hit with the SigDefinition signal.
func KeyDefines(k uint8) bool { return KeyKind(k) == Definition && k&1 != 0 }

// Hit returns the signals and score of a hit key.
func Hit(k uint8) ([]Signal, int) { return hitTable[k].signals, hitTable[k].sum }

// HitKeys is the number of hit keys: every key is below it.
const HitKeys = len(hitTable)

// hitTable holds the signals of every combination of hit facts, made once,
// so that scoring a hundred thousand hits allocates nothing.
var hitTable = func() (t [int(lastKind+1) * 16]struct {
	signals []Signal
	sum     int
}) {
	for kind := Plain; kind <= lastKind; kind++ {
		for bits := range 16 {
			c := Class{Kind: kind, Exact: bits&1 != 0, Private: bits&8 != 0}
			s := hitSignals(c, bits&2 != 0, bits&4 != 0)
			t[hitKey(c, bits&2 != 0, bits&4 != 0)] = struct {
				signals []Signal
				sum     int
			}{s, Sum(s)}
		}
	}
	return t
}()

func hitKey(c Class, word, sameCase bool) int {
	k := int(c.Kind) * 16
	if c.Exact {
		k |= 1
	}
	if word {
		k |= 2
	}
	if sameCase {
		k |= 4
	}
	if c.Private && (c.Kind == Definition || c.Kind == Member) {
		k |= 8
	}
	return k
}

func hitSignals(c Class, word, sameCase bool) []Signal {
	var out []Signal
	add := func(name string, v int) {
		out = append(out, Signal{name, v})
	}
	switch c.Kind {
	case Definition:
		if c.Exact {
			add(SigDefinition, WeightDefinition)
		} else {
			add(SigDefinitionPart, WeightDefinitionPart)
		}
	case Member:
		if c.Exact {
			add(SigMember, WeightMember)
		} else {
			add(SigMemberPart, WeightMemberPart)
		}
	case Import:
		add(SigImport, WeightImport)
	case Comment:
		add(SigComment, WeightComment)
	case Marker:
		add(SigMarker, WeightMarker)
	}
	if c.Private && (c.Kind == Definition || c.Kind == Member) {
		add(SigPrivate, PenaltyPrivate)
	}
	if word {
		add(SigWord, WeightWord)
	}
	if sameCase {
		add(SigCase, WeightCase)
	}
	return out
}

// Sum adds up signals.
func Sum(s []Signal) int {
	n := 0
	for _, x := range s {
		n += x.Value
	}
	return n
}

// Recency returns the recency bonus of a file modified at mtime, seen from
// now: WeightRecency halving every RecencyHalfLife, rounded.
func Recency(mtime, now time.Time) int {
	if mtime.IsZero() {
		return 0
	}
	age := now.Sub(mtime)
	if age < 0 {
		age = 0
	}
	return int(math.Round(WeightRecency * math.Exp2(-float64(age)/float64(RecencyHalfLife))))
}

// Frecency returns the frecency bonus for a decayed use count f.
func Frecency(f float64) int {
	if f <= 0 {
		return 0
	}
	return int(math.Round(WeightFrecency * f / (f + 2)))
}
