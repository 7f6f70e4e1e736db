// Package embed turns texts into vectors for concept search: one
// interface, Embedder, with the providers scout speaks to (an
// OpenAI-compatible /v1/embeddings endpoint, Ollama's /api/embed, a
// static model directory the user supplies) and a hashing embedder that
// needs no model at all. It also keeps vectors (Vectors) and ranks them
// by cosine similarity.
//
// Nothing here downloads anything: a provider is only what the user
// points scout at. Every failure is one of the errors below, wrapped with
// what went wrong, so that a caller can skip the embedding ranking and
// say why without reading the message.
package embed

import (
	"context"
	"errors"
	"fmt"
	"math"
	"unicode/utf8"
)

// Embedder turns texts into vectors, one per text, all of one dimension.
type Embedder interface {
	// Embed returns the vectors of texts, in order.
	Embed(ctx context.Context, texts []string) ([][]float32, error)
	// ID names the provider and model ("ollama:nomic-embed-text"); vectors
	// from different IDs are never mixed.
	ID() string
}

// The kinds of failure. Each error an Embedder returns wraps one of them.
var (
	// ErrUnreachable: the provider could not be reached (refused, no
	// route, a bad address).
	ErrUnreachable = errors.New("the embedding provider cannot be reached")
	// ErrTimeout: the provider did not answer in the time allowed.
	ErrTimeout = errors.New("the embedding provider did not answer in time")
	// ErrResponse: the provider answered with an error or with something
	// that is not embeddings (bad JSON, too few vectors).
	ErrResponse = errors.New("the embedding provider's answer is not usable")
	// ErrDimension: vectors of different lengths, or of another length
	// than the vectors kept for the same model.
	ErrDimension = errors.New("the embeddings have the wrong dimension")
	// ErrModel: a model directory that is missing, incomplete or damaged.
	ErrModel = errors.New("the model directory is not usable")
	// ErrConfig: a provider named wrongly or without what it needs.
	ErrConfig = errors.New("the embedding provider is not configured right")
)

// MaxText is how many bytes of a text are sent to a provider; the rest
// is cut (at a character boundary). A chunk is at most 60 lines, so
// this cuts only long lines.
const MaxText = 4096

// Clip returns s cut to at most MaxText bytes, at a character boundary.
func Clip(s string) string {
	if len(s) <= MaxText {
		return s
	}
	n := MaxText
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// checkVectors checks that there is one vector per text, all of one
// nonzero length, with finite values.
func checkVectors(vs [][]float32, want int) error {
	if len(vs) != want {
		return fmt.Errorf("%w: %d vectors for %d texts", ErrResponse, len(vs), want)
	}
	for i, v := range vs {
		if len(v) == 0 {
			return fmt.Errorf("%w: vector %d is empty", ErrDimension, i)
		}
		if len(v) != len(vs[0]) {
			return fmt.Errorf("%w: vector %d has %d values, vector 0 has %d", ErrDimension, i, len(v), len(vs[0]))
		}
		for _, x := range v {
			if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
				return fmt.Errorf("%w: vector %d holds %v", ErrResponse, i, x)
			}
		}
	}
	return nil
}

// Normalize scales v to length 1 in place (a zero vector stays zero).
func Normalize(v []float32) {
	var s float64
	for _, x := range v {
		s += float64(x) * float64(x)
	}
	if s == 0 {
		return
	}
	f := float32(1 / math.Sqrt(s))
	for i := range v {
		v[i] *= f
	}
}
