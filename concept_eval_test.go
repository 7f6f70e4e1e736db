package scout_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"hash/fnv"
	"io/fs"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/google/go-cmp/cmp"

	"github.com/scoutcode/scout"
	"github.com/scoutcode/scout/internal/concept"
	"github.com/scoutcode/scout/internal/fixture"
)

var updateConcept = flag.Bool("update-concept", false, "rewrite testdata/concept/*_stats.txt")

// conceptCase is one query of the concept evaluation: a definition whose
// doc comment's first sentence, without the definition's own name, is
// the query; the doc comment is blanked in the copy searched.
type conceptCase struct {
	path       string // slash-separated, relative to the root
	name       string
	start, end int    // the definition's lines
	query      string // the first sentence without the name and its parts
	blank      [2]int // the doc comment's lines, blanked in the copy
}

// conceptCases is how many queries each evaluation samples.
const conceptCases = 300

// TestConceptEvalGo follows the CodeSearchNet protocol over GOROOT/src:
// 300 exported functions, methods and types (generated files left out)
// whose doc comment's first sentence has at least 6 words; the query is that sentence without the
// symbol's name and its camelCase parts, the target the definition; the
// search runs over a copy of the tree with those doc comments blanked.
// It reports hit@1, hit@5, hit@10 and MRR at file and definition level for
// plain BM25 over whole files (computed here) and scout's default, keeps
// them in testdata/concept/go_stats.txt (any change fails: rerun with
// -update-concept and review), and holds scout to hit@5 ≥ 0.60 and file
// MRR ≥ 1.1× BM25's. Issue 13's bar is 1.3×; not met yet.
func TestConceptEvalGo(t *testing.T) {
	if testing.Short() {
		t.Skip("copies and indexes Go's whole source tree; not in -short mode")
	}
	t.Parallel() // a long evaluation: see TestMain
	root := filepath.Join(fixture.GoRoot(), "src")
	if _, err := os.Stat(root); err != nil {
		t.Skipf("no Go source tree at %s", root)
	}
	cases := sampleCases(goConceptCases(t, root))
	conceptEval(t, root, cases, "go", fmt.Sprintf("# %s, %d exported Go symbols from $GOROOT/src", runtime.Version(), len(cases)), goDefines)
}

// TestConceptEvalPython is TestConceptEvalGo over the Python standard
// library, with docstrings (testdata/concept/pydocs.py lists them).
func TestConceptEvalPython(t *testing.T) {
	if testing.Short() {
		t.Skip("copies and indexes Python's standard library; not in -short mode")
	}
	t.Parallel() // a long evaluation: see TestMain
	out, err := exec.Command("python3", "-c", `import sysconfig, sys; print(sysconfig.get_path("stdlib")); print(sys.version.split()[0])`).Output()
	if err != nil {
		t.Skipf("no python3: %v", err)
	}
	f := strings.Fields(string(out))
	root, version := f[0], f[1]
	out, err = exec.Command("python3", "testdata/concept/pydocs.py", root).Output()
	if err != nil {
		t.Fatalf("pydocs.py: %v", err)
	}
	var all []conceptCase
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var d struct {
			Path, Name, Doc string
			Line, End       int
			DocLine         int `json:"doc_line"`
			DocEnd          int `json:"doc_end"`
		}
		if err := json.Unmarshal(sc.Bytes(), &d); err != nil {
			t.Fatal(err)
		}
		if q, ok := conceptQuery(d.Doc, d.Name); ok {
			all = append(all, conceptCase{path: d.Path, name: d.Name, start: d.Line, end: d.End, query: q, blank: [2]int{d.DocLine, d.DocEnd}})
		}
	}
	cases := sampleCases(all)
	conceptEval(t, root, cases, "python", fmt.Sprintf("# Python %s, %d documented functions and classes of the standard library", version, len(cases)), pyDefines)
}

