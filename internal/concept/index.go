package concept

import (
	"math"
	"os"
	"slices"
	"strings"
)

// Chunk is a piece of a file the index ranks: a definition (with the
// comment above it), a window of a long one, or a window of the lines
// between definitions. Its kind, name and head are Index.Strings: a
// chunk holds no pointer, so that the chunks of a large index cost the
// collector nothing. An index read back keeps them in its mapped table
// and makes one when asked (Index.Chunk).
type Chunk struct {
	File  int // the file's index, as the Builder numbered it
	Start int // first line, 1-based
	End   int // last line
	At    int // the definition's own first line (below its comment); 0 for lines between definitions
}

// NumChunks returns how many chunks the index holds.
func (ix *Index) NumChunks() int { return len(ix.fileOf) }

// Chunk returns chunk c (0 ≤ c < NumChunks).
func (ix *Index) Chunk(c int) Chunk {
	if ix.raw == nil {
		return ix.chunks[c]
	}
	t := ix.raw.in(ix.raw.fixed, 16*c, 16*c+12)
	if t == nil {
		return Chunk{File: int(ix.fileOf[c])} // damaged: see Damage
	}
	return Chunk{File: int(ix.fileOf[c]), Start: int(u32(t, 0)), End: int(u32(t, 1)), At: int(u32(t, 2))}
}

// at returns chunk c's At, reading nothing else of it.
func (ix *Index) at(c int) int {
	if ix.raw == nil {
		return ix.chunks[c].At
	}
	return int(ix.raw.u32(ix.raw.fixed, 4*c+2))
}

// chunkLen returns chunk c's weighted length in terms.
func (ix *Index) chunkLen(c uint32) uint32 {
	if ix.raw == nil {
		return ix.lens[c]
	}
	return ix.raw.u32(ix.raw.fixed, 4*int(c)+3)
}

// Named is what a chunk says of its definition.
type Named struct {
	Kind string // the definition's kind ("function", "class"…), "" for lines between definitions
	Name string // the definition's name, "" for lines between definitions
	Head string // the definition's head on one line (its signature)
}

// File is a file the index holds.
type File struct {
	Path  string
	Class Class // test, example, vendored, generated…
	Stamp Stamp // what it was when it was indexed
	// Skip says why the file holds no chunks ("binary", "too big"); ""
	// for a file indexed.
	Skip  string
	first int // its chunks are chunks[first:end]
	end   int
}

// Class says what kind of file a path is, for the penalties.
type Class uint8

const (
	Source Class = iota
	Test
	Example
	Vendored
	Generated
	Prose
	Legal   // a licence, a notice of copyright or patents: lowered as tests are
	History // a changelog, release notes, credits: lowered as tests are
)

// Weights of a term by where it occurs in a chunk (BM25F): the
// definition's name says most, its head (signature) next, its body least.
const (
	weightName = 4
	weightHead = 2
	weightBody = 1
)

// Index is an inverted index of chunks: for each term, the chunks that
// hold it with the term's weighted frequency, and the files whose path
// holds it.
type Index struct {
	// Scope says what the index is of, for people (a list of the kept
	// indexes): the caller's words, kept with it (at most 4 KiB). An
	// update keeps the kept index's unless the one it adds has its own.
	Scope string
	Files []File
	// The chunks by id (Chunk gives one, Strings what it names): in an
	// index built here, chunks, named and lens; in one read back, the
	// mapped table raw.fixed. fileOf is each chunk's file, in both.
	chunks []Chunk
	fileOf []int32
	named  []Named  // by chunk, in an index built here (not read back)
	lens   []uint32 // each chunk's weighted length in terms, in an index built here
	terms  map[string]uint32
	post   [][]posting // by term
	paths  [][]uint32  // by term: the files whose path holds it
	total  uint64      // sum of lens
	// The files as wholes: for each term, the files that hold it, with
	// its frequency; each file's length.
	fpost   [][]posting
	flens   []uint32
	ftotal  uint64
	skipped int // files with a Skip reason
	// raw, when set, holds the term table and the posting lists of an
	// index read back (see Decode): a list is decoded when a search asks
	// for it.
	raw *raw
}

