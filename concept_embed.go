package scout

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/scoutcode/scout/internal/mapped"

	"github.com/scoutcode/scout/internal/concept"
	"github.com/scoutcode/scout/internal/embed"
)

// EmbedOptions names an embedding provider for concept search. Its
// ranking by similarity is fused with the word rankings; when it fails
// (down, slow, a bad answer, a bad model directory) the search still
// answers, by words, and the page says why the embeddings were skipped.
type EmbedOptions struct {
	// Provider is one of EmbedProviders; "": none (words only).
	Provider string
	// URL is an HTTP provider's address ("http://localhost:11434").
	URL string
	// Model is the model's name (openai, ollama) or its directory
	// (model: model.safetensors and a WordPiece tokenizer.json; onnx:
	// model.onnx and a WordPiece tokenizer.json, run by ONNX Runtime in
	// a build made with -tags onnx, see embed.ONNX).
	Model string
	// Key is sent as a bearer token (openai); it is never shown.
	Key string
	// Timeout bounds each request to an HTTP provider; 0:
	// DefaultEmbedTimeout. Negative is an error.
	Timeout time.Duration
	// Budget bounds the time one search spends embedding chunks not seen
	// before (and three quarters of what is left of the search's own
	// timeout); 0: DefaultEmbedBudget. What is embedded in that time is
	// kept; the search answers by words and the next goes on.
	Budget time.Duration
}

// DefaultEmbedBudget is EmbedOptions.Budget's default: a first search of
// a large tree with a remote model can take many minutes, which no agent
// waits for.
const DefaultEmbedBudget = 60 * time.Second

// DefaultEmbedTimeout is EmbedOptions.Timeout's default.
const DefaultEmbedTimeout = embed.DefaultTimeout

// EmbedProviders are the providers EmbedOptions.Provider may name.
var EmbedProviders = []string{"openai", "ollama", "model", "onnx", "hashing"}

// ErrEmbedProvider is the error for a provider scout does not know.
var ErrEmbedProvider = errors.New("unknown embedding provider")

// errEmbedBudget: the chunks to embed took longer than the budget.
var errEmbedBudget = errors.New("embedding not finished")

// MaxSimilar is how many chunks the similarity ranking brings at most.
const MaxSimilar = 200

// embedder returns the provider o names, nil for none; a provider scout
// does not know is ErrEmbedProvider, and one it cannot set up is an
// error of package embed (ErrConfig, ErrModel), for the page.
func embedder(o EmbedOptions) (embed.Embedder, error) {
	switch o.Provider {
	case "":
		return nil, nil
	case "hashing":
		return embed.Hashing{}, nil
	case "model":
		if o.Model == "" {
			return nil, fmt.Errorf("%w: name the model's directory (e.g. --embed-model ~/models/potion-base-8M)", embed.ErrConfig)
		}
		return embed.LoadStatic(o.Model)
	case "onnx":
		if o.Model == "" {
			return nil, fmt.Errorf("%w: name the model's directory (e.g. --embed-model ~/models/all-MiniLM-L6-v2, holding model.onnx and tokenizer.json)", embed.ErrConfig)
		}
		return embed.LoadONNX(o.Model)
	case "openai", "ollama":
		d := embed.OpenAI
		if o.Provider == "ollama" {
			d = embed.Ollama
		}
		return embed.NewHTTP(d, o.URL, o.Model, o.Key, o.Timeout)
	}
	return nil, knownProvider(o)
}

// knownProvider returns ErrEmbedProvider for a provider scout does not
// know ("" is none, and known).
func knownProvider(o EmbedOptions) error {
	if o.Timeout < 0 {
		return fmt.Errorf("the embedding provider's timeout %v is negative: give how long one request may take (0: %v)", o.Timeout, DefaultEmbedTimeout)
	}
	if o.Provider == "" || slices.Contains(EmbedProviders, o.Provider) {
		return nil
	}
	return fmt.Errorf("%w %q: use one of %s", ErrEmbedProvider, o.Provider, strings.Join(EmbedProviders, ", "))
}

// similarity is what the embedding ranking gave a concept search.
type similarity struct {
	ranked   []concept.Similar // best first; nil when skipped
	id       string            // the provider and model
	line     string            // what the vectors' cache did, for the footer
	skipped  string            // why the ranking was skipped, for the footer
	warnings []string          // a failed write or eviction of the vectors
}

