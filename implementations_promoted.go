package scout

import (
	"bytes"
	"context"
	"go/ast"
	"go/token"
	"iter"
	"path"
	"slices"
	"strings"
	"unicode/utf8"
)

// implPromoted labels a Go struct type that has each method of the
// interface, some or all of them promoted from a type it embeds.
const implPromoted = "promoted"

// goKey is a Go named type of the tree: its directory and its name.
type goKey = [2]string

// goEmbedder is a Go struct or interface type: the file it is declared
// in, the types it embeds, by name, and for an interface, its own
// methods' signatures (see goSignature).
type goEmbedder struct {
	key    goKey
	path   string
	embeds []goEmbed
	iface  bool
	sigs   map[string]string
}

// goPromoted is a struct type with the methods of an interface's method
// set through the types it embeds: the methods and, for each, the type
// that declares it, and its signature when that type is an interface.
type goPromoted struct {
	embedder goEmbedder
	want     []string
	from     map[string]goKey
	sigs     map[string]string
}

// maxPromotionRounds bounds the rounds that parse the files where a
// struct could embed a type found the round before (a struct that embeds
// a struct that embeds *bytes.Buffer is found in the second).
const maxPromotionRounds = 3

// goPromotions finds the Go struct types that have each method of one of
// sets through the types they embed (Go's promoted methods), by name: own
// holds the methods each type declares (only the methods of sets count).
// An embedded Name is the type of that name in the struct's own
// directory, pkg.Name the one in a directory named pkg (the one alone
// when there is one). A method two embedded types give is not counted
// (ambiguous in Go when both are as deep; Go takes the shallower one
// otherwise, and this does not count depths: it may miss, not add, a
// type). An embedded interface gives its methods, those it declares (the
// files with a line in an interface's braces that could declare one of
// the methods, ifaceLines, are parsed) and those of the interfaces it
// embeds, found the same way.
func goPromotions(ctx context.Context, sf *sigFiles, sets [][]string, own map[goKey]map[string]bool, lines, ifaceLines map[string][]string) ([]goPromoted, error) {
	inSets := map[string]bool{}
	for _, s := range sets {
		for _, m := range s {
			inSets[m] = true
		}
	}
	// prov: each type's methods of the sets, by the type that declares it.
	prov := map[goKey]map[string]goKey{}
	byName := map[string][]goKey{}
	known := func(k goKey) {
		if prov[k] == nil {
			prov[k] = map[string]goKey{}
			byName[k[1]] = append(byName[k[1]], k)
		}
	}
	var names []string
	for k, ms := range own {
		for m := range ms {
			if inSets[m] {
				known(k)
				prov[k][m] = k
			}
		}
		if prov[k] != nil {
			names = append(names, k[1])
		}
	}
	var embedders []goEmbedder
	seen := map[goKey]bool{}
	ifaceSigs := map[goKey]map[string]string{} // an interface's methods of the sets: their signatures
	add := func(found []goEmbedder) {
		for _, e := range found {
			if seen[e.key] {
				continue
			}
			seen[e.key] = true
			known(e.key)
			if e.iface {
				ifaceSigs[e.key] = map[string]string{}
				for m, sig := range e.sigs {
					if inSets[m] {
						prov[e.key][m] = e.key
						ifaceSigs[e.key][m] = sig
					}
				}
				if len(prov[e.key]) > 0 {
					names = append(names, e.key[1])
				}
			}
			if len(e.embeds) > 0 {
				embedders = append(embedders, e)
			}
		}
	}
	var withMethods []string
	for m := range inSets {
		withMethods = append(withMethods, ifaceLines[m]...)
	}
	found, err := goTypesOf(ctx, sf, withMethods)
	if err != nil {
		return nil, err
	}
	add(found)
	searched := map[string]bool{}
	for round := 0; round < maxPromotionRounds && len(names) > 0; round++ {
		slices.Sort(names)
		names = slices.Compact(names)
		var paths []string
		for _, n := range names {
			searched[n] = true
			paths = append(paths, lines[n]...)
		}
		found, err := goTypesOf(ctx, sf, paths)
		if err != nil {
			return nil, err
		}
		add(found)
		slices.SortFunc(embedders, func(a, b goEmbedder) int { return strings.Compare(a.path+"\x00"+a.key[1], b.path+"\x00"+b.key[1]) })
		promote(embedders, prov, byName)
		names = names[:0]
		for k := range seen {
			if len(prov[k]) > 0 && !searched[k[1]] {
				names = append(names, k[1])
			}
		}
	}
	var out []goPromoted
	for _, e := range embedders {
		if e.iface {
			continue
		}
		p := prov[e.key]
		for _, set := range sets {
			complete, promoted := len(set) > 0, false
			for _, m := range set {
				d, ok := p[m]
				complete = complete && ok
				promoted = promoted || ok && d != e.key
			}
			if complete && promoted {
				pr := goPromoted{embedder: e, want: set, from: map[string]goKey{}, sigs: map[string]string{}}
				for _, m := range set {
					pr.from[m] = p[m]
					if sig, ok := ifaceSigs[p[m]][m]; ok {
						pr.sigs[m] = sig
					}
				}
				out = append(out, pr)
				break
			}
		}
	}
	return out, nil
}