type posting struct {
	chunk uint32
	tf    uint32
}

// Builder collects the chunks of files into an Index. It is not safe for
// concurrent use: Tokenize files in parallel, then Add them one at a time.
type Builder struct{ ix Index }

// NewBuilder returns an empty Builder.
func NewBuilder() *Builder {
	return &Builder{ix: Index{terms: map[string]uint32{}}}
}

// Text is a chunk's text by field, as Tokenize takes it.
type Text struct {
	Chunk
	Named
	Body string // the chunk's lines
}

// Doc is a file's chunks tokenized, as Add takes them.
type Doc struct {
	Stamp   Stamp // the file's, as the caller read it
	path    string
	class   Class
	chunks  []Chunk
	named   []Named
	terms   [][]termCount // each chunk's terms, weighted by field, in term order
	lens    []uint32
	words   []termCount // the file's words as written, in order
	wordLen uint32
	inPath  []string // the terms of its path
}

type termCount struct {
	term string
	n    uint32
}

// Tokenize cuts a file's chunks into terms; its path's words are those
// of in, its path in the project (a checkout's directories above the
// project say nothing of its files). It is safe for concurrent use.
func Tokenize(path, in string, class Class, chunks []Text) *Doc {
	d := &Doc{path: path, class: class}
	seen := map[string]bool{}
	Terms(pathWords(in), func(t string) {
		if !seen[t] {
			seen[t] = true
			d.inPath = append(d.inPath, t)
		}
	})
	tf := map[string]uint32{}
	ftf := map[string]uint32{}
	for _, c := range chunks {
		clear(tf)
		var n uint32
		add := func(w uint32) func(string) {
			return func(t string) {
				tf[t] += w
				n += w
			}
		}
		Terms(c.Name, add(weightName))
		Terms(c.Head, add(weightHead))
		Terms(c.Body, add(weightBody))
		d.chunks = append(d.chunks, c.Chunk)
		d.named = append(d.named, c.Named)
		d.terms = append(d.terms, sorted(tf))
		d.lens = append(d.lens, n)
		Words(c.Body, func(t string) {
			ftf[t]++
			d.wordLen++
		})
	}
	d.words = sorted(ftf)
	return d
}

func sorted(m map[string]uint32) []termCount {
	out := make([]termCount, 0, len(m))
	for t, n := range m {
		out = append(out, termCount{t, n})
	}
	slices.SortFunc(out, func(a, b termCount) int { return strings.Compare(a.term, b.term) })
	return out
}

// Skip adds a file that is not indexed, and why, so that a later search
// can tell it has not changed.
func (b *Builder) Skip(path, why string, st Stamp) {
	b.ix.Files = append(b.ix.Files, File{Path: path, Skip: why, Stamp: st, first: len(b.ix.chunks), end: len(b.ix.chunks)})
	b.ix.flens = append(b.ix.flens, 0)
	b.ix.skipped++
}

// Indexed returns how many files the index holds chunks of (or could:
// those it skipped are not counted).
func (ix *Index) Indexed() int { return len(ix.Files) - ix.skipped }

// Add adds a tokenized file; it returns the file's index.
func (b *Builder) Add(d *Doc) int {
	ix := &b.ix
	f := len(ix.Files)
	ix.Files = append(ix.Files, File{Path: d.path, Class: d.class, Stamp: d.Stamp, first: len(ix.chunks)})
	for _, t := range d.inPath {
		id := b.term(t)
		ix.paths[id] = append(ix.paths[id], uint32(f))
	}
	for i, c := range d.chunks {
		id := uint32(len(ix.chunks))
		c.File = f
		ix.chunks = append(ix.chunks, c)
		ix.fileOf = append(ix.fileOf, int32(f))
		ix.named = append(ix.named, d.named[i])
		ix.lens = append(ix.lens, d.lens[i])
		ix.total += uint64(d.lens[i])
		for _, t := range d.terms[i] {
			k := b.term(t.term)
			ix.post[k] = append(ix.post[k], posting{id, t.n})
		}
	}
	for _, t := range d.words {
		k := b.term(t.term)
		ix.fpost[k] = append(ix.fpost[k], posting{uint32(f), t.n})
	}
	ix.flens = append(ix.flens, d.wordLen)
	ix.ftotal += uint64(d.wordLen)
	ix.Files[f].end = len(ix.chunks)
	return f
}

