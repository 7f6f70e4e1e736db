package scout

import (
	"bytes"
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/scoutcode/scout/internal/page"
)

// goInterface is a Go interface type of the tree: its own methods, and
// the interfaces it embeds, by name, until they are resolved.
type goInterface struct {
	path, name string
	methods    []string
	sigs       map[string]string // by method name: its signature (see goSignature)
	embeds     []goEmbed         // not resolved yet
	constraint bool              // it has a type element (~int | string): a constraint, which methods alone do not satisfy
}

// goEmbed is an interface embedded in another: pkg.Name, or Name of the
// embedding interface's own package (pkg "").
type goEmbed struct{ pkg, name string }

// goPredeclared are the interfaces Go declares itself: their methods.
var goPredeclared = map[string][]string{"error": {"Error"}, "any": nil, "comparable": nil}

// goPredeclaredSigs are the signatures of their methods.
var goPredeclaredSigs = map[string]string{"Error": "()(string)"}

// goInterfaceAt reads the interface type name declared in a Go file, if
// the type is an interface: its methods and embedded interfaces.
func goInterfaceAt(src []byte, start int, name string) (goInterface, bool) {
	fset := token.NewFileSet()
	f, _ := parser.ParseFile(fset, "", src, parser.SkipObjectResolution) // a file with errors still gives the declarations it parsed
	if f == nil {
		return goInterface{}, false
	}
	var gi goInterface
	found := false
	ast.Inspect(f, func(n ast.Node) bool {
		ts, ok := n.(*ast.TypeSpec)
		if !ok || found {
			return !found
		}
		it, ok := ts.Type.(*ast.InterfaceType)
		if ts.Name.Name != name || !ok || fset.Position(ts.Pos()).Offset < start {
			return true
		}
		found = true
		gi.name = name
		gi.sigs = map[string]string{}
		for _, m := range it.Methods.List {
			if len(m.Names) > 0 {
				for _, id := range m.Names {
					gi.methods = append(gi.methods, id.Name)
					if ft, ok := m.Type.(*ast.FuncType); ok {
						gi.sigs[id.Name] = goSignature(ft)
					}
				}
				continue
			}
			switch t := m.Type.(type) {
			case *ast.Ident:
				gi.embeds = append(gi.embeds, goEmbed{name: t.Name})
			case *ast.SelectorExpr:
				if x, ok := t.X.(*ast.Ident); ok {
					gi.embeds = append(gi.embeds, goEmbed{pkg: x.Name, name: t.Sel.Name})
				}
			default: // ~T, A | B: a type element
				gi.constraint = true
			}
		}
		return false
	})
	return gi, found
}

// methodSets resolves the embedded interfaces of each interface, by name:
// an embedded Name is the interface of that name in the embedding one's
// directory, pkg.Name the one in a directory named pkg (the one alone when
// there is one). It returns each interface's method names, sorted (none
// for a constraint or one whose embeddings are not all found), the
// methods' signatures by name (see goSignature), and
// the embedded names it could not resolve.
func methodSets(ctx context.Context, sc Scope, ifaces []goInterface) (sets [][]string, sigs map[string]string, unresolved []string, err error) {
	known := map[string][]goInterface{} // by name: the interfaces read so far
	var mu sync.Mutex
	for _, gi := range ifaces {
		known[gi.name] = append(known[gi.name], gi)
	}
	resolve := func(from string, e goEmbed) (goInterface, bool) {
		var in []goInterface
		for _, k := range known[e.name] {
			switch d := goDir(k.path); {
			case e.pkg == "" && d == goDir(from), e.pkg != "" && path.Base(d) == e.pkg:
				in = append(in, k)
			}
		}
		if len(in) == 1 {
			return in[0], true
		}
		return goInterface{}, false
	}
	// Read the interfaces named by embeddings, a round at a time.
	asked := map[string]bool{}
	for round := 0; round < 4; round++ {
		var want []string
		var walk func(gi goInterface, depth int)
		walk = func(gi goInterface, depth int) {
			for _, e := range gi.embeds {
				if _, ok := goPredeclared[e.name]; ok && e.pkg == "" {
					continue
				}
				if k, ok := resolve(gi.path, e); ok && depth < 8 {
					walk(k, depth+1)
				} else if !ok && !asked[e.name] {
					asked[e.name] = true
					want = append(want, e.name)
				}
			}
		}
		for _, gi := range ifaces {
			walk(gi, 0)
		}
		if len(want) == 0 {
			break
		}
		paths, _, _, _, err := mentioning(ctx, want, goOnly(sc), nil)
		if err != nil {
			return nil, nil, nil, err
		}
		parallel(ctx, len(paths), func(i int) {
			data, _, why := readParsable(paths[i])
			if why != "" {
				return
			}
			for _, n := range want {
				if gi, ok := goInterfaceAt(data, 0, n); ok {
					gi.path = paths[i]
					mu.Lock()
					known[n] = append(known[n], gi)
					mu.Unlock()
				}
			}
		})
		if err := ctx.Err(); err != nil {
			return nil, nil, nil, err
		}
	}
	sigs = map[string]string{}
	for _, gi := range ifaces {
		var set []string
		bad := gi.constraint
		var add func(gi goInterface, depth int)
		add = func(gi goInterface, depth int) {
			set = append(set, gi.methods...)
			for m, sig := range gi.sigs {
				sigs[m] = sig
			}
			bad = bad || gi.constraint
			for _, e := range gi.embeds {
				if ms, ok := goPredeclared[e.name]; ok && e.pkg == "" {
					set = append(set, ms...)
					for _, m := range ms {
						sigs[m] = goPredeclaredSigs[m]
					}
					continue
				}
				if k, ok := resolve(gi.path, e); ok && depth < 8 {
					add(k, depth+1)
					continue
				}
				bad = true
				if q := strings.TrimPrefix(e.pkg+"."+e.name, "."); !slices.Contains(unresolved, q) {
					unresolved = append(unresolved, q)
				}
			}
		}
		add(gi, 0)
		slices.Sort(set)
		if bad {
			set = nil // not knowable by methods
		}
		sets = append(sets, slices.Compact(set))
	}
	return sets, sigs, unresolved, nil
}

