package syntax

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/scoutcode/scout/internal/fixture"
)

// BenchmarkParseServerGo parses net/http/server.go (about 130 KB) and
// finds its definitions.
func BenchmarkParseServerGo(b *testing.B) {
	p := filepath.Join(fixture.GoRoot(), "src", "net", "http", "server.go")
	src, err := os.ReadFile(p)
	if err != nil {
		b.Skip(err)
	}
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, err := Parse(context.Background(), p, src); err != nil {
			b.Fatal(err)
		}
	}
}