func (b *Builder) term(t string) uint32 {
	id, ok := b.ix.terms[t]
	if !ok {
		id = uint32(len(b.ix.post))
		b.ix.terms[strings.Clone(t)] = id
		b.ix.post = append(b.ix.post, nil)
		b.ix.paths = append(b.ix.paths, nil)
		b.ix.fpost = append(b.ix.fpost, nil)
	}
	return id
}

// Index returns the index built so far; the Builder must not be used
// after.
func (b *Builder) Index() *Index {
	return &b.ix
}

// pathWords is the part of a path that says what the file is about: its
// directories and its name without the extension.
func pathWords(p string) string {
	if i := strings.LastIndexByte(p, '.'); i > strings.LastIndexByte(p, '/') {
		p = p[:i]
	}
	return p
}

// Signal is one named part of a lead's score.
type Signal struct {
	Name  string
	Value int
}

// Lead is a chunk that matched a description, with its score (the sum of
// its signals) and the query terms it holds.
type Lead struct {
	Chunk   int
	Score   int
	Signals []Signal
	Terms   []string // the description's words it holds ("conn~connection" for an abbreviation)
	Stems   []string // the same, as the index holds them (Terms gives a line's)
	// Similarity is the chunk's cosine similarity to the description in
	// thousandths, when Query.Similar ranked it; else 0.
	Similarity int
	// Words is the chunk's BM25F score by its own words (not its path's,
	// nor its file's): chunks of the same text score the same, to the
	// bit. 0: brought by Query.Similar alone.
	Words float64
	// Declared is the line of the chunk that declares the symbol the
	// description is, when it defines it by a declaration (a constant, a
	// variable, a member; see declared) rather than by its name; else 0.
	Declared int
}

// Query is a description to rank chunks against.
type Query struct {
	Text string
	// Tests, when set, keeps tests, examples, vendored and generated code,
	// licences and changelogs level with the rest. A description that
	// names one of those classes keeps that class level: "test" the
	// tests, "example" the examples, "vendored", "generated", "license"
	// (or "copyright", "patent") the licences, "changelog" the
	// changelogs; the others stay lowered.
	Tests bool
	// Tuning, when not nil, replaces DefaultTuning.
	Tuning *Tuning
	// Read, when not nil, reads a file (by its path in the index), each
	// line at its number, for the phrase signal: the best files
	// (Tuning.PhraseFiles) are read to find which neighbouring words of
	// the description are neighbours in them too; and for a description
	// that is one symbol, the lines between definitions and of classes
	// and structs, where a constant, a variable or a member may be
	// declared (see declared). Nil: neither. It is called from several
	// goroutines at once.
	Read func(path string) ([]byte, error)
	// Similar, when not empty, is a third ranking fused with the two
	// lexical ones: chunks by the similarity of their embedding to the
	// description's, best first. A chunk in it holds no query word if
	// need be.
	Similar []Similar
}

// Similar is a chunk and its cosine similarity to the description.
type Similar struct {
	Chunk  int
	Cosine float32
}

// Search ranks the chunks against q and returns the best n leads, best
// first, ties broken by file and line: a total order.
//
// Two rankings are fused by their ranks (reciprocal rank fusion): the
// chunks, by BM25F over code-aware terms (the definition's name and head
// weigh more than its body), and the files as wholes, by BM25 over their
// words as written, so that what a chunk's neighbours say counts for it
// too. The words of a file's path add to both; then the best files are
// read for the description's phrases (see phrases). Tests, examples,
// vendored and generated files are lowered unless q asks for them.
func (ix *Index) Search(q Query, n int) []Lead {
	leads, _ := ix.SearchFound(q, n)
	return leads
}

