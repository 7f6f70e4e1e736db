package scout_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/scoutcode/scout"
)

// TestConceptFoldsCopies: a chunk whose text is another lead's, line for
// line once trimmed, is listed under that lead (wherever it starts in its
// file), not as a lead of its own; one that differs by a word is a lead;
// and paging at the smallest budget gives each lead once, with its copies.
func TestConceptFoldsCopies(t *testing.T) {
	dir := t.TempDir()
	retry := func(wait string) string {
		return "// retryRequest sends the request again after a timeout, up to n times.\nfunc retryRequest(n int) error {\n\tfor i := 0; i < n; i++ {\n\t\tif send() == nil {\n\t\t\treturn nil\n\t\t}\n\t\t" + wait + "()\n\t}\n\treturn errTimeout\n}\n"
	}
	files := map[string]string{
		"a/retry.go": "package a\n\n" + retry("backoff"),
		"b/retry.go": "package b\n\n" + retry("backoff"),                                         // the same text, the same lines
		"c/retry.go": "package c\n\n// Built from a/retry.go.\nvar _ = 1\n\n" + retry("backoff"), // the same text, lower down
		"d/retry.go": "package d\n\n" + retry("sleep"),                                           // one word differs
	}
	for i := range 6 { // others, so that the leads fill pages
		files[fmt.Sprintf("e/other%d.go", i)] = fmt.Sprintf("package e\n\n// request%d times out after a while.\nfunc request%d() {}\n", i, i)
	}
	writeTree(t, dir, files)
	t.Chdir(dir)
	ctx := context.Background()
	opts := scout.ConceptOptions{Description: "retry the request after a timeout", CacheOptions: scout.CacheOptions{CacheDir: t.TempDir()}}
	big := opts
	big.Budget = scout.MaxBudget
	all, err := scout.Concept(ctx, big)
	if err != nil {
		t.Fatal(err)
	}
	var leads, retries []string // retries: the leads of retryRequest
	copies := map[string][]string{}
	for _, l := range all.Leads {
		k := fmt.Sprintf("%s:%d", l.Path, l.Start)
		leads = append(leads, k)
		if l.Name == "retryRequest" {
			retries = append(retries, k)
		}
		for _, c := range l.Copies {
			copies[k] = append(copies[k], fmt.Sprintf("%s:%d-%d", c.Path, c.Start, c.End))
		}
	}
	if len(retries) != 2 || retries[1] != "d/retry.go:3" {
		t.Fatalf("leads of retryRequest: %v, want one of a/, b/ or c/retry.go's, then d/retry.go's (it differs by a word)", retries)
	}
	k := retries[0]
	var want []string
	for _, p := range []string{"a/retry.go:3-12", "b/retry.go:3-12", "c/retry.go:6-15"} {
		if !strings.HasPrefix(p, k+"-") {
			want = append(want, p)
		}
	}
	if got := copies[k]; !slices.Equal(got, want) {
		t.Errorf("copies of %s: %v, want %v (leads %v)", k, got, want, leads)
	}
	if len(copies["d/retry.go:3"]) > 0 {
		t.Errorf("d/retry.go's lead has copies: %v", copies["d/retry.go:3"])
	}
	if !strings.Contains(all.Text, "(2 more are copies, each listed under the lead it repeats)") || !strings.Contains(all.Text, "    = also ") {
		t.Errorf("the page does not say so:\n%s", all.Text)
	}
	// Page by page, each lead once, in the same order, with its copies.
	var paged []string
	for n, p := range conceptPages(t, opts, all.Total) {
		for _, l := range p.Leads {
			k := fmt.Sprintf("%s:%d", l.Path, l.Start)
			paged = append(paged, k)
			if len(l.Copies) != len(copies[k]) {
				t.Errorf("page %d: %s has %d copies, want %d", n+1, k, len(l.Copies), len(copies[k]))
			}
		}
	}
	if !slices.Equal(paged, leads) {
		t.Errorf("paged leads %v, want %v", paged, leads)
	}
}

