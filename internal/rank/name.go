package rank

import (
	"path"
	"strings"

	"github.com/scoutcode/scout/internal/glob"
)

// Finding files by name: how well a path matches what scout find was asked
// for. A query is a glob, or one or more words (name fragments).
//
// A word scores by where it lands, best first:
//
//	name-exact   +1000  the base name, or the base name without its extension
//	name-prefix   +600  the start of the base name
//	name-word     +400  a whole word of the base name (between _ - . or
//	                    digits, or a camelCase hump: "handler" in
//	                    request_handler.go or requestHandler.go)
//	name-part     +250  anywhere else in the base name
//	dir-name       +50  only in a directory's name
//
// Every word must land somewhere in the path below the search root; the
// words' signals add up ("http handler" finds internal/http/handler.go with
// name-exact +1000 and dir-name +50); a word matched ignoring case earns
// case +20 where the name holds it in the query's own case. A glob only
// filters. Then the file's
// own signals (frecency, git, recency, penalties) and a small one for depth
// order files of equal name match, shallower first.
//
// Worked example, "handler" under a project:
//
//	server/handler.go              name-exact +1000, case +20, depth -3 = 1017
//	server/handler_test.go         name-prefix +600, case +20, depth -3, test -30 = 587
//	internal/http/request_handler.go name-word +400, case +20, depth -6 = 414
//	handlers/x.go                  dir-name +50, depth -3             =   47

// Weights of the name signals.
const (
	// WeightNameExact: the file is named what was asked for: almost always
	// the one meant.
	WeightNameExact = 1000
	// WeightNamePrefix: the name starts with it: its test, its variants.
	WeightNamePrefix = 600
	// WeightNameWord: a whole word of the name.
	WeightNameWord = 400
	// WeightNamePart: part of a word of the name.
	WeightNamePart = 250
	// WeightDirName: only a directory holds it: a file somewhere under the
	// thing asked for.
	WeightDirName = 50
	// WeightDepth is per directory below the search root, down to
	// MaxDepthPenalty: of files that match alike, the shallower is more
	// likely the main one.
	WeightDepth     = -3
	MaxDepthPenalty = -30
)

// Name signal names.
const (
	SigNameExact  = "name-exact"
	SigNamePrefix = "name-prefix"
	SigNameWord   = "name-word"
	SigNamePart   = "name-part"
	SigDirName    = "dir-name"
	SigDepth      = "depth"
)

// NameQuery is a compiled scout find pattern.
type NameQuery struct {
	globs []*glob.Glob // a glob, its braces expanded
	path  bool         // the glob holds a '/': it matches the whole relative path
	fold  bool         // the glob ignores case
	words []nameWord
}

type nameWord struct {
	text string // lower-cased when fold
	orig string
	fold bool
}

// IsGlob reports whether a find pattern is a glob: it holds *, ? or [,
// or braces with a comma ("{a,b}.go", as in rg's globs).
func IsGlob(pattern string) bool {
	if strings.ContainsAny(pattern, "*?[") {
		return true
	}
	i := strings.IndexByte(pattern, '{')
	return i >= 0 && strings.Contains(pattern[i:], ",") && strings.Contains(pattern[i:], "}")
}

// NewNameQuery compiles a find pattern. fold reports, for a word or a
// glob, whether it is matched ignoring case (smart case decides per word).
// An empty pattern matches every path.
func NewNameQuery(pattern string, fold func(string) bool) NameQuery {
	var q NameQuery
	if IsGlob(pattern) {
		p := strings.TrimPrefix(pattern, "/")
		q.fold = fold(p)
		if q.fold {
			p = strings.ToLower(p)
		}
		for _, e := range glob.Expand(p) { // "*.{ts,tsx}", as rg
			q.globs = append(q.globs, glob.Compile(e))
		}
		q.path = strings.Contains(p, "/")
		return q
	}
	for _, w := range strings.Fields(pattern) {
		nw := nameWord{text: w, orig: w, fold: fold(w)}
		if nw.fold {
			nw.text = strings.ToLower(w)
		}
		q.words = append(q.words, nw)
	}
	return q
}