// promote gives each embedder the methods of the types it embeds, until
// no method set grows (a struct's own method wins; one that two embedded
// types give is dropped).
func promote(embedders []goEmbedder, prov map[goKey]map[string]goKey, byName map[string][]goKey) {
	resolve := func(dir string, e goEmbed) (goKey, bool) {
		if e.pkg == "" {
			k := goKey{dir, e.name}
			return k, prov[k] != nil
		}
		var in []goKey
		for _, k := range byName[e.name] {
			if path.Base(k[0]) == e.pkg {
				in = append(in, k)
			}
		}
		if len(in) == 1 {
			return in[0], true
		}
		return goKey{}, false
	}
	for changed, round := true, 0; changed && round < 8; round++ {
		changed = false
		for _, e := range embedders {
			got := map[string]goKey{}
			twice := map[string]bool{}
			for _, em := range e.embeds {
				k, ok := resolve(e.key[0], em)
				if !ok || k == e.key {
					continue
				}
				for m, d := range prov[k] {
					if _, dup := got[m]; dup && !e.iface { // an interface may embed two with a method (of one signature)
						twice[m] = true
					}
					got[m] = d
				}
			}
			p := prov[e.key]
			for m, d := range got {
				switch cur, ok := p[m]; {
				case ok && cur == e.key: // its own
				case twice[m]:
					if ok {
						delete(p, m)
						changed = true
					}
				case !ok || cur != d:
					p[m] = d
					changed = true
				}
			}
		}
	}
}

// goTypesOf returns the struct types that embed a type, and the
// interface types, of the Go files paths, parsed once each (sf).
func goTypesOf(ctx context.Context, sf *sigFiles, paths []string) ([]goEmbedder, error) {
	slices.Sort(paths)
	paths = slices.Compact(paths)
	found := make([][]goEmbedder, len(paths))
	parallel(ctx, len(paths), func(i int) {
		found[i] = goTypesIn(paths[i], sf.tree(paths[i]).ast)
	})
	return slices.Concat(found...), ctx.Err()
}

// embeddedNames reads the braces after "struct" and "interface" in a Go
// file. It returns the type names of the lines that could be embedded
// types (a type name alone: "*pkg.Name", "Name[T]", before a comment or a
// tag), and the names of the lines in an interface's braces that could
// declare a method ("Read(p []byte) (int, error)"): on lines of their own
// or between semicolons (struct{ *bytes.Buffer; n int }).
func embeddedNames(data []byte) (embeds, methods []string) {
	seenEmbed, seenMethod := map[string]bool{}, map[string]bool{}
	add := func(to *[]string, seen map[string]bool, n []byte) {
		if !seen[string(n)] { // no copy made to look up
			seen[string(n)] = true
			*to = append(*to, string(n))
		}
	}
	// A line of a body: an embedded type, or an interface's method.
	line := func(l []byte, iface bool) {
		if n, ok := embeddedName(l); ok {
			add(&embeds, seenEmbed, n)
		} else if iface {
			t := bytes.TrimLeft(l, " \t")
			if i := bytes.IndexByte(t, '('); i > 0 && isIdentifier(string(bytes.TrimRight(t[:i], " \t"))) {
				add(&methods, seenMethod, bytes.TrimRight(t[:i], " \t"))
			}
		}
	}
	for _, kw := range []string{"struct", "interface"} {
		for rest := data; ; {
			i := bytes.Index(rest, []byte(kw))
			if i < 0 {
				break
			}
			rest = rest[i+len(kw):]
			body := bytes.TrimLeft(rest, " \t")
			j := bytes.IndexAny(body, "}\n")
			if len(body) == 0 || body[0] != '{' || j < 0 {
				continue
			}
			if body[j] == '}' { // on one line
				for _, f := range bytes.Split(body[1:j], []byte(";")) {
					line(append([]byte{' '}, f...), kw == "interface")
				}
				continue
			}
			// Its lines, to the brace that closes it (a field of a struct
			// or interface type opens one more).
			for depth, b := 1, body[j+1:]; depth > 0 && len(b) > 0; {
				l := b
				if k := bytes.IndexByte(b, '\n'); k >= 0 {
					l, b = b[:k], b[k+1:]
				} else {
					b = nil
				}
				switch t := bytes.TrimSpace(l); {
				case bytes.HasPrefix(t, []byte("}")):
					depth--
				case bytes.HasSuffix(t, []byte("{")): // a field or method whose type opens one: a() interface {
					depth++
					line(l, kw == "interface")
				default:
					line(l, kw == "interface")
				}
			}
		}
	}
	return embeds, methods
}

