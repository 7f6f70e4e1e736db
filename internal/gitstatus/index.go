package gitstatus

import (
	"bytes"
	"crypto/sha1"
	"encoding/binary"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unsafe"

	"github.com/scoutcode/scout/internal/mapped"
)

// Reading git's index (git's index-format.txt).
//
// Header: "DIRC", the version (2, 3 or 4), the number of entries. Each
// entry: ctime and mtime (seconds, nanoseconds), dev, ino, mode, uid, gid,
// size (4 bytes each, big-endian), the blob id (20 bytes), 16 bits of
// flags (assume-valid 0x8000, extended 0x4000, the stage in 0x3000, the
// name's length in 0x0fff), in version 3 and later 16 more when extended
// (skip-worktree 0x4000, intent-to-add 0x2000), then the path: in versions 2
// and 3 NUL-padded so that the entry is a multiple of 8 bytes long; in
// version 4 as the number of bytes to drop from the previous entry's path
// (git's offset varint) and the NUL-terminated rest. Extensions follow,
// each a 4-byte signature and a 4-byte size; the file ends with the SHA-1
// of all of it.
//
// Extensions read: TREE (the cache tree: for each directory its entry and
// subtree counts and, when valid, the id of the tree it makes), link (a
// split index: the shared index's id and two EWAH bitmaps, see
// applySplit) and sdir (a sparse index: some entries are directories,
// mode 040000, their names ending in "/"). Others are skipped.

// entry is an index entry.
type entry struct {
	path  string
	id    oid
	mode  uint32
	flags uint16 // the stage, assume-valid, extended
	xflag uint16 // skip-worktree, intent-to-add
	stat  statData
}

type statData struct {
	ctimeSec, ctimeNsec, mtimeSec, mtimeNsec uint32
	dev, ino, uid, gid, size                 uint32
}

const (
	flagValid    = 0x8000 // assume-unchanged
	flagExtended = 0x4000
	flagStage    = 0x3000
	xSkipWT      = 0x4000 // skip-worktree (sparse checkout)
	xIntentToAdd = 0x2000

	modeDir     = 0o040000 // a sparse-directory entry
	modeSymlink = 0o120000
	modeGitlink = 0o160000
)

func (e *entry) stage() int { return int(e.flags&flagStage) >> 12 }

// index is a parsed index file. Entries are not decoded up front: their
// offsets are noted and each is read from the file's bytes when asked for,
// so that reading an index of 10,000 files costs a pass over it, not 10,000
// allocations (fresh memory costs a page fault per 4 KB on these machines).
type index struct {
	version int
	data    []byte   // the file's bytes (mapped), or a split index joined and written out as version 3
	offs    []uint32 // where each entry starts in data, in order: sorted by path, then stage
	names   []string // version 4: each entry's path (they are prefix-compressed in the file)
	tree    *cacheTree
	sparse  bool      // sdir: some entries are directories
	mtime   statStamp // when the index file was written, for racy entries
	maps    [][]byte  // files mapped, to unmap (see release)
}

// release unmaps the index's files; nothing of it may be used after.
func (ix *index) release() {
	for _, m := range ix.maps {
		mapped.Unmap(m)
	}
	ix.maps = nil
}

// len returns the number of entries.
func (ix *index) len() int { return len(ix.offs) }

// path returns entry i's path. For versions 2 and 3 it points into data,
// which lives as long as the index.
func (ix *index) path(i int) string {
	if ix.names != nil {
		return ix.names[i]
	}
	b := ix.data[ix.offs[i]:]
	flags := binary.BigEndian.Uint16(b[60:])
	p := 62
	if flags&flagExtended != 0 {
		p = 64
	}
	n := int(flags & 0x0fff)
	if n == 0x0fff {
		n = bytes.IndexByte(b[p:], 0)
	}
	return unsafe.String(&b[p], n)
}

// entry decodes entry i.
func (ix *index) entry(i int) entry {
	b := ix.data[ix.offs[i]:]
	u := func(k int) uint32 { return binary.BigEndian.Uint32(b[k*4:]) }
	e := entry{path: ix.path(i), mode: u(6), flags: binary.BigEndian.Uint16(b[60:])}
	e.stat = statData{ctimeSec: u(0), ctimeNsec: u(1), mtimeSec: u(2), mtimeNsec: u(3), dev: u(4), ino: u(5), uid: u(7), gid: u(8), size: u(9)}
	copy(e.id[:], b[40:60])
	if e.flags&flagExtended != 0 {
		e.xflag = binary.BigEndian.Uint16(b[62:])
	}
	return e
}

