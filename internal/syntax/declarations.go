//go:build cgo

package syntax

import (
	"slices"

	sitter "github.com/tree-sitter/go-tree-sitter"
)

// A file's top-level declarations: the names it gives values to outside
// any definition. Outline lists them beside the definitions, Enclosing
// (grep's "in …" lines) and Refs take them too; Parse leaves them out
// (concept's chunks and callers' holders are definitions with bodies).
//
//   - Go: each name of a package-level const or var (the declaration when
//     it has one spec, else the spec), and an interface's methods;
//   - Python: a module-level name assigned (X = …, X: T = …, a = b = …), in
//     the module's if and try blocks too;
//   - JavaScript and TypeScript: a top-level const, let or var, exported or
//     not, whose value is no function or class (those are definitions) nor
//     require(…) (an import);
//   - Rust: a const or static item, at the top or in a module;
//   - C and C++: a #define, and a variable declared outside any function
//     (no prototype), inside #if blocks, extern "C" and namespaces too;
//   - Ruby: a constant (Name = …), at the top and in modules and classes;
//   - PHP: a const, at the top or in a namespace;
//   - Bash: a variable assigned at the top of a script (export, readonly…).
//
// A name is listed where it is first given a value in its scope (the
// file, or a module, namespace or class of those above), by a statement that
// begins its line: a minified file's every statement is on one line, and
// is no outline.

// The kinds of declarations only the parsers give (see also syntax.go).
const (
	// kindPrototype is a C or C++ function declared, not defined: a
	// header's functions. Refs does not count it a definition.
	kindPrototype = "prototype"
	// kindMethod is, among the declarations, a Go interface's method: the
	// methods of other languages' interfaces are definitions already
	// (Java's, TypeScript's signatures, Rust's trait items).
	kindMethod = "method"
)

// descend are the node kinds whose children are top-level still, by grammar.
var descend = map[string]map[string]bool{
	"python": {
		"expression_statement": true, "if_statement": true, "elif_clause": true, "else_clause": true,
		"try_statement": true, "except_clause": true, "finally_clause": true, "block": true,
	},
	"javascript": {"export_statement": true},
	"typescript": {"export_statement": true},
	"tsx":        {"export_statement": true},
	"rust":       {"mod_item": true, "declaration_list": true},
	"c":          cBlocks,
	"cpp": with(cBlocks, map[string]bool{"namespace_definition": true,
		"class_specifier": true, "struct_specifier": true, "field_declaration_list": true, "template_declaration": true}),
	"bash": {"declaration_command": true},
	"ruby": {"module": true, "class": true, "body_statement": true},
	"php":  {"namespace_definition": true, "compound_statement": true},
	"go":   {"type_declaration": true, "type_spec": true, "type_alias": true, "interface_type": true},
}

// scopes are the node kinds of descend that name their own scope (a name
// may be declared in each once): a Rust module, a C++ namespace, a Ruby
// module or class, a PHP namespace { … }.
var scopes = map[string]bool{"mod_item": true, "namespace_definition": true, "module": true, "class": true,
	"class_specifier": true, "struct_specifier": true, "interface_type": true}

// cBlocks are the preprocessor's blocks (an include guard holds a header)
// and extern "C" { … }, which a header read as C holds too (zlib.h's, in
// "#ifdef __cplusplus").
var cBlocks = map[string]bool{"preproc_ifdef": true, "preproc_if": true, "preproc_else": true, "preproc_elif": true, "preproc_elifdef": true,
	"linkage_specification": true, "declaration_list": true}

// declarations returns the top-level declarations below root (see above).
func (gr *grammar) declarations(root *sitter.Node, src []byte) []Def {
	into, ok := descend[gr.name]
	if !ok {
		return nil
	}
	var out []Def
	type scoped struct {
		scope uint // where the scope's node starts: 0, the file's
		name  string
	}
	seen := map[scoped]bool{}
	scope := uint(0)
	add := func(kind string, n, name *sitter.Node) {
		if name == nil || name.EndByte() == name.StartByte() {
			return
		}
		nm := string(src[name.StartByte():name.EndByte()])
		key := scoped{scope, nm}
		if nm == "_" || seen[key] || !beginsLine(src, int(n.StartByte())) {
			return
		}
		seen[key] = true
		last := contentEnd(n)
		d := Def{
			Kind: kind, Name: nm,
			StartByte: int(n.StartByte()), EndByte: int(last.EndByte()),
			NameStart: int(name.StartByte()), NameEnd: int(name.EndByte()),
		}
		start, end := n.StartPosition(), last.EndPosition()
		d.setLines(int(start.Row)+1, int(end.Row)+1, int(end.Column))
		d.setHead(gr.name, src, -1)
		out = append(out, d)
	}
	var walk func(parent *sitter.Node, depth int)
	walk = func(parent *sitter.Node, depth int) {
		for i := range parent.NamedChildCount() {
			n := parent.NamedChild(i)
			if n == nil {
				continue
			}
			k := gr.kindNames[n.KindId()]
			if into[k] && depth < 16 {
				outer := scope
				if scopes[k] {
					scope = n.StartByte()
				}
				walk(n, depth+1)
				scope = outer
				continue
			}
			gr.declare(n, k, parent, src, add)
		}
	}
	walk(root, 0)
	return out
}

