package gitstatus

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/scoutcode/scout/internal/regular"
)

// Reading git objects, for the commits and trees the staged check needs.
//
// A loose object is objects/ab/cdef…, zlib-compressed "type size\0body".
// A packed one is found through a pack index (objects/pack/*.idx, version
// 2: a fan-out table of 256 counts, the sorted object ids, their CRCs and
// their offsets, 4 bytes each, with an 8-byte table for offsets past 2 GB)
// and read from the pack at its offset: a header of a type and a size in
// 7-bit groups, then zlib data. A delta (OFS_DELTA: its base a distance
// back in the same pack; REF_DELTA: its base by id) is a list of copy and
// insert instructions applied to its base (git's pack-format.txt).

// oid is a SHA-1 object id.
type oid [20]byte

func (o oid) String() string { return hex.EncodeToString(o[:]) }

func parseOID(s string) (oid, bool) {
	var o oid
	if len(s) != 40 {
		return o, false
	}
	_, err := hex.Decode(o[:], []byte(s))
	return o, err == nil
}

// Object types.
const (
	objCommit   = 1
	objTree     = 2
	objBlob     = 3
	objTag      = 4
	objOfsDelta = 6
	objRefDelta = 7
)

// errObject is wrapped by errors about an object that cannot be read.
var errObject = errors.New("git object")

// store reads objects from a repository's object directories.
type store struct {
	dirs  []string // objects directories: the repository's, then alternates
	packs []*pack
	open  bool
}

type pack struct {
	idx   []byte // the whole .idx
	n     int
	path  string // the .pack
	file  *os.File
	cache map[int64]object // small: bases met while resolving deltas
}

type object struct {
	typ  int
	data []byte
}

func newStore(objects string) *store {
	s := &store{dirs: []string{objects}}
	if b, err := regular.ReadFile(filepath.Join(objects, "info", "alternates")); err == nil {
		for _, l := range strings.Split(string(b), "\n") {
			l = strings.TrimSpace(l)
			if l == "" || strings.HasPrefix(l, "#") {
				continue
			}
			if !filepath.IsAbs(l) {
				l = filepath.Join(objects, l)
			}
			s.dirs = append(s.dirs, l)
		}
	}
	return s
}

func (s *store) close() {
	for _, p := range s.packs {
		if p.file != nil {
			p.file.Close()
		}
	}
}

func (s *store) openPacks() {
	s.open = true
	for _, d := range s.dirs {
		idxs, _ := filepath.Glob(filepath.Join(d, "pack", "*.idx"))
		for _, idx := range idxs {
			b, err := regular.ReadFile(idx)
			if err != nil || len(b) < 8+256*4 || string(b[:4]) != "\xfftOc" || binary.BigEndian.Uint32(b[4:]) != 2 {
				continue
			}
			n := int(binary.BigEndian.Uint32(b[8+255*4:]))
			if len(b) < 8+256*4+n*(20+4+4) {
				continue
			}
			s.packs = append(s.packs, &pack{idx: b, n: n, path: strings.TrimSuffix(idx, ".idx") + ".pack"})
		}
	}
}

// read returns the type and body of an object.
func (s *store) read(id oid) (int, []byte, error) {
	for _, d := range s.dirs {
		h := id.String()
		b, err := regular.ReadFile(filepath.Join(d, h[:2], h[2:]))
		if err == nil {
			return loose(b)
		}
	}
	if !s.open {
		s.openPacks()
	}
	for _, p := range s.packs {
		if off, ok := p.find(id); ok {
			o, err := s.readPacked(p, off, 0)
			return o.typ, o.data, err
		}
	}
	return 0, nil, fmt.Errorf("%w %s: not found", errObject, id)
}

