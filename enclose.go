package scout

import (
	"context"
	"slices"
	"strings"

	"github.com/scoutcode/scout/internal/page"
	"github.com/scoutcode/scout/internal/syntax"
)

// maxInName is the most bytes of a definition's name a grep page shows
// above the hits in it.
const maxInName = 80

// planEnclosed plans a grep page whose hits show the definition they sit
// in (Line.In). Only the files the page shows are parsed: it is planned
// without, the files on it are parsed, and it is planned again, since the
// definitions take room; a plan that then shows a file not yet parsed
// (Auto choosing another mode) parses that one too, twice at most. The
// definitions give way when they would cost the page its mode (lines
// rather than a list of files), or a first page some of its first
// MaxPageFiles files: the spread of a broad query comes first. Later pages
// hold as many files as fit, with their definitions.
func planEnclosed(ctx context.Context, res *Result, in *page.Input, l page.Limits, showSecrets bool) *page.Page {
	bare := page.Plan(in, l)
	if syntax.By != syntax.ByParser || bare.Mode != page.Content {
		return bare // without a parser, the line classifier knows where definitions start, not where they end
	}
	byPath := map[string]int{}
	for i := range res.lines {
		byPath[page.Quote(res.found[i].path)] = i
	}
	done := map[int]bool{}
	p := bare
	for range 3 {
		var files []int
		for _, f := range p.Files {
			if i, ok := byPath[f.Path]; ok && !done[i] && len(res.lines[i].Hits) > 0 && syntax.MayParse(res.found[i].path) {
				files = append(files, i)
				done[i] = true
			}
		}
		if len(files) == 0 {
			break
		}
		parallel(ctx, len(files), func(k int) {
			i := files[k]
			enclose(ctx, res.found[i], res.lines[i], showSecrets)
		})
		if p = page.Plan(in, l); p.Mode != page.Content {
			break
		}
	}
	if p.Mode != bare.Mode || l.Start == 0 && p.Shown.Files < min(bare.Shown.Files, MaxPageFiles) {
		return bare
	}
	return p
}

// enclose sets the In of each hit of a file loaded for a page: the
// definition it sits in, from a parse of the regions around them. A file
// that cannot be parsed, or that changed since it was searched, keeps its
// hits without one: the page shows them as the search found them.
func enclose(ctx context.Context, f *hitFile, fl *page.FileLines, showSecrets bool) {
	data, _, why := readParsable(f.path)
	if why != "" || crc32Of(data) != f.sum {
		return
	}
	var lines []int
	for _, h := range fl.Hits {
		lines = append(lines, fl.Lines[h].Number)
	}
	slices.Sort(lines)
	lines = slices.Compact(lines)
	pf, in, err := syntax.Enclosing(ctx, f.path, data, lines, true)
	if err != nil {
		return
	}
	m := newMasker(showSecrets, f.path, data, 1)
	defs := make([]*page.Def, len(pf.Defs)) // one per definition, shared by its hits
	for _, h := range fl.Hits {
		l := &fl.Lines[h]
		k, _ := slices.BinarySearch(lines, l.Number)
		j := in[k]
		if j < 0 {
			continue
		}
		if defs[j] == nil {
			d := pf.Defs[j]
			name, _ := m.line(d.Start, qualified(pf, j))
			defs[j] = &page.Def{Number: d.Start, End: d.End, Kind: d.Kind, Name: short(name, maxInName)}
		}
		l.In = defs[j]
	}
}

// qualified returns the name of definition j of f with what holds it: the
// class or type of a method ("Server.Serve"), the function of a local
// definition; in C++ and Rust with their "::" ("std::vector::push_back",
// as a method defined out of its class is named). A grep page names the
// definition its hits sit in this way, on one short line: its signature
// would make the page a quarter longer.
func qualified(f *syntax.File, j int) string {
	d := f.Defs[j]
	switch {
	case d.Parent >= 0 && (f.Grammar == "cpp" || f.Grammar == "rust"):
		return qualified(f, d.Parent) + "::" + d.Name
	case d.Parent >= 0:
		return qualified(f, d.Parent) + "." + d.Name
	case f.Grammar == "go" && d.Kind == "method":
		if r := receiver(d.Signature); r != "" {
			return r + "." + d.Name
		}
	}
	return d.Name
}

// receiver returns the type of a Go method's receiver from its signature,
// "func (s *Server[T]) Serve(…)" → "Server".
func receiver(sig string) string {
	rest, ok := strings.CutPrefix(sig, "func (")
	if !ok {
		return ""
	}
	end := strings.IndexByte(rest, ')')
	if end < 0 {
		return ""
	}
	fields := strings.Fields(rest[:end])
	if len(fields) == 0 {
		return ""
	}
	t := strings.TrimLeft(fields[len(fields)-1], "*")
	if i := strings.IndexByte(t, '['); i >= 0 {
		t = t[:i]
	}
	return t
}