// TestConceptFoldsExactCopies: an exact hit whose line repeats, trimmed,
// in files below it is listed once, with those places under it; the
// totals count it once, and pages at the smallest budget give it once.
func TestConceptFoldsExactCopies(t *testing.T) {
	dir := t.TempDir()
	same := "// retry sends the request again after a timeout.\nfunc retry() {}\n"
	writeTree(t, dir, map[string]string{
		"a/retry.go": "package a\n\n" + same,
		"b/retry.go": "package b\n\n" + same,
		"c/retry.go": "package c\n\n\n" + same, // a line lower
		"d/other.go": "package d\n\n// other sends the request again after a timeout, twice.\nfunc other() {}\n",
	})
	t.Chdir(dir)
	ctx := context.Background()
	opts := scout.ConceptOptions{Description: "sends the request again after a timeout", CacheOptions: scout.CacheOptions{CacheDir: t.TempDir()}}
	big := opts
	big.Budget = scout.MaxBudget
	all, err := scout.Concept(ctx, big)
	if err != nil {
		t.Fatal(err)
	}
	var exact []string
	for _, f := range all.Files {
		for _, l := range f.Lines {
			exact = append(exact, fmt.Sprintf("%s:%d %v", f.Path, l.Number, l.Copies))
		}
	}
	// Which of a, b and c comes first is the ranking's; the other two are
	// under it, and d's line, not the same, is its own.
	if len(exact) != 2 || !strings.Contains(all.Text, "(2 more are copies, each listed under the line it repeats)") {
		t.Fatalf("exact hits %v, want one of a, b, c with the other two under it, and d's:\n%s", exact, all.Text)
	}
	for _, e := range exact {
		if strings.HasPrefix(e, "d/") != strings.HasSuffix(e, " []") {
			t.Errorf("exact hit %s: want copies under a, b or c's line, none under d's", e)
		}
	}
	var paged []string
	for _, p := range conceptPages(t, opts, all.Total) {
		for _, f := range p.Files {
			for _, l := range f.Lines {
				paged = append(paged, fmt.Sprintf("%s:%d %v", f.Path, l.Number, l.Copies))
			}
		}
	}
	if !slices.Equal(paged, exact) {
		t.Errorf("paged exact hits %v, want %v", paged, exact)
	}
}

// TestNearCopyText: a Markdown section, the man page and the HTML page
// made from it are one text once their markup is out, whatever else their
// chunks hold; another text is not, nor is one too short to tell.
func TestNearCopyText(t *testing.T) {
	md := "#### `fetch-retries`\n\n* Default: 2\n* Type: Number\n\nThe \"retries\" config for the `retry` module to use when fetching packages\nfrom the registry.\n\nnpm will retry idempotent read requests to the registry in the case of\nnetwork failures or 5xx HTTP errors."
	roff := ".SS \"\\fBfetch-retries\\fR\"\n.RS 0\n.IP \\(bu 4\nDefault: 2\n.IP \\(bu 4\nType: Number\n.RE 0\n\n.P\nThe \"retries\" config for the \\fBretry\\fR module to use when fetching packages from the registry.\n.P\nnpm will retry idempotent read requests to the registry in the case of network failures or 5xx HTTP errors.\n.SS \"\\fBfetch-retry-factor\\fR\"\n.P\nThe \"factor\" config for the \\fBretry\\fR module to use when fetching packages."
	html := "<h4 id=\"fetch-retries\"><code>fetch-retries</code></h4>\n<ul>\n<li>Default: 2</li>\n<li>Type: Number</li>\n</ul>\n<p>The &quot;retries&quot; config for the <code>retry</code> module to use when fetching packages\nfrom the registry.</p>\n<p>npm will retry idempotent read requests to the registry in the case of\nnetwork failures or 5xx HTTP errors.</p>"
	other := "#### `fetch-timeout`\n\nThe maximum amount of time to wait for HTTP requests to complete before\nnpm gives up on them and reports a failure to the user who asked."
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{md, roff, true}, {roff, md, true}, {md, html, true}, {html, roff, true},
		{md, other, false}, {roff, other, false},
		{"npm will retry idempotent reads.", "npm will retry idempotent reads.", false}, // too short to tell
	} {
		if got := scout.NearCopyText(c.a, c.b); got != c.want {
			t.Errorf("NearCopyText(%.30q, %.30q) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

// TestLinesIn: a chunk's lines are taken from a file's bytes as they are,
// the last with or without its newline; lines the file does not have are
// refused.
func TestLinesIn(t *testing.T) {
	for _, c := range []struct {
		data       string
		start, end int
		want       string
		ok         bool
	}{
		{"a\nb\nc\n", 2, 3, "b\nc\n", true},
		{"a\nb\nc", 3, 3, "c", true},
		{"a\nb\nc", 1, 1, "a\n", true},
		{"a\nb\n", 2, 3, "", false},
		{"a\nb\n", 4, 4, "", false},
		{"a\nb\n", 0, 1, "", false},
		{"a\nb\n", 2, 1, "", false},
	} {
		if got, ok := scout.LinesIn([]byte(c.data), c.start, c.end); got != c.want || ok != c.ok {
			t.Errorf("LinesIn(%q, %d, %d) = %q, %v; want %q, %v", c.data, c.start, c.end, got, ok, c.want, c.ok)
		}
	}
}

// writeTree writes files (by slash-separated path) under dir.
func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for p, src := range files {
		os.MkdirAll(filepath.Join(dir, filepath.Dir(p)), 0o755)
		if err := os.WriteFile(filepath.Join(dir, p), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
