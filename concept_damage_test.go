package scout_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/scoutcode/scout"
)

// TestConceptDamagedIndex: a kept index with a byte flipped anywhere is
// found damaged, where it is read back or where the search reads the
// page, and rebuilt; the page says so, and its leads are those of a
// search of an undamaged index.
func TestConceptDamagedIndex(t *testing.T) {
	dir, cache := t.TempDir(), t.TempDir()
	for f := range 40 {
		src := fmt.Sprintf("package p\n\n// Retry%d retries the request after a timeout of %d seconds.\nfunc Retry%d(conn%d int) error { return dial%d(conn%d) }\n", f, f, f, f%5, f, f%5)
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%02d.go", f)), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	search := func() string {
		t.Helper()
		p, err := scout.Concept(context.Background(), scout.ConceptOptions{Description: "retries the request after a timeout", CacheOptions: scout.CacheOptions{CacheDir: cache}, Scope: scout.Scope{Paths: []string{dir}}, PageOptions: scout.PageOptions{Budget: scout.MaxBudget}})
		if err != nil {
			t.Fatal(err)
		}
		return p.Text
	}
	leads := func(text string) string {
		var keep []string
		for _, l := range strings.Split(text, "\n") {
			if !strings.HasPrefix(l, "index: ") && !strings.Contains(l, "warning") && !strings.Contains(l, "rebuilt") {
				keep = append(keep, l)
			}
		}
		return strings.Join(keep, "\n")
	}
	want := leads(search())
	idx, err := filepath.Glob(filepath.Join(cache, "*.idx"))
	if err != nil || len(idx) != 1 {
		t.Fatalf("kept indexes: %v %v", idx, err)
	}
	clean, err := os.ReadFile(idx[0])
	if err != nil {
		t.Fatal(err)
	}
	var found [2]int // as read back, as the search read it
	for i := 20; i < len(clean); i += 997 {
		d := bytes.Clone(clean)
		d[i] ^= 0x04
		if err := os.WriteFile(idx[0], d, 0o600); err != nil {
			t.Fatal(err)
		}
		got := search()
		switch {
		case strings.Contains(got, "found as the search read it; rebuilt"):
			found[1]++
		case strings.Contains(got, "damaged") && strings.Contains(got, "rebuilt"):
			found[0]++
		default:
			// A page the search did not read; the index is kept as it is.
		}
		if l := leads(got); l != want {
			t.Fatalf("byte %d of %d flipped:\n%s\nwant the leads\n%s", i, len(clean), got, want)
		}
		again, err := os.ReadFile(idx[0])
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(again, clean) && !bytes.Equal(again, d) {
			t.Fatalf("byte %d flipped: the index kept after is neither the damaged one nor a clean rebuild", i)
		}
	}
	t.Logf("%d bytes; flips found as read back %d, as searched %d", len(clean), found[0], found[1])
	if found[0] == 0 || found[1] == 0 {
		t.Errorf("flips found as read back %d, as the search read them %d: want both", found[0], found[1])
	}

	// A file changed: the update would copy the damaged page; it is
	// found first, and the index built again.
	d := bytes.Clone(clean)
	d[len(d)/2] ^= 0x04
	if err := os.WriteFile(idx[0], d, 0o600); err != nil {
		t.Fatal(err)
	}
	later := time.Now().Add(time.Minute)
	if err := os.Chtimes(filepath.Join(dir, "f07.go"), later, later); err != nil {
		t.Fatal(err)
	}
	got := search()
	if !strings.Contains(got, "the concept index is damaged: the checksum of its bytes") || !strings.Contains(got, "index: 40 files, built and kept for the next search") {
		t.Errorf("a file changed, the kept index damaged:\n%s", got)
	}
	if l := leads(got); l != want {
		t.Errorf("a file changed, the kept index damaged:\n%s\nwant the leads\n%s", got, want)
	}
}
