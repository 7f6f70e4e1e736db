package scout_test

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/scoutcode/scout"
	"github.com/scoutcode/scout/internal/embed"
)

// embedTree writes a small tree for concept search with embeddings: one
// exact hit for embedDescription, and leads.
func embedTree(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"retry.go": "package p\n\n// backoff waits longer each time the deadline passes.\nfunc backoff(n int) int {\n\treturn n * 2\n}\n\n" +
			"// Do sends the request; it gives up after a timeout.\nfunc Do() error {\n\treturn nil\n}\n",
		"config.go":  "package p\n\n// parseConfig reads the settings file.\nfunc parseConfig(path string) error {\n\treturn nil\n}\n",
		"session.go": "package p\n\n// expire drops the sessions whose deadline passed.\nfunc expire() {}\n",
		"cancel.go":  "package p\n\n// cancel gives the call up when its timeout expires.\nfunc cancel() {}\n",
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

const embedDescription = "gives up after a timeout"

// provider is an OpenAI-compatible embeddings server on loopback that
// embeds with the hashing embedder; it counts the texts it is sent.
type provider struct {
	srv   *httptest.Server
	mu    sync.Mutex
	texts int
	calls int
	// dim, when set, gives the dimension of the vectors of a request of n
	// texts (to send wrong dimensions).
	dim func(n int) int
	// delay is how long each request takes.
	delay time.Duration
	// quota, when set, is how many more requests are answered; the next
	// ones wait until the client gives up (a provider that falls behind,
	// whatever the machine's load).
	quota *int
}

func newProvider(t *testing.T) *provider {
	p := &provider{}
	p.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			Model string   `json:"model"`
			Input []string `json:"input"`
		}
		if r.URL.Path != "/v1/embeddings" || json.NewDecoder(r.Body).Decode(&req) != nil {
			http.Error(w, `{"error":{"message":"bad request"}}`, http.StatusBadRequest)
			return
		}
		p.mu.Lock()
		p.calls++
		p.texts += len(req.Input)
		dim := 256
		if p.dim != nil {
			dim = p.dim(len(req.Input))
		}
		delay := p.delay
		stall := p.quota != nil && *p.quota <= 0
		if p.quota != nil && !stall {
			*p.quota--
		}
		p.mu.Unlock()
		if stall {
			<-r.Context().Done()
			return
		}
		select {
		case <-time.After(delay):
		case <-r.Context().Done():
			return
		}
		vs, _ := embed.Hashing{Dim: dim}.Embed(r.Context(), req.Input)
		type item struct {
			Index     int       `json:"index"`
			Embedding []float32 `json:"embedding"`
		}
		var a struct {
			Data []item `json:"data"`
		}
		for i, v := range vs {
			a.Data = append(a.Data, item{i, v})
		}
		json.NewEncoder(w).Encode(a)
	}))
	t.Cleanup(p.srv.Close)
	return p
}

func (p *provider) counts() (calls, texts int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	c, n := p.calls, p.texts
	p.calls, p.texts = 0, 0
	return c, n
}