// chunkKey names a chunk's vector: its file's path and digest and its
// lines, so a chunk whose file is unchanged keeps its vector.
func chunkKey(path string, sum uint32, c concept.Chunk) uint64 {
	h := embed.FNV64(path)
	for _, x := range [4]uint32{sum, uint32(c.Start), uint32(c.End), uint32(c.At)} {
		for k := 0; k < 4; k++ {
			h ^= uint64(byte(x >> (8 * k)))
			h *= 1099511628211
		}
	}
	return h
}

// similar ranks the index's chunks by the similarity of their vectors to
// the description's. The vectors of chunks not seen before are asked of
// the provider and kept beside the index; any failure skips the ranking
// and says why, and never fails the search.
func similar(ctx context.Context, ix *concept.Index, desc string, o ConceptOptions, maps *mappings) similarity {
	var s similarity
	emb, err := embedder(o.Embed)
	if err != nil {
		s.skipped = withFix(err)
		return s
	}
	s.id = emb.ID()
	// The description first: a provider that is down fails here, before
	// any chunk is read.
	qv, err := emb.Embed(ctx, []string{desc})
	if err != nil {
		s.skipped = withFix(err)
		return s
	}
	vs, pos, err := chunkVectors(ctx, ix, emb, len(qv[0]), o, &s, maps)
	if err != nil {
		s.skipped = withFix(err)
		return s
	}
	s.ranked = rankSimilar(vs, pos, qv[0])
	return s
}

// withFix is an embedding error's message and what to do about it.
func withFix(err error) string {
	fix := ""
	switch {
	case errors.Is(err, embed.ErrUnreachable):
		fix = "start the provider, or check its URL"
	case errors.Is(err, embed.ErrTimeout):
		fix = "raise the embedding timeout, or use a smaller model"
	case errors.Is(err, embed.ErrResponse):
		fix = "check the model's name and the provider's log"
	case errors.Is(err, embed.ErrModel):
		fix = "give a directory holding model.safetensors and a WordPiece tokenizer.json"
	}
	if fix == "" {
		return err.Error()
	}
	return err.Error() + " (" + fix + ")"
}

// positions returns where each key's vector is in vs, or -1.
func positions(vs *embed.Vectors, keys []uint64) []int {
	pos := make([]int, len(keys))
	for i, k := range keys {
		pos[i] = vs.Find(k)
	}
	return pos
}

