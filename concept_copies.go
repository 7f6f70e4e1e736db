package scout

import (
	"bytes"
	"path"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/scoutcode/scout/internal/concept"
)

// foldCopies folds each lead whose chunk is the same text as an earlier
// lead's (a package vendored twice, one source built for several targets,
// a file copied whole) into that lead: it is listed under it, not as a
// lead of its own, so that a page is not the same code over and over.
// Only leads that score the same by their own words (concept.Lead.Words),
// with the same number of lines, can be copies; only those are read
// (through text) and compared, line by line, trimmed, with their kind and
// name. kept is leads without the copies, in their order; copies[i] are
// kept[i]'s, in theirs.
func foldCopies(ix *concept.Index, leads []concept.Lead, text spanText) (kept []concept.Lead, copies [][]leadCopy) {
	// Grouped by score and length first, the index's strings read only
	// for leads that share both: a lead's kind and name are on a page of
	// the index of their own, and reading them for each of 200 leads was
	// most of this fold's time.
	type key struct {
		words float64
		lines int
	}
	groups := map[key][]int{}
	for i, l := range leads {
		if l.Words == 0 {
			continue
		}
		c := ix.Chunk(l.Chunk)
		k := key{l.Words, c.End - c.Start}
		groups[k] = append(groups[k], i)
	}
	copyOf := make([]int, len(leads)) // the lead each is a copy of, from 1; 0: none
	for _, g := range groups {
		if len(g) < 2 {
			continue
		}
		first := map[[3]string]int{} // a kind, name and text, the first lead of them
		for _, i := range g {
			t, ok := trimmedText(ix, leads[i], text)
			if !ok {
				continue
			}
			kind, name, _ := ix.Strings(leads[i].Chunk)
			k := [3]string{kind, name, t}
			if o, seen := first[k]; seen {
				copyOf[i] = o + 1
			} else {
				first[k] = i
			}
		}
	}
	at := make([]int, len(leads)) // each kept lead's place in kept
	for i, l := range leads {
		if o := copyOf[i]; o > 0 {
			copies[at[o-1]] = append(copies[at[o-1]], leadCopy{lead: l})
			continue
		}
		at[i] = len(kept)
		kept = append(kept, l)
		copies = append(copies, nil)
	}
	return kept, copies
}

// leadCopy is a lead folded into another: the same text, or near (the
// same text in another format, see foldNearCopies).
type leadCopy struct {
	lead concept.Lead
	near bool
}

// trimmedText returns a lead's lines, each trimmed, one text; false when its
// file cannot be read or is shorter than it.
func trimmedText(ix *concept.Index, l concept.Lead, text spanText) (string, bool) {
	c := ix.Chunk(l.Chunk)
	t, ok := text(ix.Files[c.File].Path, c.Start, c.End)
	if !ok {
		return "", false
	}
	var b strings.Builder
	for line := range strings.Lines(t) {
		b.WriteString(strings.TrimSpace(line))
		b.WriteByte('\n')
	}
	return b.String(), true
}

// spanText returns lines start to end of a file as they are in it; false
// when it cannot be read or is shorter.
type spanText func(path string, start, end int) (string, bool)

// linesIn returns lines start to end (from 1) of data, as a spanText
// does, without cutting the rest into lines.
func linesIn(data []byte, start, end int) (string, bool) {
	if start < 1 || end < start {
		return "", false
	}
	at := 0
	for n := 1; n < start; n++ {
		i := bytes.IndexByte(data[at:], '\n')
		if i < 0 {
			return "", false
		}
		at += i + 1
	}
	to := at
	for n := start; n <= end; n++ {
		if to >= len(data) {
			return "", false
		}
		i := bytes.IndexByte(data[to:], '\n')
		if i < 0 {
			if n < end {
				return "", false
			}
			to = len(data)
			break
		}
		to += i + 1
	}
	return string(data[at:to]), true
}

// docFormats are the extensions of documents a project may keep in several
// formats at once: Markdown or reStructuredText sources, and the man pages
// and HTML made from them.
var docFormats = map[string]bool{
	".md": true, ".markdown": true, ".mdx": true, ".rst": true, ".txt": true, ".adoc": true,
	".html": true, ".htm": true,
	".1": true, ".2": true, ".3": true, ".4": true, ".5": true, ".6": true, ".7": true, ".8": true, ".9": true,
}

// docFormat returns a path's document format (its extension), or "" for
// anything else.
func docFormat(p string) string {
	if e := strings.ToLower(path.Ext(p)); docFormats[e] {
		return e
	}
	return ""
}

// A near copy is a document lead that says, in another format, what an
// earlier one says: a man page or an HTML page made from a Markdown one.
// Their texts differ by markup and by where their chunks are cut, so they
// are compared by runs of words (shingles) once the markup is taken out.
const (
	shingleWords = 5  // words a shingle holds
	minShingles  = 10 // a chunk with fewer says too little to be called a copy
)

