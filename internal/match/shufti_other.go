//go:build !amd64 || purego

package match

func (b *byteSets) mask(p []byte) uint64 { return b.maskGo(p) }

// setScanFast says whether mask is worth calling: not without a vector
// version.
var setScanFast = false
