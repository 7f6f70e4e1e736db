package scout

import (
	"strings"

	"github.com/scoutcode/scout/internal/concept"
)

// foldCopies folds each lead whose chunk is the same text as an earlier
// lead's (a package vendored twice, one source built for several targets,
// a file copied whole) into that lead: it is listed under it, not as a
// lead of its own, so that a page is not the same code over and over.
// Only leads that rank the same by their words, with the same kind, name
// and number of lines, can be copies; only those are read (by lines, which
// gives a file's lines, nil when it cannot be read) and compared, line by
// line, trimmed. kept is leads without the copies, in their order;
// copies[i] are kept[i]'s, in theirs.
func foldCopies(ix *concept.Index, leads []concept.Lead, lines func(path string) []string) (kept []concept.Lead, copies [][]concept.Lead) {
	type key struct {
		rank, lines int
		kind, name  string
	}
	groups := map[key][]int{}
	for i, l := range leads {
		if l.WordsRank == 0 {
			continue
		}
		c := ix.Chunk(l.Chunk)
		kind, name, _ := ix.Strings(l.Chunk)
		k := key{l.WordsRank, c.End - c.Start, kind, name}
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
			copies[at[o-1]] = append(copies[at[o-1]], l)
			continue
		}
		at[i] = len(kept)
		kept = append(kept, l)
		copies = append(copies, nil)
	}
	return kept, copies
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
