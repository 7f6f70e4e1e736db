package concept

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func sample() map[string][][2]string {
	return map[string][][2]string{
		"net/retry.go":      {{"backoff", "func backoff(n int) time.Duration { return time.Second << n }"}, {"retryAfterTimeout", "// retries after a timeout\nfunc retryAfterTimeout(req *Request) error { return retry(req) }"}},
		"net/retry_test.go": {{"TestRetry", "func TestRetry(t *testing.T) { retryAfterTimeout(nil) }"}},
		"net/conn.go":       {{"dialConn", "func dialConn(addr string) (net.Conn, error) { // opens the connection }"}},
		"docs/README.md":    {{"", "Retries: scout retries after a timeout of 5 seconds."}},
	}
}

// describe lists a search's leads by place and score, for comparing.
func describe(ix *Index, q string) string {
	var s string
	for _, l := range ix.Search(Query{Text: q}, 100) {
		c := ix.Chunk(l.Chunk)
		s += fmt.Sprintf("%s:%d %d %v\n", ix.Files[c.File].Path, c.Start, l.Score, l.Terms)
	}
	return s
}

func TestEncodeDecode(t *testing.T) {
	ix := build(sample())
	ix.Files[0].Stamp = Stamp{Size: 12, MTime: -5, Sum: 7}
	got, err := Decode(ix.Encode())
	if err != nil {
		t.Fatal(err)
	}
	if got.Files[0].Stamp != ix.Files[0].Stamp {
		t.Errorf("stamp %+v, want %+v", got.Files[0].Stamp, ix.Files[0].Stamp)
	}
	for _, q := range []string{"retries after a timeout", "open a connection", "scout"} {
		if a, b := describe(ix, q), describe(got, q); a != b {
			t.Errorf("%q: decoded index answers\n%s\nwant\n%s", q, b, a)
		}
	}
	// Damaged: every prefix, and a flipped byte, are refused or read.
	data := ix.Encode()
	for n := range len(data) {
		if _, err := Decode(data[:n]); !errors.Is(err, ErrCorrupt) {
			t.Fatalf("a prefix of %d bytes: %v, want ErrCorrupt", n, err)
		}
	}
}

// TestScopeKept: the scope an index is written with is read back, by
// Decode and by ReadScope from its first bytes; an update keeps it unless
// the index it adds has its own; one over 4 KiB is cut.
func TestScopeKept(t *testing.T) {
	ix := build(sample())
	ix.Scope = "/src/app (types go)"
	data := ix.Encode()
	back, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if of, err := ReadScope(data[:64]); back.Scope != ix.Scope || of != ix.Scope || err != nil {
		t.Errorf("read back %q, ReadScope %q (%v); want %q", back.Scope, of, err, ix.Scope)
	}
	for _, add := range []struct{ scope, want string }{{"", ix.Scope}, {"/src/other", "/src/other"}, {strings.Repeat("é", 3000), strings.Repeat("é", 2048)}} {
		a := NewBuilder().Index()
		a.Scope = add.scope
		b, err := back.Update(nil, a)
		if err != nil {
			t.Fatal(err)
		}
		if of, err := ReadScope(b); of != add.want || err != nil {
			t.Errorf("updated with an index of scope %.20q: %.20q (%v), want %.20q", add.scope, of, err, add.want)
		}
	}
	if _, err := ReadScope([]byte("scout-concept\x00\x05\x03abc")); !errors.Is(err, ErrCorrupt) {
		t.Errorf("another revision: %v, want ErrCorrupt", err)
	}
}

