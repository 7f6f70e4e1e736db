package scout

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/scoutcode/scout/internal/concept"
	"github.com/scoutcode/scout/internal/rank"
	"github.com/scoutcode/scout/internal/regular"
	"github.com/scoutcode/scout/internal/syntax"
	"github.com/scoutcode/scout/internal/textenc"
)

// Chunking, for concept search: each definition is a chunk (with the
// comment above it; a class without the bodies of its methods, which are
// chunks of their own), the lines between definitions are windows, and a
// chunk longer than chunkLines is cut into windows that overlap, so that
// nothing after a prefix goes unindexed.
const (
	chunkSpend      = 4        // chunks of definitions hold at most this many times their file's bytes…
	chunkSpendSlack = 16 << 10 // …and this many more; else the file is cut into windows (see chunkFile)
	chunkLines      = 60       // a longer chunk is cut into windows…
	chunkStep       = 45       // …starting this many lines apart (15 lines shared)
	chunkGapMax     = 40       // lines between definitions: windows of at most this many
	chunkerStamp    = 9        // the revision of the chunking, for the index's keys (2: a comment after a head is no longer in it; 3: nor a licence notice; 4: more generated files known by their header, and changelogs; 5: files classed and named by their path in the project; 6: Markdown cut at its headings; 7: a file with a byte order mark read as its text, UTF-16 no longer binary; 8: a file whose definitions' chunks repeat its long lines, as a minified one's do, cut into windows; 9: _vendor, vendored and 3rdparty directories are vendored)
)

// chunkFile cuts one file into the chunks the index ranks. With defs (from
// syntax.Parse, or a Markdown document's sections; nil for a language
// without a parser) it follows the definitions; without, it cuts windows
// of lines. Each line's text goes through mask first, so no secret reaches
// the index.
func chunkFile(p string, data []byte, defs []syntax.Def, mask func(n int, text string) string) []concept.Text {
	given := mask
	lines := splitLines(string(data))
	// What the chunks may hold in all: a line is in one chunk, or two
	// where windows overlap, so chunks that hold more repeat long lines,
	// as a minified file's definitions all do (one line each: in npm's
	// glob/dist/esm/index.min.js, 286 times its 83 KB). Such a file is cut
	// into windows of lines instead, as a file with no parser is. Of
	// 58,980 files of GOROOT/src, Python's library, npm and LLVM's headers,
	// none that is not minified held more than 3.8 times its size.
	spent, most := 0, chunkSpend*len(data)+chunkSpendSlack
	above := commentAbove
	if syntax.Markdown(p) { // a "#" line above a heading is a heading, a "*" one a list item: neither is the section's
		above = func(_ []string, n int) int { return n }
	}
	if legal := noticeOf(p, lines); legal > 0 { // its words are in every file and say nothing of this one
		inner := mask
		mask = func(n int, t string) string {
			if n <= legal {
				return ""
			}
			return inner(n, t)
		}
	}
	text := func(from, to int) string { // lines from..to, 1-based, inclusive
		var b strings.Builder
		for n := from; n <= to && n <= len(lines); n++ {
			b.WriteString(mask(n, lines[n-1]))
			b.WriteByte('\n')
		}
		spent += b.Len()
		return b.String()
	}
	var out []concept.Text
	window := func(c concept.Chunk, named concept.Named, from, to int, skip func(int) bool) {
		for s := from; s <= to; s += chunkStep {
			e := min(s+chunkLines-1, to)
			var b strings.Builder
			for n := s; n <= e; n++ {
				if skip == nil || !skip(n) {
					b.WriteString(mask(n, lines[n-1]))
					b.WriteByte('\n')
				}
			}
			spent += b.Len()
			w := c
			w.Start, w.End = s, e
			if body := b.String(); strings.TrimSpace(body) != "" {
				out = append(out, concept.Text{Chunk: w, Named: named, Body: body})
			}
			if e == to {
				break
			}
		}
	}
	ends := make([]int, len(defs))
	for i, d := range defs {
		ends[i] = d.End
		if ends[i] == 0 || ends[i] > len(lines) { // the classifier knows no ends: the next definition's start
			ends[i] = len(lines)
			if i+1 < len(defs) {
				ends[i] = max(d.Start, above(lines, min(defs[i+1].Start, len(lines)))-1)
			}
		}
	}
	covered := make([]bool, len(lines)+2) // lines inside a top-level definition or its comment
	for i, d := range defs {
		if spent > most {
			return chunkFile(p, data, nil, given)
		}
		if d.Start < 1 || d.Start > len(lines) {
			continue
		}
		from := above(lines, d.Start)
		if d.Depth == 0 {
			for n := from; n <= ends[i]; n++ {
				covered[n] = true
			}
		}
		// The lines of the definitions it holds are theirs.
		var inner [][2]int
		for j := i + 1; j < len(defs) && defs[j].Start <= ends[i]; j++ {
			if defs[j].Parent == i {
				inner = append(inner, [2]int{above(lines, defs[j].Start), ends[j]})
			}
		}
		var skip func(int) bool
		if len(inner) > 0 {
			skip = func(n int) bool {
				for _, r := range inner {
					if n >= r[0] && n <= r[1] {
						return true
					}
				}
				return false
			}
		}
		// The signature is a line of the file too: masked like the others.
		c, named := concept.Chunk{At: d.Start}, concept.Named{Kind: d.Kind, Name: d.Name, Head: mask(d.Start, d.Signature)}
		if ends[i]-from+1 <= chunkLines && skip == nil {
			out = append(out, concept.Text{Chunk: withLines(c, from, ends[i]), Named: named, Body: text(from, ends[i])})
			continue
		}
		window(c, named, from, ends[i], skip)
	}
	// The lines between definitions.
	for n := 1; n <= len(lines); {
		if covered[n] {
			n++
			continue
		}
		e := n
		for e+1 <= len(lines) && !covered[e+1] && e+1-n < chunkGapMax {
			e++
		}
		window(concept.Chunk{}, concept.Named{}, n, e, nil)
		n = e + 1
	}
	return out
}

