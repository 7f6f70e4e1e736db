package scout_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/scoutcode/scout"
	"github.com/scoutcode/scout/internal/fixture"
	"github.com/scoutcode/scout/internal/syntax"
)

// outlineCorpus enters a directory holding a source in each grammar
// (internal/syntax's fixture), a Markdown guide, notes in plain text, a
// binary file and an empty Go file, and returns the definitions each
// parsed file holds (a Markdown file's sections), in path order, as
// "path:line name".
func outlineCorpus(t *testing.T) []string {
	t.Helper()
	fixture.Enter(t, "internal/syntax/testdata/outline.txtar")
	write(t, "NOTES.txt", "# no definitions here\n")
	write(t, "GUIDE.md", "# Guide\ntext\n## Install\n```sh\n# not a heading\n```\n")
	write(t, "blob.go", "package x\x00\x01")
	write(t, "empty.go", "package empty\n")
	write(t, "bin/notes", "no extension, and no language named on its first line\n")
	var want []string
	var paths []string
	filepath.WalkDir(".", func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			paths = append(paths, filepath.ToSlash(p))
		}
		return nil
	})
	slices.Sort(paths)
	for _, p := range paths {
		src, _ := os.ReadFile(p)
		f, err := syntax.Outline(context.Background(), p, src)
		if syntax.Markdown(p) {
			f, err = &syntax.File{Defs: syntax.MarkdownSections(src)}, nil
		}
		if err != nil {
			continue
		}
		for _, d := range f.Defs {
			want = append(want, fmt.Sprintf("%s:%d %s", p, d.Start, d.Name))
		}
	}
	return want
}

// TestOutlinePagesShowEveryDefinitionOnce follows the cursor to the end at
// budgets from the least to one page for all: every definition of every
// file shows once, in path order then line order, and each page is within
// its budget.
func TestOutlinePagesShowEveryDefinitionOnce(t *testing.T) {
	want := outlineCorpus(t)
	if len(want) < 50 {
		t.Fatalf("only %d definitions in the corpus", len(want))
	}
	for _, budget := range []int{scout.MinBudget, 500, 1000, scout.DefaultOutlineBudget} {
		o := scout.OutlineOptions{PageOptions: scout.PageOptions{Budget: budget}}
		var got []string
		pages := everyPage(t, func(cursor string) (*scout.Page, error) {
			o.Cursor = cursor
			return scout.Outline(context.Background(), o)
		})
		for i, p := range pages {
			if len(p.Text) > budget*4 {
				t.Errorf("budget %d page %d: %d bytes of text, over %d", budget, i+1, len(p.Text), budget*4)
			}
			if p.Total.Matches != len(want) {
				t.Errorf("budget %d page %d: total %d definitions, want %d", budget, i+1, p.Total.Matches, len(want))
			}
			for _, f := range p.Files {
				for _, l := range f.Lines {
					got = append(got, fmt.Sprintf("%s:%d %s", f.Path, l.Number, l.Name))
					if !strings.Contains(p.Text, l.Text) {
						t.Errorf("budget %d page %d: the text lacks %q", budget, i+1, l.Text)
					}
				}
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("budget %d: %d pages showed %d definitions, want %d in order\ngot  %v\nwant %v", budget, len(pages), len(got), len(want), got, want)
		}
		t.Logf("budget %d: %d definitions in %d pages", budget, len(got), len(pages))
	}
}

// TestOutlineCountsWhatItDidNotParse: files without a parser, binary
// files and files without definitions are accounted for, and the page
// says how the definitions were found.
func TestOutlineCountsWhatItDidNotParse(t *testing.T) {
	want := outlineCorpus(t)
	withDefs := map[string]bool{}
	for _, w := range want {
		withDefs[w[:strings.IndexByte(w, ':')]] = true
	}
	p, err := scout.Outline(context.Background(), scout.OutlineOptions{})
	if err != nil {
		t.Fatal(err)
	}
	reasons := map[string]int{}
	for _, r := range p.NotSearched {
		reasons[r.Reason] = r.Count
	}
	if reasons["in a language without a parser"] != 2 || reasons["binary"] != 1 {
		t.Errorf("not parsed: %v, want 2 without a parser (NOTES.txt, bin/notes) and 1 binary (blob.go)", p.NotSearched)
	}
	files := 0
	filepath.WalkDir(".", func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files++
		}
		return nil
	})
	if parsed := files - 3; p.Searched != parsed || p.Total.Files != len(withDefs) || withDefs["empty.go"] || !withDefs["GUIDE.md"] {
		t.Errorf("%d files parsed, %d with definitions; want %d (all but NOTES.txt, bin/notes and blob.go) and %d (empty.go has none, GUIDE.md its sections)", p.Searched, p.Total.Files, parsed, len(withDefs))
	}
	saysHowFound(t, p)
}