func embedSearch(t *testing.T, dir, cache string, e scout.EmbedOptions) *scout.Page {
	t.Helper()
	p, err := scout.Concept(context.Background(), scout.ConceptOptions{
		Description: embedDescription, Scope: scout.Scope{Paths: []string{dir}}, CacheOptions: scout.CacheOptions{CacheDir: cache}, Embed: e,
		PageOptions: scout.PageOptions{Budget: scout.MaxBudget},
	})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestConceptEmbeddings: with a provider, leads are ranked by their
// embeddings too and say their similarity; the chunks' vectors are kept,
// so the next search asks only for the description's, and a changed file
// only for its own chunks'.
func TestConceptEmbeddings(t *testing.T) {
	dir, cache := embedTree(t), t.TempDir()
	prov := newProvider(t)
	e := scout.EmbedOptions{Provider: "openai", URL: prov.srv.URL, Model: "test-model", Key: "sk-never-shown"}
	p := embedSearch(t, dir, cache, e)
	if !strings.Contains(p.Text, "by their embeddings' similarity") || !strings.Contains(p.Text, "(openai:test-model@") {
		t.Errorf("the page does not say the leads were ranked by embeddings:\n%s", p.Text)
	}
	if len(p.Files) != 1 || !strings.HasSuffix(p.Files[0].Path, "retry.go") {
		t.Errorf("exact hits in %v, want retry.go", p.Files)
	}
	similar := 0
	for _, l := range p.Leads {
		if l.Similarity > 0 {
			similar++
		}
	}
	if similar == 0 {
		t.Errorf("no lead has a similarity:\n%s", p.Text)
	}
	if strings.Contains(p.Text, "sk-never") {
		t.Errorf("the key shows on the page")
	}
	calls, texts := prov.counts()
	if texts < 4 || !strings.Contains(p.Text, "new, kept for the next search") {
		t.Errorf("first search: %d texts in %d calls; page:\n%s", texts, calls, p.Text)
	}

	p = embedSearch(t, dir, cache, e)
	if calls, texts := prov.counts(); calls != 1 || texts != 1 || !strings.Contains(p.Text, "kept from an earlier search") {
		t.Errorf("second search: %d calls, %d texts, want only the description's; page:\n%s", calls, texts, p.Text)
	}

	os.WriteFile(filepath.Join(dir, "config.go"), []byte("package p\n\n// parseConfig reads the settings file again.\nfunc parseConfig(path string) error {\n\treturn nil\n}\n"), 0o644)
	embedSearch(t, dir, cache, e)
	if _, texts := prov.counts(); texts != 1+2 { // the description, config.go's two chunks
		t.Errorf("after one file changed: %d texts sent, want 3", texts)
	}
}

// TestConceptEmbedFailsSoft: whatever goes wrong with the provider, the
// exact hits and the word leads are still there, and the page says why
// the embeddings were skipped.
func TestConceptEmbedFailsSoft(t *testing.T) {
	dir := embedTree(t)
	refused := func() string {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer l.Close()
		return "http://" + l.Addr().String()
	}()
	release := make(chan struct{})
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { <-release }))
	t.Cleanup(slow.Close)
	t.Cleanup(func() { close(release) })
	badJSON := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte(`{"embeddings": [[0.1, 0.2`))
	}))
	t.Cleanup(badJSON.Close)
	ragged := newProvider(t)
	ragged.dim = func(n int) int { // the description's vector is shorter than the chunks'
		if n == 1 {
			return 8
		}
		return 16
	}
	badModel := t.TempDir()
	os.WriteFile(filepath.Join(badModel, "tokenizer.json"), []byte(`{"model":{"type":"WordPiece","vocab":{"a":0}}}`), 0o644)
	os.WriteFile(filepath.Join(badModel, "model.safetensors"), []byte("not a table"), 0o644)

	for _, tc := range []struct {
		name string
		e    scout.EmbedOptions
		says string
	}{
		{"provider down", scout.EmbedOptions{Provider: "ollama", URL: refused, Model: "m"}, "cannot be reached"},
		{"timeout", scout.EmbedOptions{Provider: "ollama", URL: slow.URL, Model: "m", Timeout: 100e6}, "did not answer in time"},
		{"bad JSON", scout.EmbedOptions{Provider: "ollama", URL: badJSON.URL, Model: "m"}, "not usable"},
		{"wrong dimension", scout.EmbedOptions{Provider: "openai", URL: ragged.srv.URL, Model: "m"}, "wrong dimension"},
		{"bad model directory", scout.EmbedOptions{Provider: "model", Model: badModel}, "model directory is not usable"},
		{"no model directory", scout.EmbedOptions{Provider: "model", Model: filepath.Join(badModel, "nowhere")}, "model directory is not usable"},
		{"no URL", scout.EmbedOptions{Provider: "openai", Model: "m"}, "not configured right"},
	} {
		p := embedSearch(t, dir, t.TempDir(), tc.e)
		if len(p.Files) != 1 || len(p.Files[0].Lines) != 1 {
			t.Errorf("%s: exact hits %v, want retry.go's line", tc.name, p.Files)
		}
		if len(p.Leads) == 0 {
			t.Errorf("%s: no leads by words", tc.name)
		}
		if !strings.Contains(p.Text, "embeddings skipped, so leads are by words only: ") || !strings.Contains(p.Text, tc.says) {
			t.Errorf("%s: the page does not say the embeddings were skipped because %q:\n%s", tc.name, tc.says, p.Text)
		}
		if !strings.Contains(p.EmbeddingsSkipped, tc.says) {
			t.Errorf("%s: embeddings_skipped %q, want the reason (%q)", tc.name, p.EmbeddingsSkipped, tc.says)
		}
		for _, l := range p.Leads {
			if l.Similarity != 0 {
				t.Errorf("%s: a lead has a similarity though embeddings were skipped", tc.name)
			}
		}
	}
}