// Match reports whether a path relative to the search root matches, and
// with which signals.
func (q *NameQuery) Match(rel string) ([]Signal, bool) {
	if q.globs != nil {
		subject := rel
		if !q.path {
			subject = path.Base(rel)
		}
		if q.fold {
			subject = strings.ToLower(subject)
		}
		for _, g := range q.globs {
			if g.Match(subject) {
				return nil, true
			}
		}
		return nil, false
	}
	var out []Signal
	base := path.Base(rel)
	for _, w := range q.words {
		s, ok := w.match(rel, base)
		if !ok {
			return nil, false
		}
		out = append(out, s)
		if w.fold && s.Name != SigDirName && strings.Contains(base, w.orig) {
			out = append(out, Signal{SigCase, WeightCase})
		}
	}
	return out, true
}

func (w nameWord) match(rel, base string) (Signal, bool) {
	b, r := base, rel
	if w.fold {
		b, r = strings.ToLower(base), strings.ToLower(rel)
	}
	dirs := strings.TrimSuffix(r, b) // the directories above the name (base is path.Base(rel))
	if t := strings.TrimLeft(strings.TrimPrefix(w.text, "./"), "/"); strings.Contains(w.text, "/") && strings.Trim(t, "/") != "" {
		// A fragment of a path ("poll/fd_unix.go", as agents copy
		// paths): the path ending with it names that file; else it must
		// occur in the path, across the last slash or before it (a
		// trailing slash ends a directory's name).
		whole := strings.TrimRight(t, "/")
		switch i := strings.LastIndex(r, t); {
		case r == whole || strings.HasSuffix(r, "/"+whole):
			return Signal{SigNameExact, WeightNameExact}, true
		case i < 0:
			return Signal{}, false
		case i+len(t) > len(dirs):
			return Signal{SigNamePart, WeightNamePart}, true
		default:
			return Signal{SigDirName, WeightDirName}, true
		}
	}
	stem := b
	if i := strings.LastIndexByte(b, '.'); i > 0 {
		stem = b[:i]
	}
	switch {
	case b == w.text || stem == w.text:
		return Signal{SigNameExact, WeightNameExact}, true
	case strings.HasPrefix(b, w.text):
		return Signal{SigNamePrefix, WeightNamePrefix}, true
	case wordIn(base, b, w.text):
		return Signal{SigNameWord, WeightNameWord}, true
	case strings.Contains(b, w.text):
		return Signal{SigNamePart, WeightNamePart}, true
	case strings.Contains(dirs, w.text):
		return Signal{SigDirName, WeightDirName}, true
	}
	return Signal{}, false
}

// wordIn reports whether w occurs in b (base, lower-cased or not) as a
// whole word: bounded by a non-letter or a camelCase hump of the original.
func wordIn(orig, b, w string) bool {
	if len(orig) != len(b) {
		// Lowering changed the bytes (invalid UTF-8 becomes U+FFFD; a
		// few letters lower to a longer or shorter form): positions in b
		// are not in orig, so its humps are not known.
		orig = b
	}
	for at := 0; ; {
		i := strings.Index(b[at:], w)
		if i < 0 {
			return false
		}
		i += at
		j := i + len(w)
		if boundary(orig, i) && boundary(orig, j) {
			return true
		}
		at = i + 1
	}
}

// boundary reports whether a word may start or end at byte i of s.
func boundary(s string, i int) bool {
	if i == 0 || i == len(s) {
		return true
	}
	a, b := s[i-1], s[i]
	return !isLetter(a) || !isLetter(b) || isLower(a) && isUpper(b)
}

func isLetter(c byte) bool { return isLower(c) || isUpper(c) }
func isLower(c byte) bool  { return c >= 'a' && c <= 'z' }
func isUpper(c byte) bool  { return c >= 'A' && c <= 'Z' }

// Depth returns the depth signal of a path relative to its search root.
func Depth(rel string) int {
	return max(WeightDepth*strings.Count(rel, "/"), MaxDepthPenalty)
}
