package scout

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/scoutcode/scout/internal/concept"
	"github.com/scoutcode/scout/internal/imports"
	"github.com/scoutcode/scout/internal/page"
	"github.com/scoutcode/scout/internal/syntax"
)

// RefsOptions describes a refs search: the uses of a name.
type RefsOptions struct {
	Name         string // an identifier as written
	Scope               // searched for the files that mention Name; only those are parsed
	PageOptions         // MaxFiles and Explain are not used
	ShowSecrets  bool
	CacheOptions // where the parses are kept for the next search (see Callers)
}

// Refs returns a page of the uses of a name: where it is defined first,
// then each use's line under the definition it sits in, labelled call,
// import, type or other by what the parser says it is. Mentions in
// comments and strings are counted, not shown. As Callers, it parses only
// the files that mention the name, and in them only the regions around
// it.
func Refs(ctx context.Context, o RefsOptions) (*Page, error) {
	return structural(ctx, page.Refs, o.Name, o.Scope, o.PageOptions, o.ShowSecrets, 1, o.CacheOptions)
}

// asWritten returns the name in a call as an agent copies it from code:
// "Close()" and "Close(f)" are Close; anything else is left as it is. A
// Go method expression, as stacks and profiles print it
// ("(*Buffer).Write"), returns its type and method too.
func asWritten(name string) (written string, goMethod [2]string) {
	name = strings.TrimSpace(name)
	if rest, ok := strings.CutPrefix(name, "("); ok {
		if t, m, ok := strings.Cut(strings.TrimPrefix(rest, "*"), ")."); ok && isIdentifier(t) && isIdentifier(uncalled(m)) {
			return name[:len(name)-len(m)] + uncalled(m), [2]string{t, uncalled(m)} // (*Buffer).Write(p) too
		}
	}
	return uncalled(name), goMethod
}

// uncalled returns a name without the call an agent copied with it:
// "Close()" and "Close(f)" are Close, and so is a C++ member function as
// gdb prints it, "Pool::join(int) const".
func uncalled(name string) string {
	if i := strings.LastIndexByte(name, ')'); i > 0 {
		if rest := strings.FieldsFunc(name[i+1:], func(r rune) bool { return r == ' ' || r == '&' }); !slices.ContainsFunc(rest, func(w string) bool { return !cppAfterCall[w] }) {
			name = name[:i+1]
		}
	}
	if i := strings.IndexByte(name, '('); i > 0 && strings.HasSuffix(name, ")") && strings.Count(name, "(") == 1 {
		return name[:i]
	}
	return name
}

// cppAfterCall holds the words that may follow a C++ member function's
// parameters (with & and &&).
var cppAfterCall = map[string]bool{"const": true, "volatile": true, "noexcept": true, "override": true, "final": true}

