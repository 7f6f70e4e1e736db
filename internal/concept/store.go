package concept

import (
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
)

// Stamp is what a file was when it was indexed: its size, its
// modification time and a digest of its content. A file whose size and
// time are the same is taken as unchanged; one whose digest is the same
// is unchanged whatever its time says.
type Stamp struct {
	Size  int64
	MTime int64 // nanoseconds since the epoch
	Sum   uint32
}

// Revision is the revision of the index's format and of what goes into
// it (terms, weights of fields): an index of another revision is rebuilt.
const Revision = 2

var magic = []byte("scout-concept\x00")

// ErrCorrupt is the error for an index that cannot be read back.
var ErrCorrupt = errors.New("the concept index is damaged")

// Encode writes the index in its binary form: varints, postings as
// deltas.
func (ix *Index) Encode() []byte {
	b := slices.Clone(magic)
	b = binary.AppendUvarint(b, Revision)
	str := func(s string) {
		b = binary.AppendUvarint(b, uint64(len(s)))
		b = append(b, s...)
	}
	num := func(n uint64) { b = binary.AppendUvarint(b, n) }
	num(uint64(len(ix.Files)))
	for i, f := range ix.Files {
		str(f.Path)
		str(f.Skip)
		num(uint64(f.Class))
		num(uint64(f.Stamp.Size))
		b = binary.AppendVarint(b, f.Stamp.MTime)
		num(uint64(f.Stamp.Sum))
		num(uint64(f.end - f.first))
		num(uint64(ix.flens[i]))
	}
	num(uint64(len(ix.Chunks)))
	for i, c := range ix.Chunks {
		num(uint64(c.Start))
		num(uint64(c.End - c.Start))
		num(uint64(c.At))
		str(c.Kind)
		str(c.Name)
		str(c.Head)
		num(uint64(ix.lens[i]))
	}
	terms := make([]string, len(ix.post))
	for t, id := range ix.terms {
		terms[id] = t
	}
	num(uint64(len(terms)))
	list := func(ps []posting) {
		num(uint64(len(ps)))
		prev := uint32(0)
		for _, p := range ps {
			num(uint64(p.chunk - prev))
			num(uint64(p.tf))
			prev = p.chunk
		}
	}
	for id, t := range terms {
		str(t)
		list(ix.post[id])
		list(ix.fpost[id])
		num(uint64(len(ix.paths[id])))
		prev := uint32(0)
		for _, f := range ix.paths[id] {
			num(uint64(f - prev))
			prev = f
		}
	}
	return b
}

