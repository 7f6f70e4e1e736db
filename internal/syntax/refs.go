//go:build cgo

package syntax

import (
	"bytes"
	"context"
	"slices"
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"
)

// Refs parses a file's source and returns each occurrence of name as a
// word, labelled by what the parser says it is (see Ref), and the
// definitions that hold an occurrence. Only the regions around the
// occurrences are parsed.
func Refs(ctx context.Context, path string, src []byte, name string) (*File, []Ref, error) {
	occ := Occurrences(src, name)
	if f, ok := nothing(path, src, occ); ok {
		return f, nil, nil
	}
	gr, tree, f, err := around(ctx, path, src, occ, cutUses, nil)
	if err != nil {
		return nil, nil, err
	}
	defer tree.Close()
	// A top-level constant or variable (see Outline) is a definition of
	// its name, and holds the uses in its value.
	// A prototype is no definition of its function, and holds no use (an
	// outline lists it all the same).
	decls := gr.addDeclarations(f, tree.RootNode(), src, occ, false)
	rs := gr.refsIn(f, tree.RootNode(), src, occ, name)
	for i := range rs {
		if slices.ContainsFunc(decls, func(d Def) bool { return d.NameStart == rs[i].StartByte && d.Name == name }) {
			rs[i].Kind = RefDefinition
		}
	}
	return f, rs, nil
}

// refsIn returns the occurrences occ of name under root, labelled, each
// with the definition of f that holds it.
func (gr *grammar) refsIn(f *File, root *sitter.Node, src []byte, occ []uint32, name string) []Ref {
	var rs []Ref
	for _, o := range occ {
		n := root.NamedDescendantForByteRange(uint(o), uint(o)+uint(len(name)))
		if n == nil {
			continue
		}
		rs = append(rs, Ref{Line: int(n.StartPosition().Row) + 1, StartByte: int(o), Kind: gr.label(n, uint(o), uint(len(name)))})
		if n.StartByte() != uint(o) {
			// The occurrence is inside a bigger node (a string, a comment):
			// its line is where the occurrence is.
			rs[len(rs)-1].Line = lineOf(src, int(o))
		}
	}
	withinRefs(f, rs)
	return rs
}

func lineOf(src []byte, o int) int { return bytes.Count(src[:o], []byte{'\n'}) + 1 }

// label says what the occurrence of a name at [o, o+n) is, from the node
// the parser put there and the nodes above it.
func (gr *grammar) label(n *sitter.Node, o, size uint) string {
	k := n.Kind()
	switch {
	case strings.Contains(k, "comment"):
		return RefComment
	case strings.Contains(k, "string") || strings.Contains(k, "heredoc") || strings.Contains(k, "template"):
		return RefString
	case n.StartByte() != o || n.EndByte() != o+size:
		return RefOther
	}
	typ := strings.Contains(k, "type")
	child := n
	for depth := 0; depth < 10; depth++ {
		p := child.Parent()
		if p == nil {
			break
		}
		id := p.KindId()
		if r, ok := gr.rules[id]; ok {
			var nm *sitter.Node
			if r.name == "declarator" {
				nm = gr.declared(p)
			} else {
				nm = p.ChildByFieldId(gr.fields[r.name])
			}
			// The name, or the last of a qualified one (a C++ method
			// defined outside its class: Pool::join).
			if nm != nil && (nm.StartByte() == o || nm.Kind() == "qualified_identifier" && nm.EndByte() == o+size) {
				return RefDefinition
			}
		}
		if r, ok := gr.calls[id]; ok {
			if c := gr.callee(p, r); c != nil && c.StartByte() == o {
				return RefCall
			}
		}
		pk := p.Kind()
		switch {
		case strings.Contains(pk, "import") || strings.Contains(pk, "include") || pk == "use_declaration" || pk == "using_directive" || pk == "namespace_use_declaration":
			return RefImport
		case depth < 2 && (strings.Contains(pk, "type") && !strings.Contains(pk, "type_spec") && !strings.Contains(pk, "type_declaration") || pk == "generic_type"):
			typ = true
		}
		child = p
	}
	if typ {
		return RefType
	}
	return RefOther
}
