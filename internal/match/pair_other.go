//go:build !amd64 || purego

package match

func pairScan(buf []byte, a, b byte) int { return pairScanGo(buf, a, b) }