// structuralName reads the name given to callers, callees or refs: the
// name searched for, the name as the page echoes it, and the package or
// module that qualifies it ("" when none); an error says what to give
// instead.
func structuralName(mode Mode, name string) (searched, asked, qual, pkg string, err error) {
	// Type::method (Rust, C++, Ruby, PHP) and Ruby's Type#method are
	// Type.method; a::b::Type::method is a module's type's method.
	if dotted, ok := colonPath(name); ok {
		searched, asked, qual, pkg, err := structuralName(mode, dotted)
		if err == nil {
			asked = strings.ReplaceAll(asked, ".", "::")
		} else if parts := strings.Split(dotted, "."); len(parts) > 2 {
			// std::vector::push_back, crate::server::helper: the name, or
			// it with the namespace, module or type nearest it, said as
			// it was written, is what a page takes and tells apart.
			q, last := parts[len(parts)-2], parts[len(parts)-1]
			takes := "one name, or one qualified by a namespace, a module or a type alone"
			if mode == page.Callees {
				takes = "one name, or one qualified by its type alone"
			}
			err = fmt.Errorf("%w: %s takes %s: give %q, or %q for %s's (the page lists the definitions of %s first, each with its file, so you can tell which one %q means)", ErrPattern, mode, takes, last, q+"::"+last, q, last, name)
		}
		return searched, asked, qual, pkg, err
	}
	if pkg, typ, fn, ok := packaged(name); ok && isIdentifier(fn) && (typ == "" || isIdentifier(typ)) {
		switch q := imports.GoName(pkg); {
		case typ != "":
			// mcp.(*ServerSession).Close: the method Close of the type
			// ServerSession in the package mcp.
			return fn, pkg + "." + typ + "." + fn, typ, pkg, nil
		case mode == page.Callees:
			return "", "", "", "", fmt.Errorf("%w: callees takes one name, or one qualified by its type alone: give %q (the page lists the definitions of %s first, each with its file, so you can tell which one %q means)", ErrPattern, fn, fn, name)
		case isIdentifier(q):
			return fn, q + "." + fn, q, "", nil // net/http.Serve: http.Serve
		}
	}
	name, method := asWritten(name)
	if method[1] != "" {
		// (*Buffer).Write: the method Write of the type Buffer.
		return method[1], method[0] + "." + method[1], method[0], "", nil
	}
	asked = name
	if q, n, ok := strings.Cut(strings.TrimSuffix(name, "()"), "."); ok && isIdentifier(q) && isIdentifier(n) {
		// pkg.Name: the calls or uses of Name that name package (Go) or
		// module (Python) pkg; else Type.Name, the method Name of Type
		// (callees: only that).
		qual, name, asked = q, n, q+"."+n
	}
	if !isIdentifier(name) {
		if quals, last, ok := concept.Symbol(name); ok && isIdentifier(last) {
			// A qualified name, as an agent copies it from code: the
			// page lists each definition of the name alone, each with
			// its file, so the qualifier can be told apart there.
			takes, also := "one name, or one qualified by its type alone", ""
			if mode != page.Callees {
				takes = "one name, or one qualified by a package, a module or a type alone"
				if len(quals) > 0 {
					if q := quals[len(quals)-1]; isIdentifier(q) && strings.HasSuffix(strings.TrimSuffix(name, "()"), "."+last) {
						also = fmt.Sprintf(", or %q for the package's, module's or type's %s", q+"."+last, q)
					}
				}
			}
			return "", "", "", "", fmt.Errorf("%w: %s takes %s: give %q%s (the page lists the definitions of %s first, each with its file, so you can tell which one %q means)", ErrPattern, mode, takes, last, also, last, name)
		}
		return "", "", "", "", fmt.Errorf("%w: %s takes a name as written in the code, such as Serve or handle_timeout; %q is not one", ErrPattern, mode, name)
	}
	return name, asked, qual, "", nil
}