type statStamp struct{ sec, nsec int64 }

// cacheTree is a directory of the TREE extension.
type cacheTree struct {
	name    string // the directory's name in its parent ("" for the root)
	entries int    // -1: invalid
	id      oid
	subs    []*cacheTree
}

var errIndex = errors.New("git index")

// readIndex reads the index at path; a split index is joined with its
// shared index, which is in dir.
func readIndex(path, dir string) (*index, error) {
	data, fi, err := mapped.File(path, true)
	if err != nil {
		return nil, err
	}
	ix, link, err := parseIndex(data)
	if err != nil {
		mapped.Unmap(data)
		return nil, err
	}
	ix.maps = append(ix.maps, data)
	ix.mtime = statStamp{fi.ModTime().Unix(), int64(fi.ModTime().Nanosecond())}
	if link != nil {
		shared, _, err := mapped.File(filepath.Join(dir, "sharedindex."+link.shared.String()), true)
		if err != nil {
			ix.release()
			return nil, fmt.Errorf("%w: split index: %v", errIndex, err)
		}
		defer mapped.Unmap(shared) // applySplit copies what it keeps
		base, sublink, err := parseIndex(shared)
		if err != nil {
			ix.release()
			return nil, err
		}
		if sublink != nil {
			return nil, fmt.Errorf("%w: a shared index that is itself split", errIndex)
		}
		if err := applySplit(ix, base, link); err != nil {
			return nil, err
		}
	}
	return ix, nil
}

// splitLink is the link extension of a split index.
type splitLink struct {
	shared          oid
	delete, replace []int // set bits of the two bitmaps: positions in the shared index
	haveBitmaps     bool
}

func parseIndex(data []byte) (*index, *splitLink, error) {
	if len(data) < 12+20 || string(data[:4]) != "DIRC" {
		return nil, nil, fmt.Errorf("%w: not an index", errIndex)
	}
	sum := sha1.Sum(data[:len(data)-20])
	if !bytes.Equal(sum[:], data[len(data)-20:]) {
		return nil, nil, fmt.Errorf("%w: checksum mismatch (written while read?)", errIndex)
	}
	ix := &index{version: int(binary.BigEndian.Uint32(data[4:]))}
	if ix.version < 2 || ix.version > 4 {
		return nil, nil, fmt.Errorf("%w: version %d", errIndex, ix.version)
	}
	n := int(binary.BigEndian.Uint32(data[8:]))
	body := data[:len(data)-20]
	if n > len(body)/62 {
		return nil, nil, fmt.Errorf("%w: %d entries cannot fit in %d bytes", errIndex, n, len(body))
	}
	ix.data = data
	ix.offs = make([]uint32, 0, n)
	var arena []byte // version 4: the paths, expanded
	var spans []uint64
	var prev []byte
	at := 12
	for range n {
		if at+62 > len(body) {
			return nil, nil, fmt.Errorf("%w: entries cut short", errIndex)
		}
		b := body[at:]
		flags := binary.BigEndian.Uint16(b[60:])
		p := 62
		if flags&flagExtended != 0 {
			if ix.version < 3 || len(b) < 64 {
				return nil, nil, fmt.Errorf("%w: extended flags in version %d", errIndex, ix.version)
			}
			p = 64
		}
		ix.offs = append(ix.offs, uint32(at))
		if ix.version == 4 {
			strip, k, ok := offsetVarint(b[p:])
			if !ok || strip > len(prev) {
				return nil, nil, fmt.Errorf("%w: bad path", errIndex)
			}
			p += k
			nul := bytes.IndexByte(b[p:], 0)
			if nul < 0 {
				return nil, nil, fmt.Errorf("%w: bad path", errIndex)
			}
			off := len(arena)
			arena = append(arena, prev[:len(prev)-strip]...)
			arena = append(arena, b[p:p+nul]...)
			spans = append(spans, uint64(off)<<32|uint64(len(arena)-off))
			prev = arena[off:]
			at += p + nul + 1
			continue
		}
		nul := bytes.IndexByte(b[p:], 0)
		if nul < 0 {
			return nil, nil, fmt.Errorf("%w: bad path", errIndex)
		}
		at += (p + nul + 8) &^ 7
	}
	if ix.version == 4 {
		paths := string(arena)
		ix.names = make([]string, len(spans))
		for i, sp := range spans {
			ix.names[i] = paths[sp>>32 : sp>>32+sp&0xffffffff]
		}
	}
	var link *splitLink
	for at+8 <= len(body) {
		sig := string(body[at : at+4])
		size := int(binary.BigEndian.Uint32(body[at+4:]))
		at += 8
		if size < 0 || at+size > len(body) {
			return nil, nil, fmt.Errorf("%w: extension %q cut short", errIndex, sig)
		}
		ext := body[at : at+size]
		at += size
		switch sig {
		case "TREE":
			t, _, err := parseTree(ext)
			if err != nil {
				return nil, nil, err
			}
			ix.tree = t
		case "link":
			l, err := parseLink(ext)
			if err != nil {
				return nil, nil, err
			}
			link = l
		case "sdir":
			ix.sparse = true
		default:
			if sig[0] < 'A' || sig[0] > 'Z' {
				return nil, nil, fmt.Errorf("%w: required extension %q not understood", errIndex, sig)
			}
		}
	}
	return ix, link, nil
}

