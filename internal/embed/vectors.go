package embed

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
)

// Vectors are the kept vectors of one model, by key (a chunk's place and
// its file's digest, see the caller), each stored as int8 values and a
// scale: a quarter of the float32 size, and cosine similarity within
// about 1% of the exact one.
type Vectors struct {
	ID    string // the Embedder's
	Dim   int
	keys  []uint64 // sorted
	scale []float32
	vals  []byte // len(keys) × Dim int8 values, as bytes (so a file's bytes serve as they are)
}

// ErrVectorsCorrupt is the error for a vectors file that cannot be read
// back.
var ErrVectorsCorrupt = errors.New("the kept vectors are damaged")

var vectorsMagic = []byte("scout-vectors\x00\x01")

// Len returns how many vectors are kept.
func (v *Vectors) Len() int { return len(v.keys) }

// Find returns the position of key's vector, or -1.
func (v *Vectors) Find(key uint64) int {
	i := sort.Search(len(v.keys), func(i int) bool { return v.keys[i] >= key })
	if i < len(v.keys) && v.keys[i] == key {
		return i
	}
	return -1
}

// Query is a vector quantized as the kept ones are, for Dot.
type Query struct {
	vals  []byte // int8 values
	scale float32
}

// NewQuery quantizes q (normalized here, on a copy) for Dot.
func NewQuery(q []float32) Query {
	q = append([]float32(nil), q...)
	Normalize(q)
	vals, scale := quantize(q)
	return Query{vals, scale}
}

// Dot returns the dot product of q and the vector at position i: their
// cosine similarity, to within about 1%. q must have Dim values.
func (v *Vectors) Dot(q Query, i int) float32 {
	return float32(dotInt8(v.vals[i*v.Dim:(i+1)*v.Dim], q.vals)) * v.scale[i] * q.scale
}

// dotInt8Go is dotInt8 in Go, for any CPU.
func dotInt8Go(a, b []byte) int32 {
	b = b[:len(a)]
	var s0, s1, s2, s3 int32
	j := 0
	for ; j+4 <= len(a); j += 4 {
		s0 += int32(int8(a[j])) * int32(int8(b[j]))
		s1 += int32(int8(a[j+1])) * int32(int8(b[j+1]))
		s2 += int32(int8(a[j+2])) * int32(int8(b[j+2]))
		s3 += int32(int8(a[j+3])) * int32(int8(b[j+3]))
	}
	for ; j < len(a); j++ {
		s0 += int32(int8(a[j])) * int32(int8(b[j]))
	}
	return s0 + s1 + s2 + s3
}

// quantize returns v as int8 values (as bytes) and the scale that gives
// them back.
func quantize(v []float32) ([]byte, float32) {
	var m float32
	for _, x := range v {
		m = max(m, float32(math.Abs(float64(x))))
	}
	scale := m / 127
	out := make([]byte, len(v))
	if scale > 0 {
		for i, x := range v {
			out[i] = byte(int8(math.Round(float64(x / scale))))
		}
	}
	return out, scale
}

// VectorsBuilder collects vectors, then sorts them into Vectors.
type VectorsBuilder struct{ v Vectors }

// NewVectors starts vectors of a model whose vectors have dim values,
// room made for n of them.
func NewVectors(id string, dim, n int) *VectorsBuilder {
	return &VectorsBuilder{v: Vectors{ID: id, Dim: dim, keys: make([]uint64, 0, n), scale: make([]float32, 0, n), vals: make([]byte, 0, n*dim)}}
}

// Add adds a vector (normalized here) under key; a vector of another
// dimension is ErrDimension.
func (b *VectorsBuilder) Add(key uint64, vec []float32) error {
	if len(vec) != b.v.Dim {
		return fmt.Errorf("%w: %s gave %d values, its kept vectors have %d", ErrDimension, b.v.ID, len(vec), b.v.Dim)
	}
	Normalize(vec)
	q, scale := quantize(vec)
	b.v.keys = append(b.v.keys, key)
	b.v.scale = append(b.v.scale, scale)
	b.v.vals = append(b.v.vals, q...)
	return nil
}

// Len returns how many vectors were added (a key added twice counts
// twice).
func (b *VectorsBuilder) Len() int { return len(b.v.keys) }