// SearchFound is Search that also says how many chunks were ranked: those
// that hold a word of the description (or that Similar brings), of which
// the leads are the best n; the windows of a definition count once.
func (ix *Index) SearchFound(q Query, n int) (leads []Lead, found int) {
	if ix.NumChunks() == 0 || n <= 0 {
		return nil, 0
	}
	tu := q.Tuning
	if tu == nil {
		tu = &DefaultTuning
	}
	if q.Read != nil {
		q.Read = readOnce(q.Read)
	}
	cs, qs := ix.scoreChunks(q.Text, tu)
	touched := cs.touched
	if len(touched) == 0 && len(q.Similar) == 0 {
		return nil, 0
	}
	fileScore, fileTouched := ix.scoreFiles(q.Text, tu)
	asked := askedFor(q, qs)
	pathScore := make([]float64, len(ix.Files))
	F := float64(ix.Indexed())
	for _, t := range qs {
		paths := ix.pathList(t.id)
		pf := float64(len(paths))
		pidf := math.Log(1 + (F-pf+0.5)/(pf+0.5))
		for _, f := range paths {
			pathScore[f] += tu.Path * pidf
		}
	}
	// The chunks ranked.
	// Sorted as pairs side by side: a search can touch tens of thousands
	// of chunks, and a score looked up by chunk is a cache miss.
	byRank := make([]scoredChunk, len(touched))
	for i, c := range touched {
		byRank[i] = scoredChunk{cs.score[i] + pathScore[ix.fileOf[c]], c}
	}
	slices.SortFunc(byRank, func(x, y scoredChunk) int { return ix.byScore(x.score, y.score, int(x.chunk), int(y.chunk)) })
	// Chunks that score the same share a rank (1, 2, 2, 4): the words
	// cannot tell them apart, so neither may the fusion; their order is
	// left to the other signals, then to path and line.
	chunkRank := make([]int32, len(byRank))
	for i, sc := range byRank {
		touched[i] = sc.chunk
		if chunkRank[i] = int32(i); i > 0 && sc.score == byRank[i-1].score {
			chunkRank[i] = chunkRank[i-1]
		}
	}
	// A description that is one symbol: the chunks that define it (the
	// best ranked by the words; a definition's name weighs most, so it
	// is among them).
	var defines map[uint32]int
	var declaredAt map[uint32]int // a chunk's line that declares the symbol
	if sym, ok := symbolOf(q.Text); ok {
		sym.wd, _ = os.Getwd() // no directory known: relative paths are taken as they are
		defines = map[uint32]int{}
		for _, c := range touched[:min(len(touched), maxDefines)] {
			_, name, head := ix.Strings(int(c))
			f := ix.fileOf[c]
			if v := sym.defines(name, head, ix.Files[f].Path, func() []string { return ix.names(f) }); v > 0 {
				defines[c] = v
			}
		}
		// A constant, a variable or a member: a line between definitions,
		// or of a class or struct, declares it.
		if q.Read != nil {
			declaredAt = ix.declared(sym, touched[:min(len(touched), maxDefines)], q.Read, defines, sym.holds(qs, &cs))
		}
	}
	// The files ranked.
	type scoredFile struct {
		score float64
		first int // its first chunk, for ties
		file  uint32
	}
	filesByRank := make([]scoredFile, len(fileTouched))
	for i, f := range fileTouched {
		filesByRank[i] = scoredFile{fileScore[f] + pathScore[f], ix.Files[f].first, f}
	}
	slices.SortFunc(filesByRank, func(x, y scoredFile) int {
		if c := ix.byScore(x.score, y.score, x.first, y.first); c != 0 {
			return c
		}
		return int(x.file) - int(y.file)
	})
	for i, sf := range filesByRank {
		fileTouched[i] = sf.file
	}
	fileRank := make([]int32, len(ix.Files)) // 0: not ranked; files that score the same share a rank
	for r, f := range fileTouched {
		if fileRank[f] = int32(r + 1); r > 0 && filesByRank[r].score == filesByRank[r-1].score {
			fileRank[f] = fileRank[fileTouched[r-1]]
		}
	}
	// The chunks by similarity: their ranks, and the chunks only they
	// bring, ranked after the lexical ones.
	lexical := len(touched)
	var simRank []int32 // by chunk; 0: not ranked
	var cosine []float32
	if len(q.Similar) > 0 {
		simRank = make([]int32, ix.NumChunks())
		cosine = make([]float32, ix.NumChunks())
		for r, s := range q.Similar {
			if s.Chunk < 0 || s.Chunk >= ix.NumChunks() || simRank[s.Chunk] != 0 {
				continue
			}
			simRank[s.Chunk] = int32(r + 1)
			cosine[s.Chunk] = s.Cosine
			if cs.slot[s.Chunk] == 0 {
				touched = append(touched, uint32(s.Chunk))
			}
		}
	}
	// Each chunk's score: its fused ranks, lowered for tests and the
	// like; then each further chunk of a file lowered again.
	var phrase map[int32]float64 // by file: set after the first scoring
	signals := func(sg []Signal, c uint32, r int) []Signal {
		if !tu.NoChunks && r < lexical {
			sg = append(sg, Signal{"chunk-rank", fuse(tu.FuseK, int(chunkRank[r])+1)})
		}
		if simRank != nil && simRank[c] > 0 {
			sg = append(sg, Signal{"embedding-rank", int(float64(fuse(tu.FuseK, int(simRank[c]))) * tu.EmbedWeight)})
		}
		if fr := fileRank[ix.fileOf[c]]; fr > 0 && !tu.NoFiles {
			sg = append(sg, Signal{"file-rank", int(float64(fuse(tu.FuseK, int(fr))) * tu.FileWeight)})
		}
		if d := defines[c]; d > 0 {
			sg = append(sg, Signal{"defines", d})
		}
		if x := phrase[ix.fileOf[c]]; x > 0 { // a share of what the words gave
			sum := 0
			for _, s := range sg {
				sum += s.Value
			}
			sg = append(sg, Signal{"phrase", int(float64(sum) * tu.Phrase * x)})
		}
		sum := 0
		for _, s := range sg {
			sum += s.Value
		}
		if cl := ix.Files[ix.fileOf[c]].Class; asked.lowers(cl) {
			sg = append(sg, Signal{classNames[cl], -(sum - int(float64(sum)*tu.Lowered))})
		}
		return sg
	}
	cands := make([]cand, len(touched))
	var buf []Signal
	score := func(r int) {
		sum := 0
		buf = signals(buf[:0], touched[r], r)
		for _, s := range buf {
			sum += s.Value
		}
		cands[r] = cand{chunk: touched[r], rank: int32(r), score: sum}
	}
	for r := range touched {
		score(r)
	}
	// The best files read for the description's phrases: their chunks
	// scored again with the phrase signal.
	if phrase = ix.phrases(q, tu, cands, asked); len(phrase) > 0 {
		for r, c := range touched {
			if phrase[ix.fileOf[c]] > 0 {
				score(r)
			}
		}
	}
	found = ix.definitions(cands)
	cands = ix.best(cands, n)
	leads = make([]Lead, len(cands))
	for i, c := range cands {
		l := Lead{Chunk: int(c.chunk), Score: c.score, Signals: signals(nil, c.chunk, int(c.rank))}
		if s := cs.slot[c.chunk]; s > 0 {
			l.Words = cs.score[s-1]
		}
		if simRank != nil && simRank[c.chunk] > 0 {
			l.Similarity = int(math.Round(float64(cosine[c.chunk]) * 1000))
		}
		l.Declared = declaredAt[c.chunk]
		if c.cut > 0 {
			l.Signals = append(l.Signals, Signal{"same-file", -c.cut})
		}
		m := cs.matchedOf(c.chunk)
		for i, t := range qs {
			if i < 64 && m&(1<<i) != 0 {
				l.Terms = append(l.Terms, t.shown())
				l.Stems = append(l.Stems, t.term)
			}
		}
		leads[i] = l
	}
	return leads, found
}

