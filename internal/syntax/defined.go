//go:build cgo

package syntax

import (
	"context"
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"
)

// maxDefinedRegion bounds what DefinedOn parses, in bytes: a question
// asked of every file a search finds a definition in must stay cheap (a
// Go function's head is a line or two; a Python class is all its methods).
const maxDefinedRegion = 64 << 10

// Hidden returns where the strings and comments of src that span lines
// open and close (odd marks open, even ones close), as a scan that does
// not parse finds them: Go's raw strings and block comments, and elsewhere
// block comments and triple-quoted strings (both quotes in Python), and
// JavaScript's template literals. A line classifier sees such a line as
// code; DefinedOn tells.
func Hidden(path string, src []byte) []int {
	g := GrammarOf(path, src)
	if g == "go" {
		return goHidden(src)
	}
	return hiddenBy(src, marksOf(g))
}

// DefinedOn tells, from a parse of the region around the line
// src[lineStart:lineEnd] (a Go declaration's head: goRegions; the
// top-level declaration elsewhere: regions), where the names are of the
// definitions the parser knows (see rules) that the line declares (byte
// ranges of src), and whether byte at of the line lies in a string or a
// comment. ok is false when the parser cannot tell: no grammar for path, a
// file over MaxSize, a region over maxDefinedRegion, a parse with errors
// (the cut was wrong, or the file is not valid), or ctx done. It never
// parses the whole file: a search asks it about many files.
func DefinedOn(ctx context.Context, path string, src []byte, lineStart, lineEnd, at int) (names [][2]int, inText, ok bool) {
	g := GrammarOf(path, src)
	if g == "" || len(src) > MaxSize || lineStart >= lineEnd || at < lineStart || at >= lineEnd {
		return nil, false, false
	}
	occ := []uint32{uint32(at)} // a definition whose node holds the name (a Go type_spec starts there)
	var ranges []sitter.Range   // the least cut, and never more: no whole file
	if g == "ruby" || g == "bash" {
		ranges = regions(src, occ, g, true) // a hint: the cut as code is laid out as usual
	} else {
		ranges = leastCut(g, src, occ, cutUses)
	}
	size := uint(0)
	for _, r := range ranges {
		size += r.EndByte - r.StartByte
	}
	if len(ranges) == 0 || size > maxDefinedRegion {
		return nil, false, false
	}
	gr, p, err := parserFor(g)
	if err != nil {
		return nil, false, false
	}
	defer putParser(p)
	tree, err := parseRanges(ctx, p, src, ranges)
	if err != nil {
		return nil, false, false
	}
	defer tree.Close()
	root := tree.RootNode()
	if root.HasError() {
		return nil, false, false
	}
	for n := root.DescendantForByteRange(uint(at), uint(at+1)); n != nil; n = n.Parent() {
		if k := n.Kind(); strings.Contains(k, "string") || strings.Contains(k, "comment") || strings.Contains(k, "heredoc") {
			inText = true
			break
		}
	}
	for _, d := range gr.defsAround(root, src, occ, nil).Defs {
		if d.NameStart >= lineStart && d.NameStart < lineEnd && d.NameEnd > d.NameStart {
			names = append(names, [2]int{d.NameStart, d.NameEnd})
		}
	}
	return names, inText, true
}
