package concept

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func terms(s string) []string {
	var out []string
	Terms(s, func(t string) { out = append(out, t) })
	return out
}

func TestTerms(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"parseHTTPRequest2", "pars http request 2 parsehttprequest2"},
		{"max_body_size", "max body size max_body_siz"},
		{"retries after a timeout", "retry after timeout"},
		{"Retried, retrying, RETRY", "retry retry retry"},
		{"the code that decides whether a file is binary", "decid whether file binary"},
		{"x := y", "x y"},
		{"naïveCafé", "naïv café naïvecafé"},
		{strings.Repeat("a", 65), ""},
	} {
		if got := strings.Join(terms(c.in), " "); got != c.want {
			t.Errorf("Terms(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestStemMeetsInflections(t *testing.T) {
	for _, group := range [][]string{
		{"retry", "retries", "retried", "retrying"},
		{"parse", "parses", "parsed", "parsing"},
		{"expire", "expires", "expired", "expiring"},
		{"stop", "stops", "stopped", "stopping"},
		{"file", "files"},
		{"match", "matches", "matched", "matching"},
		{"recover", "recovery", "recovered", "recovers"}, // a noun in -ery or -iry meets its verb
		{"expire", "expiry", "expired"},
		{"deliver", "delivery", "deliveries"},
		{"inquire", "inquiry", "inquiries"},
		{"query", "queries", "queried"},
		{"valid", "validate", "validates", "validated", "validating", "validation", "validations"},
		{"alloc", "allocate", "allocation"},
		{"configure", "configured", "configuration"},
		{"expire", "expiration"},
		{"update", "updates", "updated", "updating"},
		{"create", "creates", "created", "creating", "creation"},
		{"delete", "deleted", "deletion", "deletions"},
		{"compress", "compressed", "compression"},
		{"connect", "connection", "connections"},
		{"rotate", "rotation"},
	} {
		want := Stem(group[0])
		for _, w := range group[1:] {
			if got := Stem(w); got != want {
				t.Errorf("Stem(%q) = %q, Stem(%q) = %q: they should meet", w, got, group[0], want)
			}
		}
	}
	for _, w := range []string{"string", "apply", "only", "need", "query", "every", "state", "date", "format", "version", "region"} { // not inflections
		if got := Stem(w); len(got) < len(w)-1 {
			t.Errorf("Stem(%q) = %q: cut too much", w, got)
		}
	}
}

// build indexes files given as path → chunks (name, body).
func build(files map[string][][2]string) *Index { return buildWith(files, false) }

// buildWith is build; with heads, each chunk's head (its signature, as
// the parsers give it) is the first line of its body that is not a
// comment.
func buildWith(files map[string][][2]string, heads bool) *Index {
	b := NewBuilder()
	var paths []string
	for p := range files {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	for _, p := range paths {
		var ts []Text
		for i, c := range files[p] {
			named := Named{Name: c[0], Kind: "function"}
			for _, l := range strings.Split(c[1], "\n") {
				if !heads {
					break
				}
				if !strings.HasPrefix(l, "//") {
					named.Head = l
					break
				}
			}
			ts = append(ts, Text{Chunk: Chunk{Start: i*10 + 1, End: i*10 + 9}, Named: named, Body: c[1]})
		}
		b.Add(Tokenize(p, p, classOfPath(p), ts))
	}
	return b.Index()
}

func classOfPath(p string) Class {
	if strings.HasSuffix(p, "_test.go") {
		return Test
	}
	return Source
}

func TestSearchRanksTheChunkThatSaysIt(t *testing.T) {
	ix := build(map[string][][2]string{
		"net/retry.go": {
			{"backoff", "func backoff(n int) time.Duration { return time.Second << n }"},
			{"retryAfterTimeout", "// retryAfterTimeout sends the request again when it timed out.\nfunc retryAfterTimeout(req *Request) error { if isTimeout(err) { return retry(req) } }"},
		},
		"net/retry_test.go": {
			{"TestRetryAfterTimeout", "func TestRetryAfterTimeout(t *testing.T) { retryAfterTimeout(nil) // retries after a timeout }"},
		},
		"fs/walk.go": {
			{"walk", "func walk(dir string) error { return nil }"},
		},
		"net/conn.go": {
			{"dialConn", "func dialConn(addr string) (net.Conn, error) { // opens the connection }"},
		},
	})
	leads := ix.Search(Query{Text: "the code that retries after a timeout"}, 10)
	if len(leads) == 0 {
		t.Fatal("no leads")
	}
	name := func(c int) string { _, n, _ := ix.Strings(c); return n }
	if first := name(leads[0].Chunk); first != "retryAfterTimeout" {
		t.Errorf("first lead %s, want retryAfterTimeout (the test ranks lower); leads %v", first, leads)
	}
	for _, l := range leads {
		if name(l.Chunk) == "walk" {
			t.Errorf("walk shares no word with the description, yet is a lead")
		}
		sum := 0
		for _, s := range l.Signals {
			sum += s.Value
		}
		if sum != l.Score {
			t.Errorf("lead %s: signals sum to %d, score %d", name(l.Chunk), sum, l.Score)
		}
	}
	// Asking for tests keeps them level.
	leads = ix.Search(Query{Text: "the test that retries after a timeout"}, 10)
	if n := name(leads[0].Chunk); n != "TestRetryAfterTimeout" {
		t.Errorf("a description with 'test': first lead %s, want TestRetryAfterTimeout", n)
	}
	// An abbreviation: "connection" finds conn.
	leads = ix.Search(Query{Text: "open a connection"}, 10)
	if len(leads) == 0 || name(leads[0].Chunk) != "dialConn" {
		t.Fatalf("'open a connection': want dialConn first, got %v", leads)
	}
	if !slices.Contains(leads[0].Terms, "conn~connection") && !slices.Contains(leads[0].Terms, "connection") {
		t.Errorf("dialConn's terms %v do not say what brought it", leads[0].Terms)
	}
}

// TestAskedForLiftsItsClassOnly: a description that names a class of the
// files Search lowers lifts that class, not the others: "changelog" keeps
// the changelog level, and the tests and vendored copies that hold the
// same words stay lowered. Query.Tests lifts them all.
func TestAskedForLiftsItsClassOnly(t *testing.T) {
	b := NewBuilder()
	for _, f := range []struct {
		path string
		cl   Class
	}{{"CHANGELOG.md", History}, {"cache_test.go", Test}, {"vendor/x/cache.go", Vendored}, {"cache.go", Source}} {
		body := "func expire() { // the cache entries expire after a timeout }"
		if f.cl == Source {
			body = "func expire() { // entries go after a while }"
		}
		b.Add(Tokenize(f.path, f.path, f.cl, []Text{{Chunk: Chunk{Start: 1, End: 9}, Named: Named{Name: "expire", Kind: "function"}, Body: body}}))
	}
	ix := b.Index()
	lowered := func(q Query) map[string]bool {
		out := map[string]bool{}
		for _, l := range ix.Search(q, 10) {
			f := ix.Files[ix.Chunk(l.Chunk).File]
			for _, s := range l.Signals {
				if s.Name == classNames[f.Class] && s.Value < 0 {
					out[f.Path] = true
				}
			}
		}
		return out
	}
	for _, c := range []struct {
		q    Query
		want string
	}{
		{Query{Text: "cache entries expire after a timeout"}, "CHANGELOG.md cache_test.go vendor/x/cache.go"},
		{Query{Text: "the changelog entry on cache entries that expire after a timeout"}, "cache_test.go vendor/x/cache.go"},
		{Query{Text: "the test of cache entries that expire after a timeout"}, "CHANGELOG.md vendor/x/cache.go"},
		{Query{Text: "the vendored cache whose entries expire after a timeout"}, "CHANGELOG.md cache_test.go"},
		{Query{Text: "cache entries expire after a timeout", Tests: true}, ""},
	} {
		got := lowered(c.q)
		var names []string
		for p := range got {
			names = append(names, p)
		}
		slices.Sort(names)
		if s := strings.Join(names, " "); s != c.want {
			t.Errorf("%q (tests %v): lowered %q, want %q", c.q.Text, c.q.Tests, s, c.want)
		}
	}
}

// A word that is two words run together ("timeout": time and out) is
// stood for by its first word ("time"), not by that word's pieces
// ("tim"); a word with an ending ("connection") keeps its abbreviations
// ("conn").
func TestCompoundAbbreviations(t *testing.T) {
	ix := build(map[string][][2]string{
		"clock.go": {{"now", "func now() time.Time { tim := time.Now(); return tim }"}},
		"dial.go":  {{"dial", "func dial(addr string, d time.Duration) (conn, error) { return nil, errTimeout }"}},
		"ion.go":   {{"ion", "func ion() { connect() }"}},
		// "eout" is a word of the tree too (Go's cmd/go names a variable
		// so): "tim" and "eout" must not make timeout's head "tim".
		"cache.go": {{"trim", "func trim() { eout := 1; _ = eout }"}},
	})
	name := func(c int) string { _, n, _ := ix.Strings(c); return n }
	for _, l := range ix.Search(Query{Text: "give up after a timeout"}, 10) {
		if name(l.Chunk) == "now" && !slices.Equal(l.Terms, []string{"time~timeout"}) {
			t.Errorf("now for a timeout: terms %v, want only time~timeout", l.Terms)
		}
	}
	// ion() calls connect(), which "connection" meets by its stem.
	leads := ix.Search(Query{Text: "open a connection"}, 10)
	var got []string
	for _, l := range leads {
		got = append(got, name(l.Chunk)+" "+strings.Join(l.Terms, ","))
	}
	if !slices.Equal(got, []string{"ion connection", "dial conn~connection"}) {
		t.Errorf("'open a connection': got %q, want ion by its stem and dial by conn~connection", got)
	}
}

// A vague verb of a description ("decides", "handles") is rare in code,
// so plain BM25 would rank the chunk that has it above the one that has
// what the description is about.
func TestVagueVerbsWeighLess(t *testing.T) {
	files := map[string][][2]string{
		"sniff.go": {{"sniff", "// sniff reports whether data looks binary: a file with a NUL byte is binary.\nfunc sniff(data []byte) bool { return bytes.IndexByte(data, 0) >= 0 }"}},
		"order.go": {{"order", "// order decides which of two hits comes first.\nfunc order(a, b hit) int { return a.line - b.line }"}},
		"size.go":  {{"size", "// size determines whether a buffer must grow.\nfunc size(n int) bool { return n > 64 }"}},
	}
	for i := range 40 { // "file" common and "binary" less so, as in a real tree
		body := "// f writes the data to a file.\nfunc f() {}"
		if i%8 == 0 {
			body = "// f builds the binary.\nfunc f() {}"
		}
		files[fmt.Sprintf("pkg%d/x.go", i)] = [][2]string{{"f", body}}
	}
	ix := build(files)
	name := func(c int) string { _, n, _ := ix.Strings(c); return n }
	for _, q := range []string{"the code that decides whether a file is binary", "what determines whether data is binary"} {
		leads := ix.Search(Query{Text: q}, 5)
		if len(leads) == 0 || name(leads[0].Chunk) != "sniff" {
			var got []string
			for _, l := range leads {
				got = append(got, name(l.Chunk))
			}
			t.Errorf("%q: leads %v, want sniff first", q, got)
		}
	}
}

func TestSearchIsATotalOrder(t *testing.T) {
	files := map[string][][2]string{}
	for i := range 30 {
		p := string(rune('a'+i%26)) + "/same" + strings.Repeat("x", i/26) + ".go"
		files[p] = [][2]string{{"f", "func f() { timeout() }"}, {"g", "func g() { timeout() }"}}
	}
	ix := build(files)
	a := ix.Search(Query{Text: "timeout"}, 100)
	b := ix.Search(Query{Text: "timeout"}, 100)
	if !slices.EqualFunc(a, b, func(x, y Lead) bool { return x.Chunk == y.Chunk && x.Score == y.Score }) {
		t.Fatal("two searches gave two orders")
	}
	for i := 1; i < len(a); i++ {
		if a[i-1].Score < a[i].Score {
			t.Fatalf("lead %d scores %d above lead %d's %d", i, a[i].Score, i-1, a[i-1].Score)
		}
	}
	// The second chunk of a file comes after the first chunk of every
	// other file that scores the same.
	if f0, f1 := ix.Chunk(a[0].Chunk).File, ix.Chunk(a[1].Chunk).File; f0 == f1 {
		t.Errorf("the two best leads are of one file; diminishing returns should part them")
	}
}

func TestSearchNothing(t *testing.T) {
	ix := build(map[string][][2]string{"a.go": {{"f", "func f() {}"}}})
	if l := ix.Search(Query{Text: "quantum"}, 10); len(l) != 0 {
		t.Errorf("leads %v for a word no chunk holds", l)
	}
	if l := NewBuilder().Index().Search(Query{Text: "f"}, 10); len(l) != 0 {
		t.Errorf("leads %v from an empty index", l)
	}
}

// FuzzTerms: any text gives terms that are lowercase, non-empty, no stop
// words, and the same on a second call (Stem is a function).
func FuzzTerms(f *testing.F) {
	for _, s := range []string{"parseHTTPRequest2", "max_body_size", "naïveCafé", "retries after a timeout", "\xff\xfe", "_", "A1b2C3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, b := terms(s), terms(s)
		if !slices.Equal(a, b) {
			t.Fatalf("two calls, two answers: %q, %q", a, b)
		}
		for _, x := range a {
			if x == "" || x != strings.ToLower(x) || stop[x] {
				t.Fatalf("term %q of %q", x, s)
			}
		}
	})
}

// TestBestIsTheFullOrder: best, which sorts and lowers only a prefix of
// the candidates, returns what sorting and lowering all of them gives,
// for scores with many ties and files with many chunks.
func TestBestIsTheFullOrder(t *testing.T) {
	files := map[string][][2]string{}
	for f := range 40 {
		var chunks [][2]string
		for c := range 25 {
			chunks = append(chunks, [2]string{fmt.Sprintf("f%dc%d", f, c), "func x() {}"})
		}
		files[fmt.Sprintf("d/f%02d.go", f)] = chunks
	}
	ix := build(files)
	full := func(cands []cand, n int) []cand {
		ix.sortCands(cands)
		nth := make([]int32, len(ix.Files))
		for i := range cands {
			c := &cands[i]
			f := ix.Chunk(int(c.chunk)).File
			c.nth = nth[f]
			nth[f]++
			if c.nth > 0 {
				c.cut = c.score - int(float64(c.score)*math.Pow(2.0/3, float64(c.nth)))
				c.score -= c.cut
			}
		}
		ix.sortCands(cands)
		return cands[:min(n, len(cands))]
	}
	r := rand.New(rand.NewPCG(7, 8))
	for trial := range 200 {
		m := 1 + r.IntN(ix.NumChunks())
		var cands []cand
		for i, c := range r.Perm(ix.NumChunks())[:m] {
			score := r.IntN(50) * 1000 // ties
			if trial%3 == 0 {
				score = 100000 - (c%25)*100 // a file's chunks ranked alike in every file
			}
			cands = append(cands, cand{chunk: uint32(c), rank: int32(i), score: score})
		}
		n := 1 + r.IntN(60)
		want := full(slices.Clone(cands), n)
		got := ix.best(slices.Clone(cands), n)
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d (%d candidates, n %d): best differs from the full order:\n got %v\nwant %v", trial, m, n, got, want)
		}
	}
}

// TestNthLargest holds the selection to a sort, over lists with ties.
func TestNthLargest(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	for n := 1; n < 300; n += 7 {
		for _, spread := range []int{3, 1000} {
			xs := make([]int, n)
			for i := range xs {
				xs[i] = rnd.IntN(spread) - spread/2
			}
			sorted := slices.Sorted(slices.Values(xs))
			for _, k := range []int{1, 2, n / 2, n - 1, n} {
				if k < 1 || k > n {
					continue
				}
				if got, want := nthLargest(slices.Clone(xs), k), sorted[n-k]; got != want {
					t.Fatalf("n %d, spread %d: %d-th largest %d, want %d", n, spread, k, got, want)
				}
			}
		}
	}
}

// TestTiesShareARank: chunks (and files) the words score the same get the
// same fused score, whatever their paths; the order between them is left
// to the tie-break (path, line).
func TestTiesShareARank(t *testing.T) {
	files := map[string][][2]string{}
	for _, p := range []string{"a.go", "b.go", "c.go", "d.go"} {
		files[p] = [][2]string{{"Fn", "retries the request after a timeout"}}
	}
	files["e.go"] = [][2]string{{"Fn", "retries the request after a timeout, and again after a timeout"}}
	ix := build(files)
	leads := ix.Search(Query{Text: "retry on timeout"}, 10)
	if len(leads) != 5 {
		t.Fatalf("%d leads, want 5", len(leads))
	}
	var got []string
	for _, l := range leads {
		got = append(got, fmt.Sprintf("%s %d", ix.Files[ix.Chunk(l.Chunk).File].Path, l.Score))
	}
	// e.go says it twice: first; the four alike tie, in path order.
	first := leads[1].Score
	for i, l := range leads[1:] {
		if l.Score != first || ix.Files[ix.Chunk(l.Chunk).File].Path != []string{"a.go", "b.go", "c.go", "d.go"}[i] {
			t.Fatalf("leads %v: want e.go, then a.go to d.go with one score", got)
		}
	}
	if leads[0].Score <= first {
		t.Errorf("leads %v: e.go should score above the four alike", got)
	}
}
