//go:build cgo

package syntax

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"unsafe"

	sitter "github.com/tree-sitter/go-tree-sitter"
	tsbash "github.com/tree-sitter/tree-sitter-bash/bindings/go"
	tscsharp "github.com/tree-sitter/tree-sitter-c-sharp/bindings/go"
	tsc "github.com/tree-sitter/tree-sitter-c/bindings/go"
	tscpp "github.com/tree-sitter/tree-sitter-cpp/bindings/go"
	tsgo "github.com/tree-sitter/tree-sitter-go/bindings/go"
	tsjava "github.com/tree-sitter/tree-sitter-java/bindings/go"
	tsjs "github.com/tree-sitter/tree-sitter-javascript/bindings/go"
	tsphp "github.com/tree-sitter/tree-sitter-php/bindings/go"
	tspython "github.com/tree-sitter/tree-sitter-python/bindings/go"
	tsruby "github.com/tree-sitter/tree-sitter-ruby/bindings/go"
	tsrust "github.com/tree-sitter/tree-sitter-rust/bindings/go"
	tsts "github.com/tree-sitter/tree-sitter-typescript/bindings/go"
)

// By is how this build finds definitions.
const By = ByParser

var languages = map[string]func() unsafe.Pointer{
	"bash":       tsbash.Language,
	"c":          tsc.Language,
	"cpp":        tscpp.Language,
	"csharp":     tscsharp.Language,
	"go":         tsgo.Language,
	"java":       tsjava.Language,
	"javascript": tsjs.Language,
	"php":        tsphp.LanguagePHP,
	"python":     tspython.Language,
	"ruby":       tsruby.Language,
	"rust":       tsrust.Language,
	"tsx":        tsts.LanguageTSX,
	"typescript": tsts.LanguageTypescript,
}

// grammar is a language with what its rules need in node kind and field
// ids, made once and kept for the life of the process (the language is C
// memory shared by every parse).
type grammar struct {
	name  string
	lang  *sitter.Language
	want  []byte          // by node kind id: 1 for the kinds with a rule
	rules map[uint16]rule // by node kind id
	// calls: by node kind id, 1 for definitions and calls
	wantCalls []byte
	onlyCalls []byte // by node kind id: 1 for calls alone
	calls     map[uint16]callRule
	// field ids by name, and the kind ids of names and of values (binding
	// rules), for the checks on each definition
	fields    map[string]uint16
	names     map[uint16]bool // nameKinds
	kindNames map[uint16]string
}

var loaded = func() map[string]func() *grammar {
	m := make(map[string]func() *grammar, len(languages))
	for g, ptr := range languages {
		m[g] = sync.OnceValue(func() *grammar { return newGrammar(g, sitter.NewLanguage(ptr())) })
	}
	return m
}()

func newGrammar(g string, lang *sitter.Language) *grammar {
	gr := &grammar{name: g, lang: lang, rules: map[uint16]rule{}, calls: map[uint16]callRule{}, fields: map[string]uint16{}, names: map[uint16]bool{}, kindNames: map[uint16]string{}}
	n := lang.NodeKindCount()
	gr.want, gr.wantCalls, gr.onlyCalls = make([]byte, n), make([]byte, n), make([]byte, n)
	for id := range uint16(n) {
		if !lang.NodeKindIsNamed(id) {
			continue
		}
		k := lang.NodeKindForId(id)
		if r, ok := rules[g][k]; ok {
			gr.want[id], gr.wantCalls[id], gr.rules[id] = 1, 1, r
		}
		if r, ok := callRules[g][k]; ok {
			gr.wantCalls[id], gr.onlyCalls[id], gr.calls[id] = 1, 1, r
			for _, f := range []string{r.field} {
				gr.fields[f] = lang.FieldIdForName(f)
			}
			for _, f := range r.names {
				if f != "" {
					gr.fields[f] = lang.FieldIdForName(f)
				}
			}
		}
		for _, nk := range nameKinds {
			if k == nk {
				gr.names[id] = true
			}
		}
		gr.kindNames[id] = k
	}
	for _, f := range []string{"name", "type", "body", "declarator", "value"} {
		gr.fields[f] = lang.FieldIdForName(f)
	}
	return gr
}

// parsers holds idle parsers for reuse: making one costs C allocations,
// and a parser keeps its buffers between parses. Parsers beyond its size
// are closed.
var parsers = make(chan *sitter.Parser, 16)

func getParser() *sitter.Parser {
	select {
	case p := <-parsers:
		return p
	default:
		return sitter.NewParser()
	}
}

