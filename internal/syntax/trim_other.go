//go:build cgo && !linux

package syntax

// giveBack is a no-op where the C library has no malloc_trim.
func giveBack() {}
