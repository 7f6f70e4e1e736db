package rank

import (
	"testing"

	"github.com/scoutcode/scout/internal/match"
)

// parsed stands for a classifier made from a parser: it knows which lines
// declare which name, and nothing else.
type parsed struct{ names map[int][2]int } // line start → the declared name's offsets in the line

func (p parsed) Line(start, end int) (Class, bool, int) { return Class{}, true, -1 }
func (p parsed) DeclaredName(start, end int) (int, int, bool) {
	n, ok := p.names[start]
	return n[0], n[1], ok
}
func (p parsed) Classify(start, end, s, e int) Class {
	if n, ok := p.names[start]; ok && s-start == n[0] && e-start == n[1] {
		return Class{Kind: Definition, Exact: true}
	}
	return Class{}
}

type testHits struct{ *match.Matcher }

func (h testHits) Whole(name []byte) bool    { return h.Matcher.Whole(name) }
func (h testHits) SameCase(text []byte) bool { return false }

// The scorer takes the definition from whatever classifier it is given:
// the place where a parser plugs in.
func TestLineScorerPluggable(t *testing.T) {
	data := []byte("let serve = 1\nserve()\n")
	cl := parsed{names: map[int][2]int{0: {4, 9}}}
	// A literal finds its spans cheaply (Classify is asked); a regular
	// expression does not (DeclaredName is).
	for _, pat := range []string{"serve", `serv(e|ed)\b`} {
		p, err := match.Compile([]string{pat}, match.Options{Case: match.Sensitive})
		if err != nil {
			t.Fatal(err)
		}
		m := testHits{p.Matcher()}
		var s LineScorer
		def, _ := Hit(s.Score(cl, m, data, 0, 13))
		use, _ := Hit(s.Score(cl, m, data, 14, 21))
		if !hasSignal(def, SigDefinition) || hasSignal(use, SigDefinition) {
			t.Errorf("%s (cheap spans %v): declared line %v, call %v; want the definition signal on the first only", pat, m.CheapSpans(), def, use)
		}
	}
}

func hasSignal(ss []Signal, name string) bool {
	for _, s := range ss {
		if s.Name == name {
			return true
		}
	}
	return false
}

func TestMarkerQuery(t *testing.T) {
	for p, want := range map[string]bool{
		"TODO": true, "TODO|FIXME": true, `\bXXX\b`: true, "(?i)hack:": true, "(TODO|NOTE)": true, "fixme": true,
		"TODO list": false, "TODO|Handler": false, "TODOS": false, "": false, "NOTED": false,
	} {
		if got := MarkerQuery([]string{p}); got != want {
			t.Errorf("MarkerQuery(%q) = %v, want %v", p, got, want)
		}
	}
	if MarkerQuery(nil) || !MarkerQuery([]string{"TODO", "FIXME"}) || MarkerQuery([]string{"TODO", "x"}) {
		t.Error("MarkerQuery over several patterns: every one must be a marker")
	}
}

// TestKeyDefines: a hit key defines exactly when its hit carries the
// definition signal, for every key.
func TestKeyDefines(t *testing.T) {
	defines := 0
	for k := range HitKeys {
		sigs, _ := Hit(uint8(k))
		if got, want := KeyDefines(uint8(k)), hasSignal(sigs, SigDefinition); got != want {
			t.Errorf("key %d: KeyDefines %v, its signals %v", k, got, sigs)
		}
		if KeyDefines(uint8(k)) {
			defines++
		}
	}
	if defines == 0 {
		t.Fatal("no key defines: nothing compared")
	}
}