// Decode reads an index that Encode wrote. Anything else, or an index of
// another Revision, is an error.
func Decode(b []byte) (ix *Index, err error) {
	if len(b) < len(magic) || string(b[:len(magic)]) != string(magic) {
		return nil, fmt.Errorf("%w: not an index", ErrCorrupt)
	}
	b = b[len(magic):]
	bad := false
	num := func() uint64 {
		n, k := binary.Uvarint(b)
		if k <= 0 {
			bad, b = true, nil
			return 0
		}
		b = b[k:]
		return n
	}
	// count reads a count that each of its items needs at least one byte
	// for: a larger one is forged.
	count := func() int {
		n := num()
		if n > uint64(len(b)) {
			bad, b = true, nil
			return 0
		}
		return int(n)
	}
	str := func() string {
		n := count()
		s := string(b[:n])
		b = b[n:]
		return s
	}
	if rev := num(); rev != Revision {
		return nil, fmt.Errorf("%w: revision %d, this scout writes %d", ErrCorrupt, rev, Revision)
	}
	ix = &Index{terms: map[string]uint32{}}
	nf := count()
	ix.Files = make([]File, 0, nf)
	ix.flens = make([]uint32, 0, nf)
	chunks := 0
	for range nf {
		f := File{Path: str(), Skip: str(), first: chunks}
		f.Class = Class(num())
		if f.Skip != "" {
			ix.skipped++
		}
		f.Stamp.Size = int64(num())
		mt, k := binary.Varint(b)
		if k <= 0 {
			return nil, fmt.Errorf("%w: a file's time", ErrCorrupt)
		}
		b = b[k:]
		f.Stamp.MTime = mt
		f.Stamp.Sum = uint32(num())
		chunks += count()
		f.end = chunks
		ix.Files = append(ix.Files, f)
		fl := num()
		ix.flens = append(ix.flens, uint32(fl))
		ix.ftotal += fl
		if f.Class > Prose || f.Skip != "" && f.end != f.first {
			bad = true
		}
	}
	nc := count()
	if bad || nc != chunks {
		return nil, fmt.Errorf("%w: its files hold %d chunks, it has %d", ErrCorrupt, chunks, nc)
	}
	ix.Chunks = make([]Chunk, nc)
	ix.lens = make([]uint32, nc)
	for f := range ix.Files {
		for c := ix.Files[f].first; c < ix.Files[f].end; c++ {
			ch := Chunk{File: f, Start: int(num())}
			ch.End = ch.Start + int(num())
			ch.At = int(num())
			ch.Kind, ch.Name, ch.Head = str(), str(), str()
			ix.Chunks[c] = ch
			ix.lens[c] = uint32(num())
			ix.total += uint64(ix.lens[c])
		}
	}
	list := func(limit int) []posting {
		n := count()
		ps := make([]posting, n)
		prev := uint64(0)
		for i := range ps {
			prev += num()
			if prev >= uint64(limit) || i > 0 && ps[i-1].chunk == uint32(prev) {
				bad = true
				return nil
			}
			ps[i] = posting{uint32(prev), uint32(num())}
		}
		return ps
	}
	nt := count()
	ix.post = make([][]posting, nt)
	ix.fpost = make([][]posting, nt)
	ix.paths = make([][]uint32, nt)
	for id := range nt {
		t := str()
		if _, dup := ix.terms[t]; dup {
			bad = true
		}
		ix.terms[t] = uint32(id)
		ix.post[id] = list(nc)
		ix.fpost[id] = list(nf)
		n := count()
		prev := uint64(0)
		for i := range n {
			prev += num()
			if prev >= uint64(nf) || i > 0 && uint64(ix.paths[id][i-1]) == prev {
				bad = true
				break
			}
			ix.paths[id] = append(ix.paths[id], uint32(prev))
		}
		if bad {
			break
		}
	}
	if bad || len(b) != 0 {
		return nil, fmt.Errorf("%w: it ends early or holds more than it says", ErrCorrupt)
	}
	return ix, nil
}

// Without returns a Builder over the index without the files drop names
// (by index): their chunks and postings go, the others are renumbered in
// order. Add the files that changed to it.
func (ix *Index) Without(drop map[int]bool) *Builder {
	out := Index{terms: ix.terms, total: 0}
	fileTo := make([]int32, len(ix.Files))
	chunkTo := make([]int32, len(ix.Chunks))
	for f, file := range ix.Files {
		if drop[f] {
			fileTo[f] = -1
			for c := file.first; c < file.end; c++ {
				chunkTo[c] = -1
			}
			continue
		}
		fileTo[f] = int32(len(out.Files))
		nf := file
		nf.first = len(out.Chunks)
		for c := file.first; c < file.end; c++ {
			chunkTo[c] = int32(len(out.Chunks))
			ch := ix.Chunks[c]
			ch.File = len(out.Files)
			out.Chunks = append(out.Chunks, ch)
			out.lens = append(out.lens, ix.lens[c])
			out.total += uint64(ix.lens[c])
		}
		nf.end = len(out.Chunks)
		if nf.Skip != "" {
			out.skipped++
		}
		out.Files = append(out.Files, nf)
		out.flens = append(out.flens, ix.flens[f])
		out.ftotal += uint64(ix.flens[f])
	}
	keep := func(ps []posting, to []int32) []posting {
		out := ps[:0:0]
		for _, p := range ps {
			if n := to[p.chunk]; n >= 0 {
				out = append(out, posting{uint32(n), p.tf})
			}
		}
		return out
	}
	out.post = make([][]posting, len(ix.post))
	out.fpost = make([][]posting, len(ix.post))
	out.paths = make([][]uint32, len(ix.post))
	for id := range ix.post {
		out.post[id] = keep(ix.post[id], chunkTo)
		out.fpost[id] = keep(ix.fpost[id], fileTo)
		for _, f := range ix.paths[id] {
			if n := fileTo[f]; n >= 0 {
				out.paths[id] = append(out.paths[id], uint32(n))
			}
		}
	}
	return &Builder{ix: out}
}
