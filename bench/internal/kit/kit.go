// Package kit holds what the benchmark commands share: building scout and
// giving up with a message.
package kit

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/scoutcode/scout/internal/fixture"
)

// Fail prints msg as the command's complaint and exits with status 2.
func Fail(msg string) {
	fmt.Fprintf(os.Stderr, "%s: %s\n", filepath.Base(os.Args[0]), msg)
	os.Exit(2)
}

// Build builds scout into dir (a new temporary directory when dir is "")
// and returns the binary's path; it fails the command when it cannot.
func Build(dir string) string {
	if dir == "" {
		var err error
		if dir, err = os.MkdirTemp("", "scout-bench"); err != nil {
			Fail(err.Error())
		}
	}
	bin, err := fixture.BuildScout(dir)
	if err != nil {
		Fail(err.Error())
	}
	return bin
}
