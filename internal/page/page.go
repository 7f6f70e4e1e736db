// Package page plans a page of search results for an agent: which hits fit
// a token budget with at most so many files and so many hits per file, the
// map of what did not fit, and the cursor that continues exactly where the
// page stopped. It also writes the page's text, because a budget can only
// be kept by the code that knows the bytes: the planner measures each piece
// with the same functions that write it.
//
// # Order
//
// The hits of a search are ranked: files by their best hit, and inside a
// file by score, then line. A page must spread its budget across files, so
// the units are dealt out in tiers: with a per-file quota of M, tier t holds
// each file's hits ranked tM to (t+1)M−1, the files in rank order. Tier 0 is
// every file's best M hits, best file first; tier 1 their next M; and so
// on. Pages are consecutive slices of this order, and a page never shows
// more than M hits of a file, so following the cursor from the first page
// to the last shows every hit exactly once, in this order. In files and
// count modes the units are the files themselves, in rank order.
//
// # Text format
//
// Content mode: each file is its path, with how many of its matching lines
// the page shows ("(3 of 42)", or "(3)" when that is all of them), then its
// lines: "N:text" for a match, "*N:text" for a match that is a definition
// of what was searched for, "N-text" for a context line. A match on a line
// longer than 400 bytes is shown as a window of about 200 bytes around the
// match, with its byte column: "N:C:…text…". Context lines shared by
// neighbouring matches are printed once; with context, "--" separates runs
// that are not contiguous. Where the file was parsed, a match is preceded
// by the definition it sits in when that is not the one of the match
// before it: "in NAME START-END", NAME qualified by the type or class of a
// method, or "in (top level)". A blank line separates files:
//
//	internal/walk/walk.go (2 of 7)
//	*130:func Walk(ctx context.Context, roots []string, opts Options, v Visitor) error {
//	in Walk 130-132
//	131:	return Parallel(ctx, roots, opts, 1, func(int) Visitor { return v })
//
// Copies collapse: a file whose every line on the page repeats (trimmed)
// a line shown above it in another file is not shown under its own path;
// "  = also PLACES" follows the line it repeats, listing such files with
// their lines, a file once ("a.go:3,9"), and files of one directory that
// differ by a number on one line as a pattern
// ("api/docs/v1.{24..30,32}.yaml:331"). Their hits count as shown. Not
// with context lines or explain, nor with --no-collapse.
//
// Files mode prints one path per line; count mode "path: N" (N matching
// lines). Map mode prints only the map. List mode (scout find) prints one
// path per line, a directory with a trailing slash, and counts files (or
// directories) instead of matches in its summary and its map.
//
// With explain, a file's path is followed by its signals,
// "  [file +160: file-name +120, recency +40]", and each match by its score
// as a sum, "    [1220 = definition +1000, word +60, file +160]".
//
// The footer follows a blank line:
//
//	1893 matches in 476 files; page 1: matches 1-60 in 20 files
//	searched 10231 files; not searched: 739 binary files, 4 ignored directories
//	rest by directory (each file under its deepest listed directory):
//	  src/cmd/compile/internal/ 512 matches in 88 files
//	  +41 more directories: 301 matches in 97 files
//	next page: --cursor c2.…
//
// The totals are exact unless the search stopped at its time limit; then
// they read "at least". The not-searched line names every reason with a
// count. The map accounts for every hit after this page: it lists
// directories, each with the hits and files below it that no deeper listed
// directory holds, and a last "+N more directories" line for what did not
// fit. When nothing matched, lines say where the pattern does occur among
// files the search left out (ignored, hidden, binary) and how to include
// them. The last line is the next step: the cursor to pass, or how to
// narrow the search. How an option is spelled there depends on the face
// (see Face).
//
// # JSON
//
// A page in JSON (scout grep --json, and the structured content of the MCP
// tools) is the Page type below as one object, with what the text shows:
// mode, page, files (each with path, matches, shown and, in content mode,
// lines, each with line, text, column, definition and the copies folded
// under it, each a path and its lines; and the context lines apart, each
// with line and text),
// total, shown, files_searched, not_searched, partial, rest, elsewhere,
// note, warnings, failed, cursor and next. With explain, it has what the
// text then shows too: each file's and line's score and signals, each
// line's spans, and the ranking. HTML is not escaped. The text is not
// repeated in it.
package page

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/scoutcode/scout/internal/rank"
)