// TestUpdate: an index read back, without files and with others added,
// answers as a fresh build of the same files does.
func TestUpdate(t *testing.T) {
	files := sample()
	for _, lazy := range []bool{false, true} {
		ix := build(files)
		if lazy {
			var err error
			if ix, err = Decode(ix.Encode()); err != nil {
				t.Fatal(err)
			}
		}
		drop := map[int]bool{}
		for f, file := range ix.Files {
			if file.Path == "net/retry.go" || file.Path == "docs/README.md" {
				drop[f] = true
			}
		}
		changed := [][2]string{{"retryAfterTimeout", "// tries the sockets again after a timeout\nfunc retryAfterTimeout() {}"},
			{"retryLater", "// tries the sockets again later\nfunc retryLater() { retryAfterTimeout() }"}}
		var ts []Text
		for i, c := range changed {
			ts = append(ts, Text{Chunk: Chunk{Start: i*10 + 1, End: i*10 + 9}, Named: Named{Name: c[0], Kind: "function"}, Body: c[1]})
		}
		got, err := Decode(updated(t, ix, drop, addDoc(Tokenize("net/retry.go", "net/retry.go", Source, ts))))
		if err != nil {
			t.Fatal(err)
		}
		want := map[string][][2]string{"net/retry.go": changed}
		for p, c := range files {
			if p != "net/retry.go" && p != "docs/README.md" {
				want[p] = c
			}
		}
		fresh := build(want)
		for _, q := range []string{"retries after a timeout", "sockets", "open a connection", "scout"} {
			if a, w := describe(got, q), describe(fresh, q); a != w {
				t.Errorf("lazy %v, %q after an update:\n%s\nwant\n%s", lazy, q, a, w)
			}
		}
		if len(got.Files) != len(fresh.Files) || got.NumChunks() != fresh.NumChunks() {
			t.Fatalf("%d files, %d chunks; want %d, %d", len(got.Files), got.NumChunks(), len(fresh.Files), fresh.NumChunks())
		}
		sameIndex(t, got, fresh)
	}
}

// sameIndex fails unless got holds what want does, each file by its path
// (Update numbers the files it adds after the rest): the files, each
// chunk and its strings, and each term's lists (got may hold more terms,
// with empty lists: Update keeps a term all of whose files went).
func sameIndex(t *testing.T, got, want *Index) {
	t.Helper()
	file := map[string]int{}
	for f, fl := range got.Files {
		file[fl.Path] = f
	}
	// Where want's file f, and chunk c, are in got.
	fileIn := func(f int) int { return file[want.Files[f].Path] }
	chunkIn := func(c int) int {
		f := int(want.fileOf[c])
		return got.Files[fileIn(f)].first + c - want.Files[f].first
	}
	for f, w := range want.Files {
		gf, ok := file[w.Path]
		if !ok {
			t.Errorf("file %s missing", w.Path)
			continue
		}
		g := got.Files[gf]
		if g.Stamp != w.Stamp || g.Class != w.Class || g.end-g.first != w.end-w.first || got.flens[gf] != want.flens[f] {
			t.Errorf("file %s: %+v, want %+v", w.Path, g, w)
		}
	}
	if got.total != want.total || got.ftotal != want.ftotal {
		t.Errorf("chunks' total length %d, files' %d; want %d, %d", got.total, got.ftotal, want.total, want.ftotal)
	}
	if t.Failed() {
		return
	}
	for c := range want.NumChunks() {
		gc := chunkIn(c)
		g, w := got.Chunk(gc), want.Chunk(c)
		g.File, w.File = 0, 0
		if g != w {
			t.Errorf("chunk %d: %+v, want %+v", c, g, w)
		}
		gk, gn, gh := got.Strings(gc)
		wk, wn, wh := want.Strings(c)
		if gk != wk || gn != wn || gh != wh || got.chunkLen(uint32(gc)) != want.chunkLen(uint32(c)) {
			t.Errorf("chunk %d: %q %q %q, want %q %q %q", c, gk, gn, gh, wk, wn, wh)
		}
	}
	if got.total != want.total || got.ftotal != want.ftotal {
		t.Errorf("lengths %d, %d; want %d, %d", got.total, got.ftotal, want.total, want.ftotal)
	}
	// in maps want's entries to got's numbers, in got's order.
	in := func(ps []posting, to func(int) int) []posting {
		out := make([]posting, len(ps))
		for i, p := range ps {
			out[i] = posting{uint32(to(int(p.chunk))), p.tf}
		}
		slices.SortFunc(out, func(a, b posting) int { return int(a.chunk) - int(b.chunk) })
		return out
	}
	for term, wid := range want.terms {
		gid, ok := got.lookup(term)
		if !ok {
			t.Errorf("term %q missing", term)
			continue
		}
		if g, w := got.postList(gid), in(want.postList(wid), chunkIn); !slices.Equal(g, w) {
			t.Errorf("term %q: chunks %v, want %v", term, g, w)
		}
		if g, w := got.filePostList(gid), in(want.filePostList(wid), fileIn); !slices.Equal(g, w) {
			t.Errorf("term %q: files %v, want %v", term, g, w)
		}
		if g, w := asPostings(got.pathList(gid)), in(asPostings(want.pathList(wid)), fileIn); !slices.Equal(g, w) {
			t.Errorf("term %q: paths %v, want %v", term, g, w)
		}
	}
}