// shingles returns the hashes of a text's runs of shingleWords words, its
// markup taken out (see stripMarkup) and its words lowercased, sorted and
// without repeats.
func shingles(text string) []uint64 {
	var words []string
	stripMarkup(text, func(w string) { words = append(words, w) })
	out := make([]uint64, 0, max(0, len(words)-shingleWords+1))
	for i := 0; i+shingleWords <= len(words); i++ {
		h := uint64(14695981039346656037) // FNV-1a
		for _, w := range words[i : i+shingleWords] {
			for j := 0; j < len(w); j++ {
				h = (h ^ uint64(w[j])) * 1099511628211
			}
			h = (h ^ ' ') * 1099511628211
		}
		out = append(out, h)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// stripMarkup calls word for each word of text, lowercased, leaving out
// what the formats add to the words: HTML's tags and entities ("<code>",
// "&quot;"), roff's font and character escapes ("\fB", "\(bu", "\-") and
// the request a line opens with (".SS").
func stripMarkup(text string, word func(string)) {
	var w []byte
	flush := func() {
		if len(w) > 0 {
			word(string(w))
			w = w[:0]
		}
	}
	lineStart := true
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case c == '<':
			if j := strings.IndexByte(text[i:], '>'); j > 0 {
				flush()
				i += j
				continue
			}
		case c == '&':
			j := i + 1
			for j < len(text) && j-i <= 8 && (isASCIIAlnum(text[j]) || text[j] == '#') {
				j++
			}
			if j < len(text) && text[j] == ';' && j > i+1 {
				flush()
				i = j
				continue
			}
		case c == '\\' && i+1 < len(text):
			flush()
			switch text[i+1] {
			case 'f':
				i += 2 // \fB; \f(XX and \f[X] too
				if i < len(text) && text[i] == '(' {
					i += 2
				} else if i < len(text) && text[i] == '[' {
					if j := strings.IndexByte(text[i:], ']'); j > 0 {
						i += j
					}
				}
			case '(':
				i += 3 // \(bu
			default:
				i++ // \-, \&, \e
			}
			continue
		case c == '.' && lineStart:
			flush()
			for i+1 < len(text) && isASCIIAlnum(text[i+1]) {
				i++
			}
			lineStart = false
			continue
		}
		lineStart = c == '\n'
		if c < utf8.RuneSelf {
			if isASCIIAlnum(c) {
				if c >= 'A' && c <= 'Z' {
					c += 'a' - 'A'
				}
				w = append(w, c)
			} else {
				flush()
			}
			continue
		}
		r, n := utf8.DecodeRuneInString(text[i:])
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			w = utf8.AppendRune(w, unicode.ToLower(r))
		} else {
			flush()
		}
		i += n - 1
	}
	flush()
}

func isASCIIAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// nearCopy reports whether two shingle sets (sorted) are one text: at
// least half the smaller's shingles are in the larger (their chunks may be
// cut at other places), and neither is too short to tell.
func nearCopy(a, b []uint64) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	if len(a) < minShingles {
		return false
	}
	in, j := 0, 0
	for k, s := range a {
		for j < len(b) && b[j] < s {
			j++
		}
		if j < len(b) && b[j] == s {
			in++
		}
		if 2*(in+len(a)-k-1) < len(a) {
			return false // the rest cannot reach half
		}
	}
	return 2*in >= len(a)
}

// sameWords reports whether two leads hold mostly the same words of the
// description: their sets' intersection is at least half their union.
func sameWords(a, b []string) bool {
	in := 0
	for _, t := range a {
		if slices.Contains(b, t) {
			in++
		}
	}
	return in > 0 && 2*in >= len(a)+len(b)-in
}

// maxNearLeads is how many of the best leads are looked at for near
// copies: each one's file is read, and an agent seldom pages further.
const maxNearLeads = 50

// foldNearCopies folds, after foldCopies, each document lead among the
// best maxNearLeads that is a near copy of an earlier one in another
// format (see nearCopy) into it, with its own copies. Only when those
// leads hold documents of two formats or more are any read.
func foldNearCopies(ix *concept.Index, kept []concept.Lead, copies [][]leadCopy, text spanText) ([]concept.Lead, [][]leadCopy) {
	var docs []int // the document leads, by their place in kept
	formats := map[string]bool{}
	for i, l := range kept[:min(len(kept), maxNearLeads)] {
		if f := docFormat(ix.Files[ix.Chunk(l.Chunk).File].Path); f != "" {
			docs = append(docs, i)
			formats[f] = true
		}
	}
	if len(formats) < 2 {
		return kept, copies
	}
	// Shingles are made only for the leads that may be a pair: in two
	// formats, and holding mostly the same words of the description (a
	// lead's file is read for nothing else, unless a page shows it).
	sets := map[int][]uint64{}
	shinglesOf := func(i int) []uint64 {
		if s, ok := sets[i]; ok {
			return s
		}
		var s []uint64
		c := ix.Chunk(kept[i].Chunk)
		if t, ok := text(ix.Files[c.File].Path, c.Start, c.End); ok {
			s = shingles(t)
		}
		sets[i] = s
		return s
	}
	into := map[int]int{} // a near copy's place in kept, its original's
	for k, j := range docs {
		fj := docFormat(ix.Files[ix.Chunk(kept[j].Chunk).File].Path)
		for _, i := range docs[:k] {
			if _, isCopy := into[i]; isCopy || docFormat(ix.Files[ix.Chunk(kept[i].Chunk).File].Path) == fj || !sameWords(kept[i].Stems, kept[j].Stems) {
				continue
			}
			if a, b := shinglesOf(i), shinglesOf(j); a != nil && b != nil && nearCopy(a, b) {
				into[j] = i
				break
			}
		}
	}
	if len(into) == 0 {
		return kept, copies
	}
	at := make([]int, len(kept)) // each lead's place in out
	var out []concept.Lead
	var outCopies [][]leadCopy
	for i, l := range kept {
		if o, ok := into[i]; ok {
			k := at[o]
			outCopies[k] = append(outCopies[k], leadCopy{l, true})
			for _, c := range copies[i] {
				outCopies[k] = append(outCopies[k], leadCopy{c.lead, true})
			}
			continue
		}
		at[i] = len(out)
		out = append(out, l)
		outCopies = append(outCopies, copies[i])
	}
	return out, outCopies
}
