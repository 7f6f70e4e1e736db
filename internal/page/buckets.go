package page

// Buckets digest a set of files, each with a digest of its own (a content
// checksum, or a size), into 16 buckets by the hash of the path: a cursor
// carries the first page's, so that when the tree changed a later page can
// tell which files did (those in a bucket whose digest differs) without
// keeping a record per file. A file touched but not changed keeps its
// bucket's digest.
type Buckets [16]uint16

// Add adds a file to the digest; the order of adding does not matter.
func (b *Buckets) Add(path string, digest uint32) {
	h := PathHash(path) // the bucket, and with the digest mixed in, the value
	v := h>>4 ^ digest*0x9E3779B1
	b[h%uint32(len(b))] ^= uint16(v) ^ uint16(v>>16)
}

// Same reports whether path's bucket has the same digest in b and o.
func (b *Buckets) Same(o *Buckets, path string) bool {
	i := PathHash(path) % uint32(len(b))
	return b[i] == o[i]
}