func loose(b []byte) (int, []byte, error) {
	z, err := zlib.NewReader(bytes.NewReader(b))
	if err != nil {
		return 0, nil, fmt.Errorf("%w: %v", errObject, err)
	}
	data, err := io.ReadAll(z)
	if err != nil {
		return 0, nil, fmt.Errorf("%w: %v", errObject, err)
	}
	i := bytes.IndexByte(data, 0)
	if i < 0 {
		return 0, nil, fmt.Errorf("%w: no header", errObject)
	}
	kind, _, _ := strings.Cut(string(data[:i]), " ")
	typ := map[string]int{"commit": objCommit, "tree": objTree, "blob": objBlob, "tag": objTag}[kind]
	if typ == 0 {
		return 0, nil, fmt.Errorf("%w: type %q", errObject, kind)
	}
	return typ, data[i+1:], nil
}

// find returns the offset of an object in the pack.
func (p *pack) find(id oid) (int64, bool) {
	fan := func(i int) int { return int(binary.BigEndian.Uint32(p.idx[8+i*4:])) }
	lo := 0
	if id[0] > 0 {
		lo = fan(int(id[0]) - 1)
	}
	hi := fan(int(id[0]))
	names := p.idx[8+256*4:]
	i := lo + sort.Search(hi-lo, func(k int) bool { return bytes.Compare(names[(lo+k)*20:(lo+k)*20+20], id[:]) >= 0 })
	if i >= hi || !bytes.Equal(names[i*20:i*20+20], id[:]) {
		return 0, false
	}
	offs := p.idx[8+256*4+p.n*24:]
	off := int64(binary.BigEndian.Uint32(offs[i*4:]))
	if off&0x80000000 != 0 {
		large := offs[p.n*4:]
		k := int(off & 0x7fffffff)
		if len(large) < k*8+8 {
			return 0, false
		}
		off = int64(binary.BigEndian.Uint64(large[k*8:]))
	}
	return off, true
}

// readPacked reads the object at off, resolving deltas (depth bounds the
// chain, as git does at 4095).
func (s *store) readPacked(p *pack, off int64, depth int) (object, error) {
	if o, ok := p.cache[off]; ok {
		return o, nil
	}
	if depth > 4095 {
		return object{}, fmt.Errorf("%w: delta chain too long", errObject)
	}
	if p.file == nil {
		f, err := regular.Open(p.path)
		if err != nil {
			return object{}, fmt.Errorf("%w: %v", errObject, err)
		}
		p.file = f
	}
	var head [32]byte
	n, _ := p.file.ReadAt(head[:], off)
	if n < 2 {
		return object{}, fmt.Errorf("%w: short pack", errObject)
	}
	c := head[0]
	typ := int(c>>4) & 7
	size := int64(c & 15)
	i, shift := 1, 4
	for c&0x80 != 0 && i < n {
		c = head[i]
		size |= int64(c&0x7f) << shift
		shift += 7
		i++
	}
	var base object
	switch typ {
	case objOfsDelta:
		c = head[i]
		i++
		back := int64(c & 0x7f)
		for c&0x80 != 0 && i < n {
			c = head[i]
			i++
			back = ((back + 1) << 7) | int64(c&0x7f)
		}
		b, err := s.readPacked(p, off-back, depth+1)
		if err != nil {
			return object{}, err
		}
		base = b
	case objRefDelta:
		var id oid
		if n < i+20 {
			return object{}, fmt.Errorf("%w: short pack", errObject)
		}
		copy(id[:], head[i:i+20])
		i += 20
		t, d, err := s.read(id)
		if err != nil {
			return object{}, err
		}
		base = object{t, d}
	}
	z, err := zlib.NewReader(io.NewSectionReader(p.file, off+int64(i), 1<<62))
	if err != nil {
		return object{}, fmt.Errorf("%w: %v", errObject, err)
	}
	data := make([]byte, 0, min(size, 64<<20))
	buf := bytes.NewBuffer(data)
	if _, err := io.Copy(buf, io.LimitReader(z, size+1)); err != nil {
		return object{}, fmt.Errorf("%w: %v", errObject, err)
	}
	data = buf.Bytes()
	o := object{typ, data}
	if typ == objOfsDelta || typ == objRefDelta {
		d, err := applyDelta(base.data, data)
		if err != nil {
			return object{}, err
		}
		o = object{base.typ, d}
	}
	if p.cache == nil || len(p.cache) > 256 {
		p.cache = map[int64]object{}
	}
	p.cache[off] = o
	return o, nil
}

