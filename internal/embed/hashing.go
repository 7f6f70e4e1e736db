package embed

import (
	"context"
	"math"
	"slices"
	"strconv"

	"github.com/scoutcode/scout/internal/concept"
)

// Hashing embeds a text with no model: each code-aware term of it
// (identifiers whole and split, stemmed; see concept.Terms), and each
// character trigram of those terms at a lower weight, is hashed into one
// of Dim buckets with a sign, counted sublinearly, and the vector is
// normalized. Words that share a root or most of their letters land
// near each other; that is all it knows. It lets the vector code run
// without weights, and the evaluation measures it.
type Hashing struct {
	Dim int // 0: 256
}

// ID implements Embedder.
func (h Hashing) ID() string { return "hashing:" + strconv.Itoa(h.dim()) }

func (h Hashing) dim() int {
	if h.Dim <= 0 {
		return 256
	}
	return h.Dim
}

// Embed implements Embedder.
func (h Hashing) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i, t := range texts {
		if i%256 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		out[i] = h.vector(t)
	}
	return out, nil
}

// trigramWeight is a trigram's share beside its term's.
const trigramWeight = 0.25

func (h Hashing) vector(text string) []float32 {
	dim := uint64(h.dim())
	counts := map[string]int{}
	concept.Terms(Clip(text), func(t string) { counts[t]++ })
	v := make([]float32, dim)
	add := func(s string, w float64) {
		x := FNV64(s)
		if x>>63 != 0 {
			w = -w
		}
		v[x%dim] += float32(w)
	}
	// In order: float sums depend on it, and a vector must be the same in
	// every process.
	terms := make([]string, 0, len(counts))
	for t := range counts {
		terms = append(terms, t)
	}
	slices.Sort(terms)
	for _, t := range terms {
		w := 1 + math.Log(float64(counts[t]))
		add(t, w)
		g := "^" + t + "$"
		if len(g) < 5 {
			continue // the term says it all
		}
		tw := trigramWeight * w / float64(len(g)-2)
		for i := 0; i+3 <= len(g); i++ {
			add("#"+g[i:i+3], tw)
		}
	}
	Normalize(v)
	return v
}

// FNV64 is FNV-1a, 64 bits: a hash that is the same in every process
// (kept vectors are named and keyed by it).
func FNV64(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}
