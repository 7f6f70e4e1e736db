package scout

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"path"
	"slices"
	"strings"

	"github.com/scoutcode/scout/internal/page"
	"github.com/scoutcode/scout/internal/syntax"
)

// ImplementationsOptions describes an implementations search: the
// definitions that implement, extend or embed a type.
type ImplementationsOptions struct {
	// Name is the interface, class, trait or type, as its definition
	// names it (Reader), or qualified by its Go package or its module
	// (io.Reader: the definitions in a package or module so named, and the
	// implementations whose base is written io.Reader, or Reader in its
	// own files).
	Name        string
	Scope       // searched for the files that mention Name; only those are parsed
	PageOptions // MaxFiles and Explain are not used
	ShowSecrets bool
	// Depth follows the implementations of the implementations, level by
	// level, up to this many levels (1 to MaxCallersDepth; 0 is 1): level
	// 2 lists the subclasses of the classes of level 1, and so on.
	Depth int
}

// The labels of an implementation (page.Line.Kind): how it was found.
const (
	implBase    = "base"    // its definition names the type as a base: extends, implements, a Rust impl, a Go embedding
	implMethods = "methods" // a Go type that declares each method of the interface, with its parameter and result types
)

// typeAsWritten returns the type in a name as an agent copies it from a
// signature: "*bytes.Buffer" is bytes.Buffer, "Reader[T]", "List<String>"
// and "Vec<T>" are Reader, List and Vec; anything else is left as it is.
func typeAsWritten(name string) string {
	name = strings.TrimLeft(strings.TrimSpace(name), "*&")
	for _, p := range [][2]string{{"[", "]"}, {"<", ">"}} {
		if i := strings.IndexByte(name, p[0][0]); i > 0 && strings.HasSuffix(name, p[1]) {
			name = name[:i]
		}
	}
	return name
}

