package concept

import (
	"encoding/binary"
	"fmt"
	"io"
	"slices"
	"strings"
)

// Update returns the binary form of the index without the files drop
// names (by index), with the files of add (built with a Builder) after
// the rest, or the damage Verify finds in ix. ix is left as it was.
//
// It copies the kept index's bytes as they are where it can (the chunk
// table, the chunks' strings, the terms) and writes each kept list again
// entry by entry, renumbered, straight into the new index: nothing is
// expanded in memory and nothing is copied twice. A term whose lists all
// go keeps its place with empty lists (the terms are counted before the
// lists are written) until the next update, which leaves it out, as a
// fresh build does.
func (ix *Index) Update(drop map[int]bool, add *Index) ([]byte, error) {
	var m memFile
	size := 0 // about what it writes, to grow the buffer once
	if r := ix.raw; r != nil {
		size = len(r.lists) + len(r.fixed) + len(r.strs) + len(r.sends) + len(r.terms) + len(r.tends) + len(r.starts) + 80*len(ix.Files)
	}
	if add != nil {
		for id := range add.post {
			size += 3*(len(add.post[id])+len(add.fpost[id])+len(add.paths[id])) + 24
		}
		size += 80*add.NumChunks() + 80*len(add.Files)
	}
	size += size/pageSize*4 + 12 // the pages' sums
	m.b = make([]byte, 0, size)
	if err := ix.UpdateTo(&m, drop, add); err != nil {
		return nil, err // the damage: memFile never fails
	}
	return m.b, nil
}

// IndexWriter is where UpdateTo writes an index, in order.
type IndexWriter = io.Writer

// listBuffer is how many bytes of lists UpdateTo gathers before it
// writes them (a variable: the tests make it small).
var listBuffer = 1 << 20