// embeddedName is the type name of a line that could be an embedded
// field: "\t*pkg.Name `json:\"-\"` // why" gives Name. It reads the line
// a byte at a time, and copies nothing unless the line has a comment:
// most lines of every Go file of the scope come here.
func embeddedName(l []byte) ([]byte, bool) {
	if n, ok := embeddedIn(l); ok || !bytes.Contains(l, []byte("/*")) {
		return n, ok
	}
	return embeddedIn(blankComments(l)) // *bufio /* … */ .Writer
}

// embeddedIn is embeddedName of a line without block comments.
func embeddedIn(l []byte) ([]byte, bool) {
	spaces := func(i int) int {
		for i < len(l) && (l[i] == ' ' || l[i] == '\t' || l[i] == '\r') {
			i++
		}
		return i
	}
	ident := func(i int) int { // the end of the identifier at i (i: none)
		for j := i; j < len(l); j++ {
			switch c := l[j]; {
			case c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c >= 0x80:
			case '0' <= c && c <= '9' && j > i:
			default:
				return j
			}
		}
		return len(l)
	}
	i := spaces(0)
	if i == 0 || i == len(l) {
		return nil, false
	}
	if l[i] == '*' {
		i = spaces(i + 1)
	}
	e := ident(i)
	if e == i {
		return nil, false
	}
	name := l[i:e]
	if j := spaces(e); j < len(l) && l[j] == '.' { // pkg.Name
		if goKeyword(name) {
			return nil, false
		}
		i = spaces(j + 1)
		if e = ident(i); e == i {
			return nil, false
		}
		name = l[i:e]
	}
	i = spaces(e)
	if i < len(l) && l[i] == '[' { // Name[K, V], Name[K, List[V]]
		for depth := 0; i < len(l); i++ {
			if l[i] == '[' {
				depth++
			} else if l[i] == ']' {
				if depth--; depth == 0 {
					i++
					break
				}
			}
		}
		i = spaces(i)
	}
	if i < len(l) && l[i] != '`' && l[i] != '"' && !bytes.HasPrefix(l[i:], []byte("//")) {
		return nil, false
	}
	if goKeyword(name) || !ascii(name) && !isIdentifier(string(name)) { // a letter Go does not take
		return nil, false
	}
	return name, true
}

func ascii(b []byte) bool {
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// goKeyword reports whether an identifier is one of Go's keywords.
func goKeyword(b []byte) bool {
	switch string(b) { // no copy made to compare
	case "break", "case", "chan", "const", "continue", "default", "defer", "else", "fallthrough", "for", "func",
		"go", "goto", "if", "import", "interface", "map", "package", "range", "return", "select", "struct",
		"switch", "type", "var":
		return true
	}
	return false
}

// goTypesIn returns the struct types a Go file declares at its top level
// that embed a named type, and its interface types.
func goTypesIn(p string, f *ast.File) []goEmbedder {
	if f == nil {
		return nil
	}
	var out []goEmbedder
	for ts := range typeSpecs(f) {
		if ts.Assign.IsValid() {
			continue
		}
		e := goEmbedder{key: goKey{goDir(p), ts.Name.Name}, path: p}
		var fields []*ast.Field
		switch t := ts.Type.(type) {
		case *ast.StructType:
			fields = t.Fields.List
		case *ast.InterfaceType:
			fields = t.Methods.List
			e.iface, e.sigs = true, map[string]string{}
		}
		for _, fl := range fields {
			if ft, ok := fl.Type.(*ast.FuncType); ok && e.iface {
				for _, id := range fl.Names {
					e.sigs[id.Name] = goSignature(ft)
				}
				continue
			}
			if len(fl.Names) > 0 {
				continue
			}
			if em, ok := embeddedType(fl.Type); ok {
				e.embeds = append(e.embeds, em)
			}
		}
		if len(e.embeds) > 0 || e.iface {
			out = append(out, e)
		}
	}
	return out
}

// typeSpecs yields the types a Go file declares at its top level.
func typeSpecs(f *ast.File) iter.Seq[*ast.TypeSpec] {
	return func(yield func(*ast.TypeSpec) bool) {
		for _, d := range f.Decls {
			if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.TYPE {
				for _, s := range gd.Specs {
					if !yield(s.(*ast.TypeSpec)) {
						return
					}
				}
			}
		}
	}
}

// embeddedType names the type of an embedded field: T, *T, pkg.T, T[K].
func embeddedType(x ast.Expr) (goEmbed, bool) {
	switch t := typeHead(x).(type) {
	case *ast.Ident:
		return goEmbed{name: t.Name}, true
	case *ast.SelectorExpr:
		if id, ok := t.X.(*ast.Ident); ok {
			return goEmbed{pkg: id.Name, name: t.Sel.Name}, true
		}
	}
	return goEmbed{}, false
}
