package concept

import (
	"math"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
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
	ps = ps[:min(len(ps), 64)]
	if len(ps) == 0 {
		return 0
	}
	var found uint64
	all := uint64(1)<<len(ps) - 1
	prev := ""
	// An identifier's terms, kept: code says the same names again and
	// again, and lowering and stemming them is most of the work.
	seen := map[string][]string{}
	var terms []string
	identifiers(text, func(w string) {
		if found == all {
			return
		}
		ts, ok := seen[w]
		if !ok {
			terms = terms[:0]
			word(w, func(t string) { terms = append(terms, t) })
			ts = slices.Clone(terms)
			seen[w] = ts
		}
		for _, t := range ts {
			for i, p := range ps {
				if found&(1<<i) == 0 && p[1] == t && p[0] == prev {
					found |= 1 << i
				}
			}
			prev = t
		}
	})
	return found
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
	var wg sync.WaitGroup
	for range min(len(files), runtime.GOMAXPROCS(0), 4) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1)) - 1; i < len(files); i = int(next.Add(1)) - 1 {
				if data, err := q.Read(ix.Files[files[i]].Path); err == nil { // unreadable now: no phrase
					found[i] = pairsIn(string(data), ps)
				}
			}
		}()
	}
	wg.Wait()
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
