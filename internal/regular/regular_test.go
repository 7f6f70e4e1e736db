package regular

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"
	"time"
)

func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "a")
	if err := os.WriteFile(file, []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, err := ReadFile(file); err != nil || string(got) != "x\n" {
		t.Errorf("a regular file: %q, %v", got, err)
	}
	if _, err := ReadFile(dir); !errors.Is(err, syscall.EISDIR) || errors.Is(err, ErrNotRegular) {
		t.Errorf("a directory: %v, want EISDIR (as os.ReadFile), not ErrNotRegular", err)
	}
	if _, err := ReadFile(filepath.Join(dir, "none")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a missing file: %v, want ErrNotExist", err)
	}
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	done := make(chan error, 1)
	go func() { _, err := ReadFile(fifo); done <- err }()
	select {
	case err := <-done:
		if !errors.Is(err, ErrNotRegular) {
			t.Errorf("a named pipe: %v, want ErrNotRegular", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("reading a named pipe waits for a writer")
	}
}

// TestReadSized: a file is read into a buffer of its size (io.ReadAll
// allocates about twice what it reads), and whole even when it grew after
// its size was taken.
func TestReadSized(t *testing.T) {
	file := filepath.Join(t.TempDir(), "a")
	data := bytes.Repeat([]byte("0123456789abcde\n"), 1<<16) // 1 MiB
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	got, err := ReadFile(file)
	runtime.ReadMemStats(&after)
	if err != nil || !bytes.Equal(got, data) {
		t.Fatalf("ReadFile: %d bytes, %v", len(got), err)
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > uint64(len(data))*5/4 {
		t.Errorf("ReadFile of %d bytes allocated %d", len(data), n)
	}
	got, err = ReadSized(bytes.NewReader(data), 100)
	if err != nil || !bytes.Equal(got, data) {
		t.Errorf("ReadSized of a file that grew: %d bytes, %v", len(got), err)
	}
}
