package concept

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/scoutcode/scout/internal/fixture"
)

func TestPairs(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"the element type of map m", "element type, type map, map m"},
		{"retries after a timeout", "retry after, after timeout"},
		{"read the read deadline", "read deadlin"}, // "read read" is no pair, and each pair once
		{"timeout", ""},
	} {
		var got []string
		for _, p := range pairs(c.in) {
			got = append(got, p[0]+" "+p[1])
		}
		if s := strings.Join(got, ", "); s != c.want {
			t.Errorf("pairs(%q) = %q, want %q", c.in, s, c.want)
		}
	}
}

func TestPairsIn(t *testing.T) {
	ps := pairs("set the read deadline of the connection")
	for _, c := range []struct {
		text string
		want uint64
	}{
		{"c.setReadDeadline(t)", 3},             // set read, read deadline: one identifier's parts
		{"func set_read_deadline(conn)", 3},     // snake_case too
		{"// sets the read deadline.", 3},       // stop words between do not part neighbours
		{"read(buf); deadline := 5; set(x)", 0}, // the words, none beside its pair
		{"deadline of the connection\nread", 4}, // deadline connection, across stop words
		{"Deadline read set", 0},                // the wrong way round
		{"read\n\n\t deadline", 2},              // across lines and white space
		{"", 0},
	} {
		if got := pairsIn(c.text, ps); got != c.want {
			t.Errorf("pairsIn(%q) = %d, want %d", c.text, got, c.want)
		}
	}
}

// TestPhraseRanks builds files that hold the same words as often, one of
// them with the description's words side by side: read for phrases, it
// comes first and says so; not read (no Query.Read, or the file
// unreadable), the words alone decide.
func TestPhraseRanks(t *testing.T) {
	files := map[string]string{
		"a.go": "func a() {\n\t// the deadline for a read, and another\n\tread(x); wait(deadline)\n}\n",
		"b.go": "func b() {\n\t// read the deadline, and a read of the deadline\n\twait(x)\n}\n",
		"c.go": "func c() {\n\t// a read of bytes, a deadline to wait for: read, wait, deadline\n}\n",
		// A test that says the phrase: no phrase unless tests are asked for.
		"d_test.go": "func d() {\n\t// read the deadline, then read the deadline again\n\twait(x)\n}\n",
	}
	bld := NewBuilder()
	for _, p := range []string{"a.go", "b.go", "c.go", "d_test.go"} {
		bld.Add(Tokenize(p, p, classOfPath(p), []Text{{Chunk: Chunk{Start: 1, End: 4}, Named: Named{Name: strings.TrimSuffix(p, ".go"), Kind: "function"}, Body: files[p]}}))
	}
	ix := bld.Index()
	read := func(p string) ([]byte, error) {
		if s, ok := files[p]; ok {
			return []byte(s), nil
		}
		return nil, os.ErrNotExist
	}
	order := func(q Query) (names []string, phrase []int) {
		for _, l := range ix.Search(q, 10) {
			names = append(names, ix.Files[ix.Chunk(l.Chunk).File].Path)
			v := 0
			for _, s := range l.Signals {
				if s.Name == "phrase" {
					v = s.Value
				}
			}
			phrase = append(phrase, v)
		}
		return names, phrase
	}
	desc := "when the read deadline passes"
	words, none := order(Query{Text: desc})
	if slices.ContainsFunc(none, func(v int) bool { return v != 0 }) {
		t.Errorf("without Read, phrase signals %v", none)
	}
	got, phrase := order(Query{Text: desc, Read: read})
	if len(got) != 4 || got[0] != "b.go" || phrase[0] == 0 || phrase[1] != 0 || phrase[2] != 0 || phrase[3] != 0 {
		t.Errorf("read for phrases: %v with phrase signals %v; want b.go first, the only one with a phrase (by words alone: %v)", got, phrase, words)
	}
	got, phrase = order(Query{Text: desc, Read: read, Tests: true})
	if i := slices.Index(got, "d_test.go"); i < 0 || phrase[i] == 0 {
		t.Errorf("tests asked for: %v with phrase signals %v; want d_test.go with a phrase", got, phrase)
	}
	if words[0] == "b.go" {
		t.Errorf("the words alone already put b.go first (%v): the test tells nothing", words)
	}
	broken := func(p string) ([]byte, error) { return nil, errors.New("gone") }
	if got, phrase := order(Query{Text: desc, Read: broken}); !slices.Equal(got, words) || slices.Max(phrase) != 0 {
		t.Errorf("every file unreadable: %v %v, want the words' order %v and no phrase", got, phrase, words)
	}
}