// Implementations returns a page of the definitions that implement a
// type: where the type is defined first, then each definition that names
// it, or a name an import binds it to, as a base (a class that extends or
// implements it, an interface or trait that extends it, a Rust impl of
// it, a Go struct or interface that embeds it), and, for a Go interface,
// each named type of the tree that declares each method of its method
// set, by name and by parameter and result types as written. The answers
// are matched by name, not type-checked, and each line says how it was
// found. As Callers, it parses only the files that mention the names.
func Implementations(ctx context.Context, o ImplementationsOptions) (*Page, error) {
	name, mode, qual := typeAsWritten(o.Name), page.Implementations, ""
	asked := name
	if q, n, ok := strings.Cut(name, "."); ok && isIdentifier(q) && isIdentifier(n) {
		qual, name = q, n // pkg.Name: the type of package or module pkg
	}
	if !isIdentifier(name) {
		if i := strings.LastIndexAny(name, ".:"); i >= 0 && isIdentifier(name[i+1:]) {
			return nil, fmt.Errorf("%w: implementations takes a type's name, or one qualified by its package or module alone (io.Reader): give %q (the page lists the definitions of %s first, each with its file)", ErrPattern, name[i+1:], name[i+1:])
		}
		return nil, fmt.Errorf("%w: implementations takes a type's name as written in the code, such as Reader, io.Reader or BaseHandler; %q is not one", ErrPattern, o.Name)
	}
	depth := max(o.Depth, 1)
	if depth > MaxCallersDepth {
		return nil, fmt.Errorf("a depth of %d: implementations follows 1 to %d levels", o.Depth, MaxCallersDepth)
	}
	po := o.PageOptions
	in, at, fp, err := startNamed(mode, name, asked, o.Scope, po, o.ShowSecrets, depth)
	if err != nil {
		return nil, err
	}
	ctx, cancel, ranOut := deadline(ctx, po.Timeout)
	defer cancel()
	var stamps []stamp
	unsupported := 0
	left := map[string]int{}
	seen := map[string]bool{name: true}
	names := []string{name}
	for level := 0; level < depth && len(names) > 0; level++ {
		found, other, err := mentionsLevel(ctx, &in, level, names, o.Scope, po.Timeout, ranOut,
			func(p string, data []byte, st stamp) fileBases {
				return basesInData(ctx, p, data, st, names, o.ShowSecrets)
			},
			func(p string, st stamp, why string) fileBases { return fileBases{path: p, stamp: st, why: why} })
		if err != nil {
			return nil, err
		}
		unsupported += other
		from := len(in.Files)
		var ifaces []goInterface
		for _, c := range found {
			stamps = append(stamps, c.stamp)
			switch {
			case c.why == reasonTooBig || c.why == reasonTooDense || c.why == reasonBinary:
				left[c.why]++
				continue
			case c.why != "":
				in.Warnings = append(in.Warnings, page.Quote(c.path)+": "+c.why)
				continue
			}
			in.Parsed++
			if level == 0 && qual != "" {
				c.defs, c.ifaces, c.impls, in.NotOf = ofHome(c, qual, in.NotOf)
			}
			if level == 0 && len(c.defs) > 0 {
				in.Definitions = append(in.Definitions, page.File{Path: c.path, Lines: c.defs})
				ifaces = append(ifaces, c.ifaces...)
			}
			if len(c.impls) > 0 {
				in.Files = append(in.Files, page.File{Path: c.path, Lines: c.impls})
			}
		}
		if level == 0 && len(in.Definitions) > 0 {
			// Classes that extend the type by another name an import
			// binds it to.
			al, err := aliasesOf(ctx, o.Scope, in.Definitions, name, newResolver(o.Scope.Paths))
			if err != nil {
				if ranOut(err) {
					return nil, fmt.Errorf("the search for the files that import %s took longer than the %v allowed: narrow it with paths, globs or types, or raise the timeout", name, po.Timeout)
				}
				return nil, err
			}
			var more []page.File
			for p, locals := range al {
				data, st, why := readParsable(p)
				if why != "" {
					continue
				}
				stamps = append(stamps, st)
				c := basesInData(ctx, p, data, st, append([]string{name}, locals...), o.ShowSecrets)
				if len(c.impls) > 0 {
					more = append(more, page.File{Path: p, Lines: c.impls})
				}
			}
			slices.SortFunc(more, func(a, b page.File) int { return strings.Compare(a.Path, b.Path) })
			in.Files = mergeFiles(in.Files, more)
		}
		if level == 0 && len(ifaces) > 0 {
			files, st, notes, err := goImplementers(ctx, o.Scope, ifaces, o.ShowSecrets)
			if err != nil {
				if ranOut(err) {
					return nil, fmt.Errorf("the search for the types with the methods of %s took longer than the %v allowed: narrow it with paths, globs or types, or raise the timeout", name, po.Timeout)
				}
				return nil, err
			}
			stamps = append(stamps, st...)
			in.Warnings = append(in.Warnings, notes...)
			in.Files = mergeFiles(in.Files, files)
		}
		slices.SortStableFunc(in.Files[from:], func(a, b page.File) int {
			return cmp.Or(ownFirst(a.Path)-ownFirst(b.Path), strings.Compare(a.Path, b.Path))
		})
		if level > 0 && from < len(in.Files) {
			in.Levels = append(in.Levels, page.Level{Start: from, Names: names})
		}
		if level == 0 {
			slices.SortStableFunc(in.Definitions, func(a, b page.File) int {
				return cmp.Or(ownFirst(a.Path)-ownFirst(b.Path), strings.Compare(a.Path, b.Path))
			})
			if qual != "" {
				if len(in.Definitions) == 0 {
					return nil, fmt.Errorf("%w: no package or module %s defines a type %s in the files searched: give %q (the page lists the definitions of %s first, each with its file, so you can tell which one %q means)", ErrPattern, qual, name, name, name, o.Name)
				}
				in.Name, in.Of = asked, qual
			}
		}
		names = implementerNames(in.Files[from:], seen)
	}
	slices.SortFunc(stamps, func(a, b stamp) int { return strings.Compare(a.path, b.path) })
	stamps = slices.CompactFunc(stamps, func(a, b stamp) bool { return a.path == b.path })
	return finishNamed(in, at, fp, unsupported, left, stamps)
}

// fileBases is what one file holds for an implementations search: the
// definitions of the type, the Go interfaces among them, and the
// definitions that name one of the names as a base.
type fileBases struct {
	path   string
	stamp  stamp
	why    string // "" when parsed, else why not
	defs   []page.Line
	ifaces []goInterface
	impls  []page.Line
	quals  []string // for each of impls: the qualifier its base is written with (pkg of pkg.Base, m of m::Base), or ""
}

// typeKinds are the kinds of definition a type's implementations are
// asked of: the others (a function of the same name) are not listed as
// its definitions.
var typeKinds = map[string]bool{
	"class": true, "struct": true, "interface": true, "trait": true, "type": true, "enum": true,
	"record": true, "union": true, "module": true, "definition": true,
}

