package concept

import (
	"math"
	"strings"
	"unicode"
)

// qterm is a term of a query, as the index holds it; this file has the
// query's terms and the scores of the chunks and files that hold them.
type qterm struct {
	id       uint32
	term     string
	count    int
	expanded bool   // an abbreviation of a query word, not the word
	of       string // the word of the query it comes from
}

// expansions returns the terms of the index that abbreviate a word of the
// query: a prefix of it of three or four letters ("conn" for
// "connection", "ext" for "extension", "buf" for "buffer"), or the usual
// abbreviation when it is no prefix ("msg" for "message").
func (ix *Index) expansions(text string, have []qterm) []qterm {
	seen := map[string]bool{}
	for _, t := range have {
		seen[t.term] = true
	}
	var out []qterm
	var word string
	add := func(p string) {
		if seen[p] || stop[p] {
			return
		}
		seen[p] = true
		if id, ok := ix.lookup(p); ok {
			out = append(out, qterm{id: id, term: p, count: 1, expanded: true, of: word})
		}
	}
	Words(text, func(w string) {
		if stop[Stem(w)] {
			return
		}
		word = w
		for _, a := range abbreviations[w] {
			add(a)
		}
		if head := ix.compound(w); head != "" {
			add(head)
			return
		}
		for l := 3; l <= min(4, len(w)-3); l++ {
			add(w[:l])
		}
	})
	return out
}

// compound returns the first word of a word that is two run together,
// each a word of the index or a stop word ("time" of "timeout", "file"
// of "filename"); "" when it is none. Such a
// word's first word stands for it in code ("fileName" says "file"), but
// its other prefixes ("tim", "fil") abbreviate nothing.
func (ix *Index) compound(w string) string {
	// The longest first word first: a tree's odd names ("tim", and "eout"
	// for a variable) make odd splits, and the longest first word leaves
	// the shortest, likeliest tail ("time" and "out").
	for i := len(w) - 3; i >= 3; i-- {
		// A tail of three letters is a word only when it is a stop word
		// ("out"): "ion", "ing" are endings, and "connection" is no
		// "connect" and "ion".
		if tail := w[i:]; ix.known(w[:i]) && (stop[Stem(tail)] || len(tail) >= 4 && ix.known(tail)) {
			return w[:i]
		}
	}
	return ""
}

// known reports whether a word, as written, is a word the index holds or
// a stop word.
func (ix *Index) known(w string) bool {
	t := Stem(w)
	if stop[t] {
		return true
	}
	_, ok := ix.lookup(t)
	return ok
}

// abbreviations are the usual short forms of words in code that are not
// prefixes of them.
var abbreviations = func() map[string][]string {
	m := map[string][]string{}
	for _, l := range strings.Split(`message messages:msg
		context:ctx
		configuration config:cfg
		package packages:pkg
		source:src
		destination:dst
		pointer pointers:ptr
		index indexes indices:idx
		function functions:fn fun func
		command commands:cmd
		count number:cnt n num
		temporary:tmp
		database:db
		request requests:req
		response responses:resp res
		error errors:err
		string strings:str
		character characters:char ch
		reference references:ref
		previous:prev
		current:cur curr
		initialize initialise initialization:init
		synchronize synchronization:sync
		directory directories:dir
		receive receives received:recv
		argument arguments:arg args
		parameter parameters:param params
		value values:val
		length:len
		capacity:cap
		allocate allocation:alloc
		environment:env
		specification:spec
		administrator:admin
		authentication authorization:auth
		transaction:tx txn
		window:win
		button:btn
		image:img
		document:doc
		utility utilities:util`, "\n") {
		words, abbr, _ := strings.Cut(strings.TrimSpace(l), ":")
		for _, w := range strings.Fields(words) {
			m[w] = strings.Fields(abbr)
		}
	}
	return m
}()

// queryTerms returns the terms of text that the index holds, each once
// with how often text has it, in order.
func (ix *Index) queryTerms(text string, split func(string, func(string))) []qterm {
	var qs []qterm
	at := map[string]int{}
	for _, word := range strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' }) {
		split(word, func(t string) {
			if i, ok := at[t]; ok {
				qs[i].count++
				return
			}
			if id, ok := ix.lookup(t); ok {
				at[t] = len(qs)
				qs = append(qs, qterm{id: id, term: t, count: 1, of: strings.ToLower(word)})
			}
		})
	}
	return qs
}