func putParser(p *sitter.Parser) {
	select {
	case parsers <- p:
	default:
		p.Close()
	}
}

// Parse parses a file's source and returns its definitions. name picks the
// grammar (see Grammar). ctx cancels a long parse.
//
// A Go file is read by go/parser (see goDefs), unless it has a syntax
// error.
func Parse(ctx context.Context, name string, src []byte) (*File, error) {
	return parseWhole(ctx, name, src, false)
}

// Outline parses a file's source as Parse does and adds its top-level
// declarations: a Go package's constants and variables, Python's
// module-level names, JavaScript's and TypeScript's top-level const, let
// and var, Rust's const and static items, C's and C++'s macros and
// variables, Ruby's and PHP's constants, a shell script's variables (see
// declarations.go). They are
// what a file holds besides its definitions, for an outline; Parse leaves
// them out.
func Outline(ctx context.Context, name string, src []byte) (*File, error) {
	return parseWhole(ctx, name, src, true)
}

// parseWhole parses all of src, for Parse and Outline.
func parseWhole(ctx context.Context, name string, src []byte, decls bool) (*File, error) {
	if Grammar(name) == "go" && parsable(name, src) == nil {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if f, ok := goDefs(src, decls); ok {
			return f, nil
		}
	}
	f, _, err := parse(ctx, name, src, "", decls)
	return f, err
}

// Calls parses a file's source and returns the calls of callee in it, and
// the definitions that hold one of its occurrences as a word (among them
// the definitions of callee, and those each call sits in). Only the
// subtrees that hold an occurrence are read.
func Calls(ctx context.Context, name string, src []byte, callee string) (*File, []Call, error) {
	return parse(ctx, name, src, callee, false)
}

// parse parses src; with a callee, it returns its calls, and only the
// definitions that hold an occurrence of it; else all of them, and with
// decls the top-level declarations too.
func parse(ctx context.Context, name string, src []byte, callee string, decls bool) (*File, []Call, error) {
	var occ []uint32
	if callee != "" {
		occ = callish(src, Occurrences(src, callee), len(callee), GrammarOf(name, src))
		if f, ok := nothing(name, src, occ); ok {
			return f, nil, nil
		}
	}
	c := cutWhole
	if callee != "" {
		c = cutUses
	}
	gr, tree, err := open(ctx, name, src, occ, c)
	if err != nil {
		return nil, nil, err
	}
	defer tree.Close()
	g := gr.name
	root := tree.RootNode()
	f := &File{Grammar: g, By: ByParser, Errors: root.HasError()}
	if callee == "" {
		for _, def := range collect(root, gr.want, nil) {
			if d, ok := gr.define(&def, src); ok {
				f.Defs = append(f.Defs, d)
			}
		}
		if decls {
			f.Defs = append(f.Defs, definedElsewhere(f.Defs, gr.declarations(root, src))...)
		}
		nest(f)
		return f, nil, nil
	}
	cs := gr.callsIn(f, root, src, occ, callee)
	return f, cs, nil
}

// callsIn returns the calls of callee under root, and adds to f the
// definitions that hold one of its occurrences occ, nested.
func (gr *grammar) callsIn(f *File, root *sitter.Node, src []byte, occ []uint32, callee string) []Call {
	var cs []Call
	for _, n := range collect(root, gr.wantCalls, occ) {
		if r, ok := gr.calls[n.KindId()]; ok {
			if nm := gr.callee(&n, r); nm != nil && string(src[nm.StartByte():nm.EndByte()]) == callee {
				cs = append(cs, Call{Name: callee, Line: int(nm.StartPosition().Row) + 1, StartByte: int(nm.StartByte())})
			}
			continue
		}
		if d, ok := gr.define(&n, src); ok {
			f.Defs = append(f.Defs, d)
		}
	}
	nest(f)
	within(f, cs)
	return cs
}

// nothing returns the empty answer for a question about a name that does
// not occur in a file scout can parse: no parse needed.
func nothing(name string, src []byte, occ []uint32) (*File, bool) {
	if g := GrammarOf(name, src); len(occ) == 0 && g != "" && parsable(name, src) == nil {
		return &File{Grammar: g, By: ByParser}, true
	}
	return nil, false
}

// cut is how much of a file open parses.
type cut int

const (
	cutWhole  cut = iota // all of it
	cutUses              // the parts around the occurrences of a name (see regions, goRegions)
	cutBodies            // as cutUses, and the whole of a definition whose name is one (callees read its body)
)