// Mode is what a page shows.
type Mode uint8

const (
	Auto            Mode = iota // Content, unless the hits are too broad to show: then Files, else Map
	Content                     // matching lines, grouped by file
	Files                       // paths of files with matches
	Count                       // paths with their number of matching lines
	Map                         // only the directory map
	List                        // scout find: paths, a line each
	Outline                     // scout outline: each file's definitions, nested
	Callers                     // scout callers: the calls of a name, under the definitions they sit in
	Refs                        // scout refs: the uses of a name, labelled, under the definitions they sit in
	Callees                     // scout callees: the calls inside a name's definitions, each with where its callee is defined
	Related                     // scout related: a file's imports, importers and tests
	Concept                     // scout concept: exact hits of a description, then concept leads
	Implementations             // scout implementations: the definitions that implement, extend or embed a type
)

var modeNames = [...]string{"auto", "content", "files", "count", "map", "list", "outline", "callers", "refs", "callees", "related", "concept", "implementations"}

func (m Mode) String() string {
	if int(m) < len(modeNames) {
		return modeNames[m]
	}
	return fmt.Sprintf("mode(%d)", m)
}

// ParseMode reads a mode's name.
func ParseMode(s string) (Mode, error) {
	for i, n := range modeNames[:Outline] {
		if n == s {
			return Mode(i), nil
		}
	}
	return Auto, fmt.Errorf("unknown output mode %q: use auto, content, files, count or map", s)
}

func (m Mode) MarshalText() ([]byte, error) { return []byte(m.String()), nil }

func (m *Mode) UnmarshalText(b []byte) error {
	v, err := ParseMode(string(b))
	*m = v
	return err
}

// Signal is a named part of a score.
type Signal = rank.Signal

// Page is one page of a search's results: what it shows, the exact totals,
// what was not searched, the map of the rest and the cursor to the next.
type Page struct {
	Mode   Mode   `json:"mode"`
	Number int    `json:"page"` // 1 for the first page
	Files  []File `json:"files,omitempty"`
	Dirs   bool   `json:"dirs,omitempty"` // in List mode: the paths are directories
	// Definitions are, on a callers page, the definitions of the name
	// called (up to MaxDefinitions), each file with its definition lines.
	Definitions []File `json:"definitions,omitempty"`
	// Leads are, on a concept page, the chunks that match a description
	// by its words, best first; the exact hits are in Files.
	Leads []Lead `json:"leads,omitempty"`
	// Symbol is, on a concept page whose description is one symbol, where
	// the leads' best definitions of it are (the footer says it too).
	Symbol *Symbol `json:"symbol,omitempty"`

	Total Totals `json:"total"` // every matching line and file (at least these when Partial)
	// ExactFound is, on a concept page whose exact hits were cut, how
	// many lines and files hold the description as written.
	ExactFound *Totals `json:"exact_found,omitempty"`
	// LeadsFound is, on a concept page whose leads are the best of more
	// chunks that share a word with the description, how many those are.
	LeadsFound int `json:"leads_found,omitempty"`
	// LeadsInExact is, on a concept page, how many chunks were left out
	// of the leads for holding an exact hit (each would only repeat it).
	LeadsInExact int `json:"leads_in_exact,omitempty"`
	// LeadsSkipped is, on a concept page without leads because they were
	// not ranked, why: the paths hold more than one index may read, or the
	// description has no word to rank by (the text says it too).
	LeadsSkipped string `json:"leads_skipped,omitempty"`
	// EmbeddingsSkipped is, on a concept page that asked for embeddings
	// and ranks its leads by words only, why (the provider failed, or is
	// misconfigured; the text says it too).
	EmbeddingsSkipped string `json:"embeddings_skipped,omitempty"`
	Shown             Shown  `json:"shown,omitzero"` // what this page shows (absent when nothing is)

	Searched    int      `json:"files_searched"`
	NotSearched []Reason `json:"not_searched,omitempty"` // by reason, each with a count
	Partial     string   `json:"partial,omitempty"`      // why the search stopped early; "" when it finished

	Rest      []Dir       `json:"rest,omitempty"`      // the map of the hits after this page
	Elsewhere []Elsewhere `json:"elsewhere,omitempty"` // with no match: where the pattern occurs in files left out
	Note      string      `json:"note,omitempty"`      // why auto chose what it chose
	Warnings  []string    `json:"warnings,omitempty"`  // paths that could not be searched, and why
	Failed    bool        `json:"failed,omitempty"`    // a warning is a failure, not a notice
	Ranking   string      `json:"ranking,omitempty"`   // with explain: which signals were on

	Cursor string `json:"cursor,omitempty"` // continues after this page; "" on the last page or a partial one
	Next   string `json:"next"`             // the next step, in words

	// Text is the page in the text format (see the package comment); its
	// length in bytes, divided by 4, is within the budget.
	Text string `json:"-"`

	explained bool // the text shows scores and signals
}