// TestConceptEmbedCacheUnwritable: when the vectors cannot be kept, the
// search still ranks by them, and the page says they were not kept.
func TestConceptEmbedCacheUnwritable(t *testing.T) {
	dir := embedTree(t)
	notADir := filepath.Join(t.TempDir(), "file")
	os.WriteFile(notADir, []byte("x"), 0o644)
	prov := newProvider(t)
	p := embedSearch(t, dir, filepath.Join(notADir, "cache"), scout.EmbedOptions{Provider: "openai", URL: prov.srv.URL, Model: "m"})
	if !strings.Contains(p.Text, "by their embeddings' similarity") || !strings.Contains(p.Text, "could not be kept") || len(p.Files) != 1 {
		t.Errorf("an unwritable cache: the page should rank by embeddings and say the vectors were not kept:\n%s", p.Text)
	}
}

// TestConceptEmbedModelChanged: vectors kept for a model whose dimension
// has since changed are dropped, the page says so, and the next search
// embeds again.
func TestConceptEmbedModelChanged(t *testing.T) {
	dir, cache := embedTree(t), t.TempDir()
	prov := newProvider(t)
	e := scout.EmbedOptions{Provider: "openai", URL: prov.srv.URL, Model: "m"}
	embedSearch(t, dir, cache, e)
	prov.dim = func(int) int { return 64 }
	p := embedSearch(t, dir, cache, e)
	if !strings.Contains(p.Text, "wrong dimension") || !strings.Contains(p.Text, "the next search embeds again") {
		t.Errorf("a changed model: the page does not say so:\n%s", p.Text)
	}
	if p = embedSearch(t, dir, cache, e); !strings.Contains(p.Text, "by their embeddings' similarity") {
		t.Errorf("the search after: not ranked by embeddings:\n%s", p.Text)
	}
}

func TestConceptEmbedUnknownProvider(t *testing.T) {
	_, err := scout.Concept(context.Background(), scout.ConceptOptions{
		Description: "x", Scope: scout.Scope{Paths: []string{t.TempDir()}}, Embed: scout.EmbedOptions{Provider: "bert"}, CacheOptions: scout.CacheOptions{NoCache: true},
	})
	if !errors.Is(err, scout.ErrEmbedProvider) || !strings.Contains(err.Error(), "openai, ollama, model, onnx, hashing") {
		t.Errorf("an unknown provider: %v", err)
	}
}

// A negative timeout is refused, not taken as the default.
func TestConceptEmbedNegativeTimeout(t *testing.T) {
	_, err := scout.Concept(context.Background(), scout.ConceptOptions{
		Description: "x", Scope: scout.Scope{Paths: []string{t.TempDir()}}, Embed: scout.EmbedOptions{Provider: "hashing", Timeout: -time.Second}, CacheOptions: scout.CacheOptions{NoCache: true},
	})
	if err == nil || !strings.Contains(err.Error(), "-1s is negative") {
		t.Errorf("a negative timeout: %v", err)
	}
}