// definedElsewhere returns the declarations but the prototypes of the
// functions the file defines (a C file's forward declarations): an outline
// lists each function once, where its body is.
func definedElsewhere(defs, decls []Def) []Def {
	defined := map[string]bool{}
	for _, d := range defs {
		if d.Kind == "function" {
			defined[d.Name] = true
		}
	}
	return slices.DeleteFunc(decls, func(d Def) bool { return d.Kind == kindPrototype && defined[d.Name] })
}

// addDeclarations adds to f, nested, the top-level declarations below
// root that hold one of the occurrences occ (the parts of a file a
// question about a name parses), and returns them; with prototypes false,
// not C's and C++'s prototypes.
func (gr *grammar) addDeclarations(f *File, root *sitter.Node, src []byte, occ []uint32, prototypes bool) []Def {
	var held []Def
	for _, d := range gr.declarations(root, src) {
		if holds(occ, d.StartByte, d.EndByte) && (prototypes || d.Kind != kindPrototype) {
			held = append(held, d)
		}
	}
	if len(held) > 0 {
		f.Defs = append(f.Defs, held...)
		nest(f)
	}
	return held
}

// declare calls add for each name the top-level node n (of kind k, a
// child of parent) declares; the Def spans at, which is n or the
// statement around it.
func (gr *grammar) declare(n *sitter.Node, k string, parent *sitter.Node, src []byte, add func(kind string, at, name *sitter.Node)) {
	switch gr.name {
	case "go":
		if k == "method_elem" { // an interface's method
			add(kindMethod, n, n.ChildByFieldName("name"))
			return
		}
		kind := kindConstant
		if k == "var_declaration" {
			kind = kindVariable
		} else if k != "const_declaration" {
			return
		}
		var specs []*sitter.Node
		for i := range n.NamedChildCount() {
			c := n.NamedChild(i)
			if gr.kindNames[c.KindId()] == "var_spec_list" {
				for j := range c.NamedChildCount() {
					specs = append(specs, c.NamedChild(j))
				}
				continue
			}
			specs = append(specs, c)
		}
		grouped := gr.grouped(n)
		for _, s := range specs {
			if k := gr.kindNames[s.KindId()]; k != "const_spec" && k != "var_spec" {
				continue
			}
			at := s
			if !grouped {
				at = n
			}
			for _, nm := range s.ChildrenByFieldName("name", s.Walk()) {
				if gr.kindNames[nm.KindId()] == "identifier" { // the field holds the commas too
					add(kind, at, &nm)
				}
			}
		}
	case "python":
		if k != "assignment" {
			return
		}
		for a := n; a != nil && gr.kindNames[a.KindId()] == "assignment"; a = a.ChildByFieldName("right") {
			if l := a.ChildByFieldName("left"); l != nil && gr.kindNames[l.KindId()] == "identifier" {
				add(kindVariable, parent, l) // the expression statement
			}
		}
	case "javascript", "typescript", "tsx":
		if k != "lexical_declaration" && k != "variable_declaration" {
			return
		}
		kind := kindVariable
		if c := n.Child(0); c != nil && c.Kind() == "const" {
			kind = kindConstant
		}
		at := n
		if gr.kindNames[parent.KindId()] == "export_statement" {
			at = parent
		}
		for i := range n.NamedChildCount() {
			d := n.NamedChild(i)
			if gr.kindNames[d.KindId()] != "variable_declarator" {
				continue
			}
			nm := d.ChildByFieldName("name")
			if nm == nil || gr.kindNames[nm.KindId()] != "identifier" {
				continue // a pattern: { a, b } = …
			}
			if v := d.ChildByFieldName("value"); v != nil && (binding.values[gr.kindNames[v.KindId()]] != "" || gr.required(v, src)) {
				continue // a function or a class (a definition), or an import
			}
			add(kind, at, nm)
		}
	case "rust":
		switch k {
		case "const_item":
			add(kindConstant, n, n.ChildByFieldName("name"))
		case "static_item":
			add(kindVariable, n, n.ChildByFieldName("name"))
		}
	case "c", "cpp":
		switch k {
		case "preproc_def", "preproc_function_def":
			add(kindMacro, n, n.ChildByFieldName("name"))
		case "declaration", "field_declaration":
			member := gr.kindNames[parent.KindId()] == "field_declaration_list"
			at := n
			if gr.kindNames[parent.KindId()] == "template_declaration" {
				at = parent // template <typename T> T max(T a, T b);
			}
			for _, d := range n.ChildrenByFieldName("declarator", n.Walk()) {
				// In a C++ class, only its functions: a field is no
				// top-level name.
				if kind, nm := gr.declaredAs(&d, member); nm != nil && (!member || kind == kindPrototype) {
					add(kind, at, nm)
				}
			}
		}
	case "ruby": // a constant: Name = …
		if l := n.ChildByFieldName("left"); k == "assignment" && l != nil && gr.kindNames[l.KindId()] == "constant" {
			add(kindConstant, n, l)
		}
	case "php": // const A = 1, B = 2;
		if k != "const_declaration" {
			return
		}
		for i := range n.NamedChildCount() {
			if e := n.NamedChild(i); gr.kindNames[e.KindId()] == "const_element" && e.NamedChildCount() > 0 {
				if nm := e.NamedChild(0); gr.kindNames[nm.KindId()] == "name" {
					add(kindConstant, n, nm)
				}
			}
		}
	case "bash":
		command := gr.kindNames[parent.KindId()] == "declaration_command" // export, readonly…
		switch {
		case k == "variable_assignment" && command:
			add(kindVariable, parent, n.ChildByFieldName("name"))
		case k == "variable_assignment":
			add(kindVariable, n, n.ChildByFieldName("name"))
		case k == "variable_name" && command: // readonly NAME
			add(kindVariable, parent, n)
		}
	}
}

