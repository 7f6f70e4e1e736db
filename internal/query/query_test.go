package query

import (
	"errors"
	"strings"
	"testing"

	"github.com/scoutcode/scout/internal/match"
)

func terms(ps ...string) []Term {
	var out []Term
	for _, p := range ps {
		out = append(out, Term{Pattern: p})
	}
	return out
}

// TestNormalize: the default scope is near with a distance, file with
// several all terms or with none terms, else line.
func TestNormalize(t *testing.T) {
	for _, c := range []struct {
		q    Query
		want Scope
	}{
		{Query{All: terms("a")}, Line},
		{Query{Any: terms("a", "b")}, Line},
		{Query{All: terms("a", "b")}, File},
		{Query{All: terms("a"), None: terms("c")}, File},
		{Query{All: terms("a", "b"), Near: 3}, Near},
		{Query{All: terms("a", "b"), Scope: Line}, Line},
	} {
		c.q.Normalize()
		if c.q.Scope != c.want {
			t.Errorf("%v: scope %s, want %s", c.q, c.q.Scope, c.want)
		}
	}
}

// TestCheck: each malformed query gets an error that says what to send.
func TestCheck(t *testing.T) {
	for _, c := range []struct {
		q    Query
		want string // "" for a good query
	}{
		{Query{All: terms("a", "b")}, ""},
		{Query{All: terms("a", "b"), Near: 2}, ""},
		{Query{None: terms("c")}, "give a pattern to search for as well"},
		{Query{}, "no pattern given"},
		{Query{All: terms("a"), Near: 2}, "needs two terms or more"},
		{Query{All: terms("a", "b"), Near: 2, Scope: File}, "contradict each other"},
		{Query{All: terms("a", "b"), Scope: Near}, "needs a distance"},
		{Query{All: terms("a", "")}, "empty pattern"},
		{Query{All: terms("a", "b"), Scope: Def}, ""},
		{Query{All: terms("a", "b"), Near: -1, Scope: Near}, "1 or more"},
	} {
		c.q.Normalize()
		err := c.q.Check()
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%v: %v", c.q, err)
		case c.want != "" && (err == nil || !errors.Is(err, ErrQuery) || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%v: error %v, want one saying %q", c.q, err, c.want)
		}
	}
}

// TestString: the canonical form holds every term with its settings and
// the scope, so that queries that differ have different forms.
func TestString(t *testing.T) {
	q := Query{
		All:  []Term{{Pattern: "a b", Fixed: true}, {Pattern: `x"y`, Word: true, Case: match.Sensitive}},
		None: []Term{{Pattern: "t", Case: match.Insensitive}},
		Near: 4,
	}
	q.Normalize()
	want := `all("a b" fixed, "x\"y" word case) none("t" nocase) scope=near:4`
	if got := q.String(); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	other := q
	other.Near = 5
	if other.String() == q.String() {
		t.Error("two distances, one form")
	}
}

// FuzzParseScope: any text is a scope or an error, never a panic.
func FuzzParseScope(f *testing.F) {
	for _, s := range []string{"line", "FILE", "near", "def", "", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sc, err := ParseScope(s)
		if err == nil && sc.String() != strings.ToLower(s) {
			t.Errorf("%q parsed as %s", s, sc)
		}
	})
}
