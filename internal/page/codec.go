package page

import (
	"encoding/binary"
	"sort"
	"unsafe"
)

// codec writes a cursor's fields, or reads them back: each cursor lists
// its fields once (Cursor.fields, ReadCursor.fields), and the same list
// serves both ways, so the two cannot drift apart.
type codec struct {
	b       []byte // writing: the bytes so far; reading: the bytes left
	reading bool
	bad     bool // reading: the bytes ran out, or a varint did not parse
}

// take returns the next n bytes read, or n zero bytes when fewer are left.
func (x *codec) take(n int) []byte {
	if len(x.b) < n {
		x.bad = true
		return make([]byte, n)
	}
	v := x.b[:n]
	x.b = x.b[n:]
	return v
}

// fixed writes or reads each value little-endian in its own width.
func fixed[T ~uint8 | ~uint16 | ~uint32 | ~uint64](x *codec, vs ...*T) {
	for _, v := range vs {
		n := int(unsafe.Sizeof(*v))
		if !x.reading {
			for i := range n {
				x.b = append(x.b, byte(uint64(*v)>>(8*i)))
			}
			continue
		}
		var u uint64
		for i, c := range x.take(n) {
			u |= uint64(c) << (8 * i)
		}
		*v = T(u)
	}
}

func (x *codec) uvarint(v *uint64) {
	if !x.reading {
		x.b = binary.AppendUvarint(x.b, *v)
		return
	}
	u, n := binary.Uvarint(x.b)
	if n <= 0 {
		x.bad, u, n = true, 0, 0
	}
	*v, x.b = u, x.b[n:]
}

// varint is a uvarint of the value zig-zag encoded, as binary.AppendVarint
// writes it.
func (x *codec) varint(v *int64) {
	u := uint64(*v) << 1
	if *v < 0 {
		u = ^u
	}
	x.uvarint(&u)
	*v = int64(u >> 1)
	if u&1 != 0 {
		*v = ^*v
	}
}

// counts writes or reads each value as a uvarint (a negative value is
// written as its two's complement: the decoders refuse it).
func counts[T ~int | ~int64](x *codec, vs ...*T) {
	for _, v := range vs {
		u := uint64(*v)
		x.uvarint(&u)
		*v = T(u)
	}
}

// signed writes or reads a value as a varint.
func signed[T ~int](x *codec, v *T) {
	s := int64(*v)
	x.varint(&s)
	*v = T(s)
}

// bonuses writes or reads a map of path hashes to bonuses: its size, then
// each entry (4-byte key, varint value), by key.
func (x *codec) bonuses(m *map[uint32]int) {
	if !x.reading {
		keys := make([]uint32, 0, len(*m))
		for k := range *m {
			keys = append(keys, k)
		}
		sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
		n := uint64(len(keys))
		x.uvarint(&n)
		for _, k := range keys {
			v := int64((*m)[k])
			fixed(x, &k)
			x.varint(&v)
		}
		return
	}
	var n uint64
	x.uvarint(&n)
	if n == 0 || x.bad {
		return
	}
	*m = make(map[uint32]int, min(n, uint64(len(x.b)/5)))
	for range n {
		if x.bad {
			break
		}
		var k uint32
		var v int64
		fixed(x, &k)
		x.varint(&v)
		(*m)[k] = int(v)
	}
}