// phraseText is what a concept search reads of a file for the phrase
// signal and a symbol's declarations (concept.Query.Read): the file as the
// chunks hold it, its licence notice blanked (its words are in every file
// and say nothing of this one), each line where it is; at most its first
// phraseMax bytes, so that 20 large files cost a search no more than a
// few milliseconds.
func phraseText(path string) ([]byte, error) {
	f, fi, err := openRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := regular.ReadSized(io.LimitReader(f, phraseMax), min(fi.Size(), phraseMax))
	if err != nil {
		return nil, err
	}
	data = textenc.Text(data)             // the chunks' text (see readParsable)
	head := data[:min(len(data), 64<<10)] // where a NUL tells a binary file, and a notice is
	if bytes.IndexByte(head, 0) >= 0 {
		return nil, errors.New(reasonBinary)
	}
	if legal := noticeOf(path, splitLines(string(head))); legal > 0 {
		// Blanked, not cut: the lines keep their numbers (a symbol's
		// declaration is looked for by line).
		for i, lines := 0, 0; i < len(data) && lines < legal; i++ {
			if data[i] == '\n' {
				lines++
			} else {
				data[i] = ' '
			}
		}
	}
	return data, nil
}

// phraseMax is how much of a file phraseText reads.
const phraseMax = 1 << 20

func withLines(c concept.Chunk, from, to int) concept.Chunk {
	c.Start, c.End = from, to
	return c
}

// noticeOf is licenseHeader for a file that has comments: in prose, a
// "# License" line is a heading, and the text below it the document's.
func noticeOf(p string, lines []string) int {
	if prose(p) {
		return 0
	}
	return licenseHeader(lines)
}

// prose reports whether a file is prose by its extension: Markdown,
// reStructuredText, AsciiDoc, Org, text.
func prose(p string) bool {
	switch strings.ToLower(filepath.Ext(p)) {
	case ".md", ".markdown", ".mdx", ".rst", ".txt", ".adoc", ".asciidoc", ".org":
		return true
	}
	return false
}

