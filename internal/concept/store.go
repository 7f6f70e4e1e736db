package concept

import (
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"sort"
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
const Revision = 9

var magic = []byte("scout-concept\x00")

// ErrCorrupt is the error for an index that cannot be read back.
var ErrCorrupt = errors.New("the concept index is damaged")

// The binary form, in order:
//
//	magic, revision (a uvarint), the scope (Index.Scope: a uvarint
//	  length, then its bytes), counts (files, chunks, terms), the
//	  chunks' total length, as uvarints
//	files: path, skip, class, size, time, digest, chunks, words (varints)
//	chunks: start, end, at, length (4 × uint32) each
//	chunk strings: one blob, then 3 end offsets (uint32) per chunk: kind, name, head
//	terms, sorted: one blob, then an end offset (uint32) per term
//	the lists blob: each term's chunks, files and path files, as deltas
//	lists: 3 start offsets (uint32) per term and one past the end, into
//	  the lists blob
//	the checksums of its pages (see pageSize)
//
// Reading it back decodes the counts and the files; a search reads the
// rest in place (the bytes are usually a mapped file): the chunks it
// ranks, and only its terms' lists, each page checked as it is first
// read.

// lookup returns the id of a term.
func (ix *Index) lookup(t string) (uint32, bool) {
	if ix.raw == nil {
		id, ok := ix.terms[t]
		return id, ok
	}
	r := ix.raw
	i := sort.Search(r.nterms, func(i int) bool { return string(r.termBytes(i)) >= t })
	return uint32(i), i < r.nterms && string(r.termBytes(i)) == t
}

// postList returns the chunks that hold a term.
func (ix *Index) postList(id uint32) []posting {
	if ix.raw == nil {
		return ix.post[id]
	}
	return ix.raw.list(3*int(id), uint32(ix.NumChunks()))
}

// filePostList returns the files whose words hold a term.
func (ix *Index) filePostList(id uint32) []posting {
	if ix.raw == nil {
		return ix.fpost[id]
	}
	return ix.raw.list(3*int(id)+1, uint32(len(ix.Files)))
}

// pathList returns the files whose path holds a term.
func (ix *Index) pathList(id uint32) []uint32 {
	if ix.raw == nil {
		return ix.paths[id]
	}
	ps := ix.raw.list(3*int(id)+2, uint32(len(ix.Files)))
	out := make([]uint32, len(ps))
	for i, p := range ps {
		out[i] = p.chunk
	}
	return out
}

// raw is the part of an index read back that is decoded on demand. Its
// pages' checksums and its offsets are checked where they are read, not
// all when it is read back (most searches need few of them): a damaged
// page reads as empty and is remembered (Damage), and whatever the bytes
// say, nothing is read out of bounds.
type raw struct {
	fixed  []byte // 4 uint32 per chunk: start, end, at, length
	strs   []byte // the chunks' kind, name and head, end to end (the caller's bytes: copied out)
	sends  []byte // 3 uint32 end offsets per chunk into strs
	nterms int
	terms  []byte // the sorted terms, end to end (the caller's bytes: copied out)
	tends  []byte // uint32 end offset of each term in terms
	starts []byte // 3 uint32 start offsets per term, and one past the end, into lists
	lists  []byte
	pg     *pages // each section is a slice of pg.content; nil: not read back, nothing to check
}

func u32(b []byte, i int) uint32 { return binary.LittleEndian.Uint32(b[4*i:]) }

// in returns s[from:to], s one of r's sections, or nil when a page of it
// is damaged. A section's place in the index is where its capacity says:
// each is a reslice of the content, which ends where the index's bytes
// end.
func (r *raw) in(s []byte, from, to int) []byte {
	if r.pg != nil {
		at := cap(r.pg.content) - cap(s)
		if !r.pg.ok(at+from, at+to) {
			return nil
		}
	}
	return s[from:to]
}

// u32 returns the i-th uint32 of section s, 0 when its page is damaged.
func (r *raw) u32(s []byte, i int) uint32 {
	b := r.in(s, 4*i, 4*i+4)
	if b == nil {
		return 0
	}
	return binary.LittleEndian.Uint32(b)
}

// Verify checks every page of an index read back, and returns the error
// for the first damaged one: what an update, which copies them all, must
// know first. A search needs no Verify (it checks the pages it reads) but
// Damage after it. No index (nil) has nothing to check.
func (ix *Index) Verify() error {
	if ix == nil || ix.raw == nil || ix.raw.pg == nil {
		return nil
	}
	ix.raw.pg.ok(0, len(ix.raw.pg.content))
	return ix.Damage()
}

// Damage returns the error for the first damaged page of the index a
// search has read, or nil: what the search read there was taken as
// empty, so its answer is not to be trusted.
func (ix *Index) Damage() error {
	if ix.raw == nil {
		return nil
	}
	return ix.raw.pg.damage()
}

// Strings returns chunk c's kind, name and head. An index read back from
// its binary form leaves them out of Chunks, to be read here only for the
// chunks a search shows.
func (ix *Index) Strings(c int) (kind, name, head string) {
	if ix.raw == nil || ix.raw.sends == nil {
		n := ix.named[c]
		return n.Kind, n.Name, n.Head
	}
	r := ix.raw
	var s [3]string
	at := uint32(0)
	if c > 0 {
		at = r.u32(r.sends, 3*c-1)
	}
	for k := range s {
		e := r.u32(r.sends, 3*c+k)
		if at <= e && e <= uint32(len(r.strs)) {
			s[k] = string(r.in(r.strs, int(at), int(e)))
		}
		at = e
	}
	return s[0], s[1], s[2]
}

func (r *raw) termBytes(i int) []byte {
	start := uint32(0)
	if i > 0 {
		start = r.u32(r.tends, i-1)
	}
	end := r.u32(r.tends, i)
	if start > end || end > uint32(len(r.terms)) {
		return nil
	}
	return r.in(r.terms, int(start), int(end))
}

// list decodes list k (term k/3's chunks, files or path files); each
// entry must be below limit and above the one before, or the list is
// taken as empty.
func (r *raw) list(k int, limit uint32) []posting {
	b := r.oldList(k)
	n, w := binary.Uvarint(b)
	if w <= 0 || n > uint64(len(b)) {
		return nil
	}
	b = b[w:]
	out := make([]posting, 0, n)
	prev := uint64(0)
	for i := uint64(0); i < n; i++ {
		d, w := binary.Uvarint(b)
		if w <= 0 || i > 0 && d == 0 {
			return nil
		}
		b = b[w:]
		prev += d
		tf, w := binary.Uvarint(b)
		if w <= 0 || prev >= uint64(limit) {
			return nil
		}
		b = b[w:]
		out = append(out, posting{uint32(prev), uint32(tf)})
	}
	return out
}

// Encode writes the index in its binary form. An index built here is
// written as the update of an empty one that adds all its files: one
// writer of the format (UpdateTo). An index read back is written again
// as it is, or not at all (nil) when it is damaged (Verify).
func (ix *Index) Encode() []byte {
	var b []byte
	if ix.raw != nil {
		b, _ = ix.Update(nil, nil)
	} else {
		b, _ = emptyIndex().Update(nil, ix) // nothing read back to be damaged
	}
	return b
}

// EncodeTo writes to w what Encode returns, through UpdateTo's buffer: an
// index built here goes to its file without being whole in memory twice.
func (ix *Index) EncodeTo(w IndexWriter) error {
	if ix.raw != nil {
		return ix.UpdateTo(w, nil, nil)
	}
	return emptyIndex().UpdateTo(w, nil, ix)
}

// maxScope is the longest Index.Scope an index keeps, in bytes; a
// longer one is cut.
const maxScope = 4096

// ReadScope returns the scope of the index whose first bytes are b (the
// whole index or its start): what Index.Scope was when it was written. It
// checks no checksum: it is for people to read, in a list of the kept
// indexes; an index of another revision, or not an index, is an error.
func ReadScope(b []byte) (string, error) {
	if len(b) < len(magic) || string(b[:len(magic)]) != string(magic) {
		return "", fmt.Errorf("%w: not an index", ErrCorrupt)
	}
	b = b[len(magic):]
	rev, k := binary.Uvarint(b)
	if k <= 0 || rev != Revision {
		return "", fmt.Errorf("%w: revision %d, this scout writes %d", ErrCorrupt, rev, Revision)
	}
	b = b[k:]
	n, k := binary.Uvarint(b)
	if k <= 0 || n > maxScope || n > uint64(len(b)-k) {
		return "", fmt.Errorf("%w: its scope is cut short", ErrCorrupt)
	}
	return string(b[k : k+int(n)]), nil
}

// emptyIndex is a read-back index with no files, chunks or terms (its
// lists end at 0).
func emptyIndex() *Index { return &Index{raw: &raw{starts: make([]byte, 4)}} }

func asPostings(fs []uint32) []posting {
	ps := make([]posting, len(fs))
	for i, f := range fs {
		ps[i] = posting{f, 0}
	}
	return ps
}

// Decode reads an index that Encode wrote: the files and the tables
// now, each term's lists when a search asks for them. Anything else, or
// an index of another Revision, is an error.
func Decode(b []byte) (*Index, error) {
	if len(b) < len(magic) || string(b[:len(magic)]) != string(magic) {
		return nil, fmt.Errorf("%w: not an index", ErrCorrupt)
	}
	whole := b
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
	// count reads a count whose items each take at least one byte: a
	// larger one is forged.
	count := func() int {
		n := num()
		if n > uint64(len(b)) {
			bad, b = true, nil
			return 0
		}
		return int(n)
	}
	bytesOf := func(n int) []byte {
		if n < 0 || n > len(b) {
			bad, b = true, nil
			return nil
		}
		s := b[:n]
		b = b[n:]
		return s
	}
	str := func() string { return string(bytesOf(count())) }
	if rev := num(); rev != Revision {
		return nil, fmt.Errorf("%w: revision %d, this scout writes %d", ErrCorrupt, rev, Revision)
	}
	pg, ok := splitSums(whole)
	if !ok || len(whole)-len(b) > len(pg.content) {
		return nil, fmt.Errorf("%w: its checksums are missing or cut short", ErrCorrupt)
	}
	b = pg.content[len(whole)-len(b):]
	scope := str()
	nf, nc, nt := count(), count(), count()
	ix := &Index{Scope: scope, Files: make([]File, 0, nf), flens: make([]uint32, 0, nf), total: num()}
	chunks := 0
	for range nf {
		f := File{Path: str(), Skip: str(), first: chunks}
		f.Class = Class(num())
		f.Stamp.Size = int64(num())
		mt, k := binary.Varint(b)
		if k <= 0 {
			bad = true
			break
		}
		b = b[k:]
		f.Stamp.MTime = mt
		f.Stamp.Sum = uint32(num())
		chunks += count()
		f.end = chunks
		fl := num()
		if f.Class > History || f.Skip != "" && f.end != f.first || fl > 1<<40 {
			bad = true
		}
		if f.Skip != "" {
			ix.skipped++
		}
		ix.Files = append(ix.Files, f)
		ix.flens = append(ix.flens, uint32(fl))
		ix.ftotal += fl
	}
	// The files were read whole: their pages are checked now.
	if !pg.ok(0, len(pg.content)-len(b)) {
		return nil, pg.damage()
	}
	if bad || nc != chunks {
		return nil, fmt.Errorf("%w: its files hold %d chunks, it has %d", ErrCorrupt, chunks, nc)
	}
	fixed := bytesOf(16 * nc)
	strs := bytesOf(count())
	ends := bytesOf(12 * nc)
	if bad {
		return nil, fmt.Errorf("%w: its chunks end early", ErrCorrupt)
	}
	// Each chunk's file. The chunk table is read where a search needs it
	// (a damaged total only ranks wrongly).
	ix.fileOf = make([]int32, nc)
	for f := range ix.Files {
		for c := ix.Files[f].first; c < ix.Files[f].end; c++ {
			ix.fileOf[c] = int32(f)
		}
	}
	r := &raw{fixed: fixed, strs: strs, sends: ends, nterms: nt, terms: bytesOf(count()), pg: pg}
	r.tends = bytesOf(4 * nt)
	if ns := 4 * (3*nt + 1); !bad && ns <= len(b) {
		r.lists, r.starts = b[:len(b)-ns], b[len(b)-ns:]
	} else {
		bad = true
	}
	if bad {
		return nil, fmt.Errorf("%w: its terms end early", ErrCorrupt)
	}
	if r.u32(r.starts, 3*nt) != uint32(len(r.lists)) {
		if err := pg.damage(); err != nil {
			return nil, err
		}
		return nil, fmt.Errorf("%w: it holds more than it says", ErrCorrupt)
	}
	ix.raw = r
	return ix, nil
}

// Holding returns the paths of the files whose words hold every word of
// text (as Words splits it), in index order: only those can hold text as
// written, and the largest of their sizes as indexed. ok is false when
// text has no words: the index cannot tell.
func (ix *Index) Holding(text string) (paths []string, largest int64, ok bool) {
	var lists [][]posting
	missing := false
	seen := map[string]bool{}
	Words(text, func(w string) {
		if seen[w] {
			return
		}
		seen[w] = true
		id, ok := ix.lookup(w)
		if !ok {
			missing = true
			return
		}
		lists = append(lists, ix.filePostList(id))
	})
	if len(lists) == 0 && !missing {
		return nil, 0, false
	}
	if missing {
		return nil, 0, true
	}
	slices.SortFunc(lists, func(a, b []posting) int { return len(a) - len(b) })
	for _, p := range lists[0] {
		all := true
		for _, l := range lists[1:] {
			if _, ok := slices.BinarySearchFunc(l, p.chunk, func(x posting, f uint32) int { return int(x.chunk) - int(f) }); !ok {
				all = false
				break
			}
		}
		if all {
			paths = append(paths, ix.Files[p.chunk].Path)
			largest = max(largest, ix.Files[p.chunk].Stamp.Size)
		}
	}
	return paths, largest, true
}