// goOnly narrows a scope to Go files.
func goOnly(sc Scope) Scope {
	sc.Types = []string{"go"}
	return sc
}

// goMethod is a method declared in a Go file: its receiver's type, its
// name and its line.
type goMethod struct {
	recv, name string
	line       int
}

// goMethods returns the methods a Go file declares, by the lines that
// start with "func (" as gofmt writes them (also such lines in a raw
// string: the types they make candidates are checked with go/parser, see
// sigFiles).
func goMethods(src []byte) []goMethod {
	var ms []goMethod
	line := 1
	for s := 0; s < len(src); line++ {
		e := bytes.IndexByte(src[s:], '\n')
		if e < 0 {
			e = len(src) - s
		}
		l := src[s : s+e]
		s += e + 1
		rest, ok := bytes.CutPrefix(l, []byte("func ("))
		if !ok {
			continue
		}
		rest = blankComments(rest) // func (T /* … */) m()
		recv, after, ok := bytes.Cut(rest, []byte(")"))
		if !ok {
			continue
		}
		if i := bytes.IndexByte(recv, '['); i >= 0 {
			recv = recv[:i] // T[K, V]
		}
		recv = bytes.TrimSpace(recv)
		recv = recv[bytes.LastIndexAny(recv, " *")+1:]
		after = bytes.TrimLeft(after, " ")
		n := bytes.IndexAny(after, "([ ")
		if n <= 0 || !isIdentifier(string(recv)) || !isIdentifier(string(after[:n])) {
			continue
		}
		ms = append(ms, goMethod{recv: string(recv), name: string(after[:n]), line: line})
	}
	return ms
}

// blankComments returns a line of Go with each block comment before a
// line comment as a space, which parts tokens as the comment did (l
// itself when it has none).
func blankComments(l []byte) []byte {
	for {
		i := bytes.Index(l, []byte("/*"))
		if i < 0 || bytes.Contains(l[:i], []byte("//")) {
			return l
		}
		j := bytes.Index(l[i+2:], []byte("*/"))
		if j < 0 {
			return l
		}
		l = append(append(append([]byte{}, l[:i]...), ' '), l[i+2+j+2:]...)
	}
}

