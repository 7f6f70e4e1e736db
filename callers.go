package scout

import (
	"bytes"
	"context"
	"strings"
	"unicode"

	"github.com/scoutcode/scout/internal/page"
	"github.com/scoutcode/scout/internal/syntax"
)

// CallersOptions describes a callers search: the calls of a name.
type CallersOptions struct {
	// Name is what is called: a function's or method's name as written
	// at the call (Serve, not Server.Serve).
	Name string
	// Scope is searched for the files that mention Name, as grep would;
	// only those are parsed.
	Scope
	PageOptions // MaxFiles and Explain are not used
	// ShowSecrets shows the lines as they are; by default values that
	// look like secrets are masked (see Options.ShowSecrets).
	ShowSecrets bool
	// Depth follows the callers of the callers, level by level, up to
	// this many levels (1 to MaxCallersDepth; 0 is 1): level 2 lists the
	// calls of the functions the calls of Name sit in, and so on, each
	// function looked for once (so recursion and cycles end).
	Depth int
	// CacheOptions says where the parses are kept: a later search of the
	// same name parses only the files that changed since.
	CacheOptions
}

// isIdentifier reports whether s is a name as code writes it: letters,
// digits, "_" and "$", not starting with a digit.
func isIdentifier(s string) bool {
	for i, r := range s {
		if !(r == '_' || r == '$' || unicode.IsLetter(r) || i > 0 && unicode.IsDigit(r)) {
			return false
		}
	}
	return s != ""
}

// Callers returns a page of the calls of a name: each call's line under
// the definition it sits in, file by file (the project's own first, then
// tests, examples and docs, vendored copies last, each kind in path
// order), and where the
// name is defined (all of its definitions: they are matched by name, so a
// call may be of any of them). The files that mention the name as a word
// are found with the search and only those are parsed, in parallel.
// Files in a language without a parser are counted on the page as not
// parsed.
func Callers(ctx context.Context, o CallersOptions) (*Page, error) {
	return structural(ctx, page.Callers, o.Name, o.Scope, o.PageOptions, o.ShowSecrets, o.Depth, o.CacheOptions)
}

// fileCalls is what one file holds of a name: its definitions and calls.
type fileCalls struct {
	path     string
	stamp    stamp
	why      string      // "" when parsed, else why not
	defs     []page.Line // the definitions of the name
	calls    []page.Line // its calls (uses), each with the definition it sits in
	mentions int         // refs: its occurrences in comments and strings
	open     []string    // for Type.Method: the interfaces, traits and protocols that mention the name (a value of one may be of any type with it)
}

// usesQuery is what a level of a callers, refs or callees search asks
// of each file: the uses of names (one, but for a deeper level of
// callers) that mode asks for, the parses kept from an earlier search
// (kc; nil: none), and the imports resolved so far (gr).
type usesQuery struct {
	names       []string
	mode        Mode
	showSecrets bool
	kc          *callsCache
	gr          *resolver
	qual        string // pkg or Type of pkg.Name or Type.Method, at the first level
}

// caller returns the function or method that holds definition i (or is
// it): a call in a closure or a local type belongs to the function around
// them. A call in a class body outside any method is the class's.
func caller(defs []syntax.Def, i int) int {
	for j := i; j >= 0; j = defs[j].Parent {
		switch defs[j].Kind {
		case "function", "method", "constructor", "definition":
			return j
		}
	}
	return i
}

// lineAt returns the line that holds byte offset o, without its
// terminator: a use's line, found from where the use is (the line number
// says the same), without scanning the file for every line's start.
func lineAt(data []byte, o int) string {
	s := bytes.LastIndexByte(data[:o], '\n') + 1
	e := len(data)
	if i := bytes.IndexByte(data[o:], '\n'); i >= 0 {
		e = o + i
	}
	return strings.TrimRight(string(data[s:e]), "\r")
}

// maxCallLine is the most bytes of a call's line a page shows.
const maxCallLine = 240

// short cuts s to at most n bytes, at a rune boundary, marking the cut.
func short(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n] + "…"
}