// Keep adds the vector at position i of old under the same key.
func (b *VectorsBuilder) Keep(old *Vectors, i int) {
	b.v.keys = append(b.v.keys, old.keys[i])
	b.v.scale = append(b.v.scale, old.scale[i])
	b.v.vals = append(b.v.vals, old.vals[i*old.Dim:(i+1)*old.Dim]...)
}

// Vectors sorts what was added by key (a key added twice is kept once)
// and returns it.
func (b *VectorsBuilder) Vectors() *Vectors {
	v := &b.v
	order := make([]int, len(v.keys))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(x, y int) int {
		switch {
		case v.keys[x] < v.keys[y]:
			return -1
		case v.keys[x] > v.keys[y]:
			return 1
		}
		return 0
	})
	out := &Vectors{ID: v.ID, Dim: v.Dim}
	for _, i := range order {
		if n := len(out.keys); n > 0 && out.keys[n-1] == v.keys[i] {
			continue
		}
		out.keys = append(out.keys, v.keys[i])
		out.scale = append(out.scale, v.scale[i])
		out.vals = append(out.vals, v.vals[i*v.Dim:(i+1)*v.Dim]...)
	}
	return out
}

// Encode returns the vectors' binary form: magic, the ID's length and
// bytes, dim and count (uint32), then the keys (uint64), the scales
// (float32) and the values (int8), little-endian.
func (v *Vectors) Encode() []byte {
	var b bytes.Buffer
	b.Write(vectorsMagic)
	le := binary.LittleEndian
	b.Write(le.AppendUint32(nil, uint32(len(v.ID))))
	b.WriteString(v.ID)
	b.Write(le.AppendUint32(nil, uint32(v.Dim)))
	b.Write(le.AppendUint32(nil, uint32(len(v.keys))))
	buf := make([]byte, 0, 12*len(v.keys)+len(v.vals))
	for _, k := range v.keys {
		buf = le.AppendUint64(buf, k)
	}
	for _, s := range v.scale {
		buf = le.AppendUint32(buf, math.Float32bits(s))
	}
	b.Write(buf)
	b.Write(v.vals)
	return b.Bytes()
}

// DecodeVectors reads vectors back; anything but what Encode wrote is
// ErrVectorsCorrupt. The vectors keep b's bytes: b must not change.
func DecodeVectors(b []byte) (*Vectors, error) {
	bad := func(what string) error { return fmt.Errorf("%w: %s", ErrVectorsCorrupt, what) }
	if !bytes.HasPrefix(b, vectorsMagic) {
		return nil, bad("not a vectors file, or of another revision")
	}
	b = b[len(vectorsMagic):]
	le := binary.LittleEndian
	if len(b) < 4 {
		return nil, bad("cut short")
	}
	n := uint64(le.Uint32(b))
	b = b[4:]
	if uint64(len(b)) < n+8 {
		return nil, bad("cut short")
	}
	v := &Vectors{ID: string(b[:n])}
	b = b[n:]
	dim, count := uint64(le.Uint32(b)), uint64(le.Uint32(b[4:]))
	b = b[8:]
	if dim == 0 || dim > 1<<16 {
		return nil, bad(fmt.Sprintf("dimension %d", dim))
	}
	if uint64(len(b)) != count*(12+dim) {
		return nil, bad(fmt.Sprintf("%d bytes for %d vectors of %d", len(b), count, dim))
	}
	v.Dim = int(dim)
	v.keys = make([]uint64, count)
	v.scale = make([]float32, count)
	for i := range v.keys {
		v.keys[i] = le.Uint64(b[8*i:])
		if i > 0 && v.keys[i] <= v.keys[i-1] {
			return nil, bad("keys out of order")
		}
	}
	b = b[8*count:]
	for i := range v.scale {
		v.scale[i] = math.Float32frombits(le.Uint32(b[4*i:]))
		if s := float64(v.scale[i]); math.IsNaN(s) || math.IsInf(s, 0) || s < 0 {
			return nil, bad("a scale is not a finite positive number")
		}
	}
	v.vals = b[4*count:] // the caller's bytes, not copied
	return v, nil
}
