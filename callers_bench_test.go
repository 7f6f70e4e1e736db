package scout_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/scoutcode/scout"
	"github.com/scoutcode/scout/internal/fixture"
)

// BenchmarkCallersGoRoot runs scout callers over GOROOT/src for a name
// called from a few files (Serve) and from many (Close), and for a type's
// method (Buffer.Write: the receivers typed from the declarations of the
// callers' packages).
func BenchmarkCallersGoRoot(b *testing.B) {
	root := filepath.Join(fixture.GoRoot(), "src")
	if _, err := os.Stat(root); err != nil {
		b.Skip(err)
	}
	for _, name := range []string{"Serve", "Close", "Write", "Buffer.Write"} {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				o := scout.CallersOptions{Name: name, Scope: scout.Scope{Paths: []string{root}}}
				if _, err := scout.Callers(context.Background(), o); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkImplementationsGoRoot runs scout implementations over
// GOROOT/src for a Go interface of many types (io.Reader: every Go file is
// read for its methods and struct fields) and one of few (Handler).
func BenchmarkImplementationsGoRoot(b *testing.B) {
	root := filepath.Join(fixture.GoRoot(), "src")
	if _, err := os.Stat(root); err != nil {
		b.Skip(err)
	}
	b.Chdir(root) // pkg.Name keeps the definitions of a directory named pkg, relative to the root
	for _, name := range []string{"io.Reader", "Handler"} {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if _, err := scout.Implementations(context.Background(), scout.ImplementationsOptions{Name: name}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