// licenseHeader returns the last line of the licence notice a file opens
// with, 0 when it has none. The file's first comments (after a "#!" line),
// each ended by a blank line or, for /* */, by its "*/", are read until
// one speaks of a copyright or a licence: the notice is that comment, the
// ones before it (an editor's mode line, the file's name) and the ones
// right after it that speak of the licence too. The comment below it that
// does not, a package's own as Go writes them, is not part of it. Before
// the notice come no more than three comments of a line or two.
func licenseHeader(lines []string) int {
	n := 0
	if n < len(lines) && strings.HasPrefix(lines[n], "#!") {
		n++
	}
	notice := 0 // the last line of the notice so far
	for blocks := 0; blocks < 4 || notice > 0; blocks++ {
		for n < len(lines) && strings.TrimSpace(lines[n]) == "" {
			n++
		}
		end, ok := commentBlock(lines, n)
		if !ok {
			break
		}
		words := noticeWords
		if notice > 0 {
			words = noticeMoreWords
		}
		legal := false
		text := strings.ToLower(strings.Join(lines[n:end], "\n"))
		for _, w := range words {
			legal = legal || strings.Contains(text, w)
		}
		switch {
		case legal:
			notice = end
		case notice > 0, end-n > 2: // past the notice; or a comment of its own before any
			return notice
		}
		n = end
	}
	return notice
}

// noticeWords are the words of which one starts a licence notice;
// noticeMoreWords, one of which a further comment of the notice holds.
var (
	noticeWords     = []string{"copyright", "license", "licence", "spdx-", "all rights reserved"}
	noticeMoreWords = append([]string{"gpl", "warranty", "free software", "permission", "distributed"}, noticeWords...)
)

// commentBlock returns the end (the index of the line after it) of the
// comment that starts at lines[n]: lines of line comments up to a line
// that is not one, or a /* */ comment up to its "*/". ok is false when
// lines[n] starts no comment, or the comment has code after it on its
// last line or is never closed.
func commentBlock(lines []string, n int) (end int, ok bool) {
	block := false
	for end = n; end < len(lines); end++ {
		t := strings.TrimSpace(lines[end])
		if block {
			if _, after, closed := strings.Cut(t, "*/"); closed {
				if strings.TrimSpace(after) != "" {
					return 0, false // code on the comment's last line
				}
				return end + 1, true
			}
			continue
		}
		switch {
		case strings.HasPrefix(t, "/*") && end == n:
			_, after, closed := strings.Cut(t[2:], "*/")
			if closed {
				return end + 1, strings.TrimSpace(after) == ""
			}
			block = true
			continue
		case strings.HasPrefix(t, "//"), strings.HasPrefix(t, "#") && !directive(t),
			strings.HasPrefix(t, "--"), strings.HasPrefix(t, ";"), strings.HasPrefix(t, "%"):
			continue
		}
		break
	}
	return end, !block && end > n
}

// directive reports whether a line that starts with '#' is C's
// preprocessor's, not a comment.
func directive(t string) bool {
	w := strings.TrimSpace(t[1:])
	if i := strings.IndexFunc(w, func(r rune) bool { return !('a' <= r && r <= 'z') }); i >= 0 {
		w = w[:i]
	}
	switch w {
	case "include", "define", "undef", "if", "ifdef", "ifndef", "elif", "else", "endif", "pragma", "import", "error", "warning", "line":
		return true
	}
	return false
}

// commentAbove returns the first line of the comment (or decorators)
// directly above line n, or n when there is none.
func commentAbove(lines []string, n int) int {
	for n > 1 {
		t := strings.TrimSpace(lines[n-2])
		if t == "" || !(strings.HasPrefix(t, "//") || strings.HasPrefix(t, "#") || strings.HasPrefix(t, "/*") ||
			strings.HasPrefix(t, "*") || strings.HasPrefix(t, "--") || strings.HasPrefix(t, "@") || strings.HasPrefix(t, "///")) {
			break
		}
		n--
	}
	return n
}

// splitLines splits s into lines without their ends.
func splitLines(s string) []string {
	s = strings.TrimSuffix(s, "\n")
	if s == "" {
		return nil
	}
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSuffix(l, "\r")
	}
	return lines
}