// shown is how a lead names a query term it holds: the word of the
// description (its stem is what matched), or "conn~connection" for an
// abbreviation.
func (t qterm) shown() string {
	switch {
	case t.expanded:
		return t.term + "~" + t.of
	case t.of != t.term && Stem(t.of) == t.term:
		return t.of
	}
	return t.term
}

// scoreChunks scores the chunks by BM25F over the code-aware terms of
// text, and says which of the query's terms qs each chunk holds.
func (ix *Index) scoreChunks(text string, tu *Tuning) (cs chunkScores, qs []qterm) {
	qs = ix.queryTerms(text, Terms)
	qs = append(qs, ix.expansions(text, qs)...)
	N := float64(ix.NumChunks())
	avg := max(1, float64(ix.total)/N)
	cs.slot = make([]int32, ix.NumChunks())
	for i, t := range qs {
		post := ix.postList(t.id)
		df := float64(len(post))
		w := math.Log(1+(N-df+0.5)/(df+0.5)) * (1 + 0.5*float64(t.count-1))
		if t.expanded {
			w *= tu.Abbreviation
		}
		if vague[t.term] {
			w *= tu.Vague
		}
		bit := uint64(0)
		if i < 64 {
			bit = 1 << i
		}
		for _, p := range post {
			tf := float64(p.tf)
			norm := tu.ChunkK1 * (1 - tu.ChunkB + tu.ChunkB*float64(ix.chunkLen(p.chunk))/avg)
			s := cs.slot[p.chunk]
			if s == 0 {
				cs.touched = append(cs.touched, p.chunk)
				cs.score = append(cs.score, 0)
				cs.matched = append(cs.matched, 0)
				s = int32(len(cs.touched))
				cs.slot[p.chunk] = s
			}
			cs.score[s-1] += w * tf * (tu.ChunkK1 + 1) / (tf + norm)
			cs.matched[s-1] |= bit
		}
	}
	return cs, qs
}

// chunkScores are the scores of the chunks a query's terms touch, kept
// dense in the order first touched (a search touches a few thousand of a
// large tree's hundreds of thousands of chunks).
type chunkScores struct {
	slot    []int32   // by chunk: 1 + its place in touched; 0 when not touched
	touched []uint32  // the chunks, in the order first touched
	score   []float64 // by place, each chunk's BM25F
	matched []uint64  // by place, the query terms it holds (bit i: term i < 64)
}

// scoredChunk is a chunk and its score, for sorting.
type scoredChunk struct {
	score float64
	chunk uint32
}

func (cs *chunkScores) matchedOf(c uint32) uint64 {
	if s := cs.slot[c]; s > 0 {
		return cs.matched[s-1]
	}
	return 0
}

// scoreFiles scores the files as wholes by BM25 over the words of text as
// written.
func (ix *Index) scoreFiles(text string, tu *Tuning) (score []float64, touched []uint32) {
	qs := ix.queryTerms(text, Words)
	favg := float64(ix.ftotal) / float64(max(1, ix.Indexed()))
	F := float64(ix.Indexed())
	score = make([]float64, len(ix.Files))
	seen := make([]bool, len(ix.Files))
	for _, t := range qs {
		fpost := ix.filePostList(t.id)
		df := float64(len(fpost))
		w := math.Log(1+(F-df+0.5)/(df+0.5)) * (1 + 0.5*float64(t.count-1))
		if vague[Stem(t.term)] {
			w *= tu.Vague
		}
		for _, p := range fpost {
			tf := float64(p.tf)
			norm := tu.FileK1 * (1 - tu.FileB + tu.FileB*float64(ix.flens[p.chunk])/favg)
			if !seen[p.chunk] {
				seen[p.chunk] = true
				touched = append(touched, p.chunk)
			}
			score[p.chunk] += w * tf * (tu.FileK1 + 1) / (tf + norm)
		}
	}
	return score, touched
}

// vague holds the verbs a description uses to say that code acts, not
// what it acts on ("the code that decides whether…", "handles",
// "determines"): rare in code, so BM25 would weigh them most, though
// they tell little of which code is meant. They weigh less, not nothing.
var vague = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`decide determine handle deal take care perform responsible manage happen
		figure work make try do does`) { // stemmed below: "decides", "handled" are here too ("does" is no "do")
		m[Stem(w)] = true
	}
	return m
}()
