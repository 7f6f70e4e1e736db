//go:build cgo

package syntax

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/scoutcode/scout/internal/fixture"
)

// TestGoRegionsParseAsTheWholeFile checks that the parts goRegions cuts
// from a Go file (a function's head, the statement around an occurrence,
// its closing brace) answer as the whole file does: over every 7th Go file
// of GOROOT/src, for up to six names called in it, the calls of the name
// with the definitions around them (Calls), and each occurrence labelled
// (Refs). It also checks that the cut parses without errors for nearly
// every file that parses without them whole, so a cut grown wrong (and
// falling back to a bigger parse each time) fails here, not just slows.
func TestGoRegionsParseAsTheWholeFile(t *testing.T) {
	root := filepath.Join(fixture.GoRoot(), "src")
	var paths []string
	n := 0
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".go") {
			if n++; n%7 == 0 {
				paths = append(paths, p)
			}
		}
		return nil
	})
	if len(paths) < 1000 {
		t.Fatalf("only %d Go files sampled under %s", len(paths), root)
	}
	called := regexp.MustCompile(`\b([A-Za-z_][A-Za-z0-9_]*)\(`)
	gr := loaded["go"]()
	type tally struct{ asked, cut, same int }
	tallies := make([]tally, len(paths))
	fixture.Parallel(len(paths), func(i int) {
		p := paths[i]
		src, err := os.ReadFile(p)
		if err != nil || len(src) > MaxSize {
			return
		}
		parser := getParser()
		defer putParser(parser)
		if err := parser.SetLanguage(gr.lang); err != nil {
			t.Error(err)
			return
		}
		whole, err := parseRanges(context.Background(), parser, src, nil)
		if err != nil {
			t.Errorf("%s: %v", p, err)
			return
		}
		defer whole.Close()
		if whole.RootNode().HasError() {
			return // testdata written not to parse
		}
		var names []string
		seen := map[string]bool{}
		ms := called.FindAllSubmatch(src, -1)
		for k := 0; k < len(ms) && len(names) < 6; k += max(1, len(ms)/6) {
			if nm := string(ms[k][1]); !seen[nm] && !defKeywords[nm] {
				seen[nm] = true
				names = append(names, nm)
			}
		}
		for _, name := range names {
			for _, refs := range []bool{false, true} {
				occ := Occurrences(src, name)
				if !refs {
					occ = callish(src, occ, len(name), "go")
				}
				if len(occ) == 0 {
					continue
				}
				tallies[i].asked++
				cut, err := parseRanges(context.Background(), parser, src, goRegions(src, occ, true))
				if err != nil {
					t.Errorf("%s: %v", p, err)
					return
				}
				if cut.RootNode().HasError() {
					if tallies[i].asked-tallies[i].cut <= 1 {
						t.Logf("%s: %s (refs %v): the cut parses with errors", p, name, refs)
					}
					cut.Close()
					continue
				}
				tallies[i].cut++
				var want, got any
				if refs {
					fw, fc := gr.defsAround(whole.RootNode(), src, occ, nil), gr.defsAround(cut.RootNode(), src, occ, nil)
					want, got = []any{fw, gr.refsIn(fw, whole.RootNode(), src, occ, name)}, []any{fc, gr.refsIn(fc, cut.RootNode(), src, occ, name)}
				} else {
					fw, fc := &File{}, &File{}
					want, got = []any{gr.callsIn(fw, whole.RootNode(), src, occ, name), fw}, []any{gr.callsIn(fc, cut.RootNode(), src, occ, name), fc}
				}
				cut.Close()
				if reflect.DeepEqual(want, got) {
					tallies[i].same++
				} else {
					t.Errorf("%s: %s (refs %v): the cut parse answers\n%+v\nthe whole file\n%+v", p, name, refs, got, want)
				}
			}
		}
	})
	var all tally
	for _, x := range tallies {
		all.asked += x.asked
		all.cut += x.cut
		all.same += x.same
	}
	t.Logf("%d files, %d questions: %d parsed from the cut without errors, %d of them answered as the whole file", len(paths), all.asked, all.cut, all.same)
	if share := float64(all.cut) / float64(all.asked); share < 0.98 {
		t.Errorf("the cut parsed without errors for %.4f of the questions; want at least 0.98", share)
	}
}

// FuzzGoRegions checks on any source that the cut goRegions makes never
// changes an answer: where both the cut and the whole file parse without
// errors, the calls of f with the definitions around them, and every
// occurrence of f labelled, are the same.
func FuzzGoRegions(f *testing.F) {
	f.Add([]byte("package p\n\nfunc g() {\n\tif a {\n\t\tf(1)\n\t} else {\n\t\tf(2)\n\t}\n\tswitch {\n\tcase f(3):\n\t\tx()\n\t// c\n\tdefault:\n\t\tf(4)\n\t}\nretry:\n\tfor {\n\tL:\n\t\tf(5)\n\t\tgoto L\n\t}\n\tgoto retry\n}\n"))
	f.Add([]byte("package p\n\nvar s = `\nfunc f() {\n\tf()\n`\n\n/*\nfunc h() {\n*/\nfunc h(a,\n\tb int,\n) {\n\tx := []T{\n\t\t{f(1)},\n\t}\n\tdefer func() {\n\t\tf()\n\t}()\n}\n\nfunc f() {}\n"))
	f.Add([]byte("package p\n\nfunc k() { f() }\n\nfunc m() {\n\tv := T{\n\t\ta: f(),\n\t}\n\t_ = v // f(\n\tif x { // f()\n\t\tf()\n\t}\n}\n"))
	gr := loaded["go"]()
	f.Fuzz(func(t *testing.T, src []byte) {
		if len(src) > 1<<16 {
			return
		}
		parser := getParser()
		defer putParser(parser)
		if err := parser.SetLanguage(gr.lang); err != nil {
			t.Fatal(err)
		}
		ctx := context.Background()
		whole, err := parseRanges(ctx, parser, src, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer whole.Close()
		if whole.RootNode().HasError() {
			return
		}
		for _, refs := range []bool{false, true} {
			occ := Occurrences(src, "f")
			if !refs {
				occ = callish(src, occ, 1, "go")
			}
			if len(occ) == 0 {
				continue
			}
			ranges := goRegions(src, occ, true)
			for k, r := range ranges {
				if r.StartByte >= r.EndByte || r.EndByte > uint(len(src)) || k > 0 && ranges[k-1].EndByte >= r.StartByte {
					t.Fatalf("ranges out of order or outside the source: %+v", ranges)
				}
			}
			cut, err := parseRanges(ctx, parser, src, ranges)
			if err != nil {
				t.Fatal(err)
			}
			if cut.RootNode().HasError() {
				cut.Close()
				continue
			}
			var want, got any
			if refs {
				fw, fc := gr.defsAround(whole.RootNode(), src, occ, nil), gr.defsAround(cut.RootNode(), src, occ, nil)
				want, got = []any{fw, gr.refsIn(fw, whole.RootNode(), src, occ, "f")}, []any{fc, gr.refsIn(fc, cut.RootNode(), src, occ, "f")}
			} else {
				fw, fc := &File{}, &File{}
				want, got = []any{gr.callsIn(fw, whole.RootNode(), src, occ, "f"), fw}, []any{gr.callsIn(fc, cut.RootNode(), src, occ, "f"), fc}
			}
			cut.Close()
			if !reflect.DeepEqual(want, got) {
				t.Fatalf("refs %v: the cut %+v answers\n%+v\nthe whole file\n%+v", refs, ranges, got, want)
			}
		}
	})
}
