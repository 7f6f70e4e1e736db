package concept

import (
	"math"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/scoutcode/scout/internal/safe"
)

// A description's words in the order it gives them say more than the
// words alone: "the read deadline" is `readDeadline` or "read deadline"
// somewhere, not any file with "read" and "deadline" far apart. The
// phrase signal counts the pairs of the description's neighbouring terms
// (as Terms gives them: stemmed, stop words dropped, identifiers split)
// that are neighbours in a file too, anywhere in it: a sibling's comment
// that says "returns the key type of map m" is evidence for the file a
// description "the element type of map m" is after. It raises what the
// words gave each chunk of such a file by a share (Tuning.Phrase), so a
// file the words rank low stays low. Only the best files are read for it
// (Tuning.PhraseFiles), so a search reads twenty files, not the tree;
// among them, a pair that few hold weighs more than one that most do.

// pair is two terms, neighbours in a text.
type pair [2]string

// pairs returns the distinct pairs of neighbouring terms of a
// description, in order; a term beside itself is no pair.
func pairs(text string) []pair {
	var out []pair
	prev := ""
	Terms(text, func(t string) {
		if p := (pair{prev, t}); prev != "" && prev != t && !slices.Contains(out, p) {
			out = append(out, p)
		}
		prev = t
	})
	return out
}

// pairsIn returns which of ps (at most 64) are neighbours somewhere in
// text, as bits (1<<i for ps[i]).
func pairsIn(text string, ps []pair) uint64 {
	return newPairScan(ps).in(text)
}

// pairScan finds a description's pairs in texts. It keeps what it learnt
// of each identifier across the texts it scans: code says the same names
// again and again, in a file and across files, and lowering, splitting
// and stemming them is most of the work. Not safe for concurrent use.
type pairScan struct {
	n     int      // the terms that are in a pair, coded 1..n; 0 is any other
	codes []string // the term of each code, less one
	match []uint64 // match[a*(n+1)+b]: the pairs that are a then b
	all   uint64   // every pair found
	seen  map[string][]uint8
	buf   []uint8
}

// noPairTerm is the codes of an identifier whose terms are in no pair:
// it parts the terms on either side of it. An identifier with no term at
// all (a stop word) parts nothing, and has no codes.
var noPairTerm = []uint8{0}

func newPairScan(ps []pair) *pairScan {
	ps = ps[:min(len(ps), 64)]
	s := &pairScan{seen: map[string][]uint8{}}
	code := func(t string) int {
		if i := slices.Index(s.codes, t); i >= 0 {
			return i + 1
		}
		s.codes = append(s.codes, t)
		return len(s.codes)
	}
	type coded struct{ a, b int }
	cs := make([]coded, len(ps))
	for i, p := range ps {
		cs[i] = coded{code(p[0]), code(p[1])}
	}
	s.n = len(s.codes)
	s.match = make([]uint64, (s.n+1)*(s.n+1))
	for i, c := range cs {
		s.match[c.a*(s.n+1)+c.b] |= 1 << i
	}
	if len(ps) > 0 {
		s.all = uint64(1)<<len(ps) - 1
	}
	return s
}

// in returns which pairs are neighbours somewhere in text, as bits.
func (s *pairScan) in(text string) uint64 {
	if s.all == 0 {
		return 0
	}
	var found uint64
	prev := 0
	identifiers(text, func(w string) {
		if found == s.all {
			return
		}
		cs, ok := s.seen[w]
		if !ok {
			cs = s.codesOf(w)
			s.seen[w] = cs
		}
		for _, c := range cs {
			found |= s.match[prev*(s.n+1)+int(c)]
			prev = int(c)
		}
	})
	return found
}

// codesOf returns the codes of an identifier's terms, in order: nil when
// it has none, noPairTerm when none is in a pair.
func (s *pairScan) codesOf(w string) []uint8 {
	s.buf = s.buf[:0]
	inPair := false
	word(w, func(t string) {
		c := uint8(0)
		if i := slices.Index(s.codes, t); i >= 0 {
			c, inPair = uint8(i+1), true
		}
		s.buf = append(s.buf, c)
	})
	switch {
	case len(s.buf) == 0:
		return nil
	case !inPair:
		return noPairTerm
	}
	return slices.Clone(s.buf)
}

// phrases returns ln(1 + the weight of the pairs) of each of the best
// files among cands (by the score each has so far) that holds a pair; nil
// when the query cannot have one (no reader, fewer than two terms). Tests,
// examples, vendored and generated code and licences have none unless the
// description asks for their class (asked): a test names in words the behaviour
// it checks ("retries after a timeout"), and would outrank the code that
// has it.
func (ix *Index) phrases(q Query, tu *Tuning, cands []cand, asked classes) map[int32]float64 {
	ps := pairs(q.Text)
	if q.Read == nil || len(ps) == 0 || tu.Phrase == 0 || len(cands) == 0 {
		return nil
	}
	want := int(tu.PhraseFiles)
	// The best chunks, enough of them to name that many files (a file
	// rarely has more than a few chunks among the best).
	top, _ := topCands(cands, 8*want)
	ix.sortCands(top)
	var files []int32
	for _, c := range top {
		f := ix.fileOf[c.chunk]
		if cl := ix.Files[f].Class; asked.lowers(cl) {
			continue
		}
		if !slices.Contains(files, f) {
			if files = append(files, f); len(files) == want {
				break
			}
		}
	}
	// Read and scanned a few at a time: a file is a millisecond's work.
	found := make([]uint64, len(files))
	next := atomic.Int32{}
	var g safe.Group // a panic is raised here, on the caller's goroutine
	for range min(len(files), runtime.GOMAXPROCS(0), 4) {
		g.Go(func() {
			scan := newPairScan(ps)
			for i := int(next.Add(1)) - 1; i < len(files); i = int(next.Add(1)) - 1 {
				if data, err := q.Read(ix.Files[files[i]].Path); err == nil { // unreadable now: no phrase
					found[i] = scan.in(string(data))
				}
			}
		})
	}
	g.Wait()
	// A pair most of the files read hold ("check whether") tells them
	// apart less than one only a few do: each weighs by its inverse
	// frequency among them, 1 for a pair only one file holds.
	weight := make([]float64, min(len(ps), 64))
	K := float64(len(files))
	for i := range weight {
		df := 0.0
		for _, m := range found {
			if m&(1<<i) != 0 {
				df++
			}
		}
		weight[i] = math.Log(1+(K-df+0.5)/(df+0.5)) / math.Log(1+(K-0.5)/1.5)
	}
	out := map[int32]float64{}
	for i, f := range files {
		sum := 0.0
		for j, w := range weight {
			if found[i]&(1<<j) != 0 {
				sum += w
			}
		}
		if sum > 0 {
			out[f] = math.Log1p(sum)
		}
	}
	return out
}

// readOnce wraps a search's reader so that each file is read once: the
// declarations of a symbol and the phrase signal often want the same
// files. Safe for concurrent use; it keeps what it read until the search
// is done (a few dozen files, each at most what Read gives).
func readOnce(read func(string) ([]byte, error)) func(string) ([]byte, error) {
	type result struct {
		data []byte
		err  error
	}
	var mu sync.Mutex
	memo := map[string]result{}
	return func(p string) ([]byte, error) {
		mu.Lock()
		r, ok := memo[p]
		mu.Unlock()
		if !ok {
			r.data, r.err = read(p)
			mu.Lock()
			memo[p] = r
			mu.Unlock()
		}
		return r.data, r.err
	}
}