// open parses a file with its grammar: all of it, or with regions only
// the parts around the occurrences occ (the whole file when those parse
// with errors: regions cut wrong, or a file with errors anyway).
//
// Each parse waits for room for the bytes it parses (see room), which
// its tree holds until closed; ctx ends the wait.
func open(ctx context.Context, name string, src []byte, occ []uint32, c cut) (*grammar, *tree, error) {
	g := headerGrammar(name, src)
	if g == "" {
		return nil, nil, fmt.Errorf("%s: %w", name, ErrUnsupported)
	}
	if err := parsable(name, src); err != nil {
		return nil, nil, err
	}
	gr, p, err := parserFor(g)
	if err != nil {
		return nil, nil, err
	}
	defer putParser(p)
	// The ways to cut the file, least parsed first; the whole file last.
	var cuts []func() []sitter.Range
	if c != cutWhole {
		cuts = append(cuts, func() []sitter.Range { return leastCut(g, src, occ, c) })
		if g == "go" {
			cuts = append(cuts, func() []sitter.Range { return goRegions(src, occ, false, true) })
		}
	}
	var t *tree
	for _, cut := range cuts {
		ranges := cut()
		if (g == "c" || g == "cpp") && spanned(ranges) > len(src)/2 {
			// Most of a C or C++ file (an occurrence in a class that
			// spans it): the whole is parsed at once. A cut that parses
			// with errors is parsed again whole, and each of those
			// parses is two (parseMasked); libstdc++'s headers, full of
			// macros, most often parse with errors either way
			// (basic_string.h: 184 ms for a line of its class, 72 ms so).
			ranges = nil
		}
		if t, err = parseMasked(ctx, p, g, src, ranges); err != nil || ranges == nil || !t.RootNode().HasError() {
			break // nil ranges: the whole file
		}
		t.Close()
		t = nil
	}
	if t == nil && err == nil {
		t, err = parseMasked(ctx, p, g, src, nil)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", name, err)
	}
	return gr, t, nil
}

// spanned returns the bytes the ranges hold.
func spanned(ranges []sitter.Range) int {
	n := 0
	for _, r := range ranges {
		n += int(r.EndByte - r.StartByte)
	}
	return n
}

// parses counts the parses parseIn made (for tests).
var parses atomic.Int64

// parseIn is parseRanges once there is room for the bytes it parses: the
// ranges', or all of src with none. The tree holds the room until closed.
func parseIn(ctx context.Context, p *sitter.Parser, src []byte, ranges []sitter.Range) (*tree, error) {
	n := int64(len(src))
	if ranges != nil {
		n = int64(spanned(ranges))
	}
	took, err := room.acquire(ctx, n)
	if err != nil {
		return nil, err
	}
	held := false // by the tree returned; else given back, on a panic too
	defer func() {
		if !held {
			room.release(took)
		}
	}()
	parses.Add(1)
	t, err := parseRanges(ctx, p, src, ranges)
	if err != nil {
		return nil, err
	}
	held = true
	return &tree{Tree: t, took: took}, nil
}

// parseMasked is parseIn, and for C and C++ source that parses with
// errors, a parse of it with the macros around its declarations blanked
// (see maskMacros) when no more of that is in error (see errorBytes). The tree's nodes stand at
// the same offsets either way: names and signatures are read from src.
// As much in error is most often one error that spans the whole file
// either way (libstdc++'s bits/stl_list.h, where a "#if" splits a
// declaration): inside it, the masked copy still reads more (a method's
// head with its type: "const_iterator begin() const _GLIBCXX_NOEXCEPT",
// not "begin() const"); over /usr/include's C++, 2,554 more names.
// The first tree is closed before the second parse, so that a file never
// holds twice its room (the rare copy with more errors is parsed again).
func parseMasked(ctx context.Context, p *sitter.Parser, g string, src []byte, ranges []sitter.Range) (*tree, error) {
	t, err := parseIn(ctx, p, src, ranges)
	if err != nil || g != "c" && g != "cpp" || !t.RootNode().HasError() {
		return t, err
	}
	masked := maskMacros(src)
	if masked == nil {
		return t, nil
	}
	before := errorBytes(t.RootNode())
	t.Close()
	if t, err = parseIn(ctx, p, masked, ranges); err != nil || errorBytes(t.RootNode()) <= before {
		return t, err
	}
	t.Close()
	return parseIn(ctx, p, src, ranges)
}

// errorBytes measures the errors in the tree under n: the bytes of the
// source the parser could not read, and one for each node it made up. Not
// their number: one error can swallow the rest of a file. Only the
// subtrees that hold an error are walked.
func errorBytes(n *sitter.Node) int {
	switch {
	case !n.HasError():
		return 0
	case n.IsError():
		return max(1, int(n.EndByte()-n.StartByte()))
	case n.IsMissing():
		return 1
	}
	sum := 0
	for i := range n.ChildCount() {
		if c := n.Child(i); c != nil {
			sum += errorBytes(c)
		}
	}
	return sum
}