// structural runs a callers, callees or refs search: the search for the
// files that mention name, their parse, and the page. depth > 1 (callers)
// goes on to the callers of the callers, a level at a time.
func structural(ctx context.Context, mode Mode, name string, sc Scope, po PageOptions, showSecrets bool, depth int, co CacheOptions) (*Page, error) {
	typed, sep := name, "." // sep: how the name was written, Type.method or Type::method
	if strings.Contains(name, "::") {
		sep = "::"
	}
	name, asked, qual, pkg, err := structuralName(mode, name)
	if err != nil {
		return nil, err
	}
	if depth < 0 || depth > MaxCallersDepth {
		return nil, fmt.Errorf("a depth of %d: callers follows 1 to %d levels", depth, MaxCallersDepth)
	}
	in, at, fp, err := startNamed(mode, name, asked, sc, po, showSecrets, depth)
	if err != nil {
		return nil, err
	}
	ctx, cancel, ranOut := deadline(ctx, po.Timeout)
	defer cancel()
	var stamps []stamp
	unsupported := 0
	left := map[string]int{} // files not parsed, by reason
	names := []string{name}
	seen := map[string]bool{name: true}  // the names whose callers were looked for
	kc := openCallsCache(co, mode, name) // the parses kept for name (level 0)
	gr := newResolver(sc.Paths)
	open := map[string]bool{} // Type.Method: the interfaces, traits and protocols that mention the name, by name and by typeAt
	for level := 0; level < max(depth, 1) && len(names) > 0; level++ {
		// Each file is parsed as soon as the search has read it and found
		// the name in it, by the worker that searched it: read once, and
		// parsed while other files are searched.
		q := usesQuery{names: names, mode: mode, showSecrets: showSecrets, kc: kc, gr: gr}
		if level == 0 {
			q.qual = qual
		}
		found, other, err := mentionsLevel(ctx, &in, level, names, sc, po.Timeout, ranOut,
			func(p string, data []byte, st stamp) fileCalls { return usesInData(ctx, p, data, st, q) },
			func(p string, st stamp, why string) fileCalls { return fileCalls{path: p, stamp: st, why: why} })
		if err != nil {
			return nil, err
		}
		unsupported += other
		from := len(in.Files)
		for _, c := range found {
			stamps = append(stamps, c.stamp)
			switch {
			case c.why == reasonTooBig || c.why == reasonTooDense || c.why == reasonBinary: // binary: written since the search
				left[c.why]++
				continue
			case c.why != "":
				in.Warnings = append(in.Warnings, page.Quote(c.path)+": "+c.why)
				continue
			}
			in.Parsed++
			in.Mentions += c.mentions
			if len(c.defs) > 0 && level == 0 {
				in.Definitions = append(in.Definitions, page.File{Path: c.path, Lines: c.defs})
			}
			for _, o := range c.open {
				open[o], open[typeAt(typeHome(c.path), o)] = true, true
			}
			for i := range c.calls {
				c.calls[i].Depth = level
			}
			if len(c.calls) > 0 {
				in.Files = append(in.Files, page.File{Path: c.path, Lines: c.calls})
			}
		}
		// A level's files as its definitions: the project's own first,
		// vendored copies last, each kind in path order (a total order,
		// so a cursor resumes it).
		slices.SortStableFunc(in.Files[from:], func(a, b page.File) int { return ownFirst(a.Path) - ownFirst(b.Path) })
		if level > 0 && from < len(in.Files) {
			in.Levels = append(in.Levels, page.Level{Start: from, Names: names})
		}
		if level == 0 {
			slices.SortStableFunc(in.Definitions, func(a, b page.File) int {
				return cmp.Or(ownFirst(a.Path)-ownFirst(b.Path), strings.Compare(a.Path, b.Path))
			})
			ownPackage(name, in.Definitions, in.Files)
			if qual != "" {
				var files, defs []page.File
				if mode != page.Callees && pkg == "" && !strings.HasPrefix(strings.TrimSpace(typed), "(") {
					files, defs, in.NotOf = ofPackage(in.Files, in.Definitions, qual)
				}
				if len(files) == 0 && len(defs) == 0 {
					// No package or module qual: the type qual's method.
					typeMadeBy(ctx, &in, sc, gr, name)
					files, defs, in.NotOf = ofType(in.Files, in.Definitions, qual, pkg, mode, open)
					in.OfType = true
				}
				if len(files) == 0 && len(defs) == 0 {
					of := "no package or module " + qual + " defines " + name + " or is named at a call of it, and no type " + qual + " has a method " + name
					if mode == page.Callees || strings.HasPrefix(strings.TrimSpace(typed), "(") {
						of = "no type " + qual + " has a method " + name
					}
					if pkg != "" {
						of = "no type " + qual + " of a package or module " + strings.ReplaceAll(pkg, ".", sep) + " has a method " + name
					}
					if syntax.By == syntax.ByClassifier && slices.ContainsFunc(in.Definitions, func(f page.File) bool { return family(f.Path) != "go" }) {
						of += " (this scout was built without cgo, so without a parser: outside Go, its line classifier does not tell whose method a definition is)"
					}
					give := strconv.Quote(name)
					if owners := ownersOf(in.Definitions); pkg != "" && slices.Contains(owners, qual) {
						of += " (" + qual + sep + name + " is defined in " + nameList(placesOf(in.Definitions, qual)) + ")"
						give += " or " + strconv.Quote(qual+sep+name)
					} else if len(owners) == 1 {
						of += " (" + name + " is a method of " + owners[0] + ")"
						give += " or " + strconv.Quote(owners[0]+sep+name)
					} else if len(owners) > 1 {
						of += " (" + name + " is a method of " + nameList(owners) + ")"
					}
					return nil, fmt.Errorf("%w: %s takes a name, or one qualified by a Go package, a Python, JavaScript or TypeScript module (sha256.Sum256, json.loads, fs.readFile) or the type whose method it is (ServerSession.Close, Queue.join), that type with its package or module too (mcp.(*ServerSession).Close as Go's stack traces print it, queue.Queue.join), and %s in the files searched: give %s (the page lists the definitions of %s first, each with its file, so you can tell which one %q means)", ErrPattern, mode, of, give, name, typed)
				}
				in.Files, in.Definitions = files, defs
				in.Name, in.Of = asked, qual
				if pkg != "" { // a.T: the page tells it from another package's T
					in.Of = packageCalled(pkg) + "." + qual
				}
				if sep != "." { // written Type::method: the page writes it so
					in.Of = strings.ReplaceAll(in.Of, ".", sep)
					for _, f := range in.Files {
						for i := range f.Lines {
							f.Lines[i].Receiver = strings.ReplaceAll(f.Lines[i].Receiver, ".", sep)
						}
					}
				}
			}
		}
		names = callerNames(in.Files[from:], seen)
		if level == 0 {
			if w := kc.save(); w != "" {
				in.Warnings = append(in.Warnings, w)
			}
			kc = nil // deeper levels ask of many names at once
		}
	}
	if mode == page.Callees {
		typeMadeBy(ctx, &in, sc, gr, "")
		if err := targets(ctx, sc, in.Files); err != nil {
			return nil, err
		}
	}
	return finishNamed(in, at, fp, unsupported, left, stamps)
}

