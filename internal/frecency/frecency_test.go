package frecency

import (
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
			if err := s.Touch([]string{"a.go"}, 1, t0); err != nil {
				t.Errorf("Touch over a corrupt store: %v (a touch only appends)", err)
			}
			if snap, err := s.Load(t0); !errors.Is(err, ErrCorrupt) || snap.Len() != 0 {
				t.Errorf("Load: %v, %d entries; want ErrCorrupt and none", err, snap.Len())
			}
			if old, err := os.ReadFile(s.Path() + ".corrupt"); err != nil || string(old) != content {
				t.Errorf("the corrupt store was not set aside by the load that found it: %v", err)
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
	if _, err := os.Stat(Open(dir, "/shared").Path()); err != nil {
		t.Errorf("no compaction ran while the processes wrote (%v): the test did not exercise it", err)
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
	compactAt = 2048 // compact often, while readers and writers are busy
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
		last := 0.0
		for {
			snap, err := s.Load(t0)
			if err != nil {
				fmt.Fprintf(os.Stderr, "read %d failed: %v\n", reads, err)
				os.Exit(1)
			}
			// Touches only add: a read that sees fewer than the one before
			// missed some.
			if got := snap.Score("shared.go"); got < last {
				fmt.Fprintf(os.Stderr, "read %d: shared.go went down from %v to %v\n", reads, last, got)
				os.Exit(1)
			} else {
				last = got
			}
			reads++
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

// TestCompactionCutShort stops a compaction between its two renames: the
// store holds the journal's touches and the journal is still there. No
// touch may count twice, and the next compaction must finish the job.
func TestCompactionCutShort(t *testing.T) {
	s := Open(t.TempDir(), "/p")
	for range 3 {
		if err := s.Touch([]string{"a.go"}, 1, t0); err != nil {
			t.Fatal(err)
		}
	}
	journal, err := os.ReadFile(s.journal())
	if err != nil {
		t.Fatal(err)
	}
	if err := s.compact(t0); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(s.journal(), journal, 0o644) // as if the second rename never happened
	s.Touch([]string{"a.go"}, 1, t0)
	if snap, _ := s.Load(t0); snap.Score("a.go") != 4 {
		t.Errorf("a.go = %v after a cut-short compaction, want 4", snap.Score("a.go"))
	}
	if err := s.compact(t0); err != nil {
		t.Fatal(err)
	}
	if snap, _ := s.Load(t0); snap.Score("a.go") != 4 {
		t.Errorf("a.go = %v after the next compaction, want 4", snap.Score("a.go"))
	}
}

// TestTouchesAddUpInAnyOrder: a journal's lines may be in any order.
func TestTouchesAddUpInAnyOrder(t *testing.T) {
	times := []int64{100, 5_000_000, 2_000_000, 100, 9_000_000}
	var fwd, back entry
	for i := range times {
		fwd = add(fwd, 1, times[i])
		back = add(back, 1, times[len(times)-1-i])
	}
	now := time.Unix(10_000_000, 0)
	if a, b := decay(fwd, now), decay(back, now); math.Abs(a-b) > 1e-12 {
		t.Errorf("forward %v, backward %v", a, b)
	}
}

// TestTornJournalLine: an append cut short by a crash leaves a line that
// does not parse; it is skipped and the rest still counts.
func TestTornJournalLine(t *testing.T) {
	s := Open(t.TempDir(), "/p")
	s.Touch([]string{"a.go"}, 1, t0)
	f, _ := os.OpenFile(s.journal(), os.O_WRONLY|os.O_APPEND, 0)
	f.WriteString(`{"t":1764446400,"w":1,"p":["a.g`)
	f.Close()
	s.Touch([]string{"b.go"}, 1, t0)
	snap, err := s.Load(t0)
	if err != nil || snap.Score("a.go") != 1 {
		t.Errorf("Load: %v, a.go = %v, want 1", err, snap.Score("a.go"))
	}
}

// TestLockWaitGivesUp: a lock held by another process is waited for, up to
// the limit, and an attempt that gave up does not keep it once it comes.
func TestLockWaitGivesUp(t *testing.T) {
	path := filepath.Join(t.TempDir(), "l.lock")
	release, err := lock(path, true, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := lock(path, false, 50*time.Millisecond); err == nil {
		t.Fatal("a shared lock was granted while the exclusive one was held")
	}
	release()
	again, err := lock(path, true, 5*time.Second)
	if err != nil {
		t.Fatalf("the lock was kept by the attempt that gave up: %v", err)
	}
	again()
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