// goConceptCases lists the exported functions, methods and types of the
// tree (tests, testdata and vendor left out) that qualify.
func goConceptCases(t *testing.T, root string) []conceptCase {
	t.Helper()
	var out []conceptCase
	fset := token.NewFileSet()
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			if n := d.Name(); n == "testdata" || n == "vendor" {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil || ast.IsGenerated(f) {
			return nil
		}
		rel := filepath.ToSlash(strings.TrimPrefix(p, root+"/"))
		add := func(name string, doc *ast.CommentGroup, from, to token.Pos) {
			if doc == nil || !ast.IsExported(name) {
				return
			}
			if q, ok := conceptQuery(doc.Text(), name); ok {
				out = append(out, conceptCase{path: rel, name: name, query: q,
					start: fset.Position(from).Line, end: fset.Position(to).Line,
					blank: [2]int{fset.Position(doc.Pos()).Line, fset.Position(doc.End()).Line}})
			}
		}
		for _, decl := range f.Decls {
			switch d := decl.(type) {
			case *ast.FuncDecl:
				add(d.Name.Name, d.Doc, d.Pos(), d.End())
			case *ast.GenDecl:
				if d.Tok != token.TYPE {
					continue
				}
				for _, s := range d.Specs {
					ts := s.(*ast.TypeSpec)
					if len(d.Specs) == 1 {
						add(ts.Name.Name, d.Doc, d.Pos(), d.End())
					} else {
						add(ts.Name.Name, ts.Doc, ts.Pos(), ts.End())
					}
				}
			}
		}
		return nil
	})
	return out
}