// chunkVectors returns the vectors of the index's chunks, of dim values
// each, and where each chunk's is (-1: none): those kept from an earlier
// search, and the rest asked of emb and kept for the next. It notes on s
// what the cache did and what failed to be kept.
func chunkVectors(ctx context.Context, ix *concept.Index, emb embed.Embedder, dim int, o ConceptOptions, s *similarity, maps *mappings) (*embed.Vectors, []int, error) {
	id := emb.ID()
	keys := make([]uint64, ix.NumChunks())
	for i := range keys {
		c := ix.Chunk(i)
		keys[i] = chunkKey(ix.Files[c.File].Path, ix.Files[c.File].Stamp.Sum, c)
	}
	file, dir := "", ""
	if !o.NoCache {
		if d, err := conceptCacheDir(o.CacheDir); err == nil {
			dir = d
			file = filepath.Join(dir, strings.TrimSuffix(cacheKey(o), ".idx")+fmt.Sprintf("-%016x.vec", embed.FNV64(id)))
		}
	}
	old, err := keptVectors(file, id, dim, s, maps)
	if err != nil {
		return nil, nil, err
	}
	pos, missing := placed(old, keys)
	budget := o.Embed.Budget
	if budget <= 0 {
		budget = DefaultEmbedBudget
	}
	if end, ok := ctx.Deadline(); ok {
		budget = min(budget, time.Until(end)*3/4) // the words still need time
	}
	ectx, cancel := context.WithTimeout(ctx, budget)
	defer cancel()
	if len(missing) > 0 && file != "" {
		// One search embeds the chunks of a scope at a time (see
		// lockKept): a provider may be paid by the text. Waiting for
		// another spends this one's budget.
		unlock, waited, err := lockKept(ectx, dir, file)
		if err != nil {
			if ctx.Err() == nil {
				err = fmt.Errorf("%w: another search was embedding this scope's chunks for all the %v a search may spend on them; the next search uses what it keeps",
					errEmbedBudget, budget.Round(time.Millisecond))
			}
			return nil, nil, err
		}
		defer unlock() // held until the vectors are written
		if waited {
			if old, err = keptVectors(file, id, dim, s, maps); err != nil {
				return nil, nil, err
			}
			pos, missing = placed(old, keys)
		}
	}
	if len(missing) == 0 && old != nil {
		now := time.Now()
		os.Chtimes(file, now, now) // recently used, for eviction
		s.line = fmt.Sprintf("vectors: %d of %s, kept from an earlier search", old.Len(), id)
		return old, pos, nil
	}
	// The kept vectors of chunks still in the index, and the new ones.
	b := embed.NewVectors(id, dim, len(keys))
	for _, p := range pos {
		if p >= 0 {
			b.Keep(old, p)
		}
	}
	kept := b.Len()
	added, err := embedChunks(ectx, ix, missing, keys, emb, b, o)
	if err != nil && errors.Is(ectx.Err(), context.DeadlineExceeded) && ctx.Err() == nil {
		err = fmt.Errorf("%w: %d of %d new chunks embedded in the %v a search may spend on them; they are kept, and the next search goes on",
			errEmbedBudget, added, len(missing), budget.Round(time.Millisecond))
	}
	vs := b.Vectors() // a chunk that repeats another's place and lines shares its vector
	// Kept again when it changed: new vectors, or those of chunks gone
	// dropped; nothing new and nothing gone leaves the file as it was.
	if file != "" && (added > 0 || old == nil && vs.Len() > 0 || old != nil && vs.Len() != old.Len()) {
		if werr := writeIndex(dir, file, vs.Encode()); werr != nil {
			s.warnings = append(s.warnings, fmt.Sprintf("the vectors of %s could not be kept: %v; they are asked for again on each search", id, werr))
		} else {
			s.line = fmt.Sprintf("vectors: %d of %s, %d new, kept for the next search", vs.Len(), id, max(0, vs.Len()-kept))
		}
	}
	return vs, positions(vs, keys), err
}

// keptVectors reads back the vectors of model id kept in file ("": none
// kept); nil when there are none, or they cannot be read (s says why: they
// are embedded again). Vectors of another dimension than dim are removed,
// and an error.
func keptVectors(file, id string, dim int, s *similarity, maps *mappings) (*embed.Vectors, error) {
	if file == "" {
		return nil, nil
	}
	data, _, err := mapped.File(file, false)
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			s.warnings = append(s.warnings, fmt.Sprintf("%s: %v; embedded again", file, pathErr(err)))
		}
		return nil, nil
	}
	maps.add(data)
	old, err := embed.DecodeVectors(data)
	if err != nil {
		s.warnings = append(s.warnings, fmt.Sprintf("%s: %v; embedded again", file, err))
		return nil, nil
	}
	if old.ID != id {
		return nil, nil // a hash collision of two IDs: never mix models
	}
	if dim != old.Dim {
		removeKept(file)
		return nil, fmt.Errorf("%w: the description's vector has %d values, the %d kept vectors of %s have %d; they are dropped and the next search embeds again",
			embed.ErrDimension, dim, old.Len(), id, old.Dim)
	}
	return old, nil
}

// placed returns each chunk's place in old by its key (-1: none), and the
// chunks that have none.
func placed(old *embed.Vectors, keys []uint64) (pos, missing []int) {
	pos = make([]int, len(keys))
	for i, k := range keys {
		pos[i] = -1
		if old != nil {
			pos[i] = old.Find(k)
		}
		if pos[i] < 0 {
			missing = append(missing, i)
		}
	}
	return pos, missing
}

// rankSimilar ranks the chunks (pos: each one's vector, or -1) by the
// cosine similarity of their vectors to q, best first, ties by chunk: a
// total order. Only the chunks at least half as similar as the best are
// kept, at most MaxSimilar: the rest are as near to any description as
// to this one.
func rankSimilar(vs *embed.Vectors, pos []int, q []float32) []concept.Similar {
	eq := embed.NewQuery(q)
	cos := make([]float32, len(pos))
	var best float32
	for i, p := range pos {
		if p >= 0 {
			cos[i] = vs.Dot(eq, p)
			best = max(best, cos[i])
		}
	}
	var ranked []concept.Similar
	for i, c := range cos {
		if c > 0 && c >= best/2 {
			ranked = append(ranked, concept.Similar{Chunk: i, Cosine: c})
		}
	}
	slices.SortFunc(ranked, func(a, b concept.Similar) int {
		switch {
		case a.Cosine > b.Cosine:
			return -1
		case a.Cosine < b.Cosine:
			return 1
		}
		return a.Chunk - b.Chunk
	})
	return ranked[:min(MaxSimilar, len(ranked))]
}

