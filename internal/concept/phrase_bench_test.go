package concept

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/scoutcode/scout/internal/fixture"
)

// BenchmarkPairsIn is the phrase signal's cost per file read: a search
// reads the best 20 files.
func BenchmarkPairsIn(b *testing.B) {
	data, err := os.ReadFile(filepath.Join(fixture.GoRoot(), "src", "net", "http", "transport.go"))
	if err != nil {
		b.Skip(err)
	}
	ps := pairs("the code that retries after a timeout")
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		pairsIn(string(data), ps)
	}
}
