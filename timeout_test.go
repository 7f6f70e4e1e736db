package scout_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/scoutcode/scout"
)

// TestOwnTimeLimitIsNamed: every search that takes a time limit says,
// when the limit runs out, that it did and how to go on, not "context
// deadline exceeded" (which concept, outline, callers, callees, refs,
// related and grep's conditions said until their limit was told apart
// from the caller's context); and the caller's own cancellation is still
// context.Canceled, not reworded as the limit.
func TestOwnTimeLimitIsNamed(t *testing.T) {
	files := map[string]string{}
	for i := range 40 {
		files[fmt.Sprintf("pkg%d/f%d.go", i%4, i)] = fmt.Sprintf("package pkg%d\n\nimport \"fmt\"\n\n// Serve%d retries after a timeout.\nfunc Serve%d() { fmt.Println(Serve(%d)) }\n\nfunc Serve(n int) int { return n }\n", i%4, i, i, i)
	}
	files["go.mod"] = "module example.com/m\n"
	dir := tree(t, files)
	scope := scout.Scope{Paths: []string{dir}}
	cache := scout.CacheOptions{CacheDir: t.TempDir()}
	searches := []struct {
		name string
		run  func(context.Context, scout.PageOptions) (*scout.Page, error)
	}{
		{"concept", func(ctx context.Context, po scout.PageOptions) (*scout.Page, error) {
			return scout.Concept(ctx, scout.ConceptOptions{Description: "retries after a timeout", Scope: scope, PageOptions: po, CacheOptions: cache})
		}},
		{"outline", func(ctx context.Context, po scout.PageOptions) (*scout.Page, error) {
			return scout.Outline(ctx, scout.OutlineOptions{Scope: scope, PageOptions: po})
		}},
		{"callers", func(ctx context.Context, po scout.PageOptions) (*scout.Page, error) {
			return scout.Callers(ctx, scout.CallersOptions{Name: "Serve", Scope: scope, PageOptions: po})
		}},
		{"callees", func(ctx context.Context, po scout.PageOptions) (*scout.Page, error) {
			return scout.Callees(ctx, scout.CalleesOptions{Name: "Serve1", Scope: scope, PageOptions: po})
		}},
		{"refs", func(ctx context.Context, po scout.PageOptions) (*scout.Page, error) {
			return scout.Refs(ctx, scout.RefsOptions{Name: "Serve", Scope: scope, PageOptions: po})
		}},
		{"implementations", func(ctx context.Context, po scout.PageOptions) (*scout.Page, error) {
			return scout.Implementations(ctx, scout.ImplementationsOptions{Name: "Serve", Scope: scope, PageOptions: po})
		}},
		{"related", func(ctx context.Context, po scout.PageOptions) (*scout.Page, error) {
			return scout.Related(ctx, scout.RelatedOptions{Path: dir + "/pkg1/f1.go", Scope: scope, PageOptions: po})
		}},
		{"conditions", func(ctx context.Context, po scout.PageOptions) (*scout.Page, error) {
			q := scout.Query{All: []scout.Term{{Pattern: "Serve"}, {Pattern: "fmt"}}}
			return scout.Conditions(ctx, scout.ConditionsOptions{Query: q, Scope: scope, PageOptions: po})
		}},
	}
	for _, s := range searches {
		t.Run(s.name, func(t *testing.T) {
			// The limit has passed before the search begins: the first
			// look at the context ends it.
			_, err := s.run(context.Background(), scout.PageOptions{Timeout: time.Nanosecond})
			if err == nil || !strings.Contains(err.Error(), "longer than the 1ns allowed") || strings.Contains(err.Error(), "deadline exceeded") {
				t.Errorf("its own time limit: %v, want it named (\"longer than the 1ns allowed\")", err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			if _, err := s.run(ctx, scout.PageOptions{Timeout: time.Minute}); !errors.Is(err, context.Canceled) {
				t.Errorf("cancelled by the caller: %v, want context.Canceled", err)
			}
			if _, err := s.run(context.Background(), scout.PageOptions{Timeout: time.Minute}); err != nil {
				t.Errorf("within its limit: %v", err)
			}
		})
	}
}
