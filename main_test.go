package scout_test

import (
	"os"
	"testing"

	"github.com/scoutcode/scout/internal/fixture"
)

// TestMain keeps what the tests' searches cache in a directory of their
// own, never the user's.
//
// The long evaluations (concept, ranking, the Python oracles) call
// t.Parallel: each mostly keeps one CPU busy, so two at a time, after the
// other tests, take about half the time. A parallel test cannot change
// directory (t.Chdir panics), so they name their tree in the scope
// (scopeRel reads the pages' paths as a test run there would) and read
// nothing else through the process's state.
func TestMain(m *testing.M) { os.Exit(fixture.RunWithOwnCache(m.Run)) }