// startNamed begins a page of what the parser finds of a name (callers,
// callees, refs, implementations; asked is the name as asked, pkg.Name):
// the page's options checked, the cursor's place, and the page's input
// so far.
func startNamed(mode Mode, name, asked string, sc Scope, po PageOptions, showSecrets bool, depth int) (page.CallersInput, resume, uint64, error) {
	if err := po.check(); err != nil {
		return page.CallersInput{}, resume{}, 0, err
	}
	fp := fingerprintOf(mode.String(), sc, RankOptions{}, asked, showSecrets, max(depth, 1))
	at, err := startPage(po.Cursor, fp, time.Time{}, onlyMode(mode))
	if err != nil {
		return page.CallersInput{}, resume{}, 0, err
	}
	return page.CallersInput{Mode: mode, Name: name, By: syntax.By, Number: 1, Budget: po.Budget * 4, Face: po.Face}, at, fp, nil
}

// finishNamed ends a page that startNamed began: the files not parsed
// (unsupported, in a language without a parser; left, by reason), the
// cursor, stale when a file of stamps changes, and the page.
func finishNamed(in page.CallersInput, at resume, fp uint64, unsupported int, left map[string]int, stamps []stamp) (*Page, error) {
	if unsupported > 0 {
		in.NotParsed = append(in.NotParsed, page.Reason{Reason: reasonUnsupported, Count: unsupported})
	}
	for _, r := range []string{reasonTooBig, reasonTooDense, reasonBinary} {
		if left[r] > 0 {
			in.NotParsed = append(in.NotParsed, page.Reason{Reason: r, Count: left[r]})
		}
	}
	total := 0
	for _, f := range in.Files {
		total += len(f.Lines)
	}
	var err error
	in.Start, in.Number, in.Cursor, err = at.resumeParsed(fp, in.Mode, total, len(in.Files), nil, slices.Values(stamps))
	if err != nil {
		return nil, err
	}
	return page.PlanCallers(in), nil
}

// MaxCallersDepth is the most levels of callers a callers page follows.
const MaxCallersDepth = 5

// maxLevelNames is the most functions a level of callers looks for the
// callers of; the rest are named on the page as not followed.
const maxLevelNames = 50

// mentioning searches the scope for the files that mention any of names
// as a word, and returns those in a language with a parser, in path
// order, how many others there were, the files searched, and the walk's
// result, for its warnings (a path not there, a file unreadable). Each file
// with a mention is given to matched (nil: none) as the search reads it
// (see request.matched).
func mentioning(ctx context.Context, names []string, sc Scope, matched func(string, time.Time, []byte)) (paths []string, unsupported, searched int, walked *Result, err error) {
	res, _, err := run(ctx, request{Options: Options{
		Patterns: names, Fixed: true, Word: true, Case: CaseSensitive, Scope: sc,
		RankOptions: RankOptions{Sort: ByPath, NoFrecency: true, NoGit: true}, CountOnly: true, NoSpans: true,
	}, matched: matched}, 0)
	if err != nil {
		return nil, 0, 0, nil, err
	}
	for _, f := range res.Files {
		if grammarOfFile(f.Path) == "" {
			unsupported++
			continue
		}
		paths = append(paths, f.Path)
	}
	return paths, unsupported, res.Stats.FilesSearched, res, nil
}

