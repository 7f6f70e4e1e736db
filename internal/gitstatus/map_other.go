//go:build !unix

package gitstatus

import "os"

func mapFile(path string) ([]byte, os.FileInfo, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	fi, err := os.Stat(path)
	return data, fi, err
}

func unmap([]byte) {}