// Totals is a number of matching lines and of files.
type Totals struct {
	Matches int `json:"matches"`
	Files   int `json:"files"`
}

// Shown says which units of the order a page shows: hits in content mode,
// files in files and count modes, numbered from 1 across pages.
type Shown struct {
	From    int `json:"from"`
	To      int `json:"to"`
	Matches int `json:"matches"`
	Files   int `json:"files"`
}

// Reason is a count of things not searched for one reason.
type Reason struct {
	Reason string `json:"reason"` // e.g. "binary files"
	Count  int    `json:"count"`
}

// Dir is a line of the map: matches and files below Path not held by a
// deeper listed directory. The last line of a map that did not fit has
// More set: the number of directories it rolls up, and no Path.
type Dir struct {
	Path    string `json:"path,omitempty"`
	Matches int    `json:"matches"`
	Files   int    `json:"files"`
	More    int    `json:"more,omitempty"`
}

// Elsewhere says that the pattern occurs in files the search left out
// (for scout find: that files the search left out match it).
type Elsewhere struct {
	Reason  string   `json:"reason"`  // "ignored", "hidden" or "binary"
	Rule    string   `json:"rule"`    // the ignore rule, as "file:line (pattern)", when ignored
	Paths   []string `json:"paths"`   // where (up to a few directories or files)
	Matches int      `json:"matches"` // matching lines found there
	Files   int      `json:"files"`
	Include string   `json:"include"` // how to include them
}

// File is a file on a page.
type File struct {
	Path    string   `json:"path"`
	Dir     bool     `json:"dir,omitempty"`     // a directory (List mode)
	Size    int64    `json:"size,omitempty"`    // bytes (List mode)
	MTime   string   `json:"mtime,omitempty"`   // last modified, RFC 3339 (List mode)
	Matches int      `json:"matches,omitempty"` // its matching lines, all pages (not in files and list modes, whose text shows paths alone)
	Shown   int      `json:"shown,omitempty"`   // of which this page shows (in JSON, absent when all: the text says "(3)", not "(3 of 3)")
	Score   int      `json:"score,omitempty"`   // with explain
	Signals []Signal `json:"signals,omitempty"` // with explain
	Lines   []Line   `json:"lines,omitempty"`   // content mode
	// Context is Brief's form of the context lines (see Brief): the page
	// keeps them in Lines, marked Context; Brief moves them here.
	Context []Line `json:"context,omitempty"`
}