// mentionsLevel runs parseMentions for a level of a named page (see
// startNamed) and adds to in the files searched and, at level 0, the
// walk's warnings: each level walks the same tree. Its error says which
// part took longer than the page's time limit (ranOut, timeout).
func mentionsLevel[T any](ctx context.Context, in *page.CallersInput, level int, names []string, sc Scope, timeout time.Duration, ranOut func(error) bool, parse func(p string, data []byte, st stamp) T, failed func(p string, st stamp, why string) T) (found []T, unsupported int, err error) {
	found, paths, unsupported, searched, walked, err := parseMentions(ctx, names, sc, parse, failed)
	if err != nil {
		if ranOut(err) {
			return nil, 0, fmt.Errorf("the search for %s took longer than the %v allowed: narrow it with paths, globs or types, or raise the timeout", strings.Join(names, ", "), timeout)
		}
		return nil, 0, err
	}
	in.Searched = max(in.Searched, searched)
	if level == 0 {
		in.Failed = walked.Failed()
		in.Warnings = append(in.Warnings, warningLines(walked.Warnings)...)
	}
	if err := ctx.Err(); err != nil {
		if ranOut(err) {
			return nil, 0, fmt.Errorf("parsing the %d files that mention %s took longer than the %v allowed: narrow the search, or raise the timeout", len(paths), strings.Join(names, ", "), timeout)
		}
		return nil, 0, err
	}
	return found, unsupported, nil
}

// parseMentions searches the scope for the files that mention any of
// names (see mentioning) and parses each of those in a language with a
// parser with parse: as the search reads it, in the worker that found the
// name there (read once, and parsed while other files are searched), or
// else after the search, in parallel, read again (failed answers for a
// file that cannot be read then). It returns the answers in path order,
// with what mentioning does.
func parseMentions[T any](ctx context.Context, names []string, sc Scope, parse func(p string, data []byte, st stamp) T, failed func(p string, st stamp, why string) T) (found []T, paths []string, unsupported, searched int, walked *Result, err error) {
	var mu sync.Mutex
	pre := map[string]T{}
	paths, unsupported, searched, walked, err = mentioning(ctx, names, sc, func(p string, mtime time.Time, data []byte) {
		if syntax.GrammarOf(p, data) == "" {
			return
		}
		c := parse(p, data, stamp{path: p, mtime: mtime, digest: crc32Of(data)})
		mu.Lock()
		pre[p] = c
		mu.Unlock()
	})
	if err != nil {
		return nil, nil, 0, 0, nil, err
	}
	found = make([]T, len(paths))
	parallel(ctx, len(paths), func(i int) {
		if c, ok := pre[paths[i]]; ok {
			found[i] = c
			return
		}
		data, st, why := readParsable(paths[i])
		if why != "" {
			found[i] = failed(paths[i], st, why)
			return
		}
		found[i] = parse(paths[i], data, st)
	})
	return found, paths, unsupported, searched, walked, nil
}

// callerNames returns the names of the functions the calls of files sit
// in that were not looked for yet (marking them in seen), sorted, at most
// maxLevelNames of them: the next level's names.
func callerNames(files []page.File, seen map[string]bool) []string {
	var out []string
	for _, f := range files {
		for _, l := range f.Lines {
			if l.In != nil && !seen[l.In.Name] && isIdentifier(l.In.Name) {
				seen[l.In.Name] = true
				out = append(out, l.In.Name)
			}
		}
	}
	slices.Sort(out)
	return out[:min(len(out), maxLevelNames)]
}

// usesInData parses a file's content, read as data with the stamp st, for
// the uses q asks for, or takes the parse kept from an earlier search of
// the same file (q.kc).
func usesInData(ctx context.Context, path string, data []byte, st stamp, q usesQuery) (c fileCalls) {
	c.path, c.stamp = path, st
	if len(data) > syntax.MaxSize {
		c.why = reasonTooBig
		return c
	}
	p, ok := q.kc.get(path, data, st.digest)
	if !ok {
		var err error
		p, err = parseUses(ctx, path, data, q.names, q.mode)
		switch {
		case notParsed(err) != "":
			c.why = notParsed(err)
			return c
		case err != nil:
			c.why = err.Error()
			return c
		}
		q.kc.put(path, data, st.digest, p)
	}
	showUses(&c, p, data, q)
	return c
}