// best returns the n best candidates, best first, after each file's
// further chunks are lowered (the k-th by (2/3)^k, in the order of their
// scores before): a total order, as if all were sorted. A definition cut
// into windows is one candidate, its best window (oneWindowEach): its
// other windows neither lead nor lower the file's further chunks.
//
// Lowering only lowers, so only the candidates whose score before is
// above the n-th best score after can be among the n: the best k by
// score before are sorted and lowered (k from 4n, growing until that
// holds), not all of them.
func (ix *Index) best(cands []cand, n int) []cand {
	k := max(4*n, 256)
	for {
		top, threshold := topCands(cands, k)
		all := len(top) == len(cands)
		ix.sortCands(top)
		top = ix.oneWindowEach(top)
		nth := map[int]int32{} // how many of the file's chunks came before
		for i := range top {
			c := &top[i]
			f := int(ix.fileOf[c.chunk])
			c.nth = nth[f]
			nth[f]++
			if c.nth > 0 {
				c.cut = c.score - int(float64(c.score)*math.Pow(2.0/3, float64(c.nth)))
				c.score -= c.cut
			}
		}
		ix.sortCands(top)
		// Every candidate left out scored below threshold before, so
		// below it after: the n kept are the best when the n-th of them
		// scores threshold or more.
		if all || len(top) >= n && top[n-1].score >= threshold {
			return top[:min(n, len(top))]
		}
		k *= 4
	}
}

