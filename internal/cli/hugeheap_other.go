//go:build !linux

package cli

// thpMode: transparent huge pages are Linux's.
func thpMode() string { return "" }

func adviseHuge([]byte) func() { return func() {} }