// offsetVarint reads git's offset varint: 7 bits a byte, high bit to go
// on, each continuation adding one before the shift.
func offsetVarint(b []byte) (int, int, bool) {
	if len(b) == 0 {
		return 0, 0, false
	}
	c := b[0]
	v, i := int(c&0x7f), 1
	for c&0x80 != 0 {
		if i >= len(b) || v > 1<<40 {
			return 0, 0, false
		}
		c = b[i]
		i++
		v = ((v + 1) << 7) | int(c&0x7f)
	}
	return v, i, true
}

// parseTree reads the TREE extension: directories in pre-order.
func parseTree(b []byte) (*cacheTree, []byte, error) {
	nul := bytes.IndexByte(b, 0)
	nl := bytes.IndexByte(b, '\n')
	if nul < 0 || nl < nul {
		return nil, nil, fmt.Errorf("%w: bad cache tree", errIndex)
	}
	counts := strings.Fields(string(b[nul+1 : nl]))
	if len(counts) != 2 {
		return nil, nil, fmt.Errorf("%w: bad cache tree", errIndex)
	}
	entries, err1 := strconv.Atoi(counts[0])
	subs, err2 := strconv.Atoi(counts[1])
	if err1 != nil || err2 != nil || subs < 0 {
		return nil, nil, fmt.Errorf("%w: bad cache tree", errIndex)
	}
	t := &cacheTree{name: string(b[:nul]), entries: entries}
	b = b[nl+1:]
	if entries >= 0 {
		if len(b) < 20 {
			return nil, nil, fmt.Errorf("%w: bad cache tree", errIndex)
		}
		copy(t.id[:], b[:20])
		b = b[20:]
	}
	for range subs {
		sub, rest, err := parseTree(b)
		if err != nil {
			return nil, nil, err
		}
		t.subs = append(t.subs, sub)
		b = rest
	}
	return t, b, nil
}

func parseLink(b []byte) (*splitLink, error) {
	if len(b) < 20 {
		return nil, fmt.Errorf("%w: bad link extension", errIndex)
	}
	l := &splitLink{}
	copy(l.shared[:], b[:20])
	b = b[20:]
	if len(b) == 0 {
		return l, nil // no bitmaps: nothing deleted or replaced
	}
	var err error
	if l.delete, b, err = ewahBits(b); err != nil {
		return nil, err
	}
	if l.replace, _, err = ewahBits(b); err != nil {
		return nil, err
	}
	l.haveBitmaps = true
	return l, nil
}

