//go:build !amd64 || purego

package embed

func dotInt8(a, b []byte) int32 { return dotInt8Go(a, b) }