// topCands returns, in a new slice, the candidates that score at least
// the k-th best score (ties with it too; all of them when k ≥ their
// number), and that score (math.MinInt for all).
func topCands(cands []cand, k int) (top []cand, threshold int) {
	if k >= len(cands) {
		return slices.Clone(cands), math.MinInt
	}
	scores := make([]int, len(cands))
	for i, c := range cands {
		scores[i] = c.score
	}
	threshold = nthLargest(scores, k)
	top = make([]cand, 0, k)
	for _, c := range cands {
		if c.score >= threshold {
			top = append(top, c)
		}
	}
	return top, threshold
}

// nthLargest returns the k-th largest of xs (1 ≤ k ≤ len(xs)), reordering
// them: a selection in linear time, not a sort of tens of thousands.
func nthLargest(xs []int, k int) int {
	want := len(xs) - k // its index were xs sorted ascending
	lo, hi := 0, len(xs)-1
	for lo < hi {
		// Hoare's partition around the middle element.
		pivot := xs[lo+(hi-lo)/2]
		i, j := lo, hi
		for i <= j {
			for xs[i] < pivot {
				i++
			}
			for xs[j] > pivot {
				j--
			}
			if i <= j {
				xs[i], xs[j] = xs[j], xs[i]
				i++
				j--
			}
		}
		switch {
		case want <= j:
			hi = j
		case want >= i:
			lo = i
		default:
			return xs[want]
		}
	}
	return xs[want]
}

// cand is a chunk being ranked: its place in the chunks' ranking, its
// score, and how much of it the file's earlier chunks cut.
type cand struct {
	chunk uint32
	rank  int32
	nth   int32
	score int
	cut   int
}

// sortCands orders candidates best first (see leadOrder).
func (ix *Index) sortCands(cs []cand) {
	slices.SortFunc(cs, func(x, y cand) int { return ix.leadOrder(x.score, x.chunk, y.score, y.chunk) })
}

// leadOrder orders two scored chunks best first: by score, then path,
// then line; a total order (Search's, and Boost's after it).
func (ix *Index) leadOrder(sa int, ca uint32, sb int, cb uint32) int {
	if sa != sb {
		return sb - sa
	}
	fa, fb := ix.fileOf[ca], ix.fileOf[cb]
	if fa != fb {
		return strings.Compare(ix.Files[fa].Path, ix.Files[fb].Path)
	}
	return ix.Chunk(int(ca)).Start - ix.Chunk(int(cb)).Start
}