// TestPairScanMatchesPlainScan holds the phrase scan, which codes terms
// and keeps each identifier's codes across files, to the plain reading of
// its rule: every identifier's terms in order, a pair found where its
// first term is right before its second. One scan reads all the files of
// a few directories of Go's tree, as a search's reader does.
func TestPairScanMatchesPlainScan(t *testing.T) {
	plain := plainPairsIn
	var texts []string
	for _, dir := range []string{"net/http", "os", "strings", "encoding/json"} {
		names, err := filepath.Glob(filepath.Join(fixture.GoRoot(), "src", dir, "*.go"))
		if err != nil || len(names) == 0 {
			t.Skipf("no Go source tree: %v", err)
		}
		for _, n := range names {
			data, err := os.ReadFile(n)
			if err != nil {
				t.Fatal(err)
			}
			texts = append(texts, string(data))
		}
	}
	texts = append(texts, "set set read deadline", "deadline read", "")
	found := 0
	for _, desc := range []string{
		"the code that retries after a timeout",
		"set the read deadline of the connection",
		"close the body after the response is read",
		"write the header before the body, and the body before the trailer",
		"the error error error returned",
	} {
		ps := pairs(desc)
		scan := newPairScan(ps)
		for i, text := range texts {
			want := plain(text, ps)
			if got := scan.in(text); got != want {
				t.Errorf("%q in text %d: the scan finds %b, the plain reading %b", desc, i, got, want)
			}
			if want != 0 {
				found++
			}
		}
	}
	if found == 0 {
		t.Error("no text holds a pair: the comparison shows nothing")
	}
}

// plainPairsIn is the phrase rule read plainly, for the scan to be held
// to: every identifier's terms in order, a pair found where its first
// term is right before its second.
func plainPairsIn(text string, ps []pair) uint64 {
	ps = ps[:min(len(ps), 64)]
	var found uint64
	prev := ""
	identifiers(text, func(w string) {
		word(w, func(term string) {
			for i, p := range ps {
				if p[0] == prev && p[1] == term {
					found |= 1 << i
				}
			}
			prev = term
		})
	})
	return found
}

// FuzzPhrasePairs holds the phrase scan to the plain reading on any
// description and texts, one scan reading both texts in turn, as a
// search's goroutine reads its files: what it keeps of an identifier from
// the first must not change what it finds in the second.
func FuzzPhrasePairs(f *testing.F) {
	f.Add("set the read deadline of the connection", "c.setReadDeadline(t)", "deadline of the connection\nread")
	f.Add("retries after a timeout", "retry(after); Timeout := retries_after_timeout", "after the retried timeouts")
	f.Add("read read read", "read read", "")
	f.Add("the élan of İstanbul", "élanİstanbul ÉLAN_istanbul", "Straße strasse")
	f.Fuzz(func(t *testing.T, desc, a, b string) {
		ps := pairs(desc)
		scan := newPairScan(ps)
		for _, text := range []string{a, b, a} {
			if got, want := scan.in(text), plainPairsIn(text, ps); got != want {
				t.Fatalf("pairs of %q in %q: the scan finds %b, the plain reading %b", desc, text, got, want)
			}
		}
	})
}
