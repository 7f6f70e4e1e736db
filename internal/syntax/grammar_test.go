package syntax

import (
	"slices"
	"testing"

	"github.com/scoutcode/scout/internal/rank"
)

// TestGrammarsHaveALanguage: every file name a grammar parses has a
// language for the line classifier too (rank.LangOf, from the type table),
// so that grep's ranking and the callees' targets see the definitions
// outline, callers and refs parse (libstdc++'s "bits/vector.tcc" had a
// grammar and no language, and its 36 definitions were not found as
// callees).
func TestGrammarsHaveALanguage(t *testing.T) {
	var names []string
	for ext := range grammars {
		names = append(names, "x"+ext)
	}
	for name := range byName {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		if rank.LangOf(name) == rank.Unknown {
			t.Errorf("%s: grammar %s, no language (add its glob to internal/filetype's table)", name, Grammar(name))
		}
	}
}