// applySplit joins a split index (ix, whose entries are the replacements,
// in order, then the additions) with its shared index: each shared entry
// whose bit is set in the replace bitmap takes the next replacement (a
// replacement with no path keeps the shared entry's), those set in the
// delete bitmap go, and the additions are merged in by path and stage.
func applySplit(ix, shared *index, l *splitLink) error {
	own := make([]entry, ix.len())
	for i := range own {
		own[i] = ix.entry(i)
	}
	out := make([]entry, shared.len())
	for i := range out {
		out[i] = shared.entry(i)
	}
	if len(l.replace) > len(own) {
		return fmt.Errorf("%w: split index replaces %d entries but holds %d", errIndex, len(l.replace), len(own))
	}
	for k, pos := range l.replace {
		if pos >= len(out) {
			return fmt.Errorf("%w: split index replaces entry %d of %d", errIndex, pos, len(out))
		}
		e := own[k]
		if e.path == "" {
			e.path = out[pos].path
		}
		out[pos] = e
	}
	gone := map[int]bool{}
	for _, pos := range l.delete {
		gone[pos] = true
	}
	kept := out[:0]
	for i, e := range out {
		if !gone[i] {
			kept = append(kept, e)
		}
	}
	kept = append(kept, own[len(l.replace):]...)
	slices.SortStableFunc(kept, func(a, b entry) int {
		if c := strings.Compare(a.path, b.path); c != 0 {
			return c
		}
		return a.stage() - b.stage()
	})
	ix.data, ix.offs, ix.names = render(kept)
	if ix.tree == nil {
		ix.tree = shared.tree
	}
	ix.sparse = ix.sparse || shared.sparse
	return nil
}

// render writes entries out as a version-3 index's entry table (no header:
// entries start where the offsets say).
func render(entries []entry) ([]byte, []uint32, []string) {
	var b []byte
	offs := make([]uint32, len(entries))
	for i, e := range entries {
		offs[i] = uint32(len(b))
		s := e.stat
		for _, v := range []uint32{s.ctimeSec, s.ctimeNsec, s.mtimeSec, s.mtimeNsec, s.dev, s.ino, e.mode, s.uid, s.gid, s.size} {
			b = binary.BigEndian.AppendUint32(b, v)
		}
		b = append(b, e.id[:]...)
		flags := e.flags&^0x0fff | uint16(min(len(e.path), 0x0fff))
		if e.xflag != 0 {
			flags |= flagExtended
		} else {
			flags &^= flagExtended
		}
		b = binary.BigEndian.AppendUint16(b, flags)
		if e.xflag != 0 {
			b = binary.BigEndian.AppendUint16(b, e.xflag)
		}
		b = append(b, e.path...)
		b = append(b, 0)
		for len(b)%8 != 0 {
			b = append(b, 0)
		}
	}
	return b, offs, nil
}

// ewahBits decodes an EWAH-compressed bitmap (git's ewah/ewah_io.c): the
// number of bits, the number of 64-bit words, the words, and the position
// of the last run-length word. A run-length word holds in bit 0 the
// running bit, in bits 1-32 how many words of it follow, in bits 33-63
// how many literal words follow. It returns the positions of the set bits.
func ewahBits(b []byte) ([]int, []byte, error) {
	bad := fmt.Errorf("%w: bad EWAH bitmap", errIndex)
	if len(b) < 8 {
		return nil, nil, bad
	}
	bits := int(binary.BigEndian.Uint32(b))
	words := int(binary.BigEndian.Uint32(b[4:]))
	b = b[8:]
	if words < 0 || len(b) < words*8+4 {
		return nil, nil, bad
	}
	ws := b[:words*8]
	rest := b[words*8+4:]
	var out []int
	pos := 0
	for i := 0; i < words; {
		rlw := binary.BigEndian.Uint64(ws[i*8:])
		i++
		run := int(rlw >> 1 & 0xffffffff)
		lits := int(rlw >> 33)
		if rlw&1 != 0 {
			for k := 0; k < run*64; k++ {
				out = append(out, pos+k)
			}
		}
		pos += run * 64
		for k := 0; k < lits; k++ {
			if i >= words {
				return nil, nil, bad
			}
			w := binary.BigEndian.Uint64(ws[i*8:])
			i++
			for bit := range 64 {
				if w&(1<<bit) != 0 {
					out = append(out, pos+bit)
				}
			}
			pos += 64
		}
	}
	for len(out) > 0 && out[len(out)-1] >= bits {
		out = out[:len(out)-1]
	}
	return out, rest, nil
}

// find returns the position of the first entry for path (any stage), and
// whether there is one.
func (ix *index) find(path string) (int, bool) {
	i := sort.Search(ix.len(), func(i int) bool { return ix.path(i) >= path })
	return i, i < ix.len() && ix.path(i) == path
}
