package scout

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"hash/fnv"
	"slices"
	"strings"
	"time"

	"github.com/scoutcode/scout/internal/filetype"
	"github.com/scoutcode/scout/internal/gitstatus"
	"github.com/scoutcode/scout/internal/page"
	"github.com/scoutcode/scout/internal/rank"
	"github.com/scoutcode/scout/internal/search"
	"github.com/scoutcode/scout/internal/walk"
)

// A page's search keeps what its pages need and no more, so that its
// memory is bounded by the page, not by the hits (`scout grep .` over a
// large tree matches every line of every file):
//
//  1. The walk keeps, for each file with hits, a small record (hitFile):
//     its path, how many hits it has, its best hit's score, a hash of every
//     hit's line and score, the checksum of its content and what ranks it
//     as a whole. No line is kept. A file too big for the read buffer is
//     read in pieces.
//  2. The files are ranked, and the page's order is computed from the hit
//     counts (internal/page/order.go).
//  3. The few files the page may show are read again, and only the hits the
//     page may show are kept, with their context (load.go). A file whose
//     checksum changed in between is reported: the tree changed during the
//     search.

// hitFile is what a page's search keeps of a file with hits.
type hitFile struct {
	path  string
	mtime int64  // unix nanoseconds; 0: unknown
	rev   uint64 // FNV-1a of every hit's line number and key, in file order
	hits  int32  // matching lines
	own   int32  // the best hit's own score (without the file's signals)
	score int32  // own plus the file's signals, once ranked
	sum   uint32 // CRC-32C of the content
	root  uint16 // index of the search root
	relAt uint16 // where the path below the root starts in path (see rel)
	facts uint8  // factGenerated | …
	kept  *kept  // its best hits' lines, when kept (see keep.go)
}

const (
	factGenerated = 1 << iota
	factMinified
	factNameMatch
	factNameExact
	factRootFile  // the file was named as a root (its rel is "")
	factCut       // its search stopped early: its hits are at least these
	factGit       // the git signal, from the index
	factGitUnsure // … which git status is to settle
)

// rel returns the path below the search root ("" for a file named as a
// root).
func (h *hitFile) rel() string {
	if h.facts&factRootFile != 0 {
		return ""
	}
	return h.path[h.relAt:]
}

// display returns the display path of the search root it is under: ""
// for ".", the path itself for a file named as a root.
func (h *hitFile) display() string {
	rel := h.rel()
	switch {
	case rel == "":
		return h.path
	case h.path == rel:
		return ""
	}
	return strings.TrimSuffix(strings.TrimSuffix(h.path, rel), "/")
}

func (h *hitFile) fileFacts() fileFacts {
	f := fileFacts{
		generated: h.facts&factGenerated != 0, minified: h.facts&factMinified != 0,
		nameMatch: h.facts&factNameMatch != 0, nameExact: h.facts&factNameExact != 0,
	}
	if h.mtime != 0 {
		f.mtime = time.Unix(0, h.mtime)
	}
	return f
}

func newHitFile(e *walk.Entry, facts fileFacts) hitFile {
	h := hitFile{path: e.Path, root: uint16(min(e.Root, 1<<16-1))}
	switch {
	case e.Rel == "":
		h.facts |= factRootFile
	default:
		h.relAt = uint16(min(len(e.Path)-len(e.Rel), 1<<16-1))
	}
	if !facts.mtime.IsZero() {
		h.mtime = facts.mtime.UnixNano()
	}
	for _, f := range []struct {
		on  bool
		bit uint8
	}{{facts.generated, factGenerated}, {facts.minified, factMinified}, {facts.nameMatch, factNameMatch}, {facts.nameExact, factNameExact}, {facts.git, factGit}, {facts.gitUnsure, factGitUnsure}} {
		if f.on {
			h.facts |= f.bit
		}
	}
	return h
}

// hitTally is the running account of one file's hits while it is read.
type hitTally struct {
	hits int32
	own  int32
	rev  uint64
	b    [binary.MaxVarintLen64 + 1]byte
}

func newTally() hitTally { return hitTally{own: -1 << 30, rev: fnvOffset} }

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// add counts a hit on line n with key k (0 when not ranked).
func (t *hitTally) add(n int, k uint8, ranked bool) {
	t.hits++
	if ranked {
		_, s := rank.Hit(k)
		t.own = max(t.own, int32(s))
	} else {
		t.own = 0
	}
	b := binary.AppendUvarint(t.b[:0], uint64(n))
	b = append(b, k)
	for _, c := range b {
		t.rev ^= uint64(c)
		t.rev *= fnvPrime
	}
}

