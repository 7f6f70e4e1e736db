// Package query holds a search of several conditions as a tree: terms
// (each a pattern with its own literal, word and case settings) that must
// all occur, of which one must occur, or none may, within a scope (a
// line, N lines, a definition, a file). The CLI and the MCP server both
// parse into a Query; its canonical form (String) is what a cursor's
// fingerprint is made from, so two spellings of one query share cursors
// and two queries never do.
package query

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/scoutcode/scout/internal/match"
)

// Term is one pattern of a query with its own settings.
type Term struct {
	Pattern string
	Fixed   bool       // a literal string, not a regular expression
	Word    bool       // it must stand as a whole word
	Case    match.Case // smart (the default), sensitive or insensitive
}

// Scope is where the terms of a query must occur together.
type Scope uint8

const (
	Line Scope = iota + 1 // on one line
	Near                  // within Query.Near lines of each other
	Def                   // in one definition (a function, a class…)
	File                  // in one file
)

var scopeNames = [...]string{Line: "line", Near: "near", Def: "def", File: "file"}

func (s Scope) String() string {
	if int(s) < len(scopeNames) && scopeNames[s] != "" {
		return scopeNames[s]
	}
	return "scope(" + strconv.Itoa(int(s)) + ")"
}

// ParseScope reads a scope's name: line, near, def or file.
func ParseScope(s string) (Scope, error) {
	for i, n := range scopeNames {
		if n != "" && n == strings.ToLower(s) {
			return Scope(i), nil
		}
	}
	return 0, fmt.Errorf("%w: unknown scope %q: use line, def or file (or near N lines, with --near N)", ErrQuery, s)
}

// Query is a search of several conditions.
type Query struct {
	All  []Term // each must occur within the scope
	Any  []Term // one of them must occur within the scope (none given: no such condition)
	None []Term // none may occur within the scope
	// Scope is where the terms must occur together; 0 picks the default:
	// Near with a Near distance, else File when there are several All
	// terms or None terms, else Line.
	Scope Scope
	Near  int // lines, for Scope Near
}

// ErrQuery is wrapped by every error about a query's shape.
var ErrQuery = errors.New("invalid query")

// Normalize fills in the default scope, and reads a query of Any terms
// alone as the plain search it is: a line that matches any of them.
func (q *Query) Normalize() {
	if q.Scope == 0 {
		switch {
		case q.Near > 0:
			q.Scope = Near
		case len(q.All) > 1 || len(q.None) > 0 && len(q.All)+len(q.Any) > 0:
			q.Scope = File
		default:
			q.Scope = Line
		}
	}
}

// Check reports what is wrong with a normalized query, saying what to
// send instead.
func (q *Query) Check() error {
	for _, t := range q.terms() {
		if t.Pattern == "" {
			return fmt.Errorf("%w: an empty pattern matches every line: give each term some text", ErrQuery)
		}
	}
	switch {
	case len(q.All)+len(q.Any) == 0 && len(q.None) > 0:
		return fmt.Errorf("%w: a query of terms to leave out alone (--not, none) would list everything that lacks them: give a pattern to search for as well", ErrQuery)
	case len(q.All)+len(q.Any) == 0:
		return fmt.Errorf("%w: no pattern given", ErrQuery)
	case q.Near < 0:
		return fmt.Errorf("%w: near %d: give a number of lines, 1 or more", ErrQuery, q.Near)
	case q.Near > 0 && q.Scope != Near:
		return fmt.Errorf("%w: near %d and scope %s contradict each other: near is a scope of its own; drop one", ErrQuery, q.Near, q.Scope)
	case q.Scope == Near && q.Near == 0:
		return fmt.Errorf("%w: the near scope needs a distance: --near N (near)", ErrQuery)
	case q.Scope == Near && len(q.All) < 2:
		return fmt.Errorf("%w: near %d needs two terms or more to be near each other: add one (--and PATTERN, or all)", ErrQuery, q.Near)
	}
	return nil
}

// Terms returns the query's terms: All, then Any, then None.
func (q *Query) Terms() []Term { return q.terms() }

func (q *Query) terms() []Term {
	return slices.Concat(q.All, q.Any, q.None)
}

// String is the query's canonical form: its terms in their groups, each
// with its settings, and its scope.
func (q Query) String() string {
	var b strings.Builder
	group := func(name string, ts []Term) {
		if len(ts) == 0 {
			return
		}
		b.WriteString(name + "(")
		for i, t := range ts {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(t.String())
		}
		b.WriteString(") ")
	}
	group("all", q.All)
	group("any", q.Any)
	group("none", q.None)
	b.WriteString("scope=" + q.Scope.String())
	if q.Scope == Near {
		b.WriteString(":" + strconv.Itoa(q.Near))
	}
	return b.String()
}

// String is a term's canonical form: its pattern quoted, then its flags.
func (t Term) String() string {
	s := strconv.Quote(t.Pattern)
	if t.Fixed {
		s += " fixed"
	}
	if t.Word {
		s += " word"
	}
	switch t.Case {
	case match.Sensitive:
		s += " case"
	case match.Insensitive:
		s += " nocase"
	}
	return s
}

// Compile compiles a term on its own.
func (t Term) Compile() (*match.Pattern, error) {
	return match.Compile([]string{t.Pattern}, match.Options{Fixed: t.Fixed, Word: t.Word, Case: t.Case})
}
