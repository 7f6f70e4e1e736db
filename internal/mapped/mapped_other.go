//go:build !unix

package mapped

import (
	"os"

	"github.com/scoutcode/scout/internal/regular"
)

// File reads the file at path (no mapping on this system).
func File(path string, populate bool) ([]byte, os.FileInfo, error) {
	data, err := regular.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	fi, err := os.Stat(path)
	return data, fi, err
}

// Unmap does nothing here.
func Unmap([]byte) {}