// summarize searches the file of e for a page's search: it counts its
// hits and scores them, and keeps none of them.
func (w *worker) summarize(e walk.Entry) outcome {
	o, data, size, file, more := w.open(&e, false)
	defer file.close()
	if o.skipped != notSkipped {
		return o
	}
	var facts fileFacts
	if w.rank != nil && more {
		facts = w.facts(&e, data, file) // before the buffer holds later pieces
	}
	t := newTally()
	top := w.topHits()
	crc := uint32(0)
	line := 1
	nulAt := int64(-1) // a NUL past the first chunk
	off := int64(0)
	scan := func(chunk []byte) error {
		if !w.opts.Text && nulAt < 0 && (more || len(chunk) > firstChunk) {
			from := 0
			if off == 0 {
				from = min(firstChunk, len(chunk))
			}
			if i := bytes.IndexByte(chunk[from:], 0); i >= 0 {
				nulAt = off + int64(from+i)
			}
		}
		if more { // a piece is gone once scanned: sum it now
			crc = crc32.Update(crc, castagnoli(), chunk)
		}
		w.eachHit(&e, chunk, line, func(start, end, n int, k uint8) {
			t.add(n, k, w.rank != nil)
			if !more {
				top.add(start, end, n, k)
			}
		})
		if more {
			line += bytes.Count(chunk, []byte{'\n'})
		}
		off += int64(len(chunk))
		return nil
	}
	if more {
		buf, n, err := readChunks(file, data, len(data), scan)
		size = n
		w.buf = buf[:0]
		if err != nil {
			o.warn = fmt.Errorf("%w (at byte %d)", pathErr(err), off)
		}
	} else {
		scan(data)
		if t.hits > 0 {
			// Only a file with hits is summed (most have none): the
			// page checks that what it loads again is what was searched.
			crc = crc32.Update(crc, castagnoli(), data)
		}
	}
	if w.m.Stopped() {
		o.cut = true
	}
	if t.hits > 0 && nulAt >= 0 {
		o.skipped = skipBinary
		if e.Explicit {
			o.warn = fmt.Errorf("%w (NUL byte at offset %d)", ErrBinary, nulAt)
		}
		return o
	}
	o.size = size
	if t.hits > 0 {
		if w.rank != nil {
			if !more {
				facts = w.facts(&e, data, file)
			}
			facts.git, facts.gitUnsure = w.rank.fileChanged(w.rank.rel(e.Root, e.Rel), facts.gitStat, data, more, e.Path)
		}
		o.res.MatchedLines = int(t.hits)
		o.hf = newHitFile(&e, facts)
		o.hf.hits, o.hf.own, o.hf.rev, o.hf.sum = t.hits, t.own, t.rev, crc
		if o.cut {
			o.hf.facts |= factCut
		}
		if !more && !o.cut {
			o.hf.kept = top.lines(w, &e, data)
		}
	}
	return o
}

// sniffedLang is the language of a file read from its first lines.
type sniffedLang struct {
	path string
	lang rank.Lang
}

// langOf returns the language of a file for its chunk whose first line is
// first: by its name, or for a file whose name has no extension, by its
// first lines (rank.LangOfText), read in its first chunk and kept for the
// rest (a worker reads a file's chunks in order).
func (w *worker) langOf(path string, chunk []byte, first int) rank.Lang {
	if l := rank.LangOf(path); l != rank.Unknown || !filetype.BySource(path) {
		return l
	}
	if first == 1 {
		w.sniffed = sniffedLang{path, rank.LangOfText(path, chunk)}
	}
	if w.sniffed.path == path {
		return w.sniffed.lang
	}
	return rank.Unknown
}

// eachHit calls fn with the number and key of each matching line of chunk
// (a whole number of lines of the file of e, its first line numbered
// first), classified within the chunk.
func (w *worker) eachHit(e *walk.Entry, chunk []byte, first int, fn func(start, end, n int, k uint8)) {
	var cl *rank.Classifier
	if w.rank != nil && !w.opts.CountOnly {
		cl = rank.NewClassifier(w.langOf(e.Path, chunk, first), chunk)
	}
	defs := w.defCheck(e.Path)
	search.Each(w.m, chunk, first, func(start, end, n int) bool {
		var k uint8
		if cl != nil {
			k = defs.key(w, cl, chunk, start, end, w.scorer.Score(cl, lineHits{w}, chunk, start, end))
		}
		fn(start, end, n, k)
		return true
	})
}

