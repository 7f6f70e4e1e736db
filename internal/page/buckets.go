package page

import (
	"encoding/binary"
	"hash/fnv"
)

// Buckets digest a set of files, each with a digest of its own (a content
// checksum, or a size), into 16 buckets by the hash of the path: a cursor
// carries the first page's, so that when the tree changed a later page can
// tell which files did (those in a bucket whose digest differs) without
// keeping a record per file. A file touched but not changed keeps its
// bucket's digest.
type Buckets [16]uint16

// Add adds a file to the digest; the order of adding does not matter.
func (b *Buckets) Add(path string, digest uint32) {
	h := fnv.New32a()
	h.Write([]byte(path))
	var d [4]byte
	binary.LittleEndian.PutUint32(d[:], digest)
	h.Write(d[:])
	v := h.Sum32()
	b[PathHash(path)%uint32(len(b))] ^= uint16(v) ^ uint16(v>>16)
}

// Same reports whether path's bucket has the same digest in b and o.
func (b *Buckets) Same(o *Buckets, path string) bool {
	i := PathHash(path) % uint32(len(b))
	return b[i] == o[i]
}
