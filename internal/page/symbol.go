package page

import (
	"fmt"
	"slices"
	"strings"
)

// Symbol is, on a concept page whose description is one symbol
// ("http.Server"), that symbol and where the leads' best definitions of
// it are: the exact hits come first on the page, and may fill pages
// before the leads begin.
type Symbol struct {
	Name       string   `json:"name"`
	Qualifiers []string `json:"qualifiers,omitempty"`
	// DefinedAt are the places that define it best (the namesakes its
	// qualifiers match, else all), best first, at most MaxDefinedAt;
	// none when no lead defines it.
	DefinedAt []Definition `json:"defined_at"`
	More      int          `json:"more,omitempty"` // further places that define it as well, not listed
}

// Definition is where a symbol is defined, among a concept page's units.
type Definition struct {
	Path  string `json:"path"`
	Start int    `json:"line"`
	End   int    `json:"end"`
	// Lead is its number among the leads, 1 for the first; 0 when its
	// lines are exact hits, and it is not a lead.
	Lead int `json:"lead,omitempty"`
}

// shownSymbol is s as a page's JSON shows it: the paths it is defined at
// quoted where they need it (Quote); nil for nil.
func shownSymbol(s *Symbol) *Symbol {
	if s == nil {
		return nil
	}
	c := *s
	c.DefinedAt = slices.Clone(s.DefinedAt)
	for i := range c.DefinedAt {
		c.DefinedAt[i].Path = Quote(c.DefinedAt[i].Path)
	}
	return &c
}

// MaxDefinedAt is how many places a Symbol lists.
const MaxDefinedAt = 3

// symbolLine is the footer's line for s, on a page of leads leads after
// exact exact hits.
func symbolLine(s *Symbol, leads, exact int) string {
	if len(s.DefinedAt) == 0 && leads > 0 {
		in := ""
		if len(s.Qualifiers) > 0 {
			in = " in " + strings.Join(s.Qualifiers, ".") + " or elsewhere"
		}
		return fmt.Sprintf("read as a symbol: none of the %d leads defines %s%s", leads, s.Name, in)
	}
	var b strings.Builder
	b.WriteString("read as a symbol: a chunk that defines " + s.Name + " comes first (defines)")
	if len(s.Qualifiers) > 0 {
		b.WriteString(", one in " + strings.Join(s.Qualifiers, ".") + " (its path, receiver or class) before its namesakes")
	}
	asLead := false
	for i, p := range s.DefinedAt {
		if i == 0 {
			b.WriteString("; defined at ")
		} else {
			b.WriteString(", ")
		}
		if p.Start == p.End { // one line: a one-line definition, a declaration
			fmt.Fprintf(&b, "%s:%d (", Quote(p.Path), p.Start)
		} else {
			fmt.Fprintf(&b, "%s:%d-%d (", Quote(p.Path), p.Start, p.End)
		}
		if p.Lead > 0 {
			fmt.Fprintf(&b, "lead %d)", p.Lead)
			asLead = true
		} else {
			b.WriteString("an exact hit)")
		}
	}
	if s.More > 0 {
		fmt.Fprintf(&b, " and %d more", s.More)
	}
	if asLead && exact > 0 {
		fmt.Fprintf(&b, "; the leads come after the %s", plural(exact, "exact hit"))
	}
	return b.String()
}