// TestUpdateLeavesOutEmptiedTerms: a term whose only file goes keeps its
// place, empty, after the update, and is gone after the next.
func TestUpdateLeavesOutEmptiedTerms(t *testing.T) {
	ix, err := Decode(build(sample()).Encode())
	if err != nil {
		t.Fatal(err)
	}
	conn := -1
	for f, file := range ix.Files {
		if file.Path == "net/conn.go" {
			conn = f
		}
	}
	if _, ok := ix.lookup("dialconn"); !ok || conn < 0 {
		t.Fatal("the sample has no dialConn in net/conn.go")
	}
	once, err := Decode(updated(t, ix, map[int]bool{conn: true}, nil))
	if err != nil {
		t.Fatal(err)
	}
	if id, ok := once.lookup("dialconn"); !ok || len(once.postList(id))+len(once.filePostList(id))+len(once.pathList(id)) != 0 {
		t.Fatalf("after the update: dialconn held %v, want kept and empty", ok)
	}
	twice, err := Decode(updated(t, once, nil, nil))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := twice.lookup("dialconn"); ok {
		t.Error("after the next update: dialconn is still there")
	}
	if _, ok := twice.lookup("retry"); !ok {
		t.Error("after the next update: retry is gone")
	}
}

// TestUpdateTo: an index updated into a file, its lists written a few
// bytes at a time, is byte for byte the index Update returns; a write
// that fails is the error.
// TestEncodeTo holds EncodeTo, built or read back, to Encode's bytes
// written through a small buffer, and to its writer's error.
func TestEncodeTo(t *testing.T) {
	defer func(n int) { listBuffer = n }(listBuffer)
	listBuffer = 7
	built := build(sample())
	kept, err := Decode(built.Encode())
	if err != nil {
		t.Fatal(err)
	}
	for name, ix := range map[string]*Index{"built": built, "read back": kept} {
		want := ix.Encode()
		var m memFile
		if err := ix.EncodeTo(&m); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(m.b, want) {
			t.Errorf("%s: EncodeTo wrote %d bytes, unlike Encode's %d", name, len(m.b), len(want))
		}
		if err := ix.EncodeTo(&failAfter{n: len(want) / 2}); !errors.Is(err, errFull) {
			t.Errorf("%s: a writer full half way: %v", name, err)
		}
	}
}

