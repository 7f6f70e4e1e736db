package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCacheCommand: scout cache lists the index a concept search kept,
// and --clear removes it.
func TestCacheCommand(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.go"), []byte("package a\n\n// Retry retries after a timeout.\nfunc Retry() {}\n"), 0o644)
	if _, stderr, code := run("concept", "retries after a timeout", dir); code != 0 {
		t.Fatalf("concept: exit %d: %s", code, stderr)
	}
	out, _, code := run("cache")
	if code != 0 || !strings.Contains(out, "1 kept file (indexes .idx, vectors .vec, parses .calls),") || !strings.Contains(out, filepath.Join(cache, "scout", "concept")) {
		t.Errorf("scout cache: exit %d:\n%s", code, out)
	}
	out, _, code = run("cache", "--clear")
	if code != 0 || !strings.Contains(out, "removed 1 kept file") {
		t.Errorf("scout cache --clear: exit %d:\n%s", code, out)
	}
	if out, _, _ = run("cache"); !strings.Contains(out, "0 kept files") {
		t.Errorf("after --clear:\n%s", out)
	}
}
