package scout

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"testing"

	"github.com/scoutcode/scout/internal/match"
)

// TestWholeSetAnswersAsTheAnchoredPatterns: for many plain patterns, the
// set's lookups answer "is this name one of the patterns, whole?" as the
// anchored patterns would, both with the search's case and ignoring case,
// for names in and outside ASCII (the Kelvin sign folds with k, the long
// s with s).
func TestWholeSetAnswersAsTheAnchoredPatterns(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	letters := []string{"a", "k", "s", "K", "S", "x", "_", "1", "\u212a", "\u017f", "é", "É"}
	word := func(n int) string { // of the first n letters
		s := ""
		for range 1 + r.IntN(4) {
			s += letters[r.IntN(n)]
		}
		return s
	}
	tested := 0
	for round := range 40 {
		var pats []string
		for range minWholeSet + r.IntN(20) {
			if round%4 < 2 {
				pats = append(pats, word(7)) // ASCII: folded ones go to the set
			} else {
				pats = append(pats, word(len(letters)))
			}
		}
		fixed := round%2 == 0
		c := []match.Case{match.Smart, match.Sensitive, match.Insensitive}[round%3]
		set := newWholeSet(pats, fixed, c)
		if set == nil {
			continue // a folded pattern outside ASCII: the anchored patterns are used
		}
		tested++
		anchored := make([]string, len(pats))
		for i, p := range pats {
			anchored[i] = `^(?:` + regexp.QuoteMeta(p) + `)$`
		}
		whole, err := match.Compile(anchored, match.Options{Case: c})
		if err != nil {
			t.Fatal(err)
		}
		nameWhole, err := match.Compile(anchored, match.Options{Case: match.Insensitive})
		if err != nil {
			t.Fatal(err)
		}
		wm, nm := whole.Matcher(), nameWhole.Matcher()
		names := append([]string{}, pats...)
		for range 200 {
			names = append(names, word(len(letters)))
		}
		for _, n := range names {
			if got, want := set.whole([]byte(n), false), wm.Contains([]byte(n)); got != want {
				t.Fatalf("%q among %q (%v): whole %v, the anchored patterns say %v", n, pats, fmt.Sprint(c), got, want)
			}
			if got, want := set.whole([]byte(n), true), nm.Contains([]byte(n)); got != want {
				t.Fatalf("%q among %q ignoring case: %v, the anchored patterns say %v", n, pats, got, want)
			}
		}
	}
	if tested < 20 {
		t.Errorf("only %d of 40 rounds made a set", tested)
	}
}