// TestConceptEmbedBudget: a provider too slow to embed a tree's new
// chunks within the budget: the search answers by words and says how far
// it got; what was embedded is kept, so each later search goes on where
// the last stopped until all are, and then ranks by embeddings. The
// provider answers three requests a search (the description, and the two
// requests, of 64 and 20 texts, of one group of 84 chunks: four files')
// and keeps the others waiting past the budget, so the test does not
// depend on the machine's speed.
func TestConceptEmbedBudget(t *testing.T) {
	dir := t.TempDir()
	funcTree(dir, 20, 20, "handler", "gives up after the timeout (no exact hit: all are leads)")
	prov := newProvider(t)
	quota := 0
	prov.quota = &quota
	e := scout.EmbedOptions{Provider: "openai", URL: prov.srv.URL, Model: "m", Budget: time.Second}
	cache := t.TempDir()
	keptRE := regexp.MustCompile(`vectors: (\d+) of `)
	kept := 0
	for n := 1; ; n++ {
		prov.mu.Lock()
		quota = 3
		prov.mu.Unlock()
		p := embedSearch(t, dir, cache, e)
		if strings.Contains(p.Text, "by their embeddings' similarity") {
			if n < 3 {
				t.Fatalf("all embedded after %d searches, with one group of 84 chunks a search", n)
			}
			break
		}
		if !strings.Contains(p.Text, "embedding not finished: ") || !strings.Contains(p.Text, "the next search goes on") || len(p.Leads) == 0 {
			t.Fatalf("search %d, a budget too short: the page should answer by words and say how far it got:\n%s", n, p.Text)
		}
		m := keptRE.FindStringSubmatch(p.Text)
		if m == nil {
			t.Fatalf("search %d keeps no vectors:\n%s", n, p.Text)
		}
		now, _ := strconv.Atoi(m[1])
		if now <= kept {
			t.Fatalf("search %d: %d vectors kept, %d before: no progress\n%s", n, now, kept, p.Text)
		}
		kept = now
		if n == 20 {
			t.Fatalf("20 searches, still not embedded:\n%s", p.Text)
		}
	}
}

// TestConceptEmbedCacheFiles: the kept vectors are listed with the
// indexes, evicted by the same cap, and cleared with them.
func TestConceptEmbedCacheFiles(t *testing.T) {
	dir, cache := embedTree(t), t.TempDir()
	embedSearch(t, dir, cache, scout.EmbedOptions{Provider: "hashing"})
	_, all, err := scout.ConceptCache(cache)
	if err != nil || len(all) != 2 {
		t.Fatalf("kept: %v (%v), want an index and its vectors", all, err)
	}
	names := filepath.Base(all[0].Path) + " " + filepath.Base(all[1].Path)
	if !strings.Contains(names, ".idx") || !strings.Contains(names, ".vec") {
		t.Fatalf("kept: %s, want an .idx and a .vec", names)
	}
	for _, x := range all {
		if want := map[bool]string{false: dir, true: "vectors of " + dir}[strings.HasSuffix(x.Path, ".vec")]; x.Of != want {
			t.Errorf("%s is of %q, want %q", filepath.Base(x.Path), x.Of, want)
		}
	}
	// Another scope, under a cap the first scope's files exceed: both go.
	old := time.Now().Add(-time.Hour)
	for _, x := range all {
		os.Chtimes(x.Path, old, old)
	}
	other := t.TempDir()
	os.WriteFile(filepath.Join(other, "c.go"), []byte("package c\n\n// Expire ends sessions.\nfunc Expire() {}\n"), 0o644)
	p, err := scout.Concept(context.Background(), scout.ConceptOptions{Description: "sessions", CacheOptions: scout.CacheOptions{CacheDir: cache, CacheMax: 1}, Scope: scout.Scope{Paths: []string{other}}})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(p.Text, "2 older cache files (") {
		t.Errorf("over the cap: want the index and its vectors evicted:\n%s", p.Text)
	}
	for _, x := range all {
		if _, err := os.Stat(x.Path); !os.IsNotExist(err) {
			t.Errorf("%s is still there", x.Path)
		}
	}
	embedSearch(t, dir, cache, scout.EmbedOptions{Provider: "hashing"})
	if n, err := scout.ClearConceptCache(cache); n != 3 || err != nil {
		t.Errorf("cleared %d files (%v), want 3: two indexes and one vectors file", n, err)
	}
	if left, _ := os.ReadDir(cache); len(left) != 0 {
		t.Errorf("cleared, but the cache still holds %v (the indexes' locks?)", left)
	}
}