// required reports whether a JavaScript value is require("…"), an import.
func (gr *grammar) required(v *sitter.Node, src []byte) bool {
	if gr.kindNames[v.KindId()] != "call_expression" {
		return false
	}
	f := v.ChildByFieldName("function")
	return f != nil && string(src[f.StartByte():f.EndByte()]) == "require"
}

// grouped reports whether a Go const or var declaration is a ( … ) group.
func (gr *grammar) grouped(n *sitter.Node) bool {
	for i := range n.ChildCount() {
		c := n.Child(i)
		if c.Kind() == "(" || gr.kindNames[c.KindId()] == "var_spec_list" {
			return true
		}
	}
	return false
}

// declaredAs returns the name a C or C++ declarator of a declaration
// declares, and whether it is a variable's or a function's prototype (a
// header's functions: its outline). A pointer to a function
// (void (*handler)(int)) is a variable. In a class (member), a function's
// name may be a field's, a destructor's or an operator's.
func (gr *grammar) declaredAs(d *sitter.Node, member bool) (string, *sitter.Node) {
	kind := kindVariable
	for range 16 {
		k := gr.kindNames[d.KindId()]
		switch {
		case k == "function_declarator":
			kind = kindPrototype // int (*signal(int, void (*)(int)))(int) too
		case gr.names[d.KindId()]:
			switch {
			case k == "identifier":
			case member && kind == kindPrototype && (k == "field_identifier" || k == "destructor_name" || k == "operator_name"):
			default:
				return "", nil // a qualified name: a member defined outside its class
			}
			return kind, d
		case k == "parenthesized_declarator" && kind == kindPrototype:
			kind = kindVariable // (*handler)(int): a pointer to a function
		}
		next := d.ChildByFieldName("declarator")
		if next == nil && d.NamedChildCount() > 0 {
			next = d.NamedChild(0) // a parenthesized or reference declarator
		}
		if next == nil {
			return "", nil
		}
		d = next
	}
	return "", nil
}

// beginsLine reports whether only spaces and tabs stand before src[at] on
// its line.
func beginsLine(src []byte, at int) bool {
	for i := at - 1; i >= 0 && src[i] != '\n'; i-- {
		if src[i] != ' ' && src[i] != '\t' {
			return false
		}
	}
	return true
}
