package scout_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/scoutcode/scout"
)

var cursorRE = regexp.MustCompile(`c\d\.[A-Za-z0-9_-]+`)

// structuralJSON runs a structural search to its last page and returns
// every page as JSON without its cursor (which carries a clock).
func structuralJSON(t *testing.T, mode, name string, co scout.CacheOptions) string {
	t.Helper()
	po := scout.PageOptions{Budget: 700}
	var out strings.Builder
	for _, p := range everyPage(t, func(cursor string) (*scout.Page, error) {
		po.Cursor = cursor
		switch mode {
		case "refs":
			return scout.Refs(context.Background(), scout.RefsOptions{Name: name, PageOptions: po, CacheOptions: co})
		case "callees":
			return scout.Callees(context.Background(), scout.CalleesOptions{Name: name, PageOptions: po, CacheOptions: co})
		}
		return scout.Callers(context.Background(), scout.CallersOptions{Name: name, PageOptions: po, CacheOptions: co})
	}) {
		p.Cursor = ""
		b, err := json.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		out.Write(cursorRE.ReplaceAll(b, []byte("c2.<cursor>")))
		out.WriteByte('\n')
	}
	return out.String()
}

// TestCallsCacheGivesTheParsedAnswer: callers, refs and callees answer the
// same with no cache, with a cache being filled, and from the filled
// cache (which parses nothing); after an edit only the edited file is
// parsed again and the answer follows the edit.
func TestCallsCacheGivesTheParsedAnswer(t *testing.T) {
	if scout.OutlineBy != "tree-sitter" {
		t.Skip("a build without cgo keeps no parses: the line classifier is cheaper than reading them")
	}
	callersCorpus(t)
	write(t, "pkg01/c.go", "package p\n\n// A secret in a signature: never kept.\nfunc f9(token string /* ghp_0123456789abcdefghijABCDEFGHIJ012345 */) { target(2) }\n\nfunc target2() { target(3); f9(\"\") }\n")
	cache := t.TempDir()
	for _, q := range [][2]string{{"callers", "target"}, {"refs", "target"}, {"callees", "f0"}, {"callees", "target2"}} {
		mode, name := q[0], q[1]
		want := structuralJSON(t, mode, name, scout.CacheOptions{NoCache: true})
		if !strings.Contains(want, `"path"`) {
			t.Fatalf("%s %s found nothing:\n%s", mode, name, want)
		}
		before := scout.CallsReused()
		if got := structuralJSON(t, mode, name, scout.CacheOptions{CacheDir: cache}); got != want {
			t.Errorf("%s %s, filling the cache:\n%s\nwant\n%s", mode, name, got, want)
		}
		if got := structuralJSON(t, mode, name, scout.CacheOptions{CacheDir: cache}); got != want {
			t.Errorf("%s %s, from the cache:\n%s\nwant\n%s", mode, name, got, want)
		}
		if scout.CallsReused() == before {
			t.Errorf("%s %s: the second search reused no kept parse", mode, name)
		}
	}
	kept, err := filepath.Glob(filepath.Join(cache, "*.calls"))
	if err != nil || len(kept) != 4 {
		t.Fatalf("kept files %v (%v), want one per question", kept, err)
	}
	for _, k := range kept {
		b, err := os.ReadFile(k)
		if err != nil {
			t.Fatal(err)
		}
		for _, text := range []string{"ghp_", "target", "f9(", "token"} {
			if bytes.Contains(b, []byte(text)) {
				t.Errorf("%s holds %q: a kept parse must hold no text of the source", k, text)
			}
		}
	}

	// An edit: a new call in one file, the others unchanged.
	write(t, "pkg02/a.go", "package p\n\nfunc edited() {\n\tx := 1\n\ttarget(x)\n}\n")
	want := structuralJSON(t, "callers", "target", scout.CacheOptions{NoCache: true})
	before := scout.CallsReused()
	if got := structuralJSON(t, "callers", "target", scout.CacheOptions{CacheDir: cache}); got != want {
		t.Errorf("after an edit:\n%s\nwant\n%s", got, want)
	}
	if !strings.Contains(want, `"name":"edited"`) {
		t.Errorf("the edit's call is not on the pages:\n%s", want)
	}
	// Every page but the first parses nothing; the first parses only the
	// edited file: of the 26 files, 25 come from the cache on page 1.
	if n := scout.CallsReused() - before; n < 25 {
		t.Errorf("after editing one file, %d kept parses were reused, want at least 25", n)
	}
}

// TestCallsCacheUnwritable: a cache directory that cannot be made is a
// warning on the page, and the answer is whole.
func TestCallsCacheUnwritable(t *testing.T) {
	callersCorpus(t)
	notDir := filepath.Join(t.TempDir(), "file")
	write(t, notDir, "x")
	want := structuralJSON(t, "callers", "target", scout.CacheOptions{NoCache: true})
	p, err := scout.Callers(context.Background(), scout.CallersOptions{Name: "target", CacheOptions: scout.CacheOptions{CacheDir: filepath.Join(notDir, "cache")}, PageOptions: scout.PageOptions{Budget: 700}})
	if err != nil {
		t.Fatal(err)
	}
	if scout.OutlineBy == "tree-sitter" && !strings.Contains(p.Text, "the parses were not kept for the next search") {
		t.Errorf("no warning on the page:\n%s", p.Text)
	}
	if !strings.Contains(want, fmt.Sprintf(`"total":{"matches":%d,"files":%d}`, p.Total.Matches, p.Total.Files)) {
		t.Errorf("totals %+v differ from the search that keeps nothing:\n%s", p.Total, want)
	}
}