// Line is a line shown on a page.
type Line struct {
	Number     int      `json:"line"`
	Text       string   `json:"text"`             // the line, or a window of it when Column > 0
	Column     int      `json:"column,omitempty"` // 1-based byte column of the match in a windowed line
	Context    bool     `json:"context,omitempty"`
	Definition bool     `json:"definition,omitempty"`
	Gap        bool     `json:"gap,omitempty"`     // not contiguous with the line before it
	Score      int      `json:"score,omitempty"`   // with explain; 0 for context
	Signals    []Signal `json:"signals,omitempty"` // with explain
	Spans      []Span   `json:"spans,omitempty"`   // with explain: matches in Text, byte offsets, half-open
	// A definition on an outline page (Outline mode): Number is its first
	// line, Text its signature.
	End   int    `json:"end,omitempty"`   // its last line; 0 when not known (found by the line classifier)
	Kind  string `json:"kind,omitempty"`  // function, method, class, struct, interface, type…; on a page of several conditions, the terms the line holds
	Name  string `json:"name,omitempty"`  // the name it defines
	Depth int    `json:"depth,omitempty"` // definitions holding it (a method in a class: 1)
	// An import on a related page that is not in the tree (Text ""):
	// what it is when its name tells ("standard library", "Node
	// built-in", "system header", "cgo"); "" when it does not.
	Outside string `json:"outside,omitempty"`
	// The definition a hit (a call on a callers page) sits in; nil at the
	// top level, or when its file was not parsed.
	In *Def `json:"in,omitempty"`
	// A call on a callees page: what it calls, and where that is defined.
	Callee *Target `json:"callee,omitempty"`
	// A call or use on a callers or refs page that names its package by
	// an import (Go's sha256.Sum256): that package, whose definition it
	// is, whichever others the page lists.
	Package *Package `json:"package,omitempty"`
	// Local marks a call or use of a Go name not qualified at all
	// (Sum256(x), not sha256.Sum256(x)): of its own package's definition
	// when it has one (it is marked with that Package once the
	// definitions are known).
	Local bool `json:"-"`
	// On a page of Type.Method's calls or uses (CallersInput.OfType):
	// Receiver is Type on a call whose receiver is known to be one (its
	// method's own receiver, a parameter or variable declared one). As
	// the search finds them: NotMethod marks a call that is no method's
	// (a function's, a package's, a literal's), RecvType is the type its
	// receiver is known to be ("" when not known; on a callees page, the
	// type whose method the call sits in), and Owner the type a
	// definition is a method of.
	Receiver  string `json:"receiver,omitempty"`
	NotMethod bool   `json:"-"`
	RecvType  string `json:"-"`
	RecvDir   string `json:"-"` // in Go, the directory of RecvType's package, when known
	Owner     string `json:"-"`
	OwnerHead string `json:"-"` // the head of the class, struct or interface that holds the definition
	Space     string `json:"-"` // the namespaces a C++ or C# definition is in (db::detail, Shop.Orders)
	// MadeBy says, in Go, which calls made a receiver whose type the code
	// around its call does not say (ss, err := server.Connect(…)), for
	// the search to read their result types from their definitions.
	MadeBy *MadeBy `json:"-"`
	// Copies are the same line (the same text once trimmed) in files the
	// page shows only for such copies (see Fold): each is one of the
	// page's hits, shown here instead of under its own path.
	Copies []Copy `json:"copies,omitempty"`
}

// Def is the definition a hit or a call sits in. In JSON, after the
// first hit in a definition, the next ones in it carry only its line.
type Def struct {
	Number int    `json:"line"`
	End    int    `json:"end,omitempty"` // 0 when not known (found by the line classifier)
	Kind   string `json:"kind,omitempty"`
	Name   string `json:"name,omitempty"`
	Text   string `json:"text,omitempty"` // its signature
}

// Target is what a call on a callees page calls: a name, and where it is
// defined in the files searched, matched by name (the first MaxTargets
// places; Count says how many there are).
type Target struct {
	Name  string  `json:"name"`
	Count int     `json:"definitions"`
	At    []Place `json:"at,omitempty"`
	// Package is the package the call names by an import (Go's
	// sha256.Sum256): only its definitions are counted; none when it is
	// not in the files searched.
	Package *Package `json:"package,omitempty"`
	// Builtin is the language ("Go", "Python", "JavaScript") one of whose
	// built-ins has the name, when the call is not qualified and no
	// definition of it is in the files searched (len, print, Set).
	Builtin string `json:"builtin,omitempty"`
	// Type is the type the call's receiver is known to be, in Go, from
	// the code around the call (its method's own receiver, a parameter, a
	// variable declared or made one, a field the file declares): only
	// that type's methods are counted, and the page names the callee
	// Type.Name. Empty when not known, or when none of the tree's
	// definitions of the name is that type's.
	Type string `json:"type,omitempty"`
	// On is Type as the search finds it, before the definitions are
	// known (OnDir: the directory of its package, "" when not known);
	// MadeBy the calls that made the receiver, for the search to type it
	// (see Line.MadeBy).
	On, OnDir string  `json:"-"` // OnDir: the directory of On's package
	MadeBy    *MadeBy `json:"-"`
	// Local marks a call not qualified at all in Go (Get(x), not
	// c.Get(x)): of a function of its own package, a builtin or a local
	// function value, so only its package's definitions are counted
	// when it has any.
	Local bool `json:"-"`
}

