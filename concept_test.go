package scout_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

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
	opts := scout.ConceptOptions{Description: "retries the request after a timeout", Scope: scout.Scope{Paths: []string{dir}}, CacheOptions: scout.CacheOptions{CacheDir: t.TempDir()}}
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
	var got []string
	for _, p := range conceptPages(t, opts, all.Total) {
		got = append(got, conceptUnits(p)...)
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("pages gave %d units, want %d in the same order:\n got %v\nwant %v", len(got), len(want), got, want)
	}
}

// TestConceptExactCut: when more lines hold the description than a page
// lists, the lines kept are spread over the files, and the page says how
// many lines and files hold it and how to list them all.
func TestConceptExactCut(t *testing.T) {
	dir := t.TempDir()
	// One file holds more lines than a page keeps; 30 others hold 3 each;
	// no line is another's (a copy would be listed under it).
	lines := func(n int, of string) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "// wait for the lock: %s %d\n", of, i)
		}
		return b.String()
	}
	os.WriteFile(filepath.Join(dir, "big.go"), []byte("package p\n\n"+lines(scout.MaxExactHits+50, "big")), 0o644)
	for i := range 30 {
		os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%02d.go", i)), []byte(lines(3, fmt.Sprintf("f%02d", i))), 0o644)
	}
	p, err := scout.Concept(context.Background(), scout.ConceptOptions{Description: "wait for the lock", PageOptions: scout.PageOptions{Budget: scout.MaxBudget},
		Scope: scout.Scope{Paths: []string{dir}}, CacheOptions: scout.CacheOptions{CacheDir: t.TempDir()}})
	if err != nil {
		t.Fatal(err)
	}
	kept := 0
	for _, f := range p.Files {
		kept += len(f.Lines)
	}
	wantFound := struct{ Matches, Files int }{scout.MaxExactHits + 50 + 90, 31}
	if kept != scout.MaxExactHits || len(p.Files) != 31 {
		t.Errorf("%d exact lines in %d files, want %d spread over all 31", kept, len(p.Files), scout.MaxExactHits)
	}
	if f := p.ExactFound; f == nil || f.Matches != wantFound.Matches || f.Files != wantFound.Files {
		t.Errorf("ExactFound %+v, want %+v", p.ExactFound, wantFound)
	}
	for _, want := range []string{
		fmt.Sprintf("exact: %d lines in 31 files, as written; the %d here", wantFound.Matches, scout.MaxExactHits),
		fmt.Sprintf("%d of %d exact hits", scout.MaxExactHits, wantFound.Matches),
		"next: none; this is everything but 140 more exact hits (all of them: scout grep -F -i",
	} {
		if !strings.Contains(p.Text, want) {
			t.Errorf("the page does not say %q:\n%s", want, p.Text)
		}
	}
}