// classOf says what kind of file a path is, for concept's penalties.
func classOf(p string, data []byte) concept.Class {
	switch {
	case rank.Test(p):
		return concept.Test
	case rank.Vendored(p):
		return concept.Vendored
	case rank.Legal(p):
		return concept.Legal
	case rank.History(p):
		return concept.History
	case rank.Generated(p, data):
		return concept.Generated
	case rank.Docs(p):
		if prose(p) {
			return concept.Prose
		}
		return concept.Example
	}
	return concept.Source
}

// chunked is one file cut into chunks and tokenized, or why it was not.
type chunked struct {
	path string
	doc  *concept.Doc
	st   stamp
	why  string // "" when chunked; a reason (binary, too big) or an error
}

// chunkPath reads, parses, chunks and tokenizes one file, classed and
// named for the path words by its path in the project (scopeFile.in).
func chunkPath(ctx context.Context, f scopeFile, showSecrets bool) chunked {
	data, st, why := readParsable(f.path)
	return chunkRead(ctx, f, data, st, why, showSecrets)
}

// chunkRead is chunkPath for a file read already (see readParsable).
func chunkRead(ctx context.Context, f scopeFile, data []byte, st stamp, why string, showSecrets bool) chunked {
	p := f.path
	c := chunked{path: slash(p), st: st, why: why}
	if why != "" {
		return c
	}
	texts, err := chunkTexts(ctx, p, data, showSecrets)
	if err != nil {
		c.why = err.Error()
		return c
	}
	c.doc = concept.Tokenize(c.path, f.in, classOf(f.in, data), texts)
	c.doc.Stamp = concept.Stamp{Size: int64(len(data)), MTime: st.mtime.UnixNano(), Sum: st.digest}
	return c
}

// chunkTexts parses a file read already and cuts it into chunks, their
// lines masked; a parse error is the error.
func chunkTexts(ctx context.Context, p string, data []byte, showSecrets bool) ([]concept.Text, error) {
	var defs []syntax.Def
	if syntax.Markdown(p) {
		defs = syntax.MarkdownSections(data)
	} else if syntax.GrammarOf(p, data) != "" {
		pf, err := syntax.Parse(ctx, p, data)
		switch {
		case err == nil:
			defs = pf.Defs
		case notParsed(err) != "", errors.Is(err, syntax.ErrUnsupported): // chunked by lines
		default:
			return nil, err
		}
	}
	m := newMasker(showSecrets, p, data, 1)
	mask := func(n int, t string) string {
		if m == nil {
			return t
		}
		t, _ = m.line(n, t)
		return t
	}
	return chunkFile(p, data, defs, mask), nil
}

// addChunked adds a chunked file to b: its chunks, or, when it was left
// out as binary or too big, why (an error is not kept: the next search
// tries again).
func addChunked(b *concept.Builder, f *chunked) {
	switch {
	case f.doc != nil:
		b.Add(f.doc)
		f.doc = nil
	case f.why == reasonBinary || f.why == reasonTooBig:
		st := concept.Stamp{MTime: f.st.mtime.UnixNano(), Sum: f.st.digest}
		if fi, err := os.Stat(f.path); err == nil {
			st.Size = fi.Size()
		}
		b.Skip(f.path, f.why, st)
	}
}

// buildConcept chunks and tokenizes the files in parallel and indexes
// them in the order given, each as soon as those before it are: only the
// files done out of order wait in memory.
func buildConcept(ctx context.Context, scope []scopeFile, showSecrets bool, progress func(int, int)) (*concept.Index, []chunked) {
	files := make([]chunked, len(scope))
	b := concept.NewBuilder()
	if progress != nil {
		progress(0, len(files))
	}
	parallelInOrder(ctx, len(scope),
		func(i int) { files[i] = chunkPath(ctx, scope[i], showSecrets) },
		func(i int) {
			addChunked(b, &files[i])
			if progress != nil && ((i+1)%256 == 0 || i+1 == len(files)) {
				progress(i+1, len(files))
			}
		})
	return b.Index(), files
}
