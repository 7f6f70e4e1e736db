package scout_test

import (
	"os"
	"testing"

	"github.com/scoutcode/scout/internal/fixture"
)

// TestMain keeps what the tests' searches cache in a directory of their
// own, never the user's.
func TestMain(m *testing.M) { os.Exit(fixture.RunWithOwnCache(m.Run)) }
