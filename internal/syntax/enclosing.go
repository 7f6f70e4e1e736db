//go:build cgo

package syntax

import (
	"bytes"
	"context"
)

// Enclosing parses the parts of a file's source around the given lines
// (1-based, ascending) and returns, for each line, the innermost
// definition that holds it without starting on it (a definition's own
// first line sits in the definition around it), and those definitions.
// Each index in the result is into File.Defs, or -1 for a line outside
// any definition. With decls, a top-level declaration (see Outline) holds
// the lines of its value too: a line of a table, var formatNames = map…{.
func Enclosing(ctx context.Context, name string, src []byte, lines []int, decls bool) (*File, []int, error) {
	occ := make([]uint32, 0, len(lines))
	at, row := 0, 1
	for _, n := range lines {
		for row < n && at < len(src) {
			i := bytes.IndexByte(src[at:], '\n')
			if i < 0 {
				at = len(src)
				break
			}
			at += i + 1
			row++
		}
		// The line's first byte that is not blank: a line's leading
		// space can belong to the node before it.
		o := at
		for o < len(src) && (src[o] == ' ' || src[o] == '\t') {
			o++
		}
		if k := len(occ); o < len(src) && (k == 0 || occ[k-1] < uint32(o)) {
			occ = append(occ, uint32(o))
		}
	}
	in := make([]int, len(lines))
	for i := range in {
		in[i] = -1
	}
	if f, ok := nothing(name, src, occ); ok {
		return f, in, nil
	}
	gr, tree, f, err := around(ctx, name, src, occ, cutUses, nil)
	if err != nil {
		return nil, nil, err
	}
	defer tree.Close()
	if decls {
		gr.addDeclarations(f, tree.RootNode(), src, occ, true)
	}
	holding(f, lines, in)
	return f, in, nil
}

// holding sets in[i] to the innermost definition of f that holds line
// lines[i] without starting on it, or -1.
func holding(f *File, lines []int, in []int) {
	for i, n := range lines {
		in[i] = -1
		for j, d := range f.Defs {
			if d.Start >= n {
				break
			}
			if d.End >= n || d.End == 0 {
				in[i] = j // later definitions that hold it are inner ones
			}
		}
	}
}