// TestOutlineStaleCursor: a file edited between pages makes the cursor
// stale, and the error names it.
func TestOutlineStaleCursor(t *testing.T) {
	outlineCorpus(t)
	o := scout.OutlineOptions{PageOptions: scout.PageOptions{Budget: scout.MinBudget}}
	p, err := scout.Outline(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	if p.Cursor == "" {
		t.Fatal("page 1 has no cursor")
	}
	write(t, "go/h.go", "package h\n\nfunc Added() {}\n")
	o.Cursor = p.Cursor
	_, err = scout.Outline(context.Background(), o)
	var stale *scout.StaleCursorError
	if !errors.As(err, &stale) || !slices.Contains(stale.Changed, "go/h.go") {
		t.Fatalf("after an edit: %v, want a stale cursor naming go/h.go", err)
	}
}

// TestOutlineBadInput: a missing path, the cursor of another outline and
// an outline's cursor given to grep are errors that say what to do.
func TestOutlineBadInput(t *testing.T) {
	outlineCorpus(t)
	_, err := scout.Outline(context.Background(), scout.OutlineOptions{Scope: scout.Scope{Paths: []string{"nope.go"}}})
	if err == nil || !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
	p, err := scout.Outline(context.Background(), scout.OutlineOptions{PageOptions: scout.PageOptions{Budget: scout.MinBudget}})
	if err != nil {
		t.Fatal(err)
	}
	if p.Cursor == "" {
		t.Fatal("page 1 has no cursor")
	}
	other := scout.OutlineOptions{Scope: scout.Scope{Paths: []string{"go"}}, PageOptions: scout.PageOptions{Cursor: p.Cursor}}
	if _, err = scout.Outline(context.Background(), other); !errors.Is(err, scout.ErrCursorMismatch) {
		t.Errorf("the cursor of another outline: %v, want ErrCursorMismatch", err)
	}
	g := scout.GrepOptions{Options: scout.Options{Patterns: []string{"x"}}, PageOptions: scout.PageOptions{Cursor: p.Cursor}}
	if _, err = scout.Grep(context.Background(), g); !errors.Is(err, scout.ErrCursorMismatch) {
		t.Errorf("an outline's cursor given to grep: %v, want ErrCursorMismatch", err)
	}
}

// TestOutlineWithinBudgetOnGoRoot pages through the outline of three big
// files of net/http at the least budget, with the MCP server's spelling of the cursor: every
// page is within its budget (the footer is planned with the longest cursor a
// page can give).
func TestOutlineWithinBudgetOnGoRoot(t *testing.T) {
	dir := filepath.Join(goroot(t), "net", "http")
	var files []string
	for _, f := range []string{"h2_bundle.go", "server.go", "transport.go"} { // long signatures, lines in the thousands
		files = append(files, filepath.Join(dir, f))
	}
	for _, face := range []scout.Face{{Cursor: `cursor "%s"`}} { // the MCP server's spelling: the longer

		o := scout.OutlineOptions{Scope: scout.Scope{Paths: files}, PageOptions: scout.PageOptions{Budget: scout.MinBudget, Face: face}}
		pages := everyPage(t, func(cursor string) (*scout.Page, error) {
			o.Cursor = cursor
			return scout.Outline(context.Background(), o)
		})
		defs := 0
		for i, p := range pages {
			if len(p.Text) > scout.MinBudget*4 {
				t.Fatalf("page %d: %d bytes, over %d:\n%s", i+1, len(p.Text), scout.MinBudget*4, p.Text)
			}
			defs += p.Shown.Matches
		}
		if last := pages[len(pages)-1]; defs != last.Total.Matches {
			t.Errorf("%d pages showed %d definitions of %d", len(pages), defs, last.Total.Matches)
		}
		t.Logf("%d definitions in %d pages", defs, len(pages))
	}
}

// everyPage follows the cursor from the first page to the last; run
// makes the page a cursor opens ("" for the first).
func everyPage(t *testing.T, run func(cursor string) (*scout.Page, error)) []*scout.Page {
	t.Helper()
	var pages []*scout.Page
	cursor := ""
	for {
		p, err := run(cursor)
		if err != nil {
			t.Fatalf("page %d: %v", len(pages)+1, err)
		}
		pages = append(pages, p)
		if p.Cursor == "" {
			return pages
		}
		cursor = p.Cursor
	}
}

// saysHowFound checks that a structural page says how its answer was
// found: by tree-sitter, or by the line classifier in a build without cgo.
func saysHowFound(t *testing.T, p *scout.Page) {
	t.Helper()
	label := "found by tree-sitter"
	if scout.OutlineBy != "tree-sitter" {
		label = "found by the line classifier"
	}
	if !strings.Contains(p.Text, label) {
		t.Errorf("the page does not say %q:\n%s", label, p.Text)
	}
}

// TestNotParsedTooDense: a file too dense to parse (syntax.MaxTokens) is
// counted as not parsed, by that reason, in an outline and in the callers
// and references of a name; the other files are answered as usual.
func TestNotParsedTooDense(t *testing.T) {
	t.Chdir(t.TempDir())
	write(t, "table.js", "function run() { x(); }\nvar t = 1"+strings.Repeat("+1", syntax.MaxTokens/2)+";\n")
	write(t, "app.js", "function x() {}\nfunction main() { x(); }\n")
	const tooDense = "too dense (over 2.5 M tokens of code, or brackets 100,000 deep)"
	notParsed := func(what string, p *scout.Page) {
		t.Helper()
		if len(p.NotSearched) != 1 || p.NotSearched[0].Reason != tooDense || p.NotSearched[0].Count != 1 {
			t.Errorf("%s: not parsed %+v; want 1 %q", what, p.NotSearched, tooDense)
		}
	}
	p, err := scout.Outline(context.Background(), scout.OutlineOptions{})
	if err != nil {
		t.Fatal(err)
	}
	notParsed("outline", p)
	if p.Searched != 1 || p.Total.Matches != 2 {
		t.Errorf("outline: %d files parsed, %d definitions; want app.js's 2", p.Searched, p.Total.Matches)
	}
	p, err = scout.Callers(context.Background(), scout.CallersOptions{Name: "x"})
	if err != nil {
		t.Fatal(err)
	}
	notParsed("callers", p)
	if p.Total.Matches != 1 {
		t.Errorf("callers of x: %d; want app.js's 1", p.Total.Matches)
	}
	p, err = scout.Refs(context.Background(), scout.RefsOptions{Name: "x"})
	if err != nil {
		t.Fatal(err)
	}
	notParsed("refs", p)
}
