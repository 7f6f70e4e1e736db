package scout

import (
	"hash/fnv"
	"path"
	"regexp"
	"strings"
	"unicode"

	"github.com/scoutcode/scout/internal/concept"
)

// foldCopies folds each lead whose chunk is the same text as an earlier
// lead's (a package vendored twice, one source built for several targets,
// a file copied whole) into that lead: it is listed under it, not as a
// lead of its own, so that a page is not the same code over and over.
// Only leads that score the same by their own words (concept.Lead.Words),
// with the same kind, name and number of lines, can be copies; only those are read (by lines, which
// gives a file's lines, nil when it cannot be read) and compared, line by
// line, trimmed. kept is leads without the copies, in their order;
// copies[i] are kept[i]'s, in theirs.
func foldCopies(ix *concept.Index, leads []concept.Lead, lines func(path string) []string) (kept []concept.Lead, copies [][]leadCopy) {
	type key struct {
		words      float64
		lines      int
		kind, name string
	}
	groups := map[key][]int{}
	for i, l := range leads {
		if l.Words == 0 {
			continue
		}
		c := ix.Chunk(l.Chunk)
		kind, name, _ := ix.Strings(l.Chunk)
		k := key{l.Words, c.End - c.Start, kind, name}
		groups[k] = append(groups[k], i)
	}
	copyOf := make([]int, len(leads)) // the lead each is a copy of, from 1; 0: none
	for _, g := range groups {
		if len(g) < 2 {
			continue
		}
		first := map[string]int{} // a text, the first lead of it
		for _, i := range g {
			t, ok := trimmedText(ix, leads[i], lines)
			if !ok {
				continue
			}
			if o, seen := first[t]; seen {
				copyOf[i] = o + 1
			} else {
				first[t] = i
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
func trimmedText(ix *concept.Index, l concept.Lead, lines func(path string) []string) (string, bool) {
	c := ix.Chunk(l.Chunk)
	all := lines(ix.Files[c.File].Path)
	if c.Start < 1 || c.End > len(all) || c.Start > c.End {
		return "", false
	}
	var b strings.Builder
	for _, s := range all[c.Start-1 : c.End] {
		b.WriteString(strings.TrimSpace(s))
		b.WriteByte('\n')
	}
	return b.String(), true
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

// nearMarkup is what the formats add to the words: HTML's tags and
// entities, roff's font and character escapes and its requests (".SS").
var nearMarkup = regexp.MustCompile(`<[^>]*>|&#?[A-Za-z0-9]+;|\\f(?:\([A-Z]{2}|\[[A-Z]*\]|[A-Z1-4])|\\\(..|\\[-&e|^]|(?m)^\.[A-Za-z]+`)

// shingles returns the hashes of a text's runs of shingleWords words, its
// markup taken out and its words lowercased.
func shingles(text string) map[uint64]bool {
	words := strings.FieldsFunc(strings.ToLower(nearMarkup.ReplaceAllString(text, " ")), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
	out := map[uint64]bool{}
	for i := 0; i+shingleWords <= len(words); i++ {
		h := fnv.New64a()
		for _, w := range words[i : i+shingleWords] {
			h.Write([]byte(w))
			h.Write([]byte{' '})
		}
		out[h.Sum64()] = true
	}
	return out
}

// nearCopy reports whether two shingle sets are one text: at least half
// the smaller's shingles are in the larger (their chunks may be cut at
// other places), and neither is too short to tell.
func nearCopy(a, b map[uint64]bool) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	if len(a) < minShingles {
		return false
	}
	in := 0
	for s := range a {
		if b[s] {
			in++
		}
	}
	return 2*in >= len(a)
}

// foldNearCopies folds, after foldCopies, each document lead that is a
// near copy of an earlier one in another format (see nearCopy) into it,
// with its own copies. Only when the leads hold documents of two formats
// or more are any read.
func foldNearCopies(ix *concept.Index, kept []concept.Lead, copies [][]leadCopy, lines func(path string) []string) ([]concept.Lead, [][]leadCopy) {
	var docs []int // the document leads, by their place in kept
	formats := map[string]bool{}
	for i, l := range kept {
		if f := docFormat(ix.Files[ix.Chunk(l.Chunk).File].Path); f != "" {
			docs = append(docs, i)
			formats[f] = true
		}
	}
	if len(formats) < 2 {
		return kept, copies
	}
	sets := map[int]map[uint64]bool{}
	for _, i := range docs {
		c := ix.Chunk(kept[i].Chunk)
		if all := lines(ix.Files[c.File].Path); c.Start >= 1 && c.End <= len(all) && c.Start <= c.End {
			sets[i] = shingles(strings.Join(all[c.Start-1:c.End], "\n"))
		}
	}
	into := map[int]int{} // a near copy's place in kept, its original's
	for k, j := range docs {
		fj := docFormat(ix.Files[ix.Chunk(kept[j].Chunk).File].Path)
		for _, i := range docs[:k] {
			if _, isCopy := into[i]; isCopy || sets[i] == nil || sets[j] == nil {
				continue
			}
			if docFormat(ix.Files[ix.Chunk(kept[i].Chunk).File].Path) != fj && nearCopy(sets[i], sets[j]) {
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