// MadeBy is the calls that made a Go value: the first a function's (Func
// of the package in directory Dir), a value of type Type (of Dir's
// package) or the package's variable Var, each of Steps a method called on the one before's result or
// a field of it; the value is the last call's result number Result (0:
// the first), the others' first.
type MadeBy struct {
	Dir, Func, Type string
	Var             string // a variable of Dir's package, as the first
	Steps           []Step
	Result          int
}

// Step is a method called on a value, or a field of it.
type Step struct {
	Name  string
	Field bool
}

// Package is a package a call names by an import: the import's path,
// and the directory of the tree it resolves to (a Python module's file),
// or, when it is not in the tree, what it is if its path tells
// ("standard library"). A call in its own package has the directory (the
// file) alone.
type Package struct {
	Import  string `json:"import,omitempty"`
	Dir     string `json:"dir,omitempty"`
	File    string `json:"file,omitempty"` // a Python module's file
	Outside string `json:"outside,omitempty"`
}

// String names a package on a page: its directory in the tree, or its
// import path, with what it is when that tells ("os (standard
// library)").
func (p *Package) String() string {
	switch {
	case p.Dir != "":
		return Quote(p.Dir)
	case p.File != "":
		return Quote(p.File)
	case p.Outside != "":
		return p.Import + " (" + p.Outside + ")"
	}
	return p.Import
}

// MaxTargets is how many definitions of a callee a callees page names.
const MaxTargets = 2

// Place is a line in a file.
type Place struct {
	Path string `json:"path"`
	Line int    `json:"line"`
}

// Copy is a file's lines that repeat a line shown on the page.
type Copy struct {
	Path  string `json:"path"` // as a page shows it (Quote)
	Lines []int  `json:"lines"`
}

// Span is a match in a line.
type Span struct {
	Start int `json:"start"`
	End   int `json:"end"`
}

// JSON returns the page as one JSON object (see Brief), without escaping
// HTML (a "->" stays "->").
func (p *Page) JSON() ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(p.Brief()); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// Brief returns the page in the form JSON and the MCP tools carry: the
// hits in each file's Lines, its context lines apart in Context (a line
// number says where each goes; flagging each context line inline made the
// JSON of a -B1 -A2 page 2.1 times its text). A hit in the same
// definition as one before it in the file holds only that definition's
// line in In. Without explain it also leaves out what the text does not
// show: scores, signals, spans and ranking (they made the JSON 2 to 3
// times the text), a concept lead's signals, and in files and list modes
// the paths' counts, sizes and times. The page itself is not changed.
func (p *Page) Brief() *Page {
	b := *p
	if !p.explained {
		b.Ranking = ""
	}
	b.Files = make([]File, len(p.Files))
	for i, f := range p.Files {
		if !p.explained {
			f.Score, f.Signals = 0, nil
			switch {
			case p.Mode == Files || p.Mode == List:
				f.Matches, f.Shown, f.Size, f.MTime = 0, 0, 0, ""
			case f.Shown == f.Matches:
				f.Shown = 0
			}
		}
		if f.Lines != nil {
			hits := make([]Line, 0, len(f.Lines))
			f.Context = nil
			var in *Def // the last hit's definition
			for _, l := range f.Lines {
				if !l.Context && l.In != nil {
					if sameDef(in, l.In) {
						l.In = &Def{Number: l.In.Number} // said in full above
					} else {
						in = l.In
					}
				}
				if !p.explained {
					l.Score, l.Signals, l.Spans = 0, nil, nil
				}
				context := l.Context
				l.Context, l.Gap = false, false
				if context {
					f.Context = append(f.Context, l)
				} else {
					hits = append(hits, l)
				}
			}
			f.Lines = hits
		}
		b.Files[i] = f
	}
	if !p.explained && len(p.Leads) > 0 {
		// A lead's text shows its score and terms, not its signals.
		b.Leads = make([]Lead, len(p.Leads))
		for i, l := range p.Leads {
			l.Signals = nil
			b.Leads[i] = l
		}
	}
	return &b
}
