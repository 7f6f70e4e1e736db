//go:build cgo

package syntax

import (
	"context"
	"slices"

	sitter "github.com/tree-sitter/go-tree-sitter"
)

// Bases parses a file's source and returns each place where one of names
// is written as a base of a definition (see Base): after extends or
// implements, in a class's list of bases, as a Rust impl's trait or a
// trait's supertrait, embedded in a Go struct or interface. A named
// class expression whose bases hold a name is added to the file's
// definitions (after the others) as the definition the base is of. Only
// the regions around the occurrences are parsed.
func Bases(ctx context.Context, path string, src []byte, names []string) (*File, []Base, error) {
	var occ []uint32
	size := map[uint32]int{}
	for _, n := range names {
		for _, o := range Occurrences(src, n) {
			occ = append(occ, o)
			size[o] = len(n)
		}
	}
	slices.Sort(occ)
	occ = slices.Compact(occ)
	if f, ok := nothing(path, src, occ); ok {
		return f, nil, nil
	}
	gr, tree, f, err := around(ctx, path, src, occ, cutUses, nil)
	if err != nil {
		return nil, nil, err
	}
	defer tree.Close()
	var bs []Base
	var exprs [][2]*sitter.Node // the class expression each base is of, and its name (nil: none)
	for _, o := range occ {
		n := tree.RootNode().NamedDescendantForByteRange(uint(o), uint(o)+uint(size[o]))
		if n == nil || n.StartByte() != uint(o) || n.EndByte() != uint(o)+uint(size[o]) || !gr.isBase(n) {
			continue
		}
		bs = append(bs, Base{Name: string(src[o : int(o)+size[o]]), Line: int(n.StartPosition().Row) + 1, StartByte: int(o)})
		c, nm := classExpression(n)
		exprs = append(exprs, [2]*sitter.Node{c, nm})
	}
	cs := make([]Call, len(bs))
	for i, b := range bs {
		cs[i].StartByte = b.StartByte
	}
	within(f, cs)
	for i := range bs {
		bs[i].In = cs[i].In
		c, nm := exprs[i][0], exprs[i][1]
		switch {
		case c == nil || bs[i].In >= 0 && f.Defs[bs[i].In].StartByte >= int(c.StartByte()):
		case nm == nil: // class extends B, of no name: of no definition
			bs[i].In = -1
		case bs[i].In >= 0 && f.Defs[bs[i].In].NameStart == int(nm.StartByte()):
			// const A = class extends B, which the outline lists as A
		default:
			// A class expression (module.exports = class A extends
			// B, {A: class extends B}) is the definition whose base it
			// is, though an outline does not list it.
			bs[i].In = len(f.Defs)
			f.Defs = append(f.Defs, gr.expressionDef(c, nm, src))
		}
	}
	return f, bs, nil
}

// classExpression returns the class expression (JavaScript, TypeScript)
// whose heritage holds n, if it is one, and the node that names it: its
// own name, else what it is the value of (const A = class extends B, {A:
// class extends B}, exports.A = class extends B); a nil name when it has
// none (its base is of no definition).
func classExpression(n *sitter.Node) (class, name *sitter.Node) {
	for c := n.Parent(); c != nil; c = c.Parent() {
		switch c.Kind() {
		case "class":
			if nm := c.ChildByFieldName("name"); nm != nil {
				return c, nm
			}
			switch p := c.Parent(); {
			case p == nil:
			case p.Kind() == "variable_declarator":
				return c, p.ChildByFieldName("name")
			case p.Kind() == "pair":
				return c, p.ChildByFieldName("key")
			case p.Kind() == "assignment_expression":
				l := p.ChildByFieldName("left")
				if l != nil && l.Kind() == "member_expression" {
					l = l.ChildByFieldName("property")
				}
				return c, l
			}
			return c, nil
		case "class_declaration", "abstract_class_declaration", "interface_declaration", "program", "statement_block":
			return nil, nil
		}
	}
	return nil, nil
}

// expressionDef makes the definition of class expression c named by nm:
// its name, lines and head, nested in nothing.
func (gr *grammar) expressionDef(c, nm *sitter.Node, src []byte) Def {
	d := Def{Kind: "class", Name: string(src[nm.StartByte():nm.EndByte()]), StartByte: int(c.StartByte()), EndByte: int(c.EndByte()),
		NameStart: int(nm.StartByte()), NameEnd: int(nm.EndByte()), Parent: -1}
	d.setLines(int(c.StartPosition().Row)+1, int(c.EndPosition().Row)+1, int(c.EndPosition().Column))
	body := -1
	if b := c.ChildByFieldName("body"); b != nil {
		body = int(b.StartByte())
	}
	d.setHead(gr.name, src, body)
	return d
}

// baseLists are the node kinds that hold a definition's bases, in the
// grammars that have such a node.
var baseLists = map[string]bool{
	"superclass": true, "super_interfaces": true, "extends_interfaces": true, // Java, Ruby
	"class_heritage": true, "extends_clause": true, "implements_clause": true, "extends_type_clause": true, // JavaScript, TypeScript
	"base_clause": true, "class_interface_clause": true, // PHP
	"base_list":         true, // C#
	"base_class_clause": true, // C++
}

// qualifiers are the node kinds of a qualified name (pkg.Base, m::Base):
// a base only by their last part.
var qualifiers = map[string]bool{
	"attribute": true, "member_expression": true, "scoped_type_identifier": true, "qualified_identifier": true,
	"scope_resolution": true, "qualified_type": true, "nested_type_identifier": true, "scoped_identifier": true,
	"qualified_name": true, "pointer_type": true,
}

// isBase reports whether the name at n is written as a base: climbing
// from it through qualifiers and lists, it meets a list of bases, and not
// first a list of type arguments or parameters, a keyword argument
// (metaclass=) or a call.
func (gr *grammar) isBase(n *sitter.Node) bool {
	c := n
	for range 8 {
		p := c.Parent()
		if p == nil {
			return false
		}
		k := p.Kind()
		switch {
		case qualifiers[k]:
			if c.EndByte() != p.EndByte() {
				return false // m in m.Base
			}
		case baseLists[k]:
			return true
		case k == "argument_list": // Python: class C(Base)
			return p.Parent() != nil && p.Parent().Kind() == "class_definition"
		case k == "trait_bounds": // Rust: trait T: Base
			return p.Parent() != nil && p.Parent().Kind() == "trait_item"
		case k == "impl_item": // Rust: impl Base for T
			t := p.ChildByFieldName("trait")
			return t != nil && t.Id() == c.Id()
		case k == "type_elem": // Go: an interface type that embeds Base
			return p.Parent() != nil && p.Parent().Kind() == "interface_type" && namedType(p.Parent())
		case k == "field_declaration" && gr.name == "go": // Go: a struct type that embeds Base
			return p.ChildByFieldName("name") == nil && p.Parent() != nil && p.Parent().Parent() != nil && namedType(p.Parent().Parent())
		case k == "type_list" || k == "generic_type" || k == "generic_name" || k == "subscript": // List<Base>'s List, Python's Base[T]
			if k != "type_list" && c.StartByte() != p.StartByte() {
				return false
			}
		default:
			return false
		}
		c = p
	}
	return false
}

// namedType reports whether a Go struct or interface type is the type of
// a type declaration (type T struct{…}), not a literal (struct{ io.Reader }{r}).
func namedType(t *sitter.Node) bool {
	p := t.Parent()
	return p != nil && p.Kind() == "type_spec"
}