// conceptQuery returns the first sentence of doc without name and its
// camelCase parts, when the sentence has at least 6 words.
func conceptQuery(doc, name string) (string, bool) {
	s := strings.Join(strings.Fields(doc), " ")
	if i := strings.Index(s, ". "); i >= 0 {
		s = s[:i+1]
	}
	words := strings.Fields(s)
	if len(words) < 6 || strings.HasPrefix(s, "Deprecated") {
		return "", false
	}
	drop := map[string]bool{strings.ToLower(name): true}
	for _, p := range camelParts(name) {
		drop[strings.ToLower(p)] = true
	}
	var kept []string
	for _, w := range words {
		bare := strings.ToLower(strings.TrimFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' }))
		if !drop[bare] {
			kept = append(kept, w)
		}
	}
	return strings.Join(kept, " "), len(kept) > 0
}

// camelParts splits an identifier at case changes and underscores.
func camelParts(name string) []string {
	var parts []string
	start := 0
	rs := []rune(name)
	for i := 1; i <= len(rs); i++ {
		if i == len(rs) || rs[i] == '_' || unicode.IsUpper(rs[i]) && (unicode.IsLower(rs[i-1]) || i+1 < len(rs) && unicode.IsLower(rs[i+1])) {
			if p := strings.Trim(string(rs[start:i]), "_"); p != "" {
				parts = append(parts, p)
			}
			start = i
		}
	}
	return parts
}

// sampleCases takes conceptCases cases, spread by a hash of their place.
// As CodeSearchNet does, it leaves out the duplicates: a query that more
// than one definition's doc gives (Go's Read, Write and Close methods
// repeat their interface's doc) names none of them.
func sampleCases(all []conceptCase) []conceptCase {
	seen := map[string]int{}
	for _, c := range all {
		seen[strings.ToLower(c.query)]++
	}
	all = slices.DeleteFunc(all, func(c conceptCase) bool { return seen[strings.ToLower(c.query)] > 1 })
	key := func(c conceptCase) uint64 {
		h := fnv.New64a()
		fmt.Fprintf(h, "%s:%s:%d", c.path, c.name, c.start)
		return h.Sum64()
	}
	slices.SortFunc(all, func(a, b conceptCase) int {
		ka, kb := key(a), key(b)
		switch {
		case ka < kb:
			return -1
		case ka > kb:
			return 1
		}
		return strings.Compare(a.path, b.path)
	})
	return all[:min(len(all), conceptCases)]
}

// copyBlanked copies the regular files below root to dir (hard links
// where it can), and blanks the doc comments of the cases in the copy:
// their lines become empty, so every line keeps its number.
func copyBlanked(t *testing.T, root, dir string, cases []conceptCase) {
	t.Helper()
	blank := map[string][][2]int{}
	for _, c := range cases {
		blank[c.path] = append(blank[c.path], c.blank)
	}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		rel := strings.TrimPrefix(p, root)
		to := filepath.Join(dir, rel)
		if d.IsDir() {
			if n := d.Name(); n == "site-packages" || n == "__pycache__" {
				return filepath.SkipDir
			}
			return os.MkdirAll(to, 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		ranges := blank[filepath.ToSlash(strings.TrimPrefix(rel, "/"))]
		if len(ranges) == 0 && os.Link(p, to) == nil {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return nil
		}
		lines := strings.SplitAfter(string(data), "\n")
		for _, r := range ranges {
			for n := r[0]; n <= r[1] && n <= len(lines); n++ {
				lines[n-1] = "\n"
			}
			// A Python docstring that was a body's only statement leaves
			// the body empty: keep it a body.
			if strings.HasSuffix(p, ".py") && r[0] <= len(lines) {
				lines[r[0]-1] = indentOf(string(data), r[0]) + "pass\n"
			}
		}
		return os.WriteFile(to, []byte(strings.Join(lines, "")), 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// indentOf returns the leading white space of line n of s.
func indentOf(s string, n int) string {
	l := strings.Split(s, "\n")[n-1]
	return l[:len(l)-len(strings.TrimLeft(l, " \t"))]
}

// evalFigures are the hit@k and MRR of a set of ranks (0: not found).
type evalFigures struct{ ranks []int }

func (f *evalFigures) add(r int) { f.ranks = append(f.ranks, r) }

func (f *evalFigures) hit(k int) float64 {
	n := 0
	for _, r := range f.ranks {
		if r >= 1 && r <= k {
			n++
		}
	}
	return float64(n) / float64(len(f.ranks))
}

// betterRank is the better of two ranks, 0 being none.
func betterRank(a, b int) int {
	if a == 0 || b != 0 && b < a {
		return b
	}
	return a
}

func (f *evalFigures) mrr() float64 {
	s := 0.0
	for _, r := range f.ranks {
		if r >= 1 {
			s += 1 / float64(r)
		}
	}
	return s / float64(len(f.ranks))
}

func (f *evalFigures) String() string {
	return fmt.Sprintf("hit@1 %.3f  hit@5 %.3f  hit@10 %.3f  MRR %.3f", f.hit(1), f.hit(5), f.hit(10), f.mrr())
}

// conceptEval runs the cases over a blanked copy of root and compares the
// figures with testdata/concept/<name>_stats.txt.
// goDefines and pyDefines say whether a file's text defines a name (a
// function, method or type; a def or class), for counting the misses
// whose first file is a twin: text/template's Delims and html/template's,
// asyncio's Queue.join and queue's. The blanked copy keeps the twin's doc
// comment, so the twin holds the description's words and the target does
// not: no ranking by words tells them apart.
func goDefines(text, name string) bool {
	return regexp.MustCompile(`(?m)^(func (\([^)]*\) )?` + regexp.QuoteMeta(name) + `\b|type ` + regexp.QuoteMeta(name) + `\b|\t` + regexp.QuoteMeta(name) + ` )`).MatchString(text)
}

func pyDefines(text, name string) bool {
	return regexp.MustCompile(`(?m)^\s*(def|class) ` + regexp.QuoteMeta(name) + `\b`).MatchString(text)
}

func conceptEval(t *testing.T, root string, cases []conceptCase, name, header string, defines func(text, name string) bool) {
	t.Helper()
	if len(cases) < conceptCases {
		t.Fatalf("only %d cases qualify", len(cases))
	}
	dir := t.TempDir()
	// SCOUT_CONCEPT_COPY=D keeps the blanked copy in D/<name>, for looking
	// at a miss with `scout concept --explain`.
	if keep := os.Getenv("SCOUT_CONCEPT_COPY"); keep != "" {
		dir = filepath.Join(keep, name)
		if _, err := os.Lstat(dir); err == nil {
			t.Fatalf("%s exists: remove it, or give SCOUT_CONCEPT_COPY another directory (nothing is removed for you: %s/go may be a GOPATH)", dir, keep)
		}
	}
	copyBlanked(t, root, dir, cases)
	ix, err := scout.BuildConcept(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	ref := newPlainBM25(t, dir, ix)
	// The hashing embedding, fused: the row the issue asks for of an
	// embedding built here (GloVe's word vectors, the one pretrained
	// table the registries here give, ranked lower than words alone).
	// SCOUT_CONCEPT_EMBED=provider,model[,url] puts another provider in
	// its row ("model,/tmp/glove": a static model directory), to measure
	// it; the figures are then logged, not compared.
	eo, row := scout.EmbedOptions{Provider: "hashing"}, "+hashing"
	if e := os.Getenv("SCOUT_CONCEPT_EMBED"); e != "" {
		f := strings.Split(e+",,", ",")
		eo = scout.EmbedOptions{Provider: f[0], Model: f[1], URL: f[2], Budget: time.Hour}
		row = "+" + f[0]
	}
	similarTo, err := scout.ConceptSimilar(context.Background(), ix, eo)
	if err != nil {
		t.Fatal(err)
	}
	// SCOUT_CONCEPT_GRID="FuseK=40;Phrase=0.5" logs the figures of the
	// words alone under each tuning; with SCOUT_CONCEPT_EMBED set, that
	// provider's ranking is fused too ("EmbedWeight=0.5;EmbedWeight=1").
	if grid := os.Getenv("SCOUT_CONCEPT_GRID"); grid != "" {
		sims := map[string][]concept.Similar{}
		for _, c := range cases {
			if os.Getenv("SCOUT_CONCEPT_EMBED") == "" {
				break
			}
			if sims[c.query], err = similarTo(c.query); err != nil {
				t.Fatal(err)
			}
		}
		tuneGrid(t, ix, dir, cases, grid, sims)
		return
	}
	var refFile, file, def, embFile, embDef evalFigures
	var simFile evalFigures // the provider's ranking alone
	var either evalFigures  // each query's better rank of scout's and plain BM25's
	var misses []string
	twins, twinGain := 0, 0.0 // misses whose first file defines the name too; MRR were they first
	for _, c := range cases {
		sim, err := similarTo(c.query)
		if err != nil {
			t.Fatal(err)
		}
		hf, hd, _ := ranksOf(ix, dir, c, concept.Query{Text: c.query, Similar: sim, Read: scout.PhraseText})
		simFile.add(fileRank(ix, dir, c, sim))
		embFile.add(hf)
		embDef.add(hd)
		rr := slices.Index(ref.search(c.query, 1000), c.path) + 1
		refFile.add(rr)
		fr, dr, first := ranksOf(ix, dir, c, concept.Query{Text: c.query, Read: scout.PhraseText})
		file.add(fr)
		def.add(dr)
		either.add(betterRank(fr, rr))
		if fr != 1 {
			twin := ""
			if text, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(first))); first != "" && err == nil && defines(string(text), c.name) {
				twin = ", which defines " + c.name + " too"
				twins++
				if fr > 0 {
					twinGain += (1 - 1/float64(fr)) / float64(len(cases))
				}
			}
			misses = append(misses, fmt.Sprintf("%s %s:%d %q: file rank %d (bm25 %d), first %s%s", c.name, c.path, c.start, c.query, fr, rr, first, twin))
		}
	}
	got := fmt.Sprintf("%s\nbm25-file  file: %s\nscout      file: %s\nscout      def:  %s\n%-10s file: %s\n%-10s def:  %s\ntwins: %d of the %d misses rank first a file that defines the name too; were they all first, file MRR %.3f\neither: were each query's file ranked the better of scout's rank and plain BM25's, file MRR %.3f\n",
		header, refFile.String(), file.String(), def.String(), row, embFile.String(), row, embDef.String(), twins, len(misses), file.mrr()+twinGain, either.mrr())
	t.Logf("\n%s", got)
	t.Logf("%s alone (its best %d chunks' files): file %s", row, scout.MaxSimilar, simFile.String())
	if peer := os.Getenv("SCOUT_CONCEPT_PEER"); peer != "" {
		peerEval(t, peer, dir, cases, refFile)
	}
	if eo.Provider != "hashing" {
		return
	}
	stats := filepath.Join("testdata", "concept", name+"_stats.txt")
	if *updateConcept {
		os.WriteFile(stats, []byte(got), 0o644)
		os.WriteFile(filepath.Join("testdata", "concept", name+"_misses.txt"), []byte(strings.Join(misses, "\n")+"\n"), 0o644)
	} else if want, err := os.ReadFile(stats); err != nil {
		t.Errorf("%v (rerun with -update-concept)", err)
	} else if first, _, _ := strings.Cut(string(want), "\n"); first == header {
		if diff := cmp.Diff(string(want), got); diff != "" {
			t.Errorf("concept figures changed; if intended, rerun with -update-concept and review the diff (-want +got):\n%s", diff)
		}
	} else {
		t.Logf("%s was recorded with another version; figures not compared", stats)
	}
	// The floor: what the offline ranker reached when it was built. The
	// issue's bar is MRR ≥ 1.3 × BM25's; it is logged until it is met.
	if file.mrr() < 1.1*refFile.mrr() || file.hit(5) < 0.60 {
		t.Errorf("below the floor: file MRR %.3f (want ≥ 1.1 × %.3f = %.3f), hit@5 %.3f (want ≥ 0.60)", file.mrr(), refFile.mrr(), 1.1*refFile.mrr(), file.hit(5))
	}
	t.Logf("file MRR %.2f × plain BM25's (the bar: 1.3×)", file.mrr()/refFile.mrr())
}

// plainBM25 is the reference: BM25 over whole files, the words being
// runs of letters and digits, lowercased, with no stemming, no splitting
// of identifiers and no stop words.
type plainBM25 struct {
	paths []string
	lens  []int
	avg   float64
	post  map[string]map[int]int // term → file → count
}

func newPlainBM25(t *testing.T, dir string, ix *concept.Index) *plainBM25 {
	t.Helper()
	r := &plainBM25{post: map[string]map[int]int{}}
	total := 0
	for _, f := range ix.Files {
		if f.Skip != "" {
			continue // binary, too big: not indexed by scout either
		}
		data, err := os.ReadFile(f.Path)
		if err != nil {
			t.Fatal(err)
		}
		id := len(r.paths)
		r.paths = append(r.paths, strings.TrimPrefix(f.Path, filepath.ToSlash(dir)+"/"))
		n := 0
		for _, w := range plainWords(string(data)) {
			m := r.post[w]
			if m == nil {
				m = map[int]int{}
				r.post[w] = m
			}
			m[id]++
			n++
		}
		r.lens = append(r.lens, n)
		total += n
	}
	r.avg = float64(total) / float64(len(r.paths))
	return r
}

func plainWords(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// search returns the paths of the best n files, best first.
func (r *plainBM25) search(q string, n int) []string {
	score := map[int]float64{}
	N := float64(len(r.paths))
	for _, w := range plainWords(q) {
		m := r.post[w]
		df := float64(len(m))
		idf := math.Log(1 + (N-df+0.5)/(df+0.5))
		for f, tf := range m {
			k := 1.2 * (1 - 0.75 + 0.75*float64(r.lens[f])/r.avg)
			score[f] += idf * float64(tf) * 2.2 / (float64(tf) + k)
		}
	}
	ids := make([]int, 0, len(score))
	for f := range score {
		ids = append(ids, f)
	}
	slices.SortFunc(ids, func(a, b int) int {
		if score[a] != score[b] {
			if score[a] > score[b] {
				return -1
			}
			return 1
		}
		return strings.Compare(r.paths[a], r.paths[b])
	})
	out := make([]string, 0, min(n, len(ids)))
	for _, f := range ids[:min(n, len(ids))] {
		out = append(out, r.paths[f])
	}
	return out
}

// tuneGrid measures tunings instead of the default: grid is a list of
// tunings separated by ";", each a list of Tuning fields set by name
// ("FuseK=40,Path=1;Lowered=0.8"). For trying changes to the weights:
// SCOUT_CONCEPT_GRID='FuseK=40;FuseK=80' go test -run TestConceptEvalGo -v .
func tuneGrid(t *testing.T, ix *concept.Index, dir string, cases []conceptCase, grid string, sims map[string][]concept.Similar) {
	for _, cfg := range strings.Split(grid, ";") {
		tu := concept.DefaultTuning
		v := reflect.ValueOf(&tu).Elem()
		for _, kv := range strings.Split(cfg, ",") {
			k, val, _ := strings.Cut(strings.TrimSpace(kv), "=")
			f := v.FieldByName(k)
			if !f.IsValid() {
				t.Fatalf("no Tuning field %q", k)
			}
			switch f.Kind() {
			case reflect.Bool:
				f.SetBool(val == "true")
			default:
				x, err := strconv.ParseFloat(val, 64)
				if err != nil {
					t.Fatal(err)
				}
				f.SetFloat(x)
			}
		}
		var file, def evalFigures
		for _, c := range cases {
			fr, dr, _ := ranksOf(ix, dir, c, concept.Query{Text: c.query, Tuning: &tu, Read: scout.PhraseText, Similar: sims[c.query]})
			file.add(fr)
			def.add(dr)
		}
		t.Logf("%-30s file %s | def MRR %.3f", cfg, file.String(), def.mrr())
	}
}

// fileRank returns the rank of a case's file among the files of a
// similarity ranking (0: not there).
func fileRank(ix *concept.Index, dir string, c conceptCase, sim []concept.Similar) int {
	var files []string
	for _, s := range sim {
		p := strings.TrimPrefix(ix.Files[ix.Chunk(s.Chunk).File].Path, filepath.ToSlash(dir)+"/")
		if !slices.Contains(files, p) {
			files = append(files, p)
		}
	}
	return slices.Index(files, c.path) + 1
}

// ranksOf returns the rank of a case's file among the files of the leads,
// and of its definition among the leads (0: not found), and the file of
// the first lead.
func ranksOf(ix *concept.Index, dir string, c conceptCase, q concept.Query) (file, def int, first string) {
	var files []string
	for i, l := range ix.Search(q, 1000) {
		ch := ix.Chunk(l.Chunk)
		p := strings.TrimPrefix(ix.Files[ch.File].Path, filepath.ToSlash(dir)+"/")
		if !slices.Contains(files, p) {
			files = append(files, p)
		}
		if def == 0 && p == c.path && ch.Start <= c.end && ch.End >= c.start {
			def = i + 1
		}
	}
	if len(files) > 0 {
		first = files[0]
	}
	return slices.Index(files, c.path) + 1, def, first
}