// tree is a parsed tree that holds its share of the room until closed.
type tree struct {
	*sitter.Tree
	took int64
}

// Close frees the tree and gives its room back, and a large tree's memory
// back to the system (see giveBack).
func (t *tree) Close() {
	t.Tree.Close()
	if t.took >= giveBackAfter {
		giveBack()
	}
	room.release(t.took)
	t.took = 0
}

// giveBackAfter is the size of source from which a tree's memory is given
// back to the system once it is freed: a tree of 1 MiB of source takes
// tens to hundreds of MB, and giving back costs a walk of the C heap.
const giveBackAfter = 1 << 20

// parserFor returns grammar g and a parser set to it, which the caller
// puts back (putParser).
func parserFor(g string) (*grammar, *sitter.Parser, error) {
	gr := loaded[g]()
	p := getParser()
	if err := p.SetLanguage(gr.lang); err != nil {
		putParser(p)
		return nil, nil, fmt.Errorf("%s grammar: %w", g, err)
	}
	return gr, p, nil
}

// leastCut returns the least of src that open parses for a question about
// the occurrences occ in grammar g (c is not cutWhole): in Go, cut by
// gofmt's layout (goRegions); elsewhere whole top-level declarations
// (regions).
func leastCut(g string, src []byte, occ []uint32, c cut) []sitter.Range {
	if g == "go" {
		return goRegions(src, occ, true, c == cutBodies)
	}
	return regions(src, occ, g, false)
}

// around parses the regions of src around the occurrences occ and returns
// the tree (the caller closes it), its grammar, and the file with the
// definitions that hold an occurrence and that keep says to (nil: all),
// nested.
func around(ctx context.Context, path string, src []byte, occ []uint32, c cut, keep func(Def) bool) (*grammar, *tree, *File, error) {
	gr, tree, err := open(ctx, path, src, occ, c)
	if err != nil {
		return nil, nil, nil, err
	}
	returned := false // else closed, on a panic too: it holds room
	defer func() {
		if !returned {
			tree.Close()
		}
	}()
	f := gr.defsAround(tree.RootNode(), src, occ, keep)
	returned = true
	return gr, tree, f, nil
}

// defsAround returns the file with the definitions under root that hold
// an occurrence and that keep says to (nil: all), nested.
func (gr *grammar) defsAround(root *sitter.Node, src []byte, occ []uint32, keep func(Def) bool) *File {
	f := &File{Grammar: gr.name, By: ByParser, Errors: root.HasError()}
	for _, n := range collect(root, gr.want, occ) {
		// A node that holds an occurrence only in a comment after its
		// end (contentEnd) is no definition around it.
		if d, ok := gr.define(&n, src); ok && (keep == nil || keep(d)) && (len(occ) == 0 || holds(occ, d.StartByte, d.EndByte)) {
			f.Defs = append(f.Defs, d)
		}
	}
	nest(f)
	return f
}

// renew replaces the C parser of p, after a parse that stopped, with a
// new one (p's language and ranges are set again before each parse). A
// parse stopped while it balanced its tree leaves the parser to resume
// it, and ts_parser_reset does not undo that (tree-sitter 0.25:
// canceled_balancing stays set): the next parse, of anything, failed an
// assertion and aborted the process.
func renew(p *sitter.Parser) {
	p.Close()
	*p = *sitter.NewParser()
}

// parseRanges parses src, or only the given ranges of it when there are
// some (node positions stay those of src). It leaves the parser reading
// whole documents.
func parseRanges(ctx context.Context, p *sitter.Parser, src []byte, ranges []sitter.Range) (*sitter.Tree, error) {
	if err := p.SetIncludedRanges(ranges); err != nil {
		return nil, err
	}
	if ranges != nil {
		defer p.SetIncludedRanges(nil)
	}
	tree := parseC(ctx, p, src)
	if tree == nil {
		renew(p)
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		return nil, errors.New("the parser gave up")
	}
	return tree, nil
}

// callee returns the node naming what a call calls, or nil when the call
// is of something without a name (a call of a call's result, of an index).
func (gr *grammar) callee(call *sitter.Node, r callRule) *sitter.Node {
	fn := call.ChildByFieldId(gr.fields[r.field])
	if fn == nil {
		return nil
	}
	f, ok := r.names[gr.kindNames[fn.KindId()]]
	switch {
	case !ok:
		return nil
	case f == "":
		return fn
	}
	return fn.ChildByFieldId(gr.fields[f])
}