// goImplementers finds, for each Go interface, the named types of the
// tree that declare each method of its method set, by name (the
// candidates: the Go files that mention one of the names) and then by
// signature (see sigFiles.match). It returns them by file, the stamps of
// the files read, and notes for the page (a constraint, an interface of
// no methods, embedded interfaces not found).
func goImplementers(ctx context.Context, sc Scope, ifaces []goInterface, showSecrets bool) ([]page.File, []stamp, []string, error) {
	sets, sigs, unresolved, err := methodSets(ctx, sc, ifaces)
	if err != nil {
		return nil, nil, nil, err
	}
	var notes []string
	for i, gi := range ifaces {
		switch {
		case gi.constraint:
			notes = append(notes, fmt.Sprintf("%s:%s is a constraint (it has a type element): no type is listed for its methods", page.Quote(gi.path), gi.name))
		case len(sets[i]) == 0 && len(unresolved) == 0:
			notes = append(notes, fmt.Sprintf("%s:%s has no methods: every type implements it, and none is listed for its methods", page.Quote(gi.path), gi.name))
		}
	}
	if len(unresolved) > 0 {
		notes = append(notes, fmt.Sprintf("the types with the methods of %s are not listed: the interfaces it embeds, %s, are not found in the files searched, or found more than once", ifaces[0].name, strings.Join(unresolved, ", ")))
	}
	var all []string
	for _, s := range sets {
		all = append(all, s...)
	}
	slices.Sort(all)
	all = slices.Compact(all)
	if len(all) == 0 {
		return nil, nil, notes, nil
	}
	// One pass over the Go files: each one's methods, and the names of
	// its lines that could be embedded fields (every Go file says
	// "package").
	type scanned struct {
		methods         []goMethod
		embeds, ifaceMs []string
		st              stamp
	}
	per, paths, _, _, _, err := parseMentions(ctx, []string{"package"}, goOnly(sc),
		func(p string, data []byte, st stamp) scanned {
			embeds, ifaceMs := embeddedNames(data)
			return scanned{goMethods(data), embeds, ifaceMs, st}
		},
		func(_ string, st stamp, _ string) scanned { return scanned{st: st} })
	if err != nil {
		return nil, nil, nil, err
	}
	stamps, embedLines, ifaceLines := make([]stamp, len(paths)), map[string][]string{}, map[string][]string{}
	for i, p := range paths {
		stamps[i] = per[i].st
		for _, n := range per[i].embeds {
			embedLines[n] = append(embedLines[n], p)
		}
		for _, m := range per[i].ifaceMs {
			ifaceLines[m] = append(ifaceLines[m], p)
		}
	}
	type decl struct {
		methods map[string]bool
		files   []string // the files its methods are in, in path order
	}
	types := map[[2]string]*decl{} // by directory and type name
	var order [][2]string
	for i, s := range per {
		for _, m := range s.methods {
			k := [2]string{goDir(paths[i]), m.recv}
			d := types[k]
			if d == nil {
				d = &decl{methods: map[string]bool{}}
				types[k] = d
				order = append(order, k)
			}
			if !slices.Contains(d.files, paths[i]) {
				d.files = append(d.files, paths[i])
			}
			d.methods[m.name] = true
		}
	}
	// The types with every method name of one of the interfaces, then
	// those whose methods have its signatures too.
	var named [][2]string
	var want [][]string
	for _, k := range order {
		for _, set := range sets {
			if len(set) > 0 && hasAll(types[k].methods, set) {
				named = append(named, k)
				want = append(want, set)
				break
			}
		}
	}
	sf := &sigFiles{trees: map[string]*goFile{}}
	lines := make([]page.Line, len(named))
	at := make([]string, len(named))
	parallel(ctx, len(named), func(i int) {
		k := named[i]
		if sf.match(types[k].files, k[1], want[i], sigs) {
			lines[i], at[i] = sf.typeLine(types[k].files, k[1], showSecrets)
		}
	})
	if err := ctx.Err(); err != nil {
		return nil, nil, nil, err
	}
	// The structs with the methods through the types they embed.
	own := map[goKey]map[string]bool{}
	for k, d := range types {
		own[k] = d.methods
	}
	proms, err := goPromotions(ctx, sf, sets, own, embedLines, ifaceLines)
	if err != nil {
		return nil, nil, nil, err
	}
	for _, pr := range proms {
		if _, ok := types[pr.embedder.key]; ok && slices.Contains(named, pr.embedder.key) {
			continue // listed by its own methods
		}
		ok := true
		for _, m := range pr.want {
			if sig, byIface := pr.sigs[m]; byIface {
				want, known := sigs[m]
				ok = ok && (!known || sig == want)
				continue
			}
			d := pr.from[m]
			ok = ok && sf.match(types[d].files, d[1], []string{m}, sigs)
		}
		if l, found := sf.typeDecl(pr.embedder.path, pr.embedder.key[1], showSecrets); ok && found {
			l.Kind = implPromoted
			if embedsOneOf(pr.embedder, ifaces) {
				l.Kind = implBase // as the parser's bases say (the line classifier does not see Go's)
			}
			lines = append(lines, l)
			at = append(at, pr.embedder.path)
		}
	}
	byFile := map[string][]page.Line{}
	for i, p := range at {
		if p != "" {
			byFile[p] = append(byFile[p], lines[i])
		}
	}
	var files []page.File
	for p, ls := range byFile {
		slices.SortFunc(ls, func(a, b page.Line) int { return a.Number - b.Number })
		files = append(files, page.File{Path: p, Lines: ls})
	}
	slices.SortFunc(files, func(a, b page.File) int { return strings.Compare(a.Path, b.Path) })
	return files, stamps, notes, nil
}