// UpdateTo writes to w what Update returns, the lists through a buffer
// of listBuffer bytes: an index written to a file is never whole in
// memory. It returns the first error w returned, or, before it writes
// anything, the damage Verify finds in ix.
func (ix *Index) UpdateTo(w IndexWriter, drop map[int]bool, add *Index) error {
	if ix.raw == nil {
		kept, err := Decode(ix.Encode())
		if err != nil {
			panic(fmt.Sprintf("an index built here does not read back: %v", err)) // a bug, not input
		}
		ix = kept
	}
	if err := ix.Verify(); err != nil {
		return err
	}
	sums := &summer{w: w}
	w = sums
	if add == nil {
		add = NewBuilder().Index()
	}
	r := ix.raw

	// The files kept, and where each file and chunk goes.
	fileTo := make([]int32, len(ix.Files))
	chunkTo := make([]int32, ix.NumChunks())
	nfiles, nchunks := int32(0), int32(0)
	for f, file := range ix.Files {
		if drop[f] {
			fileTo[f] = -1
			for c := file.first; c < file.end; c++ {
				chunkTo[c] = -1
			}
			continue
		}
		fileTo[f] = nfiles
		nfiles++
		for c := file.first; c < file.end; c++ {
			chunkTo[c] = nchunks
			nchunks++
		}
	}
	// The chunks' total length, for the header: the kept index's less
	// the dropped chunks' (read from the table only for those).
	total := ix.total + add.total
	for f, file := range ix.Files {
		if drop[f] {
			for c := file.first; c < file.end; c++ {
				total -= uint64(r.u32(r.fixed, 4*c+3))
			}
		}
	}
	fileBase, chunkBase := uint32(nfiles), uint32(nchunks)
	nfiles += int32(len(add.Files))
	nchunks += int32(add.NumChunks())

	// The terms, old and new, in order.
	newTerms := make([]string, 0, len(add.terms))
	for t := range add.terms {
		newTerms = append(newTerms, t)
	}
	slices.Sort(newTerms)
	type merged struct{ old, new int32 } // -1: not in that index
	terms := make([]merged, 0, r.nterms+len(newTerms))
	var tblob, tends []byte
	for i, j := 0, 0; i < r.nterms || j < len(newTerms); {
		m := merged{-1, -1}
		var ob []byte
		if i < r.nterms {
			ob = r.termBytes(i)
		}
		useOld := i < r.nterms && (j == len(newTerms) || string(ob) <= newTerms[j])
		useNew := j < len(newTerms) && (i == r.nterms || newTerms[j] <= string(ob))
		if useOld && !useNew && r.emptyTerm(i) {
			i++ // emptied by the update before
			continue
		}
		if useOld {
			m.old = int32(i)
			tblob = append(tblob, ob...)
			i++
		}
		if useNew {
			m.new = int32(j)
			if !useOld {
				tblob = append(tblob, newTerms[j]...)
			}
			j++
		}
		tends = binary.LittleEndian.AppendUint32(tends, uint32(len(tblob)))
		terms = append(terms, m)
	}

	// The header goes out in pieces; the kept chunk table and strings
	// straight from the kept index's bytes, in runs.
	put := func(p []byte) error {
		_, err := w.Write(p)
		return err
	}
	b := make([]byte, 0, listBuffer+64<<10)
	b = append(b, magic...)
	b = binary.AppendUvarint(b, Revision)
	scope := ix.Scope
	if add.Scope != "" {
		scope = add.Scope
	}
	if len(scope) > maxScope {
		scope = strings.ToValidUTF8(scope[:maxScope], "")
	}
	b = binary.AppendUvarint(b, uint64(len(scope)))
	b = append(b, scope...)
	b = binary.AppendUvarint(b, uint64(nfiles))
	b = binary.AppendUvarint(b, uint64(nchunks))
	b = binary.AppendUvarint(b, uint64(len(terms)))
	b = binary.AppendUvarint(b, total)
	for f, file := range ix.Files {
		if fileTo[f] >= 0 {
			b = appendFile(b, file, ix.flens[f])
		}
	}
	for f, file := range add.Files {
		b = appendFile(b, file, add.flens[f])
	}
	if err := put(b); err != nil {
		return err
	}
	// The chunk table: the kept chunks' rows as they are (a row holds no
	// file number), then the new ones.
	var runs spans
	for c := range ix.NumChunks() {
		if chunkTo[c] >= 0 {
			runs.add(16*c, 16*c+16)
		}
	}
	if err := runs.put(put, r.fixed); err != nil {
		return err
	}
	b = b[:0]
	for c, ch := range add.chunks {
		b = appendChunk(b, ch, add.lens[c])
	}
	if err := put(b); err != nil {
		return err
	}
	// The chunks' strings, and their ends rebased; a chunk whose offsets
	// are damaged has empty strings.
	runs = runs[:0]
	ends := make([]byte, 0, 12*int(nchunks))
	size := uint32(0)
	for c := range ix.NumChunks() {
		if chunkTo[c] < 0 {
			continue
		}
		from := uint32(0)
		if c > 0 {
			from = r.u32(r.sends, 3*c-1)
		}
		e0, e1, e2 := r.u32(r.sends, 3*c), r.u32(r.sends, 3*c+1), r.u32(r.sends, 3*c+2)
		if !(from <= e0 && e0 <= e1 && e1 <= e2 && e2 <= uint32(len(r.strs))) {
			from, e0, e1, e2 = 0, 0, 0, 0
		}
		runs.add(int(from), int(e2))
		for _, e := range [3]uint32{e0, e1, e2} {
			ends = binary.LittleEndian.AppendUint32(ends, size+e-from)
		}
		size += e2 - from
	}
	var added []byte
	for _, n := range add.named {
		for _, s := range []string{n.Kind, n.Name, n.Head} {
			added = append(added, s...)
			ends = binary.LittleEndian.AppendUint32(ends, size+uint32(len(added)))
		}
	}
	if err := put(binary.AppendUvarint(b[:0], uint64(int(size)+len(added)))); err != nil {
		return err
	}
	if err := runs.put(put, r.strs); err != nil {
		return err
	}
	for _, p := range [][]byte{added, ends, binary.AppendUvarint(b[:0], uint64(len(tblob))), tblob, tends} {
		if err := put(p); err != nil {
			return err
		}
	}
	// The lists, then where each starts.
	starts := make([]byte, 4*(3*len(terms)+1))
	written := 0       // bytes of lists written
	b = b[:0]          // the lists not written yet
	var entries []byte // one list's entries, before its count
	for k, m := range terms {
		for j := range 3 {
			if len(b) >= listBuffer {
				if _, err := w.Write(b); err != nil {
					return err
				}
				written += len(b)
				b = b[:0]
			}
			binary.LittleEndian.PutUint32(starts[4*(3*k+j):], uint32(written+len(b)))
			to, base := fileTo, fileBase
			if j == 0 {
				to, base = chunkTo, chunkBase
			}
			n, last := 0, uint32(0)
			entries = entries[:0]
			if m.old >= 0 {
				entries, n, last = renumber(entries, r.oldList(3*int(m.old)+j), to)
			}
			if m.new >= 0 {
				id := newTerms[m.new]
				var ps []posting
				switch id := add.terms[id]; j {
				case 0:
					ps = add.post[id]
				case 1:
					ps = add.fpost[id]
				default:
					ps = asPostings(add.paths[id])
				}
				for _, p := range ps {
					entries = binary.AppendUvarint(entries, uint64(p.chunk+base-last))
					entries = binary.AppendUvarint(entries, uint64(p.tf))
					last = p.chunk + base
					n++
				}
			}
			b = binary.AppendUvarint(b, uint64(n))
			b = append(b, entries...)
		}
	}
	binary.LittleEndian.PutUint32(starts[4*3*len(terms):], uint32(written+len(b)))
	for _, p := range [][]byte{b, starts} {
		if _, err := w.Write(p); err != nil {
			return err
		}
	}
	return sums.finish()
}

