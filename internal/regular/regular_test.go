package regular

import (
	"errors"
	"os"
	"path/filepath"
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
