//go:build !unix

package regular

import "os"

// openFile is os.OpenFile for reading.
func openFile(path string, flags int) (*os.File, error) { return os.OpenFile(path, flags, 0) }