// rankSummary orders the files of a page's search (see ByRank): each
// file's score is its best hit's own score plus its file signals.
func (r *ranker) rankSummary(files []*hitFile) {
	git := r.gitDone(r.ctx)
	for _, f := range files {
		f.score = f.own + int32(rank.FileScore(r.fileFacts(f, git)))
	}
	slices.SortFunc(files, func(a, b *hitFile) int {
		if a.score != b.score {
			return int(b.score - a.score)
		}
		return walk.ComparePaths(a.path, b.path)
	})
}

// fileFacts returns what a file's signals are computed from.
func (r *ranker) fileFacts(f *hitFile, git *gitstatus.State) rank.FileFacts {
	rel := r.rel(int(f.root), f.rel())
	facts := f.fileFacts()
	return rank.FileFacts{
		Path: r.classPath(int(f.root), f.rel(), f.path), MTime: facts.mtime, Now: r.now,
		Frecency: r.frec.Score(rel), Git: r.changedAt(rel, f.facts&factGit != 0, f.facts&factGitUnsure != 0, git),
		FixedBonus: r.bonus != nil, FrecencyBonus: r.bonusOf(f.path),
		NameMatch: facts.nameMatch, NameExact: facts.nameExact, Generated: facts.generated, Minified: facts.minified,
		Content: true,
	}
}

// summaryRevision hashes what the pages of a search are made of: the
// files in rank order, their checksums and scores, and every hit's line
// and key. Another state of the tree gives another revision.
func summaryRevision(files []*hitFile) uint64 {
	h := fnv.New64a()
	var b []byte
	for _, f := range files {
		b = append(b[:0], f.path...)
		b = append(b, 0)
		b = binary.LittleEndian.AppendUint32(b, f.sum)
		b = binary.AppendVarint(b, int64(f.score))
		b = binary.LittleEndian.AppendUint64(b, f.rev)
		h.Write(b)
	}
	return h.Sum64()
}

// summaryInput turns a page's search into what a page is planned from:
// its files, made as the page asks for them, without lines until
// loadPage reads them.
func summaryInput(res *Result, opts Options, partial bool, timeout time.Duration) (*page.Input, error) {
	in, err := inputShell(res, opts, partial, timeout)
	if err != nil {
		return nil, err
	}
	files, rk := res.found, res.ranker
	var git *gitstatus.State
	if rk != nil {
		git = rk.gitDone(rk.ctx)
	}
	lines := make(map[int]*page.FileLines)
	res.lines = lines
	in.Count = len(files)
	in.Matched = func(i int) int { return int(files[i].hits) }
	in.Place = func(i int) (string, string) { return files[i].path, files[i].display() }
	in.At = func(i int) page.InFile {
		f := files[i]
		out := page.InFile{Path: f.path, Root: f.display(), Score: int(f.score), Matched: int(f.hits), FileLines: lines[i]}
		if rk != nil {
			out.Signals, _ = rank.FileSignals(rk.fileFacts(f, git))
		}
		return out
	}
	return in, nil
}

// bonuses returns the frecency bonus of every file with one, by path
// hash, for the cursor (later pages score with the first page's).
func (r *ranker) bonuses(files []*hitFile) map[uint32]int {
	m := map[uint32]int{}
	if r == nil {
		return m
	}
	for _, f := range files {
		v := 0
		if r.bonus != nil {
			v = r.bonusOf(f.path)
		} else if s := r.frec.Score(r.rel(int(f.root), f.rel())); s > 0 {
			v = rank.Frecency(s)
		}
		if v != 0 {
			m[page.PathHash(f.path)] = v
		}
	}
	return m
}

// hitFiles holds a walk's hitFiles in blocks of a fixed size: a slice grown
// by doubling would hold up to twice what it needs, and a million files'
// records are 64 MB.
type hitFiles struct {
	blocks [][]hitFile
	n      int
}

const hitBlock = 4096

func (h *hitFiles) add(f hitFile) {
	if h.n%hitBlock == 0 {
		h.blocks = append(h.blocks, make([]hitFile, 0, hitBlock))
	}
	b := &h.blocks[len(h.blocks)-1]
	*b = append(*b, f)
	h.n++
}

// all returns a pointer to each record.
func (h *hitFiles) all() []*hitFile {
	out := make([]*hitFile, 0, h.n)
	for _, b := range h.blocks {
		for i := range b {
			out = append(out, &b[i])
		}
	}
	return out
}
