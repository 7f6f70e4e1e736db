package scout

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/scoutcode/scout/internal/syntax"
)

// The parses behind callers, callees and refs are kept between searches,
// one file per question (the mode and the name) in the cache directory
// (CacheOptions), beside the concept indexes and under the same cap. For
// each file that mentions the name it holds, under the file's absolute
// path, size and CRC-32C, what the parse found: the definitions and the
// uses, as kinds, line numbers and byte offsets only. Names and
// signatures are read again from the file when the answer is made, so
// nothing of the source (and no secret in it) is written. A search parses
// only the files whose size or CRC changed since, and writes the file
// again (whole, to a temporary name, then renamed) when it parsed any.

// callsRevision is bumped when the format below changes.
const callsRevision = 1

// callsMagic starts a kept file.
var callsMagic = []byte("scout-calls\x00")

// parsedFile is what one file's parse gives a structural question, by
// offsets (see above).
type parsedFile struct {
	grammar string
	defs    []syntax.Def // Name and Signature restored from the source
	uses    []use
}

// use is an occurrence of the name: a call (Callers), a labelled use
// (Refs), or a call inside its definition (Callees).
type use struct {
	line, start int
	in          int    // index in defs of the innermost definition holding it; -1 for none
	kind        string // Refs: its label (syntax.Ref*)
	size        int    // Callees: the length of the called name at start
}

// callsReused counts the files whose kept parse a search used (for tests).
var callsReused atomic.Int64

// callsCache is the kept file of one question, read at the start of a
// search and written at its end when something was parsed.
type callsCache struct {
	dir, file string
	max       int64
	cwd       string
	old       map[string][]byte // absolute path → its record, as kept
	mu        sync.Mutex
	fresh     map[string][]byte // the records of this search's parses
}

// openCallsCache reads the kept parses of a question; nil when nothing is
// to be kept (NoCache, a build without a parser, no cache directory). A
// damaged or unreadable file is as none: it is written again.
func openCallsCache(o CacheOptions, mode Mode, name string) *callsCache {
	if o.NoCache || syntax.By != syntax.ByParser {
		return nil
	}
	dir, err := conceptCacheDir(o.CacheDir)
	if err != nil {
		return nil
	}
	cwd, err := os.Getwd()
	if err != nil {
		return nil
	}
	b, err := json.Marshal([]any{mode.String(), name, callsRevision, syntax.Revision()})
	if err != nil {
		panic(err) // plain values only
	}
	sum := sha256.Sum256(b)
	c := &callsCache{dir: dir, file: filepath.Join(dir, hex.EncodeToString(sum[:12])+".calls"), max: o.CacheMax, cwd: cwd, fresh: map[string][]byte{}}
	if c.max <= 0 {
		c.max = DefaultConceptCacheMax
	}
	if data, err := os.ReadFile(c.file); err == nil {
		c.old, _ = decodeCalls(data)
	}
	return c
}

// decodeCalls splits a kept file into its records, by path; it reads no
// further into them (get does, checking every offset).
func decodeCalls(data []byte) (map[string][]byte, error) {
	rest, ok := bytes.CutPrefix(data, callsMagic)
	if !ok {
		return nil, errors.New("not a kept calls file")
	}
	out := map[string][]byte{}
	for len(rest) > 0 {
		n, k := binary.Uvarint(rest)
		if k <= 0 || n > uint64(len(rest)-k) {
			return nil, errors.New("a record runs past the end")
		}
		rec := rest[k : k+int(n)]
		rest = rest[k+int(n):]
		d := decoder{b: rec}
		p := d.str()
		if d.err != nil {
			return nil, d.err
		}
		out[p] = rec
	}
	return out, nil
}

func (c *callsCache) abs(path string) string {
	if filepath.IsAbs(path) {
		return filepath.Clean(path)
	}
	return filepath.Join(c.cwd, path)
}

// get returns the kept parse of a file read as data (with the CRC-32C
// crc), if there is one for this content.
func (c *callsCache) get(path string, data []byte, crc uint32) (parsedFile, bool) {
	if c == nil {
		return parsedFile{}, false
	}
	rec, ok := c.old[c.abs(path)]
	if !ok {
		return parsedFile{}, false
	}
	p, ok := decodeRecord(rec, data, crc)
	if ok {
		callsReused.Add(1)
	}
	return p, ok
}

// put keeps the parse of a file read as data.
func (c *callsCache) put(path string, data []byte, crc uint32, p parsedFile) {
	if c == nil {
		return
	}
	abs := c.abs(path)
	rec := encodeRecord(abs, data, crc, p)
	c.mu.Lock()
	c.fresh[abs] = rec
	c.mu.Unlock()
}

