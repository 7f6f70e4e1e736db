package walk

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"sync/atomic"
	"testing"
)

// entryOpener reads each entry's file by its path and keeps what it read.
type entryOpener struct {
	collector
	read []string
}

func (c *entryOpener) Visit(e Entry) error {
	if e.dir != nil {
		return errors.New(e.Rel + ": revisited with the walk's open directory")
	}
	b, err := os.ReadFile(e.Path)
	if err != nil {
		return err
	}
	c.read = append(c.read, e.Rel+"="+string(b))
	return nil
}

// TestRevisitSearchesWhatTheWalkGave walks a tree with open directories,
// keeps the entries, and revisits them after the walk closed them: each
// file is visited once, by its path, with its root and path below it.
func TestRevisitSearchesWhatTheWalkGave(t *testing.T) {
	dir := t.TempDir()
	var want []string
	for i := range 40 {
		rel := "d" + strconv.Itoa(i%4) + "/f" + strconv.Itoa(i)
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(rel)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, rel), []byte("x"+strconv.Itoa(i)), 0o644); err != nil {
			t.Fatal(err)
		}
		want = append(want, rel+"=x"+strconv.Itoa(i))
	}
	slices.Sort(want)
	var kept []Entry
	keep := &keeper{}
	if err := Parallel(context.Background(), []string{dir}, Options{DirHandles: true}, 1, func(int) Visitor { return keep }); err != nil {
		t.Fatal(err)
	}
	kept = keep.entries
	if len(kept) != 40 {
		t.Fatalf("the walk gave %d files, want 40", len(kept))
	}
	for _, n := range []int{1, 3} {
		openers := make([]*entryOpener, n)
		err := Revisit(context.Background(), kept, n, func(i int) Visitor {
			openers[i] = &entryOpener{}
			return openers[i]
		})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, o := range openers {
			got = append(got, o.read...)
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("%d goroutines: revisited\n%q\nwant\n%q", n, got, want)
		}
	}
}

// keeper keeps every file entry a walk gives.
type keeper struct {
	collector
	entries []Entry
}

func (k *keeper) Visit(e Entry) error {
	if !e.IsDir {
		k.entries = append(k.entries, e) // with its directory, closed once the walk ends
	}
	return nil
}

// TestRevisitStops: a visitor's error stops every goroutine and is
// returned; so is a cancelled context's, before any file is opened.
func TestRevisitStops(t *testing.T) {
	dir := t.TempDir()
	var entries []Entry
	for i := range 1000 {
		name := "f" + strconv.Itoa(i)
		if i == 10 {
			name = "stop"
		}
		if err := os.WriteFile(filepath.Join(dir, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
		entries = append(entries, Entry{Path: filepath.Join(dir, name), Rel: name})
	}
	boom := errors.New("boom")
	var visited atomic.Int64
	err := Revisit(context.Background(), entries, 2, func(int) Visitor {
		return visitFunc(func(e Entry) error {
			visited.Add(1)
			if e.Rel == "stop" {
				return boom
			}
			return nil
		})
	})
	if !errors.Is(err, boom) {
		t.Errorf("Revisit returned %v, want the visitor's error", err)
	}
	if n := visited.Load(); n >= 1000 {
		t.Errorf("%d files visited after the error, want the revisit stopped", n)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	visited.Store(0)
	err = Revisit(ctx, entries, 2, func(int) Visitor {
		return visitFunc(func(Entry) error { visited.Add(1); return nil })
	})
	if !errors.Is(err, context.Canceled) || visited.Load() != 0 {
		t.Errorf("cancelled: Revisit returned %v after %d visits, want context.Canceled after none", err, visited.Load())
	}
}

type visitFunc func(Entry) error

func (f visitFunc) Visit(e Entry) error { return f(e) }
func (visitFunc) Skip(Skip)             {}
func (visitFunc) Warn(string, error)    {}
