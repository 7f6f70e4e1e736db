//go:build !unix

package mapped

import "os"

// File reads the file at path (no mapping on this system).
func File(path string, populate bool) ([]byte, os.FileInfo, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	fi, err := os.Stat(path)
	return data, fi, err
}

// Unmap does nothing here.
func Unmap([]byte) {}