// define reads the definition at node def by its rule; ok is false when
// the node defines nothing after all (a binding to a value that is no
// function, a struct without a body, no name).
func (gr *grammar) define(def *sitter.Node, src []byte) (d Def, ok bool) {
	r := gr.rules[def.KindId()]
	kind := r.kind
	var nm *sitter.Node
	switch {
	case r.need != "" && def.ChildByFieldId(gr.fields[r.need]) == nil:
		return d, false
	case r.name == "declarator":
		nm = gr.declared(def)
	default:
		nm = def.ChildByFieldId(gr.fields[r.name])
	}
	if nm == nil || nm.EndByte() == nm.StartByte() {
		return d, false // no name, or one the parser made up to recover from an error
	}
	if r.values != nil {
		v := def.ChildByFieldId(gr.fields["value"])
		if v == nil || gr.kindNames[nm.KindId()] != "identifier" {
			return d, false
		}
		if kind = r.values[gr.kindNames[v.KindId()]]; kind == "" {
			return d, false
		}
	}
	last := contentEnd(def)
	d = Def{
		Kind:      kind,
		Name:      spelled(src[nm.StartByte():nm.EndByte()]),
		StartByte: int(def.StartByte()),
		EndByte:   int(last.EndByte()),
		NameStart: int(nm.StartByte()),
		NameEnd:   int(nm.EndByte()),
	}
	start, end := def.StartPosition(), last.EndPosition()
	d.setLines(int(start.Row)+1, int(end.Row)+1, int(end.Column))
	body := -1
	if b := def.ChildByFieldId(gr.fields["body"]); b != nil {
		body = int(b.StartByte())
		// Comments between the head and the body ("def f(x):  # why",
		// or a Python body's first lines) are not the head's.
		for p := b.PrevSibling(); p != nil && p.IsExtra() && int(p.StartByte()) >= d.NameEnd; p = p.PrevSibling() {
			body = int(p.StartByte())
		}
		if gr.name == "python" {
			d.End = gr.lastStatement(b, d.End)
		}
	}
	if gr.name == "go" && kind == "type" {
		if t := def.ChildByFieldId(gr.fields["type"]); t != nil {
			switch gr.kindNames[t.KindId()] {
			case "struct_type":
				d.Kind = "struct"
			case "interface_type":
				d.Kind = "interface"
			}
		}
	}
	d.setHead(gr.name, src, body)
	return d, true
}

// holds reports whether one of the sorted offsets occ lies in [s, e).
func holds(occ []uint32, s, e int) bool {
	i, _ := slices.BinarySearch(occ, uint32(s))
	return i < len(occ) && int(occ[i]) < e
}

// contentEnd returns the node where n's own text ends: its rightmost
// descendant that is not a comment. tree-sitter may hold the comment after
// a closing "}" ("}  // f") inside the node or after it, as the token
// after the comment decides, so a definition ends before it, whatever
// follows.
func contentEnd(n *sitter.Node) *sitter.Node {
	for range 64 {
		var last *sitter.Node
		for i := int(n.ChildCount()) - 1; i >= 0; i-- {
			if c := n.Child(uint(i)); c != nil && !c.IsExtra() {
				last = c
				break
			}
		}
		if last == nil {
			return n
		}
		n = last
	}
	return n
}

// declared follows a C or C++ declarator chain (pointers, references,
// parentheses, function and array declarators) down to the name it
// declares.
func (gr *grammar) declared(n *sitter.Node) *sitter.Node {
	for range 16 {
		next := n.ChildByFieldId(gr.fields["declarator"])
		if next == nil && n.NamedChildCount() > 0 && gr.kindNames[n.KindId()] != "function_definition" && gr.kindNames[n.KindId()] != "type_definition" {
			next = n.NamedChild(0) // a parenthesized or reference declarator
		}
		if next == nil {
			return nil
		}
		if gr.names[next.KindId()] {
			return next
		}
		n = next
	}
	return nil
}

// lastStatement returns the last line of the last statement of a Python
// block, as Python's ast ends a definition: tree-sitter's block also holds
// the comments after it. end is returned when the block has none.
func (gr *grammar) lastStatement(block *sitter.Node, end int) int {
	for i := int(block.NamedChildCount()) - 1; i >= 0; i-- {
		if c := block.NamedChild(uint(i)); c != nil && gr.kindNames[c.KindId()] != "comment" {
			return int(c.EndPosition().Row) + 1
		}
	}
	return end
}
