package concept

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/scoutcode/scout/internal/fixture"
)

// BenchmarkPairsIn is the phrase signal's cost per file read: a search
// reads the best 20 files, each of its goroutines with one scan, which
// keeps what it learnt of each identifier from one file to the next
// ("kept"); "fresh" is a scan's first file.
func BenchmarkPairsIn(b *testing.B) {
	data, err := os.ReadFile(filepath.Join(fixture.GoRoot(), "src", "net", "http", "transport.go"))
	if err != nil {
		b.Skip(err)
	}
	ps := pairs("the code that retries after a timeout")
	b.Run("fresh", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			pairsIn(string(data), ps)
		}
	})
	b.Run("kept", func(b *testing.B) {
		scan := newPairScan(ps)
		scan.in(string(data))
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			scan.in(string(data))
		}
	})
}
