package scout

import (
	"context"
	"errors"
	"fmt"

	"github.com/scoutcode/scout/internal/concept"
)

// SearchedFiles returns the path of every file a grep with opts was given
// by the walk (searched, or skipped as binary, too large or unreadable).
func SearchedFiles(ctx context.Context, opts Options) ([]string, error) {
	res, _, err := run(ctx, request{Options: opts, visited: true}, 0)
	if err != nil {
		return nil, err
	}
	return res.visited, nil
}

// SetHooks sets the hooks called before each file is read and before a
// page's lines are read again (nil: none), for the test.
func SetHooks(t interface{ Cleanup(func()) }, read func(path string), load func()) {
	testHookRead, testHookLoad = read, load
	t.Cleanup(func() { testHookRead, testHookLoad = nil, nil })
}

// NoKeep makes pages read their lines again instead of keeping them from
// the search, for the test.
func NoKeep(t interface{ Cleanup(func()) }) {
	testNoKeep = true
	t.Cleanup(func() { testNoKeep = false })
}

// Keep undoes NoKeep.
func Keep() { testNoKeep = false }

// BuildConcept indexes the files below root for concept search as a
// search would, for the evaluation.
func BuildConcept(ctx context.Context, root string) (*concept.Index, error) {
	pp := newProjectPaths([]string{root})
	scope, _, err := scopeFiles(ctx, Scope{Paths: []string{root}}, false, &pp)
	if err != nil {
		return nil, err
	}
	ix, _ := buildConcept(ctx, scope, false, nil)
	return ix, nil
}

// ConceptSimilar embeds ix's chunks once with the provider e names, and
// returns what ranks them by similarity to a description (the
// evaluation's embedding row).
func ConceptSimilar(ctx context.Context, ix *concept.Index, e EmbedOptions) (func(desc string) ([]concept.Similar, error), error) {
	emb, err := embedder(e)
	if err != nil {
		return nil, err
	}
	probe, err := emb.Embed(ctx, []string{"probe"})
	if err != nil {
		return nil, err
	}
	var s similarity
	vs, pos, err := chunkVectors(ctx, ix, emb, len(probe[0]), ConceptOptions{CacheOptions: CacheOptions{NoCache: true}, Embed: e}, &s, &mappings{})
	if err != nil {
		return nil, err
	}
	return func(desc string) ([]concept.Similar, error) {
		q, err := emb.Embed(ctx, []string{desc})
		if err != nil {
			return nil, err
		}
		return rankSimilar(vs, pos, q[0]), nil
	}, nil
}

// CallsReused returns how many files' parses structural searches have
// taken from the cache so far.
func CallsReused() int64 { return callsReused.Load() }

// DecodeCalls reads a kept calls file and each record in it against data,
// for the fuzz test: it must fail cleanly, never panic.
func DecodeCalls(file, data []byte) int {
	recs, err := decodeCalls(file)
	if err != nil {
		return -1
	}
	n := 0
	for _, rec := range recs {
		if _, ok := decodeRecord(rec, data, crc32Of(data)); ok {
			n++
		}
	}
	return n
}

// FailIndexWrites makes every write of a kept index fail after its first
// 100 bytes, as a full disk would, until the function it returns is
// called, for the test.
func FailIndexWrites(t interface{ Cleanup(func()) }) (stop func()) {
	testHookWrite = func(w concept.IndexWriter) concept.IndexWriter { return &failingWriter{w: w, left: 100} }
	stop = func() { testHookWrite = nil }
	t.Cleanup(stop)
	return stop
}

type failingWriter struct {
	w    concept.IndexWriter
	left int
}

var errDiskFull = errors.New("no space left on device")

func (f *failingWriter) Write(p []byte) (int, error) {
	if len(p) > f.left {
		n, _ := f.w.Write(p[:f.left])
		f.left = 0
		return n, errDiskFull
	}
	f.left -= len(p)
	return f.w.Write(p)
}

// OnIndexWait sets a function called as a concept search starts to wait
// for another search's build of the same index, for the test.
func OnIndexWait(t interface{ Cleanup(func()) }, f func()) {
	testHookWaiting = f
	t.Cleanup(func() { testHookWaiting = nil })
}

// OnIndexBuild calls f as each concept search starts to build or update
// its index, with a function that ends the time that build has, as its
// time limit running out would, for the test.
func OnIndexBuild(t interface{ Cleanup(func()) }, f func(end func())) {
	testHookBuild = f
	t.Cleanup(func() { testHookBuild = nil })
}

// OnCutExact calls f as a concept search whose index build was cut
// starts to find its exact hits.
func OnCutExact(t interface{ Cleanup(func()) }, f func()) {
	testHookCutExact = f
	t.Cleanup(func() { testHookCutExact = nil })
}

// PhraseText is what a concept search reads of a file for the phrase
// signal, for the evaluation.
var PhraseText = phraseText

// NearCopyText reports whether two texts are one in two formats, as a
// concept search folds its document leads (see nearCopy).
func NearCopyText(a, b string) bool { return nearCopy(shingles(a), shingles(b)) }

// LinesIn is linesIn: lines start to end of data.
var LinesIn = linesIn

// GoMethods returns the methods goMethods reads in a Go file, each as
// "Type.Name:line".
func GoMethods(src []byte) []string {
	var out []string
	for _, m := range goMethods(src) {
		out = append(out, fmt.Sprintf("%s.%s:%d", m.recv, m.name, m.line))
	}
	return out
}

// EmbeddedNames is embeddedNames: the type names of the lines of a Go
// file that could be embedded types, and the names of the lines that
// could declare an interface's methods.
var EmbeddedNames = embeddedNames

// IsIdentifier is isIdentifier.
var IsIdentifier = isIdentifier
