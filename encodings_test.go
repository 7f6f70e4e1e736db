package scout_test

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/scoutcode/scout"
	"github.com/scoutcode/scout/internal/fixture"
)

// encodingsTree writes files that begin with a byte order mark, and
// others, and enters their directory.
func encodingsTree(t *testing.T) {
	t.Chdir(t.TempDir())
	text := "hello Needle world\r\nsecond line ✓ 𝔘𝔫𝔦\nNeedle last\n"
	var long strings.Builder
	for i := range 5000 {
		fmt.Fprintf(&long, "line %d Needle 😀\n", i+1)
	}
	for name, data := range map[string][]byte{
		"le.txt":     fixture.UTF16(text, false),
		"be.txt":     fixture.UTF16(text, true),
		"bom8.txt":   append([]byte("\xef\xbb\xbf"), text...),
		"plain.txt":  []byte(text),
		"long16.txt": fixture.UTF16(long.String(), false), // past the first chunk read
		"nul16.txt":  fixture.UTF16("Needle\x00binary\n", false),
		"odd16.txt":  append(fixture.UTF16("Needle odd\n", false), 'x'),
		"nomark.txt": fixture.UTF16("Needle without a mark\n", false)[2:],
		"latin1.txt": []byte("caf\xe9 Needle\n"),
	} {
		if err := os.WriteFile(name, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestEncodingsAsRipgrep: a file with a byte order mark is searched as
// its text, as ripgrep does: UTF-16 (either byte order) in UTF-8, a UTF-8
// file without its mark ("^hello" matches its first line); a file with a
// NUL in its text, and UTF-16 without a mark, are binary. UTF-16 files
// were all binary, and "^hello" missed the UTF-8 file's first line.
func TestEncodingsAsRipgrep(t *testing.T) {
	encodingsTree(t)
	lines := func(pattern string) []string {
		res := search(t, scout.Options{Patterns: []string{pattern}, RankOptions: scout.RankOptions{Sort: scout.ByPath}})
		var out []string
		for _, f := range res.Files {
			for _, l := range f.Lines {
				out = append(out, fmt.Sprintf("%s:%d:%s", f.Path, l.Number, l.Text))
			}
		}
		return out
	}
	want := func(pattern string, paths ...string) {
		t.Helper()
		got := lines(pattern)
		for _, p := range paths {
			if !slices.ContainsFunc(got, func(l string) bool { return strings.HasPrefix(l, p) }) {
				t.Errorf("%q: no %s in\n%s", pattern, p, strings.Join(got, "\n"))
			}
		}
		if len(got) != len(paths) {
			t.Errorf("%q: %d lines, want %d:\n%s", pattern, len(got), len(paths), strings.Join(got, "\n"))
		}
	}
	want("^hello Needle world", "be.txt:1:hello Needle world", "bom8.txt:1:hello", "le.txt:1:hello", "plain.txt:1:hello")
	want(`𝔘𝔫𝔦$`, "be.txt:2:second line ✓ 𝔘𝔫𝔦", "bom8.txt:2:", "le.txt:2:", "plain.txt:2:")
	want("^line 5000 Needle 😀$", "long16.txt:5000:line 5000 Needle 😀")
	want("Needle odd", "odd16.txt:1:Needle odd")
	res := search(t, scout.Options{Patterns: []string{"Needle"}})
	if res.Stats.Skipped.Binary != 2 || res.Stats.FilesMatched != 7 {
		t.Errorf("Needle: %d files matched, %d binary; want 7 and 2 (nul16.txt, nomark.txt)", res.Stats.FilesMatched, res.Stats.Skipped.Binary)
	}

	// Pages (a summary of counts, then the lines read again) and the
	// cursor go through the same reading.
	var counted int
	for _, mode := range []scout.Mode{scout.Count, scout.Content} {
		p, err := scout.Grep(context.Background(), scout.GrepOptions{Options: scout.Options{Patterns: []string{"Needle"}}, PageOptions: scout.PageOptions{Budget: scout.MaxBudget}, Mode: mode})
		if err != nil {
			t.Fatal(err)
		}
		if mode == scout.Count {
			counted = p.Total.Matches
		} else if p.Total.Matches != counted || counted != 5000+4*2+1+1 {
			t.Errorf("pages count %d matches in count mode, %d in content mode; want %d (latin1.txt too)", counted, p.Total.Matches, 5000+4*2+1+1)
		}
	}

	fixture.NeedRg(t, "the rest checks what ripgrep would find")
	for _, pattern := range []string{"Needle", "^hello", `𝔘𝔫𝔦$`, "^line 4999 ", "odd"} {
		rg, err := fixture.Rg(".", nil, "--hidden", pattern)
		if err != nil {
			t.Fatal(err)
		}
		var rgKeys []string
		for _, l := range rg {
			rgKeys = append(rgKeys, l.Key())
		}
		slices.Sort(rgKeys)
		got := scoutKeys(search(t, scout.Options{Patterns: []string{pattern}}))
		if !slices.Equal(got, rgKeys) {
			t.Errorf("%q: scout %v, rg %v", pattern, got, rgKeys)
		}
	}
}

// TestReadEncodings: read shows a UTF-16 file's lines in UTF-8 and names
// its encoding, and a UTF-8 file's without its mark; the hash and size
// are of the file's bytes.
func TestReadEncodings(t *testing.T) {
	encodingsTree(t)
	p, err := scout.Read(context.Background(), scout.ReadOptions{Path: "be.txt", NoRecord: true})
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := os.ReadFile("be.txt")
	if p.Encoding != "UTF-16BE" || p.Size != int64(len(raw)) || len(p.Content) != 3 || p.Content[1].Text != "second line ✓ 𝔘𝔫𝔦" ||
		!strings.HasPrefix(p.Text, "be.txt: lines 1-3 of 3 (UTF-16BE, sha256 ") {
		t.Errorf("read be.txt: encoding %q, size %d (file %d), lines %v:\n%s", p.Encoding, p.Size, len(raw), p.Content, p.Text)
	}
	p, err = scout.Read(context.Background(), scout.ReadOptions{Path: "bom8.txt", NoRecord: true})
	if err != nil || p.Encoding != "" || p.Content[0].Text != "hello Needle world" {
		t.Errorf("read bom8.txt: %v, encoding %q, first line %q", err, p.Encoding, p.Content[0].Text)
	}
	if _, err := scout.Read(context.Background(), scout.ReadOptions{Path: "nul16.txt", NoRecord: true}); err == nil {
		t.Errorf("read nul16.txt (a NUL in its text): no error, want binary")
	}
}

// TestParsedEncodings: outline parses a UTF-16 file as its text, and the
// concept index holds its chunks, as grep reads it; both read it as
// binary.
func TestParsedEncodings(t *testing.T) {
	t.Chdir(t.TempDir())
	src := "package a\n\n// Close ends the session and flushes the journal.\nfunc Close() { Flush() }\n\nfunc Flush() {}\n"
	if err := os.WriteFile("a.go", fixture.UTF16(src, false), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := scout.Outline(context.Background(), scout.OutlineOptions{Scope: scout.Scope{Paths: []string{"a.go"}}})
	if err != nil || !strings.Contains(p.Text, "4 func Close()") || !strings.Contains(p.Text, "6 func Flush()") {
		t.Errorf("outline of a UTF-16 file: %v\n%s", err, textOf(p))
	}
	p, err = scout.Concept(context.Background(), scout.ConceptOptions{Description: "flushing the journal", CacheOptions: scout.CacheOptions{CacheDir: t.TempDir()}})
	if err != nil || len(p.Leads) == 0 || p.Leads[0].Path != "a.go" || p.Leads[0].Start != 3 {
		t.Errorf("concept in a UTF-16 file: %v\n%s", err, textOf(p))
	} else if !strings.Contains(p.Text, "4: func Close() { Flush() }") {
		t.Errorf("concept in a UTF-16 file: the lead's lines are not its text\n%q", p.Text)
	}
	q := scout.Query{All: []scout.Term{{Pattern: "Close", Word: true}, {Pattern: "Flush", Word: true}}, Scope: scout.ScopeDef}
	p, err = scout.Conditions(context.Background(), scout.ConditionsOptions{Query: q})
	if err != nil || p.Total.Matches != 1 || !strings.Contains(p.Text, "4:func Close() { Flush() }") {
		t.Errorf("a query of conditions in a UTF-16 file's definitions: %v\n%s", err, textOf(p))
	}
}