// parseUses parses a file for the uses of the names that mode asks for.
func parseUses(ctx context.Context, path string, data []byte, names []string, mode Mode) (parsedFile, error) {
	name := names[0]
	var f *syntax.File
	var us []use
	var err error
	switch mode {
	case page.Refs:
		var refs []syntax.Ref
		f, refs, err = syntax.Refs(ctx, path, data, name)
		for _, r := range refs {
			us = append(us, use{line: r.Line, start: r.StartByte, in: r.In, kind: r.Kind})
		}
	case page.Callees:
		var calls []syntax.Call
		f, calls, err = syntax.Callees(ctx, path, data, name)
		for _, call := range calls {
			us = append(us, use{line: call.Line, start: call.StartByte, in: call.In, size: len(call.Name)})
		}
	default:
		var calls []syntax.Call
		if len(names) > 1 { // callers of several functions: a level of callers
			f, calls, err = syntax.CallsOf(ctx, path, data, names)
		} else {
			f, calls, err = syntax.Calls(ctx, path, data, name)
		}
		for _, call := range calls {
			us = append(us, use{line: call.Line, start: call.StartByte, in: call.In})
		}
	}
	if err != nil {
		return parsedFile{}, err
	}
	return parsedFile{grammar: f.Grammar, defs: f.Defs, uses: us}, nil
}

// showUses makes the page's lines of a file's parse: the definitions of
// name, and each use under the definition it sits in.
func showUses(c *fileCalls, p parsedFile, data []byte, uq usesQuery) {
	name, mode := uq.names[0], uq.mode
	m := newMasker(uq.showSecrets, c.path, data, 1)
	show := func(n int, text string) string {
		s, _ := m.line(n, text)
		return s
	}
	q := uq.gr.qualifier(c.path, data)
	var rs *receivers // a search of Type.Method's (uq.qual: Type, or a package)
	if uq.qual != "" {
		rs = newReceivers(c.path, p, data, q)
	}
	on := rs // what a callee's receiver is, in Go

	for i, d := range p.defs {
		if rs != nil && (d.Kind == "interface" || d.Kind == "trait" || d.Kind == "protocol") {
			c.open = append(c.open, d.Name) // it holds the name: it declares the method, or uses it
		}
		if syntax.Names(d.Name, name) && (mode != page.Callees || !syntax.Holder(d.Kind)) {
			l := page.Line{Number: d.Start, End: d.End, Kind: d.Kind, Name: d.Name, Depth: d.Depth, Text: show(d.Start, d.Signature)}
			if rs != nil {
				l.Owner, l.Space = ownerOf(p.defs, i), spaceOf(p.defs, i)
				if h := holderOf(p.defs, i); h >= 0 {
					l.OwnerHead = p.defs[h].Signature
				}
			}
			c.defs = append(c.defs, l)
		}
	}
	for _, r := range p.uses {
		switch r.kind {
		case syntax.RefDefinition:
			continue // listed with the definitions
		case syntax.RefComment, syntax.RefString:
			c.mentions++
			continue
		}
		l := page.Line{Number: r.line, Kind: r.kind, Text: show(r.line, short(strings.TrimSpace(lineAt(data, r.start)), maxCallLine))}
		pkg, local := q.at(r.start)
		i := caller(p.defs, r.in)
		if mode == page.Callees {
			i = r.in // the definition of name itself, not a function around it
			l.Callee = &page.Target{Name: string(data[r.start : r.start+r.size]), Package: pkg, Local: local}
			if p.grammar == "go" && pkg == nil && !local && i >= 0 {
				if on == nil {
					on = newReceivers(c.path, p, data, q)
				}
				var raw string
				if _, raw, l.Callee.MadeBy = on.of(r.start, i); raw != "" {
					l.Callee.On, l.Callee.OnDir = on.goType(raw)
				}
			}
		} else {
			l.Package, l.Local = pkg, local
		}
		switch {
		case rs == nil:
		case mode == page.Callees && i >= 0:
			l.RecvType = ownerOf(p.defs, i) // the type whose method holds the call
		case mode != page.Callees:
			l.NotMethod, l.RecvType, l.MadeBy = rs.of(r.start, i)
			switch {
			case p.grammar == "go" && l.RecvType != "":
				l.RecvType, l.RecvDir = rs.goType(l.RecvType) // pkg.Type: Type, of pkg's directory
			case p.grammar == "python" && l.RecvType != "":
				l.RecvType, l.RecvDir = rs.pyType(l.RecvType) // queue.Queue: Queue, of the file that defines it
			}
		}
		if i >= 0 {
			d := p.defs[i]
			l.In = &page.Def{Number: d.Start, End: d.End, Kind: d.Kind, Name: d.Name, Text: show(d.Start, d.Signature)}
		}
		c.calls = append(c.calls, l)
	}
}
