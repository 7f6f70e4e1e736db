//go:build cgo

package syntax

import (
	"go/ast"
	"go/parser"
	"go/token"
)

// goDefs returns the definitions of a Go file as go/parser reads it: the
// same Defs, field for field, that tree-sitter's grammar gives by Go's
// rules (every func and method declaration, and every type spec, anywhere
// in the file), nested the same way. ok is false when go/parser finds a
// syntax error: tree-sitter, which recovers from errors, reads that file.
//
// Go's own parser reads Go five times as fast as tree-sitter does
// (BenchmarkParseServerGo), and Go files are most of what an index of a
// Go tree parses. TestGoDefsMatchTreeSitter holds the two to the same
// answers over GOROOT/src. (A build without cgo has no tree-sitter to
// match and reads every file with the line classifier: see fallback.go.)
//
// With decls it adds the package-level constants and variables as
// declarations.go does from tree-sitter's tree.
func goDefs(src []byte, decls bool) (*File, bool) {
	fset := token.NewFileSet()
	af, err := parser.ParseFile(fset, "", src, parser.SkipObjectResolution)
	if err != nil {
		return nil, false
	}
	tf := fset.File(af.Pos())
	f := &File{Grammar: "go", By: ByParser}
	// add makes a Def as define does from a tree-sitter node: from, to
	// and name are where the node and its name are; body is where its
	// body starts, or NoPos without one.
	add := func(kind string, from, to token.Pos, name *ast.Ident, body token.Pos) {
		d := Def{
			Kind:      kind,
			Name:      name.Name,
			StartByte: tf.Offset(from),
			EndByte:   tf.Offset(to),
			NameStart: tf.Offset(name.Pos()),
			NameEnd:   tf.Offset(name.End()),
		}
		start, end := tf.PositionFor(from, false), tf.PositionFor(to, false) // lines as written, not as //line says
		d.setLines(start.Line, end.Line, end.Column-1)
		at := -1
		if body.IsValid() {
			at = tf.Offset(body)
		}
		d.setHead("go", src, at)
		f.Defs = append(f.Defs, d)
	}
	ast.Inspect(af, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			kind := "function"
			if n.Recv != nil {
				kind = "method"
			}
			body := token.NoPos
			if n.Body != nil {
				body = n.Body.Lbrace
			}
			add(kind, n.Pos(), n.End(), n.Name, body)
		case *ast.TypeSpec:
			kind := "type"
			switch n.Type.(type) {
			case *ast.StructType:
				kind = "struct"
			case *ast.InterfaceType:
				kind = "interface"
			}
			add(kind, n.Pos(), n.End(), n.Name, token.NoPos)
		}
		return true
	})
	if decls {
		seen := map[string]bool{} // a name redeclared (a file with errors): where it was first
		for _, d := range af.Decls {
			g, ok := d.(*ast.GenDecl)
			if ok && g.Tok == token.TYPE {
				goInterfaceMethods(g, src, tf, add)
			}
			if !ok || (g.Tok != token.CONST && g.Tok != token.VAR) {
				continue
			}
			kind := kindConstant
			if g.Tok == token.VAR {
				kind = kindVariable
			}
			for _, s := range g.Specs {
				from, to := s.Pos(), s.End()
				if !g.Lparen.IsValid() { // one spec: the declaration, keyword and all
					from, to = g.Pos(), g.End()
				}
				for _, name := range s.(*ast.ValueSpec).Names {
					if name.Name != "_" && !seen[name.Name] && beginsLine(src, tf.Offset(from)) {
						seen[name.Name] = true
						add(kind, from, to, name, token.NoPos)
					}
				}
			}
		}
	}
	nest(f)
	return f, true
}

// goInterfaceMethods adds the methods of the interfaces a package-level
// type declaration declares, each where its line begins and once per
// interface, as declarations.go does from tree-sitter's tree.
func goInterfaceMethods(g *ast.GenDecl, src []byte, tf *token.File, add func(kind string, from, to token.Pos, name *ast.Ident, body token.Pos)) {
	for _, s := range g.Specs {
		it, ok := s.(*ast.TypeSpec).Type.(*ast.InterfaceType)
		if !ok || it.Methods == nil {
			continue
		}
		seen := map[string]bool{}
		for _, m := range it.Methods.List {
			if _, ok := m.Type.(*ast.FuncType); !ok || len(m.Names) != 1 {
				continue // an embedded interface or a union of types
			}
			name := m.Names[0]
			if name.Name != "_" && !seen[name.Name] && beginsLine(src, tf.Offset(m.Pos())) {
				seen[name.Name] = true
				add(kindMethod, m.Pos(), m.End(), name, token.NoPos)
			}
		}
	}
}
