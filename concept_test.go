package scout_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/scoutcode/scout"
)

// TestConceptPagesExhaustive follows a concept search's cursors to the
// end at the smallest budget: every exact hit and every lead comes once,
// in the order of one large page, and the totals hold on every page.
func TestConceptPagesExhaustive(t *testing.T) {
	dir := t.TempDir()
	for i := range 12 {
		var src string
		for j := range 6 {
			what := "retries the request after a timeout" // an exact hit
			if j%2 == 1 {
				what = "retries when the request hits a timeout" // a lead
			}
			src += fmt.Sprintf("// retry%d_%d "+what+" of %d seconds.\nfunc retry%d_%d(n int) error {\n\tif n > %d {\n\t\treturn errTimeout\n\t}\n\treturn nil\n}\n\n", i, j, j, i, j, j)
		}
		os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%02d.go", i)), []byte("package p\n\n"+src), 0o644)
	}
	ctx := context.Background()
	opts := scout.ConceptOptions{Description: "retries the request after a timeout", Scope: scout.Scope{Paths: []string{dir}}}
	big := opts
	big.Budget = scout.MaxBudget
	all, err := scout.Concept(ctx, big)
	if err != nil {
		t.Fatal(err)
	}
	want := conceptUnits(all)
	if len(want) != all.Total.Matches || all.Cursor != "" {
		t.Fatalf("one large page shows %d units of %d (cursor %q)", len(want), all.Total.Matches, all.Cursor)
	}
	if all.Total.Files == 0 || len(all.Leads) == 0 {
		t.Fatalf("want exact hits and leads; got %d files, %d leads", all.Total.Files, len(all.Leads))
	}
	opts.Budget = scout.MinBudget
	var got []string
	for n := 1; ; n++ {
		p, err := scout.Concept(ctx, opts)
		if err != nil {
			t.Fatalf("page %d: %v", n, err)
		}
		if p.Total != all.Total {
			t.Fatalf("page %d: totals %+v, want %+v", n, p.Total, all.Total)
		}
		if len(p.Text)/4 > scout.MinBudget {
			t.Errorf("page %d: %d tokens over the budget of %d", n, len(p.Text)/4, scout.MinBudget)
		}
		got = append(got, conceptUnits(p)...)
		if p.Cursor == "" {
			break
		}
		opts.Cursor = p.Cursor
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("pages gave %d units, want %d in the same order:\n got %v\nwant %v", len(got), len(want), got, want)
	}
}

// conceptUnits lists a concept page's units: each exact hit, then each lead.
func conceptUnits(p *scout.Page) []string {
	var out []string
	for _, f := range p.Files {
		for _, l := range f.Lines {
			out = append(out, fmt.Sprintf("exact %s:%d", f.Path, l.Number))
		}
	}
	for _, l := range p.Leads {
		out = append(out, fmt.Sprintf("lead %s:%d", l.Path, l.Start))
	}
	return out
}

func TestConceptErrors(t *testing.T) {
	ctx := context.Background()
	if _, err := scout.Concept(ctx, scout.ConceptOptions{Description: " \t"}); !errors.Is(err, scout.ErrNoDescription) {
		t.Errorf("empty description: %v, want ErrNoDescription", err)
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.go"), []byte("package a\n\n// Timeout waits.\nfunc Timeout() {}\n"), 0o644)
	p, err := scout.Concept(ctx, scout.ConceptOptions{Description: "timeout", Scope: scout.Scope{Paths: []string{dir}}, PageOptions: scout.PageOptions{Budget: scout.MinBudget}})
	if err != nil {
		t.Fatal(err)
	}
	other := scout.ConceptOptions{Description: "something else", Scope: scout.Scope{Paths: []string{dir}}, PageOptions: scout.PageOptions{Cursor: "c2.AAAA"}}
	if _, err := scout.Concept(ctx, other); !errors.Is(err, scout.ErrBadCursor) {
		t.Errorf("damaged cursor: %v, want ErrBadCursor", err)
	}
	_ = p
}