// basesInData parses one file's content, read with the stamp st, for the
// definitions of names[0] (the type asked of) and the definitions that
// name one of names as a base.
func basesInData(ctx context.Context, p string, data []byte, st stamp, names []string, showSecrets bool) (c fileBases) {
	c.path, c.stamp = p, st
	if len(data) > syntax.MaxSize {
		c.why = reasonTooBig
		return c
	}
	aliases := importedAs(p, data, names)
	f, bs, err := syntax.Bases(ctx, p, data, append(slices.Clip(names), slices.Sorted(maps.Keys(aliases))...))
	if err != nil {
		c.why = err.Error()
		if why := notParsed(err); why != "" {
			c.why = why
		}
		return c
	}
	m := newMasker(showSecrets, p, data, 1)
	show := func(n int, text string) string {
		s, _ := m.line(n, text)
		return s
	}
	for _, d := range f.Defs {
		if d.Name == names[0] && typeKinds[d.Kind] {
			c.defs = append(c.defs, page.Line{Number: d.Start, End: d.End, Kind: d.Kind, Name: d.Name, Text: show(d.Start, d.Signature)})
			if f.Grammar == "go" {
				if gi, ok := goInterfaceAt(data, d.StartByte, d.Name); ok {
					gi.path = p
					c.ifaces = append(c.ifaces, gi)
				}
			}
		}
	}
	last := -1
	for _, b := range bs {
		if b.In < 0 || b.In == last {
			continue // a base of no definition; the same definition again
		}
		last = b.In
		d := f.Defs[b.In]
		if d.Name == b.Name && d.NameStart == b.StartByte {
			continue
		}
		c.impls = append(c.impls, page.Line{Number: d.Start, End: d.End, Kind: implBase, Name: d.Name, Text: show(d.Start, d.Signature)})
		q, alias := aliases[b.Name]
		if !alias {
			q = qualifierBefore(data, b.StartByte)
		}
		c.quals = append(c.quals, q)
	}
	return c
}

// qualifierBefore returns the name that qualifies the name at o in src:
// pkg of pkg.Name or pkg::Name, else "".
func qualifierBefore(src []byte, o int) string {
	e := o
	switch {
	case e >= 1 && src[e-1] == '.':
		e--
	case e >= 2 && src[e-1] == ':' && src[e-2] == ':':
		e -= 2
	default:
		return ""
	}
	s := e
	for s > 0 && isIdentByte(src[s-1]) {
		s--
	}
	return string(src[s:e])
}

// namedBy reports whether file p is of the package or module named qual:
// its directory is so named (a Go package, a Python or JavaScript
// package's __init__.py or index.js, a Java package), or the file itself
// (a Python or JavaScript module).
func namedBy(p, qual string) bool {
	base := path.Base(strings.ReplaceAll(p, "\\", "/"))
	stem := strings.TrimSuffix(base, path.Ext(base))
	return stem == qual || path.Base(goDir(p)) == qual
}

// ofHome keeps, for pkg.Name, the definitions of a file of pkg (see
// namedBy), and the implementations whose base is written pkg.Name, or
// Name in a file of pkg; it adds the others to notOf.
func ofHome(c fileBases, qual string, notOf int) ([]page.Line, []goInterface, []page.Line, int) {
	home := namedBy(c.path, qual)
	if !home {
		c.defs, c.ifaces = nil, nil
	}
	var impls []page.Line
	for i, l := range c.impls {
		if q := c.quals[i]; q == qual || q == "" && home {
			impls = append(impls, l)
		} else {
			notOf++
		}
	}
	return c.defs, c.ifaces, impls, notOf
}

// implementerNames returns the names of the implementations listed that
// were not looked for yet (marking them in seen), sorted, at most
// maxLevelNames of them: the next level's names.
func implementerNames(files []page.File, seen map[string]bool) []string {
	var out []string
	for _, f := range files {
		for _, l := range f.Lines {
			if isIdentifier(l.Name) && !seen[l.Name] {
				seen[l.Name] = true
				out = append(out, l.Name)
			}
		}
	}
	slices.Sort(out)
	return out[:min(len(out), maxLevelNames)]
}

// mergeFiles adds the lines of more to files, a file's lines once each, in
// line order.
func mergeFiles(files, more []page.File) []page.File {
	at := map[string]int{}
	for i, f := range files {
		at[f.Path] = i
	}
	for _, f := range more {
		i, ok := at[f.Path]
		if !ok {
			at[f.Path] = len(files)
			files = append(files, f)
			continue
		}
		for _, l := range f.Lines {
			if !slices.ContainsFunc(files[i].Lines, func(m page.Line) bool { return m.Number == l.Number }) {
				files[i].Lines = append(files[i].Lines, l)
			}
		}
		slices.SortStableFunc(files[i].Lines, func(a, b page.Line) int { return a.Number - b.Number })
	}
	return files
}

// goDir is the package a Go file's definitions are of: its directory.
func goDir(p string) string { return path.Dir(strings.ReplaceAll(p, "\\", "/")) }
