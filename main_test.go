package scout_test

import (
	"os"
	"testing"
)

// TestMain keeps what the tests' searches cache (concept indexes, kept
// parses) in a directory of their own, never the user's.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "scout-test-cache-")
	if err != nil {
		panic(err)
	}
	os.Setenv("XDG_CACHE_HOME", dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