// fuse is a rank's share of a fused score: 1/(k + rank), in millionths.
func fuse(k float64, rank int) int { return int(1_000_000 / (k + float64(rank))) }

// Tuning holds the weights of the ranking. The evaluation
// (concept_eval_test.go) measures changes to them; DefaultTuning is what
// it measured best.
type Tuning struct {
	FuseK        float64 // reciprocal rank fusion's k: 1/(k + rank)
	FileWeight   float64 // the file's rank's share beside the chunk's (1: equal)
	Path         float64 // a query word in the path, times its inverse file frequency
	Lowered      float64 // the factor for tests, examples, vendored and generated code
	Abbreviation float64 // the weight of an abbreviation of a query word ("conn" for "connection")
	EmbedWeight  float64 // the similarity ranking's share beside the chunk's (Query.Similar)
	ChunkK1      float64 // BM25F's k1 and b over chunks
	ChunkB       float64
	FileK1       float64 // BM25's k1 and b over whole files
	FileB        float64
	Vague        float64 // the weight of a vague verb of a description ("decides", "handles")
	Phrase       float64 // the phrase signal: a chunk's score from the words times this times ln(1 + the pairs of the description's neighbouring terms that are neighbours in its file, each by its inverse frequency among the files read)
	PhraseFiles  float64 // how many of the best files are read for it
	NoChunks     bool    // rank by whole files only (for the evaluation)
	NoFiles      bool    // rank by chunks only (for the evaluation)
}

// DefaultTuning is the tuning Search uses when a query has none.
var DefaultTuning = Tuning{FuseK: 20, FileWeight: 1, EmbedWeight: 1, Path: 0.5, Lowered: 0.6, Abbreviation: 0.5, ChunkK1: 1.2, ChunkB: 0.75, FileK1: 1.2, FileB: 0.75, Vague: 0.5, Phrase: 0.75, PhraseFiles: 20}

// names returns the names of the definitions of file f.
func (ix *Index) names(f int32) []string {
	var out []string
	for c := ix.Files[f].first; c < ix.Files[f].end; c++ {
		if _, n, _ := ix.Strings(c); n != "" {
			out = append(out, n)
		}
	}
	return out
}

// maxDefines is how many of the chunks the words rank best are looked at
// for a definition of a symbol the description is.
const maxDefines = 2000

// asksFor holds the terms (as Terms gives them) of a description that ask
// for a class of files Search otherwise lowers, and the class each asks
// for.
var asksFor = map[string]Class{"test": Test, "exampl": Example, "vendor": Vendored, "generat": Generated, "licens": Legal, "licenc": Legal, "copyright": Legal, "patent": Legal, "changelog": History}

// classes is a set of classes: those a query asks for.
type classes uint16

// askedFor returns the classes q asks for: all with q.Tests, else those
// its terms (qs) name.
func askedFor(q Query, qs []qterm) classes {
	if q.Tests {
		return ^classes(0)
	}
	var s classes
	for _, t := range qs {
		if c, ok := asksFor[t.term]; ok && !t.expanded {
			s |= 1 << c
		}
	}
	return s
}

// lowers reports whether a file of class c is lowered in a search that
// asks for the classes s: any but source and prose, unless asked for.
func (s classes) lowers(c Class) bool {
	return c != Source && c != Prose && s&(1<<c) == 0
}

// byScore orders by score, higher first, then by a (chunk or first
// chunk) index: a total order.
func (ix *Index) byScore(a, b float64, ia, ib int) int {
	switch {
	case a > b:
		return -1
	case a < b:
		return 1
	}
	return ia - ib
}

var classNames = [...]string{Source: "source", Test: "test", Example: "example", Vendored: "vendored", Generated: "generated", Prose: "prose", Legal: "legal", History: "history"}