// applyDelta applies a delta to its base.
func applyDelta(base, delta []byte) ([]byte, error) {
	bad := fmt.Errorf("%w: bad delta", errObject)
	varint := func() (int, bool) {
		v, shift := 0, 0
		for len(delta) > 0 {
			c := delta[0]
			delta = delta[1:]
			v |= int(c&0x7f) << shift
			shift += 7
			if c&0x80 == 0 {
				return v, true
			}
		}
		return 0, false
	}
	src, ok1 := varint()
	dst, ok2 := varint()
	if !ok1 || !ok2 || src != len(base) {
		return nil, bad
	}
	out := make([]byte, 0, dst)
	for len(delta) > 0 {
		cmd := delta[0]
		delta = delta[1:]
		switch {
		case cmd&0x80 != 0:
			// Bits 0-3 flag the offset's bytes, 4-6 the size's, in that
			// order, little-endian.
			var off, size int
			for k := range 7 {
				if cmd&(1<<k) == 0 {
					continue
				}
				if len(delta) == 0 {
					return nil, bad
				}
				if k < 4 {
					off |= int(delta[0]) << (8 * k)
				} else {
					size |= int(delta[0]) << (8 * (k - 4))
				}
				delta = delta[1:]
			}
			if size == 0 {
				size = 0x10000
			}
			if off+size > len(base) {
				return nil, bad
			}
			out = append(out, base[off:off+size]...)
		case cmd != 0:
			if int(cmd) > len(delta) {
				return nil, bad
			}
			out = append(out, delta[:cmd]...)
			delta = delta[cmd:]
		default:
			return nil, bad
		}
	}
	if len(out) != dst {
		return nil, bad
	}
	return out, nil
}

// treeEntry is an entry of a tree object.
type treeEntry struct {
	name string
	mode uint32
	id   oid
}

// readTree returns the entries of a tree.
func (s *store) readTree(id oid) ([]treeEntry, error) {
	typ, data, err := s.read(id)
	if err != nil {
		return nil, err
	}
	if typ != objTree {
		return nil, fmt.Errorf("%w %s: not a tree", errObject, id)
	}
	var out []treeEntry
	for len(data) > 0 {
		sp := bytes.IndexByte(data, ' ')
		nul := bytes.IndexByte(data, 0)
		if sp < 0 || nul < sp || len(data) < nul+21 {
			return nil, fmt.Errorf("%w %s: bad tree", errObject, id)
		}
		var mode uint32
		for _, c := range data[:sp] {
			mode = mode<<3 | uint32(c-'0')
		}
		e := treeEntry{name: string(data[sp+1 : nul]), mode: mode}
		copy(e.id[:], data[nul+1:nul+21])
		out = append(out, e)
		data = data[nul+21:]
	}
	return out, nil
}

// commitTree returns the tree of a commit (following annotated tags).
func (s *store) commitTree(id oid) (oid, error) {
	for range 10 {
		typ, data, err := s.read(id)
		if err != nil {
			return oid{}, err
		}
		field := "tree "
		if typ == objTag {
			field = "object "
		} else if typ != objCommit {
			return oid{}, fmt.Errorf("%w %s: not a commit", errObject, id)
		}
		line, _, _ := bytes.Cut(data, []byte("\n"))
		v, ok := bytes.CutPrefix(line, []byte(field))
		next, good := parseOID(string(v))
		if !ok || !good {
			return oid{}, fmt.Errorf("%w %s: no %q line", errObject, id, field)
		}
		if typ == objCommit {
			return next, nil
		}
		id = next
	}
	return oid{}, fmt.Errorf("%w %s: tags nested too deep", errObject, id)
}