func TestUpdateTo(t *testing.T) {
	ix, err := Decode(build(sample()).Encode())
	if err != nil {
		t.Fatal(err)
	}
	add := addDoc(Tokenize("net/later.go", "net/later.go", Source, []Text{{Chunk: Chunk{Start: 1, End: 2}, Named: Named{Name: "retryLater", Kind: "function"}, Body: "func retryLater() { retryAfterTimeout() }"}}))
	drop := map[int]bool{1: true}
	want := updated(t, ix, drop, add) // the lists in one write
	defer func(n int) { listBuffer = n }(listBuffer)
	listBuffer = 7
	f, err := os.Create(filepath.Join(t.TempDir(), "index"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := ix.UpdateTo(f, drop, add); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(f.Name())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("written to a file: %d bytes, unlike Update's %d", len(got), len(want))
	}
	for n := 0; n < len(want); n += 5 {
		w := &failAfter{n: n}
		if err := ix.UpdateTo(w, drop, add); !errors.Is(err, errFull) {
			t.Fatalf("a writer full after %d bytes: %v", n, err)
		}
	}
}

var errFull = errors.New("no space left")

// failAfter is an IndexWriter that takes n bytes, then fails.
type failAfter struct{ n, took int }

func (w *failAfter) Write(p []byte) (int, error) {
	if w.took+len(p) > w.n {
		return 0, errFull
	}
	w.took += len(p)
	return len(p), nil
}

// updated is ix.Update, which must not fail.
func updated(t *testing.T, ix *Index, drop map[int]bool, add *Index) []byte {
	t.Helper()
	b, err := ix.Update(drop, add)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// FuzzDecode reads back what it is given, and the same with its pages'
// checksums made right (sealed), so that what it changes reaches the
// reader's checks of the structure beyond the checksums.
func FuzzDecode(f *testing.F) {
	ix := build(sample())
	ix.Scope = "/src/app (types go)"
	enc := ix.Encode()
	f.Add(enc)
	if pg, ok := splitSums(enc); ok {
		f.Add(bytes.Clone(pg.content))
	}
	f.Add([]byte("scout-concept\x00\x06"))
	f.Add([]byte("scout-concept\x00\x06\x80\x80\x04"))
	f.Fuzz(func(t *testing.T, data []byte) {
		decodeAll(t, data)
		decodeAll(t, seal(data))
	})
}

// seal returns content followed by its pages' checksums.
func seal(content []byte) []byte {
	var out bytes.Buffer
	s := &summer{w: &out}
	s.Write(content)
	s.finish()
	return out.Bytes()
}

// decodeAll reads data back and, if it is an index, every part of it; it
// must not panic, and an index not damaged must encode and read again.
func decodeAll(t *testing.T, data []byte) {
	scope, scopeErr := ReadScope(data)
	ix, err := Decode(data)
	if err != nil {
		return
	}
	if scopeErr != nil || scope != ix.Scope {
		t.Fatalf("ReadScope: %q, %v; the index read back has %q", scope, scopeErr, ix.Scope)
	}
	// Reading back checks little: each part read must not panic.
	ix.Search(Query{Text: "retries after a timeout connection"}, 10)
	for c := range ix.NumChunks() {
		ix.Chunk(c)
		ix.Strings(c)
	}
	b := ix.Encode()
	if b == nil {
		if ix.Verify() == nil {
			t.Fatal("an index read back, not damaged, does not encode")
		}
		return
	}
	if _, err := Decode(b); err != nil {
		t.Fatalf("an index read back does not encode and read again: %v", err)
	}
}

func addDoc(d *Doc) *Index {
	b := NewBuilder()
	b.Add(d)
	return b.Index()
}

// TestHolding: the files whose words hold every word of a text, and the
// largest of their sizes (a search of them sizes its buffers by it), from
// a built index and one read back.
func TestHolding(t *testing.T) {
	ix := build(map[string][][2]string{
		"a.go": {{"Retry", "retries after a timeout"}},
		"b.go": {{"Wait", "waits for a timeout, then retries"}},
		"c.go": {{"Open", "opens a connection"}},
	})
	for i, size := range []int64{300, 70_000, 5_000_000} {
		ix.Files[i].Stamp.Size = size
	}
	back, err := Decode(ix.Encode())
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range []*Index{ix, back} {
		for _, c := range []struct {
			text    string
			paths   []string
			largest int64
			ok      bool
		}{
			{"timeout retries", []string{"a.go", "b.go"}, 70_000, true},
			{"retries after", []string{"a.go"}, 300, true},
			{"timeout nowhere", nil, 0, true}, // a word no file has
			{"…", nil, 0, false},              // no words: the index cannot tell
		} {
			paths, largest, ok := x.Holding(c.text)
			if !slices.Equal(paths, c.paths) || largest != c.largest || ok != c.ok {
				t.Errorf("Holding(%q) = %v, %d, %v; want %v, %d, %v", c.text, paths, largest, ok, c.paths, c.largest, c.ok)
			}
		}
	}
}
