package frecency

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"
)

var t0 = time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)

func TestTouchLoadDecay(t *testing.T) {
	s := Open(t.TempDir(), "/work/project")
	snap, err := s.Load(t0)
	if err != nil || snap.Len() != 0 {
		t.Fatalf("empty store: %v %d", err, snap.Len())
	}
	if err := s.Touch([]string{"a.go", "b.go"}, 1, t0); err != nil {
		t.Fatal(err)
	}
	if err := s.Touch([]string{"a.go"}, 1, t0.Add(HalfLife)); err != nil {
		t.Fatal(err)
	}
	snap, err = s.Load(t0.Add(HalfLife))
	if err != nil {
		t.Fatal(err)
	}
	if got := snap.Score("a.go"); math.Abs(got-1.5) > 1e-9 {
		t.Errorf("a.go = %v, want 1.5 (half of the first touch, all of the second)", got)
	}
	if got := snap.Score("b.go"); math.Abs(got-0.5) > 1e-9 {
		t.Errorf("b.go = %v, want 0.5", got)
	}
	if got := snap.Score("c.go"); got != 0 {
		t.Errorf("c.go = %v, want 0", got)
	}
}

func TestCorruptStoreIsReportedAndReplaced(t *testing.T) {
	for name, content := range map[string]string{
		"garbage":       "{not json",
		"other project": `{"version":1,"project":"/elsewhere","entries":{}}`,
		"other version": `{"version":99,"project":"/work/project","entries":{}}`,
		"no entries":    `{"version":1,"project":"/work/project"}`,
	} {
		t.Run(name, func(t *testing.T) {
			s := Open(t.TempDir(), "/work/project")
			os.MkdirAll(filepath.Dir(s.Path()), 0o755)
			os.WriteFile(s.Path(), []byte(content), 0o644)
			if snap, err := s.Load(t0); !errors.Is(err, ErrCorrupt) || snap.Len() != 0 {
				t.Errorf("Load: %v, %d entries", err, snap.Len())
			}
			if err := s.Touch([]string{"a.go"}, 1, t0); !errors.Is(err, ErrCorrupt) {
				t.Errorf("Touch over a corrupt store: %v, want ErrCorrupt", err)
			}
			if old, err := os.ReadFile(s.Path() + ".corrupt"); err != nil || string(old) != content {
				t.Errorf("the corrupt store was not kept aside: %v", err)
			}
			snap, err := s.Load(t0)
			if err != nil || snap.Score("a.go") != 1 {
				t.Errorf("after replacement: %v, a.go = %v", err, snap.Score("a.go"))
			}
		})
	}
}

func TestBounded(t *testing.T) {
	s := Open(t.TempDir(), "/p")
	var paths []string
	for i := range MaxEntries + 100 {
		paths = append(paths, fmt.Sprintf("f%05d", i))
	}
	if err := s.Touch(paths, 1, t0); err != nil {
		t.Fatal(err)
	}
	s.Touch([]string{"f00000"}, 5, t0) // the best one must survive
	snap, _ := s.Load(t0)
	if snap.Len() != MaxEntries || snap.Score("f00000") != 6 {
		t.Errorf("%d entries, f00000 = %v", snap.Len(), snap.Score("f00000"))
	}
	s.Touch([]string{"new"}, 1, t0.Add(30*HalfLife)) // everything else decayed away
	snap, _ = s.Load(t0.Add(30 * HalfLife))
	if snap.Len() != 1 {
		t.Errorf("decayed entries kept: %d", snap.Len())
	}
}

// TestConcurrentProcesses starts 8 processes that each record 200 touches
// (one lock, read, merge and rename each) while 4 more read the store as
// fast as they can. No touch may be lost and no read may fail to parse.
func TestConcurrentProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a dozen processes; not in -short mode")
	}
	dir := t.TempDir()
	const writers, touches, readers = 8, 200, 4
	done := filepath.Join(dir, "done")
	errs := make(chan error, writers+readers)
	start := func(wg *sync.WaitGroup, role string, id int) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcess$")
			cmd.Env = append(os.Environ(), "FRECENCY_HELPER="+role, "FRECENCY_DIR="+dir, "FRECENCY_ID="+strconv.Itoa(id), "FRECENCY_DONE="+done)
			if out, err := cmd.CombinedOutput(); err != nil {
				errs <- fmt.Errorf("%s %d: %v: %s", role, id, err, out)
			}
		}()
	}
	var readersWG, writersWG sync.WaitGroup
	for i := range readers {
		start(&readersWG, "reader", i)
	}
	for i := range writers {
		start(&writersWG, "writer", i)
	}
	writersWG.Wait()
	os.WriteFile(done, nil, 0o644) // tells the readers to stop
	readersWG.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	snap, err := Open(dir, "/shared").Load(t0)
	if err != nil {
		t.Fatal(err)
	}
	if got := snap.Score("shared.go"); got != writers*touches {
		t.Errorf("shared.go = %v, want %d: touches were lost", got, writers*touches)
	}
	for i := range writers {
		if got := snap.Score(fmt.Sprintf("own%d.go", i)); got != touches {
			t.Errorf("own%d.go = %v, want %d", i, got, touches)
		}
	}
}

// TestHelperProcess is the body of the processes TestConcurrentProcesses
// starts; run directly it does nothing.
func TestHelperProcess(t *testing.T) {
	role := os.Getenv("FRECENCY_HELPER")
	if role == "" {
		return
	}
	s := Open(os.Getenv("FRECENCY_DIR"), "/shared")
	id := os.Getenv("FRECENCY_ID")
	switch role {
	case "writer":
		for range 200 {
			if err := s.Touch([]string{"shared.go", "own" + id + ".go"}, 1, t0); err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
		}
	case "reader":
		reads := 0
		for {
			data, err := os.ReadFile(s.Path())
			if err == nil {
				var doc document
				if err := json.Unmarshal(data, &doc); err != nil {
					fmt.Fprintf(os.Stderr, "read %d did not parse: %v\n", reads, err)
					os.Exit(1)
				}
				reads++
			}
			if _, err := os.Stat(os.Getenv("FRECENCY_DONE")); err == nil {
				break
			}
		}
		if reads == 0 {
			fmt.Fprintln(os.Stderr, "no read happened")
			os.Exit(1)
		}
	}
	os.Exit(0)
}

func TestProjectRoot(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "repo", ".git"), 0o755)
	os.MkdirAll(filepath.Join(dir, "repo", "a", "b"), 0o755)
	if got := ProjectRoot(filepath.Join(dir, "repo", "a", "b")); got != filepath.Join(dir, "repo") {
		t.Errorf("ProjectRoot = %s", got)
	}
	if got := ProjectRoot(filepath.Join(dir, "repo", "..")); got != filepath.Join(dir, "repo", "..") {
		t.Errorf("outside a repository: %s", got)
	}
}
