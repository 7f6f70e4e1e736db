package scout

import (
	"bytes"
	"context"
	"slices"

	"github.com/scoutcode/scout/internal/page"
	"github.com/scoutcode/scout/internal/syntax"
	"github.com/scoutcode/scout/internal/textenc"
)

// A definition, for the def scope of a query of conditions: the lines a
// function, method, class… spans, found by tree-sitter; or, in a file it
// cannot parse, a block: from a line that starts at column 0 with a
// letter, "_", "$" or "@" (a declaration, a statement, a decorator) to
// the line before the next such line (the indentation fallback).
type block struct {
	start, end int // lines, inclusive
	name       string
	kind       string
}

// blocksOf returns, for each of a file's matching lines, the innermost
// definition that holds it (its own first line included), or nil for a
// line outside any; and whether they came from the parser.
func blocksOf(ctx context.Context, path string, lines []Line) ([]*block, bool) {
	out := make([]*block, len(lines))
	data, err := readRegular(path, syntax.MaxSize)
	if err != nil {
		return out, false
	}
	data = textenc.Text(data) // a UTF-16 file as the search read it
	nums := make([]int, len(lines))
	for i, l := range lines {
		nums[i] = l.Number
	}
	slices.Sort(nums)
	nums = slices.Compact(nums)
	var defs []block
	parsed := false
	if syntax.By == syntax.ByParser && syntax.GrammarOf(path, data) != "" {
		if f, _, err := syntax.Enclosing(ctx, path, data, nums, false); err == nil && !f.Errors {
			parsed = true
			for _, d := range f.Defs {
				defs = append(defs, block{start: d.Start, end: d.End, name: qualified(f, slices.Index(f.Defs, d)), kind: d.Kind})
			}
		}
	}
	if !parsed {
		defs = indentBlocks(data)
	}
	for i, l := range lines {
		for k := range defs { // in the order they start: the last that holds it is the innermost
			if d := &defs[k]; d.start <= l.Number && l.Number <= d.end {
				out[i] = d
			}
		}
	}
	return out, parsed
}

// indentBlocks cuts a file into blocks at the lines that start at column 0
// with a letter, "_", "$" or "@", but for the words that close a block
// (end, fi, done…), which end the one above.
func indentBlocks(data []byte) []block {
	var out []block
	n := 0
	for at := 0; at < len(data); n++ {
		end := bytes.IndexByte(data[at:], '\n')
		if end < 0 {
			end = len(data) - at
		}
		if c := data[at]; (c == '_' || c == '$' || c == '@' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') && !closes(data[at:at+end]) {
			if k := len(out) - 1; k >= 0 {
				out[k].end = n // the line before this one (numbered n+1)
			}
			head := bytes.TrimRight(data[at:at+end], " \t\r{:")
			out = append(out, block{start: n + 1, end: -1, name: short(string(head), maxInName), kind: "block"})
		}
		at += end + 1
	}
	if k := len(out) - 1; k >= 0 {
		out[k].end = n
	}
	return out
}

// defUnits groups a file's matching lines by the definition that holds
// them and keeps the definitions that hold every All term (and an Any
// term, if any) and no None term: their lines, the first with the
// definition in In, ranked by their best line less a point for every ten
// lines the definition spans. It returns them and how many qualified.
func defUnits(blocks []*block, lines []Line, masks []uint64, holds func(uint64) bool, noneBits uint64, unit func(int) page.Line) ([]page.Line, int) {
	type group struct {
		b     *block
		lines []int
		mask  uint64
		score int
	}
	var groups []*group
	by := map[*block]*group{}
	for i, b := range blocks {
		if b == nil {
			continue
		}
		g := by[b]
		if g == nil {
			g = &group{b: b, score: lines[i].Score}
			by[b] = g
			groups = append(groups, g)
		}
		g.lines = append(g.lines, i)
		g.mask |= masks[i]
		g.score = max(g.score, lines[i].Score)
	}
	var kept []*group
	for _, g := range groups {
		if holds(g.mask) && g.mask&noneBits == 0 {
			g.score -= (g.b.end - g.b.start) / 10
			kept = append(kept, g)
		}
	}
	slices.SortStableFunc(kept, func(a, b *group) int {
		if a.score != b.score {
			return b.score - a.score
		}
		return a.b.start - b.b.start
	})
	var out []page.Line
	for k, g := range kept {
		slices.SortFunc(g.lines, func(a, b int) int { return lines[a].Number - lines[b].Number })
		for j, i := range g.lines {
			u := unit(i)
			u.Score = g.score
			if j == 0 {
				u.Gap = k > 0
				u.In = &page.Def{Number: g.b.start, End: g.b.end, Kind: g.b.kind, Name: g.b.name}
			}
			out = append(out, u)
		}
	}
	return out, len(kept)
}

// closes reports whether a line is a word that closes a block: "end",
// "fi", "done", "esac", "endif", "endfunction" and the like.
func closes(line []byte) bool {
	w := line
	if i := bytes.IndexAny(w, " \t;"); i >= 0 {
		w = w[:i]
	}
	switch string(bytes.TrimRight(w, "\r")) {
	case "end", "fi", "done", "esac", "endif", "endfunction", "endwhile", "endfor", "endforeach", "End", "END":
		return true
	}
	return false
}