// embedsOneOf reports whether a struct embeds one of the interfaces
// itself: Name of its own package, or pkg.Name of a directory named pkg.
func embedsOneOf(e goEmbedder, ifaces []goInterface) bool {
	for _, em := range e.embeds {
		for _, gi := range ifaces {
			d := goDir(gi.path)
			if em.name == gi.name && (em.pkg == "" && d == e.key[0] || em.pkg != "" && path.Base(d) == em.pkg) {
				return true
			}
		}
	}
	return false
}

func hasAll(have map[string]bool, want []string) bool {
	for _, w := range want {
		if !have[w] {
			return false
		}
	}
	return true
}

// typeLine returns the line of a Go type's declaration in one of the
// files its methods are in, or, when the type is declared in another file
// of its package, the line of its first method in the first of them.
func (sf *sigFiles) typeLine(files []string, name string, showSecrets bool) (page.Line, string) {
	for _, p := range files {
		if l, ok := sf.typeDecl(p, name, showSecrets); ok {
			return l, p
		}
	}
	// The package's other files: those that hold "type Name" or a line
	// "\tName" (a type in a group).
	if ents, err := os.ReadDir(filepath.FromSlash(goDir(files[0]))); err == nil {
		for _, e := range ents {
			p := path.Join(goDir(files[0]), e.Name())
			if e.IsDir() || !strings.HasSuffix(p, ".go") || slices.Contains(files, p) {
				continue
			}
			if l, ok := sf.typeDecl(p, name, showSecrets); ok {
				return l, p
			}
		}
	}
	p := files[0]
	data, _, _ := readParsable(p)
	m := newMasker(showSecrets, p, data, 1)
	for _, gm := range goMethods(data) {
		if gm.recv == name {
			text, _ := m.line(gm.line, short(strings.TrimSpace(lineAt(data, lineOffset(data, gm.line))), maxCallLine))
			return page.Line{Number: gm.line, Kind: implMethods, Name: name, Text: text}, p
		}
	}
	return page.Line{Kind: implMethods, Name: name}, p
}

// typeDecl returns the line of the declaration of Go type name in file
// p, if p declares it.
func (sf *sigFiles) typeDecl(p, name string, showSecrets bool) (page.Line, bool) {
	sf.mu.Lock()
	_, parsed := sf.trees[p]
	sf.mu.Unlock()
	declares := func(data []byte) bool {
		return bytes.Contains(data, []byte("type "+name)) || bytes.Contains(data, []byte("\t"+name+" "))
	}
	if !parsed { // another file of the package: parsed only when it may declare the type
		if data, _, why := readParsable(p); why != "" || !declares(data) {
			return page.Line{}, false
		}
	}
	t := sf.tree(p)
	data, fset, f := t.data, t.fset, t.ast
	if !declares(data) {
		return page.Line{}, false
	}
	m := newMasker(showSecrets, p, data, 1)
	if f == nil {
		return page.Line{}, false
	}
	for ts := range typeSpecs(f) {
		if ts.Name.Name != name {
			continue
		}
		start, end := fset.Position(ts.Pos()).Line, fset.Position(ts.End()).Line
		text := strings.TrimSpace(lineAt(data, fset.Position(ts.Pos()).Offset))
		if !strings.HasPrefix(text, "type ") {
			text = "type " + text
		}
		text, _ = m.line(start, strings.TrimSuffix(strings.TrimSpace(strings.TrimSuffix(text, "{")), " {"))
		return page.Line{Number: start, End: end, Kind: implMethods, Name: name, Text: text}, true
	}
	return page.Line{}, false
}

// lineOffset returns where line n (1-based) of data starts.
func lineOffset(data []byte, n int) int {
	o := 0
	for i := 1; i < n; i++ {
		j := bytes.IndexByte(data[o:], '\n')
		if j < 0 {
			return len(data)
		}
		o += j + 1
	}
	return o
}

