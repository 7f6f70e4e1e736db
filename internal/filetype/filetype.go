// Package filetype holds the table of named file types (-t go, -T md) and
// selects files by it.
//
// A type is a list of globs matched against a file's base name. The names
// follow ripgrep's where ripgrep has the type, and most definitions are
// ripgrep's, brought up to date (ts also covers *.mts and *.cts, js *.mjs
// and *.cjs, py *.pyi); aliases (typescript, python, golang, …) name the same
// definition.
package filetype

import (
	"fmt"
	"strings"

	"github.com/scoutcode/scout/internal/glob"
	"github.com/scoutcode/scout/internal/ignore"
	"github.com/scoutcode/scout/internal/suggest"
)

// Def is one named file type.
type Def struct {
	Name    string
	Aliases []string
	Globs   []string
	// Lang is the language family the ranking reads files of this type
	// as (internal/rank's Lang names), "" for none: see LangOf.
	Lang string
}

// Defs returns the built-in table, sorted by name.
func Defs() []Def {
	out := make([]Def, len(table))
	copy(out, table)
	return out
}

// Lookup returns the definition named name or one of its aliases.
func Lookup(name string) (Def, bool) {
	for _, d := range table {
		if d.Name == name {
			return d, true
		}
		for _, a := range d.Aliases {
			if a == name {
				return d, true
			}
		}
	}
	return Def{}, false
}

// Selection is one -t (select) or -T (negate) request, in command-line order.
type Selection struct {
	Name    string
	Negated bool
}

// Matcher answers, for a file's base name, what a list of selections says.
// The last selection whose globs match decides; a file no selection matches
// is ignored when at least one type was selected. Directories are never
// decided by type. A nil Matcher decides nothing.
type Matcher struct {
	entries  []entry
	selected bool
}

type entry struct {
	sel  Selection
	glob *glob.Glob
}

// NewMatcher builds a matcher, or reports the first unknown type name with
// the list of known ones.
func NewMatcher(sels []Selection) (*Matcher, error) {
	if len(sels) == 0 {
		return nil, nil
	}
	m := &Matcher{}
	for _, s := range sels {
		d, ok := Lookup(s.Name)
		if !ok {
			return nil, unknownType(s.Name)
		}
		for _, g := range d.Globs {
			m.entries = append(m.entries, entry{sel: s, glob: glob.Compile(g)})
		}
		if !s.Negated {
			m.selected = true
		}
	}
	return m, nil
}

// Match returns the decision for a file whose base name is name, and the
// selection that made it (zero with None or an unmatched selection).
func (m *Matcher) Match(name string, isDir bool) (ignore.Decision, Selection) {
	if m == nil || isDir {
		return ignore.None, Selection{}
	}
	for i := len(m.entries) - 1; i >= 0; i-- {
		e := &m.entries[i]
		if e.glob.Match(name) {
			if e.sel.Negated {
				return ignore.Ignore, e.sel
			}
			return ignore.Whitelist, e.sel
		}
	}
	if m.selected {
		return ignore.Ignore, Selection{}
	}
	return ignore.None, Selection{}
}

// unknownType names the type and the closest known ones.
func unknownType(name string) error {
	var all []string
	for _, d := range table {
		all = append(all, d.Name)
		all = append(all, d.Aliases...)
	}
	msg := fmt.Sprintf("unknown file type %q", name)
	if near := suggest.Closest(name, all, 3); len(near) > 0 {
		msg += fmt.Sprintf("; did you mean %s?", strings.Join(near, " or "))
	}
	return fmt.Errorf("%s (--type-list prints all %d types)", msg, len(table))
}