// spans are byte ranges [from, to) of one slice, adjacent ones joined.
type spans [][2]int

func (s *spans) add(from, to int) {
	if from == to {
		return
	}
	if n := len(*s); n > 0 && (*s)[n-1][1] == from {
		(*s)[n-1][1] = to
		return
	}
	*s = append(*s, [2]int{from, to})
}

// put writes the spans of b in order.
func (s spans) put(put func([]byte) error, b []byte) error {
	for _, r := range s {
		if err := put(b[r[0]:r[1]]); err != nil {
			return err
		}
	}
	return nil
}

// memFile is an IndexWriter in memory.
type memFile struct{ b []byte }

func (m *memFile) Write(p []byte) (int, error) {
	m.b = append(m.b, p...)
	return len(p), nil
}

// emptyTerm reports whether term i's three lists are empty (each its
// count, 0, alone).
func (r *raw) emptyTerm(i int) bool {
	for k := 3 * i; k < 3*i+3; k++ {
		if l := r.oldList(k); len(l) != 1 || l[0] != 0 {
			return false
		}
	}
	return true
}

// oldList returns the bytes of list k, or nil when its offsets are
// damaged.
func (r *raw) oldList(k int) []byte {
	from, to := r.u32(r.starts, k), r.u32(r.starts, k+1)
	if from > to || to > uint32(len(r.lists)) {
		return nil
	}
	return r.in(r.lists, int(from), int(to))
}

// renumber appends the entries of list src (its count, then each entry's
// id as a delta and its frequency) whose ids to keeps (to[id] ≥ 0), with
// their new ids; it returns how many and the last new id. A damaged list
// adds nothing.
func renumber(dst, src []byte, to []int32) ([]byte, int, uint32) {
	count, w := binary.Uvarint(src)
	if w <= 0 || count > uint64(len(src)) {
		return dst, 0, 0
	}
	src = src[w:]
	was := len(dst)
	n, last, prev := 0, uint32(0), uint64(0)
	for i := uint64(0); i < count; i++ {
		d, w := binary.Uvarint(src)
		if w <= 0 || i > 0 && d == 0 {
			return dst[:was], 0, 0
		}
		src = src[w:]
		tf, w := binary.Uvarint(src)
		prev += d
		if w <= 0 || prev >= uint64(len(to)) {
			return dst[:was], 0, 0
		}
		src = src[w:]
		id := to[prev]
		if id < 0 {
			continue
		}
		dst = binary.AppendUvarint(dst, uint64(uint32(id)-last))
		dst = binary.AppendUvarint(dst, tf)
		last = uint32(id)
		n++
	}
	return dst, n, last
}

// appendFile appends a file's row: path, skip, class, size, time, digest,
// its chunk count and its length in words.
func appendFile(b []byte, f File, words uint32) []byte {
	b = binary.AppendUvarint(b, uint64(len(f.Path)))
	b = append(b, f.Path...)
	b = binary.AppendUvarint(b, uint64(len(f.Skip)))
	b = append(b, f.Skip...)
	b = binary.AppendUvarint(b, uint64(f.Class))
	b = binary.AppendUvarint(b, uint64(f.Stamp.Size))
	b = binary.AppendVarint(b, f.Stamp.MTime)
	b = binary.AppendUvarint(b, uint64(f.Stamp.Sum))
	b = binary.AppendUvarint(b, uint64(f.end-f.first))
	return binary.AppendUvarint(b, uint64(words))
}

// appendChunk appends a chunk's row in the chunk table.
func appendChunk(b []byte, c Chunk, length uint32) []byte {
	for _, v := range [4]uint32{uint32(c.Start), uint32(c.End), uint32(c.At), length} {
		b = binary.LittleEndian.AppendUint32(b, v)
	}
	return b
}