// goSignature is a method's signature as the page compares it: its
// parameter and result types as written, one for each name, with the
// package names taken out ("(Writer)(int64,error)" for WriteTo(w
// io.Writer) (n int64, err error) in any package), so that a method of
// the same name with other parameters does not count.
func goSignature(ft *ast.FuncType) string {
	var b strings.Builder
	list := func(fl *ast.FieldList) {
		b.WriteByte('(')
		if fl != nil {
			first := true
			for _, f := range fl.List {
				t := goTypeText(f.Type)
				for range max(len(f.Names), 1) {
					if !first {
						b.WriteByte(',')
					}
					first = false
					b.WriteString(t)
				}
			}
		}
		b.WriteByte(')')
	}
	list(ft.Params)
	list(ft.Results)
	return b.String()
}

// goTypeText writes a type expression without its package names.
func goTypeText(e ast.Expr) string {
	e = unqualify(e)
	return types.ExprString(e)
}

// unqualify returns a copy of e with each pkg.Name as Name.
func unqualify(e ast.Expr) ast.Expr {
	switch t := e.(type) {
	case *ast.SelectorExpr:
		if _, ok := t.X.(*ast.Ident); ok {
			return t.Sel
		}
	case *ast.StarExpr:
		return &ast.StarExpr{X: unqualify(t.X)}
	case *ast.ArrayType:
		return &ast.ArrayType{Len: t.Len, Elt: unqualify(t.Elt)}
	case *ast.MapType:
		return &ast.MapType{Key: unqualify(t.Key), Value: unqualify(t.Value)}
	case *ast.Ellipsis:
		return &ast.Ellipsis{Elt: unqualify(t.Elt)}
	case *ast.ChanType:
		return &ast.ChanType{Dir: t.Dir, Value: unqualify(t.Value)}
	case *ast.FuncType:
		return &ast.FuncType{Params: unqualifyFields(t.Params), Results: unqualifyFields(t.Results)}
	case *ast.IndexExpr:
		return &ast.IndexExpr{X: unqualify(t.X), Index: unqualify(t.Index)}
	}
	return e
}

func unqualifyFields(fl *ast.FieldList) *ast.FieldList {
	if fl == nil {
		return nil
	}
	out := &ast.FieldList{}
	for _, f := range fl.List {
		out.List = append(out.List, &ast.Field{Names: f.Names, Type: unqualify(f.Type)})
	}
	return out
}

// sigFiles parses the Go files whose methods' signatures are compared,
// and where the types are declared, each once.
type sigFiles struct {
	mu    sync.Mutex
	trees map[string]*goFile
}

// goFile is a Go file as go/parser read it.
type goFile struct {
	data []byte
	fset *token.FileSet
	ast  *ast.File // nil: not read or not parsed
}

func (sf *sigFiles) tree(p string) *goFile {
	sf.mu.Lock()
	t, ok := sf.trees[p]
	sf.mu.Unlock()
	if ok {
		return t
	}
	t = &goFile{fset: token.NewFileSet()}
	if data, _, why := readParsable(p); why == "" {
		t.data = data
		t.ast, _ = parser.ParseFile(t.fset, "", data, parser.SkipObjectResolution)
	}
	sf.mu.Lock()
	sf.trees[p] = t
	sf.mu.Unlock()
	return t
}

// match reports whether type name, whose methods are in files, declares
// each method of want with the signature sigs gives it (a method whose
// interface signature is not known is taken by its name).
func (sf *sigFiles) match(files []string, name string, want []string, sigs map[string]string) bool {
	have := map[string]string{}
	for _, p := range files {
		t := sf.tree(p).ast
		if t == nil {
			continue
		}
		for _, d := range t.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv == nil || len(fd.Recv.List) != 1 || recvName(fd.Recv.List[0].Type) != name {
				continue
			}
			have[fd.Name.Name] = goSignature(fd.Type)
		}
	}
	for _, m := range want {
		got, ok := have[m]
		if sig, known := sigs[m]; !ok || known && got != sig {
			return false
		}
	}
	return true
}

// recvName is the name of a receiver's type: T of T, *T, T[K], *T[K].
func recvName(e ast.Expr) string {
	if id, ok := typeHead(e).(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// typeHead is a type expression without its pointers, type arguments
// and parentheses: T of *T, T[K], (*T).
func typeHead(e ast.Expr) ast.Expr {
	for {
		switch t := e.(type) {
		case *ast.StarExpr:
			e = t.X
		case *ast.IndexExpr:
			e = t.X
		case *ast.IndexListExpr:
			e = t.X
		case *ast.ParenExpr:
			e = t.X
		default:
			return e
		}
	}
}