// save writes the kept file again when this search parsed something (and
// else marks it used, for the least-recently-used eviction), then evicts
// past the cap. It returns what to warn of: "" when all went well.
func (c *callsCache) save() string {
	if c == nil {
		return ""
	}
	if len(c.fresh) == 0 {
		if len(c.old) > 0 {
			now := time.Now()
			os.Chtimes(c.file, now, now) // only the eviction order is lost when this fails
		}
		return ""
	}
	paths := make([]string, 0, len(c.old)+len(c.fresh))
	for p := range c.old {
		if _, ok := c.fresh[p]; !ok {
			paths = append(paths, p)
		}
	}
	for p := range c.fresh {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	out := slices.Clone(callsMagic)
	for _, p := range paths {
		rec, ok := c.fresh[p]
		if !ok {
			rec = c.old[p]
		}
		out = binary.AppendUvarint(out, uint64(len(rec)))
		out = append(out, rec...)
	}
	if err := writeIndex(c.dir, c.file, out); err != nil {
		return fmt.Sprintf("the parses were not kept for the next search (%v): check that %s can be written, or set XDG_CACHE_HOME", err, c.dir)
	}
	if n, _, err := evictIndexes(c.dir, c.file, c.max); err != nil {
		return fmt.Sprintf("the cache in %s is over %s and evicting failed after %d files: %v", c.dir, mib(c.max), n, err)
	}
	return ""
}

// encodeRecord writes a file's parse as numbers (and the kinds, which are
// scout's words, not the source's).
func encodeRecord(abs string, data []byte, crc uint32, p parsedFile) []byte {
	var b []byte
	str := func(s string) { b = binary.AppendUvarint(b, uint64(len(s))); b = append(b, s...) }
	num := func(n int) { b = binary.AppendUvarint(b, uint64(n)) }
	str(abs)
	num(len(data))
	num(int(crc))
	str(p.grammar)
	num(len(p.defs))
	for _, d := range p.defs {
		str(d.Kind)
		for _, n := range []int{d.Start, d.End, d.StartByte, d.EndByte, d.NameStart, d.NameEnd, d.HeadEnd, d.Parent + 1, d.Depth} {
			num(n)
		}
	}
	num(len(p.uses))
	for _, u := range p.uses {
		str(u.kind)
		for _, n := range []int{u.line, u.start, u.in + 1, u.size} {
			num(n)
		}
	}
	return b
}

// decodeRecord reads a record back for the file read as data: ok is false
// when it is of other content or damaged (an offset outside the file, an
// index outside the definitions).
func decodeRecord(rec, data []byte, crc uint32) (p parsedFile, ok bool) {
	d := decoder{b: rec}
	d.str() // the path
	if d.num() != len(data) || d.num() != int(crc) {
		return p, false
	}
	p.grammar = d.str()
	nd := d.num()
	if d.err != nil || nd > len(d.b) {
		return p, false
	}
	p.defs = make([]syntax.Def, nd)
	for i := range p.defs {
		df := &p.defs[i]
		df.Kind = d.str()
		for _, n := range []*int{&df.Start, &df.End, &df.StartByte, &df.EndByte, &df.NameStart, &df.NameEnd, &df.HeadEnd, &df.Parent, &df.Depth} {
			*n = d.num()
		}
		df.Parent--
		if d.err != nil || df.Parent < -1 || df.Parent >= i || df.EndByte > len(data) || !syntax.Restore(p.grammar, data, df) {
			return p, false
		}
	}
	nu := d.num()
	if d.err != nil || nu > len(d.b) {
		return p, false
	}
	p.uses = make([]use, nu)
	for i := range p.uses {
		u := &p.uses[i]
		u.kind = d.str()
		u.line, u.start, u.in, u.size = d.num(), d.num(), d.num()-1, d.num()
		if d.err != nil || u.in < -1 || u.in >= nd || u.start+u.size > len(data) || u.line < 1 {
			return p, false
		}
	}
	return p, d.err == nil && len(d.b) == 0
}

// decoder reads uvarints and strings from b, keeping the first error.
type decoder struct {
	b   []byte
	err error
}

func (d *decoder) num() int {
	if d.err != nil {
		return 0
	}
	n, k := binary.Uvarint(d.b)
	if k <= 0 || n > 1<<40 {
		d.err = errors.New("a bad number")
		return 0
	}
	d.b = d.b[k:]
	return int(n)
}

func (d *decoder) str() string {
	n := d.num()
	if d.err != nil || n > len(d.b) {
		d.err = errors.Join(d.err, errors.New("a string runs past the end"))
		return ""
	}
	s := string(d.b[:n])
	d.b = d.b[n:]
	return s
}