// embedChunks asks the provider for the vectors of the chunks at
// missing, reading their files again (masked as the index was), and
// adds them to b. It returns how many it added; on an error, those
// added before it stay.
func embedChunks(ctx context.Context, ix *concept.Index, missing []int, keys []uint64, emb embed.Embedder, b *embed.VectorsBuilder, o ConceptOptions) (int, error) {
	const group = embed.Batch // texts per call: one request, all that an error or the budget loses
	added := 0
	var texts []string
	var which []int
	flush := func() error {
		if len(texts) == 0 {
			return nil
		}
		vs, err := emb.Embed(ctx, texts)
		if err != nil {
			return err
		}
		for j, v := range vs {
			if err := b.Add(keys[which[j]], v); err != nil {
				return err
			}
			added++
		}
		if o.EmbedProgress != nil {
			o.EmbedProgress(added, len(missing))
		}
		texts, which = texts[:0], which[:0]
		return nil
	}
	for i := 0; i < len(missing); {
		f := ix.Chunk(missing[i]).File
		j := i
		for j < len(missing) && ix.Chunk(missing[j]).File == f {
			j++
		}
		// A file that changed since it was indexed has no chunks to
		// embed now: they go unranked by similarity until the index
		// catches up.
		path := ix.Files[f].Path
		if data, st, why := readParsable(path); why == "" && st.digest == ix.Files[f].Stamp.Sum {
			lines := maskedLines(path, data, o.ShowSecrets)
			for _, c := range missing[i:j] {
				texts = append(texts, chunkText(ix, c, lines))
				which = append(which, c)
			}
		}
		i = j
		if len(texts) >= group {
			if err := flush(); err != nil {
				return added, err
			}
		}
	}
	return added, flush()
}

// maskedLines returns a file's lines, each masked as the index masked it.
func maskedLines(path string, data []byte, showSecrets bool) []string {
	lines := splitLines(string(data))
	if m := newMasker(showSecrets, path, data, 1); m != nil {
		for i, l := range lines {
			lines[i], _ = m.line(i+1, l)
		}
	}
	return lines
}

// pathTail is a path's last two elements ("net/http/transport.go" →
// "http/transport.go"): what the path says of the code, and the same
// wherever the tree lies.
func pathTail(p string) string {
	if i := strings.LastIndexByte(p, '/'); i > 0 {
		if j := strings.LastIndexByte(p[:i], '/'); j >= 0 {
			return p[j+1:]
		}
	}
	return p
}

// chunkText is what is embedded of chunk c: its file's path (the last two
// elements), its head,
// and its lines, but for those of the definitions inside it (a class's
// methods), which are chunks of their own. It is made from the index and
// the file's lines, without parsing the file again.
func chunkText(ix *concept.Index, c int, lines []string) string {
	ch := ix.Chunk(c)
	var b strings.Builder
	b.WriteString(pathTail(ix.Files[ch.File].Path))
	b.WriteByte('\n')
	if _, _, head := ix.Strings(c); head != "" {
		b.WriteString(head)
		b.WriteByte('\n')
	}
	// The definitions inside it are the file's chunks next to it.
	var inner [][2]int
	for _, d := range []int{-1, 1} {
		for k := c + d; k >= 0 && k < ix.NumChunks() && ix.Chunk(k).File == ch.File; k += d {
			o := ix.Chunk(k)
			if o.At != 0 && o.At != ch.At && o.Start >= ch.Start && o.End <= ch.End {
				inner = append(inner, [2]int{o.Start, o.End})
			}
		}
	}
	for n := ch.Start; n <= ch.End && n <= len(lines); n++ {
		if !slices.ContainsFunc(inner, func(r [2]int) bool { return n >= r[0] && n <= r[1] }) {
			b.WriteString(lines[n-1])
			b.WriteByte('\n')
		}
	}
	return b.String()
}