// conceptPages follows a concept search's cursors from its first page to
// its last at the smallest budget, and returns the pages; each must fit
// the budget and have the totals total.
func conceptPages(t *testing.T, opts scout.ConceptOptions, total scout.Totals) []*scout.Page {
	t.Helper()
	opts.Budget = scout.MinBudget
	var pages []*scout.Page
	for n := 1; ; n++ {
		p, err := scout.Concept(context.Background(), opts)
		if err != nil {
			t.Fatalf("page %d: %v", n, err)
		}
		if p.Total != total {
			t.Fatalf("page %d: totals %+v, want %+v", n, p.Total, total)
		}
		if len(p.Text)/4 > scout.MinBudget {
			t.Errorf("page %d: %d tokens over the budget of %d", n, len(p.Text)/4, scout.MinBudget)
		}
		pages = append(pages, p)
		if p.Cursor == "" {
			return pages
		}
		opts.Cursor = p.Cursor
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
	p, err := scout.Concept(ctx, scout.ConceptOptions{Description: "timeout", CacheOptions: scout.CacheOptions{NoCache: true}, Scope: scout.Scope{Paths: []string{dir}}, PageOptions: scout.PageOptions{Budget: scout.MinBudget}})
	if err != nil {
		t.Fatal(err)
	}
	other := scout.ConceptOptions{Description: "something else", CacheOptions: scout.CacheOptions{NoCache: true}, Scope: scout.Scope{Paths: []string{dir}}, PageOptions: scout.PageOptions{Cursor: "c2.AAAA"}}
	if _, err := scout.Concept(ctx, other); !errors.Is(err, scout.ErrBadCursor) {
		t.Errorf("damaged cursor: %v, want ErrBadCursor", err)
	}
	_ = p
}

// TestConceptCache: the first search builds and keeps the index, the
// next reuses it, a changed file is read again (and its new words found),
// a file whose time changed but not its content is not chunked again, a
// removed file's leads go, and the cache stays within its cap by
// evicting the least recently used index and saying so.
func TestConceptCache(t *testing.T) {
	ctx := context.Background()
	dir, cache := t.TempDir(), t.TempDir()
	write := func(name, src string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("a.go", "package a\n\n// Retry retries after a timeout.\nfunc Retry() {}\n")
	write("b.go", "package a\n\n// Close closes the idle connections.\nfunc Close() {}\n")
	search := func(desc string) *scout.Page {
		t.Helper()
		p, err := scout.Concept(ctx, scout.ConceptOptions{Description: desc, CacheOptions: scout.CacheOptions{CacheDir: cache}, Scope: scout.Scope{Paths: []string{dir}}, PageOptions: scout.PageOptions{Budget: scout.MaxBudget}})
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	footer := func(p *scout.Page) string {
		for _, l := range strings.Split(p.Text, "\n") {
			if strings.HasPrefix(l, "index: ") {
				return l
			}
		}
		return ""
	}
	if f := footer(search("idle connections")); f != "index: 2 files, built and kept for the next search" {
		t.Errorf("first search: %q", f)
	}
	if f := footer(search("idle connections")); f != "index: 2 files, kept from an earlier search; none changed" {
		t.Errorf("second search: %q", f)
	}
	later := time.Now().Add(time.Minute)
	write("b.go", "package a\n\n// Close closes the idle sockets.\nfunc Close() {}\n")
	os.Chtimes(filepath.Join(dir, "b.go"), later, later)
	os.Chtimes(filepath.Join(dir, "a.go"), later, later) // touched, not changed
	p := search("sockets")
	if f := footer(p); f != "index: 2 files, kept from an earlier search; 2 read again" {
		t.Errorf("after a change: %q", f)
	}
	if len(p.Leads) == 0 && p.Total.Files == 0 {
		t.Errorf("the changed file's new word is not found:\n%s", p.Text)
	}
	if f := footer(search("sockets")); !strings.HasSuffix(f, "none changed") {
		t.Errorf("a touched file whose content is the same must not count as changed: %q", f)
	}
	// The exact hits come from the files as they are now, not as the kept
	// index had them (a search reads them while it walks).
	if p := search("retries after a timeout"); p.Total.Files != 1 {
		t.Errorf("%d files hold the description as written; want a.go:\n%s", p.Total.Files, p.Text)
	}
	write("b.go", "package a\n\n// Close closes the idle sockets, and retries after a timeout.\nfunc Close() {}\n")
	later = later.Add(time.Minute)
	os.Chtimes(filepath.Join(dir, "b.go"), later, later)
	if p := search("retries after a timeout"); p.Total.Files != 2 {
		t.Errorf("after b.go changed, %d files hold the description as written; want a.go and b.go:\n%s", p.Total.Files, p.Text)
	}
	os.Remove(filepath.Join(dir, "b.go"))
	if p := search("sockets"); len(p.Leads) != 0 || p.Total.Files != 0 {
		t.Errorf("a removed file still answers:\n%s", p.Text)
	}

	// The cap: another scope's index pushes the older one out.
	other := t.TempDir()
	os.WriteFile(filepath.Join(other, "c.go"), []byte("package c\n\n// Expire ends sessions.\nfunc Expire() {}\n"), 0o644)
	idx, _ := filepath.Glob(filepath.Join(cache, "*.idx"))
	if len(idx) != 1 {
		t.Fatalf("%d indexes kept, want 1: %v", len(idx), idx)
	}
	old := time.Now().Add(-time.Hour)
	os.Chtimes(idx[0], old, old)
	fi, _ := os.Stat(idx[0])
	p, err := scout.Concept(ctx, scout.ConceptOptions{Description: "sessions", CacheOptions: scout.CacheOptions{CacheDir: cache, CacheMax: fi.Size()}, Scope: scout.Scope{Paths: []string{other}}})
	if err != nil {
		t.Fatal(err)
	}
	if f := footer(p); !strings.Contains(f, "1 older cache file (") || !strings.Contains(f, "evicted") {
		t.Errorf("over the cap: %q, want an eviction reported", f)
	}
	if _, err := os.Stat(idx[0]); !os.IsNotExist(err) {
		t.Errorf("the least recently used index is still there: %v", err)
	}
	if _, err := os.Stat(idx[0] + ".lock"); !os.IsNotExist(err) {
		t.Errorf("the evicted index's lock is still there: %v", err)
	}
}

// TestConceptCacheUnwritable: when the cache cannot be written the
// search still answers, and says the index is not kept and why.
func TestConceptCacheUnwritable(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.go"), []byte("package a\n\n// Retry retries after a timeout.\nfunc Retry() {}\n"), 0o644)
	notDir := filepath.Join(t.TempDir(), "file")
	os.WriteFile(notDir, nil, 0o644)
	p, err := scout.Concept(context.Background(), scout.ConceptOptions{Description: "retry after a timeout", CacheOptions: scout.CacheOptions{CacheDir: filepath.Join(notDir, "cache")}, Scope: scout.Scope{Paths: []string{dir}}})
	if err != nil {
		t.Fatal(err)
	}
	if p.Total.Matches == 0 {
		t.Errorf("no answer without a cache:\n%s", p.Text)
	}
	if !strings.Contains(p.Text, "warning: the concept index could not be kept") {
		t.Errorf("the page does not say the index was not kept:\n%s", p.Text)
	}
}

// TestConceptCacheUpdateUnwritable: when the update of a kept index
// cannot be written, the search answers from the update made in memory
// (the changed file's new word is found), says the index is not kept,
// and the next search, able to write, updates the kept index then.
func TestConceptCacheUpdateUnwritable(t *testing.T) {
	dir, cache := t.TempDir(), t.TempDir()
	a := filepath.Join(dir, "a.go")
	os.WriteFile(a, []byte("package a\n\n// Retry retries after a timeout.\nfunc Retry() {}\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "b.go"), []byte("package a\n\n// Close closes the idle connections.\nfunc Close() {}\n"), 0o644)
	search := func(desc string) *scout.Page {
		t.Helper()
		p, err := scout.Concept(context.Background(), scout.ConceptOptions{Description: desc, CacheOptions: scout.CacheOptions{CacheDir: cache}, Scope: scout.Scope{Paths: []string{dir}}, PageOptions: scout.PageOptions{Budget: scout.MaxBudget}})
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	search("retry")
	os.WriteFile(a, []byte("package a\n\n// Retry retries after a backoff.\nfunc Retry() {}\n"), 0o644)
	later := time.Now().Add(time.Minute)
	os.Chtimes(a, later, later)
	stop := scout.FailIndexWrites(t)
	p := search("backoff")
	if !strings.Contains(p.Text, "warning: the concept index could not be kept") || !strings.Contains(p.Text, "no space left on device") {
		t.Errorf("the page does not say the index was not kept, and why:\n%s", p.Text)
	}
	if len(p.Leads) == 0 && p.Total.Files == 0 {
		t.Errorf("the changed file's new word is not found:\n%s", p.Text)
	}
	stop()
	if p := search("backoff"); !strings.Contains(p.Text, "kept from an earlier search; 1 read again") || len(p.Leads) == 0 && p.Total.Files == 0 {
		t.Errorf("the next search, able to write, did not update the kept index:\n%s", p.Text)
	}
	if p := search("backoff"); !strings.Contains(p.Text, "none changed") {
		t.Errorf("the updated index was not kept:\n%s", p.Text)
	}
}

// TestConceptCacheConcurrent: several searches building and reading one
// cache at once all answer the same, and leave an index that reads back.
func TestConceptCacheConcurrent(t *testing.T) {
	dir, cache := t.TempDir(), t.TempDir()
	for i := range 40 {
		os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%02d.go", i)), []byte(fmt.Sprintf("package p\n\n// Retry%d retries after a timeout.\nfunc Retry%d() {}\n", i, i)), 0o644)
	}
	opts := scout.ConceptOptions{Description: "retries after a timeout", CacheOptions: scout.CacheOptions{CacheDir: cache}, Scope: scout.Scope{Paths: []string{dir}}, PageOptions: scout.PageOptions{Budget: scout.MaxBudget}}
	var wg sync.WaitGroup
	leads := make([]string, 6)
	errs := make([]error, 6)
	for i := range leads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p, err := scout.Concept(context.Background(), opts)
			if err == nil {
				leads[i] = fmt.Sprint(conceptUnits(p))
			}
			errs[i] = err
		}()
	}
	wg.Wait()
	for i := range leads {
		if errs[i] != nil || leads[i] != leads[0] {
			t.Errorf("search %d: %v\n%s\nwant\n%s", i, errs[i], leads[i], leads[0])
		}
	}
	p, err := scout.Concept(context.Background(), opts)
	if err != nil || !strings.Contains(p.Text, "none changed") {
		t.Errorf("after the concurrent searches the kept index is not reused: %v\n%s", err, p.Text)
	}
	if tmp, _ := filepath.Glob(filepath.Join(cache, ".tmp-*")); len(tmp) != 0 {
		t.Errorf("temporary files left: %v", tmp)
	}
}

// TestConceptIndexHoldsNoSecret: a secret in a definition's signature (a
// default argument) is masked before it is indexed, so the kept index
// never holds it, and no lead shows it.
func TestConceptIndexHoldsNoSecret(t *testing.T) {
	dir, cache := t.TempDir(), t.TempDir()
	secret := "ghp_" + strings.Repeat("aB3dE5gH7jK9", 3)
	os.WriteFile(filepath.Join(dir, "client.py"), []byte("def connect(host, token=\""+secret+"\"):\n    \"\"\"Open the connection to the host.\"\"\"\n    return dial(host, token)\n"), 0o644)
	p, err := scout.Concept(context.Background(), scout.ConceptOptions{Description: "dial the host", CacheOptions: scout.CacheOptions{CacheDir: cache}, Scope: scout.Scope{Paths: []string{dir}}})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Leads) == 0 {
		t.Fatalf("no lead:\n%s", p.Text)
	}
	idx, _ := filepath.Glob(filepath.Join(cache, "*.idx"))
	if len(idx) != 1 {
		t.Fatalf("%d indexes kept", len(idx))
	}
	data, err := os.ReadFile(idx[0])
	if err != nil {
		t.Fatal(err)
	}
	for _, part := range []string{secret, strings.ToLower(secret), "ab3de5gh7jk9"} {
		if strings.Contains(string(data), part) {
			t.Errorf("the kept index holds %q", part)
		}
	}
	if strings.Contains(p.Text, secret) {
		t.Errorf("the page shows the secret:\n%s", p.Text)
	}
}

// TestConceptLongDescriptionFitsBudget: a description of thousands of
// words is cut in the page's header; the page stays within its budget.
func TestConceptLongDescriptionFitsBudget(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.go"), []byte("package p\n\n// retry tries again after a timeout.\nfunc retry() {}\n"), 0o644)
	desc := strings.Repeat("retry the request after a timeout expires ", 500)
	p, err := scout.Concept(context.Background(), scout.ConceptOptions{Description: desc, Scope: scout.Scope{Paths: []string{dir}}, CacheOptions: scout.CacheOptions{NoCache: true}})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Text)/4 > scout.DefaultBudget {
		t.Errorf("a %d-byte description: a page of %d tokens, over the %d budget", len(desc), len(p.Text)/4, scout.DefaultBudget)
	}
	if len(p.Leads) == 0 {
		t.Errorf("no leads:\n%s", p.Text)
	}
}

// TestConceptKept: ConceptKept tells a scope whose index an earlier
// search kept from one never searched (another scope, another cache, no
// cache), and a search that will build from one that will read back.
func TestConceptKept(t *testing.T) {
	dir, other, cache := t.TempDir(), t.TempDir(), t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.go"), []byte("package a\n\n// Retry retries after a timeout.\nfunc Retry() {}\n"), 0o644)
	os.WriteFile(filepath.Join(other, "b.go"), []byte("package b\n\nfunc Open() {}\n"), 0o644)
	o := scout.ConceptOptions{Description: "retries after a timeout", Scope: scout.Scope{Paths: []string{dir}, Types: []string{"go"}}, CacheOptions: scout.CacheOptions{CacheDir: cache}}
	if scout.ConceptKept(o) {
		t.Fatal("kept before any search")
	}
	built, first := 0, -1
	o.Progress = func(done, total int) {
		if built == 0 {
			first = done
		}
		built++
	}
	if _, err := scout.Concept(context.Background(), o); err != nil {
		t.Fatal(err)
	}
	if built == 0 || first != 0 {
		t.Errorf("the first search reported progress %d times, first with done %d; want a build, its progress first at 0", built, first)
	}
	if !scout.ConceptKept(o) {
		t.Error("not kept after a search")
	}
	// The cache's list says what the index is of, after a build and after
	// an update.
	of := func(when string) {
		t.Helper()
		if _, all, err := scout.ConceptCache(cache); err != nil || len(all) != 1 || all[0].Of != dir+" (types go)" {
			t.Errorf("%s: kept %+v (%v); want one index, of %s (types go)", when, all, err, dir)
		}
	}
	of("built")
	os.WriteFile(filepath.Join(dir, "a.go"), []byte("package a\n\n// Retry retries after a long timeout.\nfunc Retry() {}\n"), 0o644)
	if _, err := scout.Concept(context.Background(), o); err != nil {
		t.Fatal(err)
	}
	of("updated")
	built = 0
	o.Description = "a description of something else" // the index is the scope's, whatever is asked
	if _, err := scout.Concept(context.Background(), o); err != nil || built != 0 {
		t.Errorf("the second search: %v, progress called %d times; want a kept index read back, no build", err, built)
	}
	// The same root written another way is the same scope: the walk
	// cleans a root, so the index holds the same paths.
	for _, p := range []string{dir + "/", dir + "/."} {
		x := o
		x.Paths = []string{p}
		if !scout.ConceptKept(x) {
			t.Errorf("%s: not kept, though %s is", p, dir)
		}
	}
	for name, x := range map[string]scout.ConceptOptions{
		"another scope": {Scope: scout.Scope{Paths: []string{other}}, CacheOptions: o.CacheOptions},
		"another cache": {Scope: o.Scope, CacheOptions: scout.CacheOptions{CacheDir: t.TempDir()}},
		"no cache":      {Scope: o.Scope, CacheOptions: scout.CacheOptions{CacheDir: cache, NoCache: true}},
	} {
		if scout.ConceptKept(x) {
			t.Errorf("%s: kept", name)
		}
	}
}

// TestConceptLeadsFound: when more chunks share a word with the
// description than a page ranks, the page says how many, and that the
// rest are not listed.
func TestConceptLeadsFound(t *testing.T) {
	dir := t.TempDir()
	funcTree(dir, 30, 10, "end", "ends a session")
	p, err := scout.Concept(context.Background(), scout.ConceptOptions{Description: "where sessions expire", PageOptions: scout.PageOptions{Budget: scout.MaxBudget},
		Scope: scout.Scope{Paths: []string{dir}}, CacheOptions: scout.CacheOptions{CacheDir: t.TempDir()}})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Leads) != scout.MaxConceptLeads || p.LeadsFound != 300 {
		t.Fatalf("%d leads of %d found, want %d of 300", len(p.Leads), p.LeadsFound, scout.MaxConceptLeads)
	}
	for _, want := range []string{
		fmt.Sprintf("leads: %d, the best of 300 chunks,", scout.MaxConceptLeads),
		fmt.Sprintf("0 exact hits, %d leads of 300 chunks", scout.MaxConceptLeads),
		"next: none; this is everything but 100 chunks ranked below the leads, not listed",
	} {
		if !strings.Contains(p.Text, want) {
			t.Errorf("the page does not say %q:\n%s", want, p.Text)
		}
	}
}

// funcTree writes files f00.go… to dir, each with funcs functions
// NAME<file>_<i> whose doc comment says says.
func funcTree(dir string, files, funcs int, name, says string) {
	for f := range files {
		var src strings.Builder
		src.WriteString("package p\n\n")
		for i := range funcs {
			fmt.Fprintf(&src, "// %s%d_%d %s.\nfunc %s%d_%d() {}\n\n", name, f, i, says, name, f, i)
		}
		os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%02d.go", f)), []byte(src.String()), 0o644)
	}
}

// TestConceptLowersChangelogs: a changelog tells in words of every change,
// so it meets a description's words; it is lowered as tests are, unless
// the description asks for the changelog.
func TestConceptLowersChangelogs(t *testing.T) {
	signal := loweredTree(t, "history", map[string]string{
		"CHANGELOG.md": "## 1.2.0\n\n- Retry the upload after a timeout of the connection.\n",
		"upload.go":    "package p\n\n// upload sends the file; it tries again when the connection times out.\nfunc upload() { retry() }\n",
	})
	if first, history := signal("upload retry after the connection timeout"); first != "upload.go" || history >= 0 {
		t.Errorf("first lead %s, CHANGELOG's history signal %d: want upload.go first and a negative signal", first, history)
	}
	if _, history := signal("the changelog entry on the upload retry after a timeout"); history != 0 {
		t.Errorf("a description that asks for the changelog: CHANGELOG lowered by %d", history)
	}
}

// A licence file is lowered as tests are, and says so; a description that
// asks for the licence keeps it level.
func TestConceptLowersLicences(t *testing.T) {
	signal := loweredTree(t, "legal", map[string]string{
		"LICENSE": "Permission is hereby granted to copy the software and its files, free of charge.\n",
		"copy.go": "package p\n\n// copyFiles copies the files of the software.\nfunc copyFiles() {}\n",
	})
	if first, legal := signal("copy the files of the software"); first != "copy.go" || legal >= 0 {
		t.Errorf("first lead %s, LICENSE's legal signal %d: want copy.go first and a negative signal", first, legal)
	}
	if _, legal := signal("the license to copy the software"); legal != 0 {
		t.Errorf("a description that asks for the licence: LICENSE lowered by %d", legal)
	}
}

// loweredTree writes files, a lowered one (not .go) and a source file, and
// returns a search of them by a description that gives the first lead's
// file name and the lowered file's signal named name (0: none).
func loweredTree(t *testing.T, name string, files map[string]string) func(desc string) (first string, value int) {
	t.Helper()
	dir := t.TempDir()
	for f, text := range files {
		if err := os.WriteFile(filepath.Join(dir, f), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return func(desc string) (first string, value int) {
		p, err := scout.Concept(context.Background(), scout.ConceptOptions{Description: desc, PageOptions: scout.PageOptions{Budget: scout.MaxBudget},
			Scope: scout.Scope{Paths: []string{dir}}, CacheOptions: scout.CacheOptions{CacheDir: t.TempDir()}})
		if err != nil {
			t.Fatal(err)
		}
		if len(p.Leads) != 2 {
			t.Fatalf("%q: %d leads, want 2:\n%s", desc, len(p.Leads), p.Text)
		}
		for _, l := range p.Leads {
			for _, s := range l.Signals {
				if s.Name == name && filepath.Ext(l.Path) != ".go" {
					value = s.Value
				}
			}
		}
		return filepath.Base(p.Leads[0].Path), value
	}
}

// TestConceptSymbolDefinedAt: a description that is one symbol, used on
// more lines than a page keeps, has its definition named in the footer
// with where it is among the leads; a definition cut into windows (a
// long struct) is one place, from its first line to its last, one lead;
// when one of its windows holds the symbol as written, the definition is
// an exact hit, not a lead as well.
func TestConceptSymbolDefinedAt(t *testing.T) {
	for doc, where := range map[string]string{"// Server serves.": fmt.Sprintf("lead 1); the leads come after the %d exact hits\n", scout.MaxExactHits), "// Server serves; see server.Server.": "an exact hit)\n"} {
		dir := t.TempDir()
		os.MkdirAll(filepath.Join(dir, "server"), 0o755)
		var fields strings.Builder
		for i := range 150 {
			fmt.Fprintf(&fields, "\tField%d int // setting %d of the server\n", i, i)
		}
		os.WriteFile(filepath.Join(dir, "server", "server.go"), []byte("package server\n\n"+doc+"\ntype Server struct {\n"+fields.String()+"}\n"), 0o644)
		var uses strings.Builder
		for i := range scout.MaxExactHits + 20 {
			fmt.Fprintf(&uses, "var s%d = new(server.Server)\n", i)
		}
		os.WriteFile(filepath.Join(dir, "main.go"), []byte("package main\n\nimport \"example.com/server\"\n\n"+uses.String()), 0o644)
		p, err := scout.Concept(context.Background(), scout.ConceptOptions{Description: "server.Server", Scope: scout.Scope{Paths: []string{dir}}, CacheOptions: scout.CacheOptions{NoCache: true}})
		if err != nil {
			t.Fatal(err)
		}
		if len(p.Leads) != 0 {
			t.Fatalf("the first page shows %d leads; want the exact hits only, so that the footer is what tells", len(p.Leads))
		}
		want := fmt.Sprintf("; defined at %s:3-155 (%s", filepath.ToSlash(filepath.Join(dir, "server", "server.go")), where)
		if !strings.Contains(p.Text, want) {
			t.Errorf("%q: the page does not say %q:\n%s", doc, want, p.Text[max(0, len(p.Text)-1200):])
		}
	}
}

// TestConceptSymbolDeclared: a constant or a variable, which no parser
// names as a definition, is defined where a line between definitions
// declares it: a Go const block's line (in a file whose licence notice a
// search reads blanked, not cut, so the line is where it is: cut, the
// line would be read three lines up, before its chunk), a Go var, a
// Python module's name. A use of the name elsewhere is not. (Without
// cgo, the line classifier names those lines as definitions.)
func TestConceptSymbolDeclared(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"limits/limits.go": "// Copyright 2026 The Authors. All rights reserved.\n// Use of this source code is governed by a BSD-style\n// license that can be found in the LICENSE file.\n\npackage limits\n\nfunc f() int {\n\treturn 1\n}\nconst (\n\tMaxBody = 1 << 20 // bytes of a body\n\tMaxHeader = 1 << 16\n)\n\n// ErrTooBig is returned for a request over the limits.\nvar ErrTooBig = errors.New(\"too big\")\n",
		"server/use.go":    "package server\n\nvar big = limits.MaxHeader * 2 // twice limits.MaxHeader\n\nfunc check(n int) bool { return n < limits.MaxHeader }\n",
		"conf/settings.py": "\"\"\"Settings.\"\"\"\n\nimport os\n\nTIMEOUT: float = 30.0\nRETRIES = 3\n\n\ndef get():\n    return TIMEOUT\n",
	})
	for _, c := range []struct {
		desc, path string
		line       int
	}{
		{"limits.MaxHeader", "limits/limits.go", 12},
		{"ErrTooBig", "limits/limits.go", 16},
		{"settings.RETRIES", "conf/settings.py", 6},
	} {
		p, err := scout.Concept(context.Background(), scout.ConceptOptions{Description: c.desc, Scope: scout.Scope{Paths: []string{dir}}, CacheOptions: scout.CacheOptions{NoCache: true}})
		if err != nil {
			t.Fatal(err)
		}
		if p.Symbol == nil || len(p.Symbol.DefinedAt) != 1 {
			t.Errorf("%s: symbol %+v; want it defined at one place, %s", c.desc, p.Symbol, c.path)
			continue
		}
		// Without cgo the line classifier names these lines, as it names
		// any line that looks like a definition: the symbol is defined by
		// its name, from the comment above it to the next definition.
		d, want := p.Symbol.DefinedAt[0], fmt.Sprintf("%s:%d (", c.path, c.line)
		if scout.OutlineBy != "tree-sitter" {
			if d.Start > c.line || d.End < c.line {
				t.Errorf("%s: defined at %s:%d-%d; want %s, lines holding %d", c.desc, d.Path, d.Start, d.End, c.path, c.line)
			}
			if d.End > d.Start {
				want = fmt.Sprintf("%s:%d-%d (", c.path, d.Start, d.End)
			}
		} else if d.Start != c.line || d.End != c.line {
			t.Errorf("%s: defined at %s:%d-%d; want %s:%d, the line that declares it", c.desc, d.Path, d.Start, d.End, c.path, c.line)
		}
		if !strings.HasSuffix(d.Path, c.path) {
			t.Errorf("%s: defined at %s; want %s", c.desc, d.Path, c.path)
		}
		// The page names that place, and shows the line (under its lead,
		// or as an exact hit).
		if !strings.Contains(p.Text, want) {
			t.Errorf("%s: the page does not say %q:\n%s", c.desc, want, p.Text)
		}
		if want := fmt.Sprintf("    %d: ", c.line); !strings.Contains(p.Text, want) {
			t.Errorf("%s: the page does not show line %d:\n%s", c.desc, c.line, p.Text)
		}
	}
}

// TestConceptOverIndexLimit: a scope holding more than MaxIndexBytes gets
// no index and no leads, only its exact hits, paged as usual, and the page
// says why; a cursor still notices a file that changed.
func TestConceptOverIndexLimit(t *testing.T) {
	dir, cache := t.TempDir(), t.TempDir()
	for i := range 8 {
		src := fmt.Sprintf("package p\n\n// retry%d retries the request after a timeout.\nfunc retry%d() {}\n\n// wait%d waits when the request hits a timeout.\nfunc wait%d() {}\n", i, i, i, i)
		os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%d.go", i)), []byte(src), 0o644)
	}
	ctx := context.Background()
	opts := scout.ConceptOptions{Description: "retries the request after a timeout", Scope: scout.Scope{Paths: []string{dir}}, CacheOptions: scout.CacheOptions{CacheDir: cache}, MaxIndexBytes: 100}
	big := opts
	big.Budget = scout.MaxBudget
	p, err := scout.Concept(ctx, big)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Leads) != 0 || p.Total.Files != 8 {
		t.Errorf("over the limit: %d leads and %d files of exact hits, want none and 8:\n%s", len(p.Leads), p.Total.Files, p.Text)
	}
	for _, want := range []string{"leads: skipped: the paths hold 1.1 KiB in 8 files, more than the 100 bytes one concept index may read", "index: none"} {
		if !strings.Contains(p.Text, want) {
			t.Errorf("the page does not say %q:\n%s", want, p.Text)
		}
	}
	if !strings.HasPrefix(p.LeadsSkipped, "the paths hold 1.1 KiB in 8 files") {
		t.Errorf("leads_skipped %q, want the reason", p.LeadsSkipped)
	}
	if idx, _ := filepath.Glob(filepath.Join(cache, "*")); len(idx) != 0 {
		t.Errorf("an index was kept though the paths hold too much: %v", idx)
	}
	// The same exact hits as a search with its index, and every one of
	// them once across pages.
	unlimited := big
	unlimited.MaxIndexBytes = -1
	withIndex, err := scout.Concept(ctx, unlimited)
	if err != nil {
		t.Fatal(err)
	}
	if len(withIndex.Leads) == 0 {
		t.Errorf("no limit: no leads:\n%s", withIndex.Text)
	}
	want := conceptUnits(p)
	if got := conceptUnits(withIndex)[:len(want)]; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("exact hits without an index:\n%v\nwith one:\n%v", want, got)
	}
	var got []string
	for _, p := range conceptPages(t, opts, p.Total) {
		got = append(got, conceptUnits(p)...)
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("pages gave %v, want %v", got, want)
	}
	opts.Budget = scout.MinBudget
	first, err := scout.Concept(ctx, opts)
	if err != nil || first.Cursor == "" {
		t.Fatalf("first page: %v (cursor %q)", err, first.Cursor)
	}
	// Directories below the paths: the largest are named, to narrow to.
	tree := t.TempDir()
	for _, f := range []struct{ name, src string }{{"big/a.go", "package a // 1\n"}, {"big/b.go", "package a // 2\n"}, {"small/c.go", "package c\n"}, {"d.go", "package d\n"}} {
		os.MkdirAll(filepath.Dir(filepath.Join(tree, f.name)), 0o755)
		os.WriteFile(filepath.Join(tree, f.name), []byte(f.src), 0o644)
	}
	sub, err := scout.Concept(ctx, scout.ConceptOptions{Description: "package", Scope: scout.Scope{Paths: []string{tree}}, CacheOptions: scout.CacheOptions{CacheDir: cache}, MaxIndexBytes: 10})
	if err != nil {
		t.Fatal(err)
	}
	if want := "the largest directories here: " + filepath.ToSlash(tree) + "/big/ 30 bytes, " + filepath.ToSlash(tree) + "/small/ 10 bytes)"; !strings.Contains(sub.LeadsSkipped, want) {
		t.Errorf("leads_skipped %q, want it to name the directories (%q)", sub.LeadsSkipped, want)
	}
	later := time.Now().Add(time.Minute)
	f := filepath.Join(dir, "f7.go")
	os.WriteFile(f, []byte("package p\n\n// retry7 retries the request after a timeout, twice.\nfunc retry7() {}\n"), 0o644)
	os.Chtimes(f, later, later)
	opts.Cursor = first.Cursor
	if _, err := scout.Concept(ctx, opts); !errors.Is(err, scout.ErrStaleCursor) {
		t.Errorf("a file changed between pages: %v, want ErrStaleCursor", err)
	}
}
