//go:build cgo

package syntax

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"sync"
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

// grammar is a language with its compiled query, made once and kept for
// the life of the process (both are C memory, shared by every parse: a
// query is read-only once compiled).
type grammar struct {
	once  sync.Once
	lang  *sitter.Language
	query *sitter.Query
	kinds []string // by capture index: the kind of a @def.KIND capture, "" for @name
	name  uint32   // the index of @name
	err   error
}

var loaded = func() map[string]*grammar {
	m := make(map[string]*grammar, len(languages))
	for g := range languages {
		m[g] = new(grammar)
	}
	return m
}()

func load(g string) (*grammar, error) {
	gr := loaded[g]
	gr.once.Do(func() {
		gr.lang = sitter.NewLanguage(languages[g]())
		q, qerr := sitter.NewQuery(gr.lang, queries[g])
		if qerr != nil {
			gr.err = fmt.Errorf("the %s definition query does not compile: %v", g, qerr)
			return
		}
		gr.query = q
		for i, c := range q.CaptureNames() {
			k, _ := strings.CutPrefix(c, "def.")
			if c == "name" {
				gr.name, k = uint32(i), ""
			}
			gr.kinds = append(gr.kinds, k)
		}
	})
	return gr, gr.err
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

// chunk is the most the parser is handed at once: the binding copies each
// piece it is given twice (into a Go string and then C memory), so handing
// it the rest of the file each time it asks would cost O(n²) on a file the
// lexer steps back in.
const chunk = 16 << 10

// Parse parses a file's source and returns its definitions. name picks the
// grammar (see Grammar). ctx cancels a long parse.
func Parse(ctx context.Context, name string, src []byte) (*File, error) {
	g := Grammar(name)
	if g == "" {
		return nil, fmt.Errorf("%s: %w", name, ErrUnsupported)
	}
	if len(src) > MaxSize {
		return nil, fmt.Errorf("%s: %w (%d bytes; the most is %d)", name, ErrTooBig, len(src), MaxSize)
	}
	gr, err := load(g)
	if err != nil {
		return nil, err
	}
	p := getParser()
	defer putParser(p)
	if err := p.SetLanguage(gr.lang); err != nil {
		return nil, fmt.Errorf("%s grammar: %w", g, err)
	}
	read := func(i int, _ sitter.Point) []byte {
		if i >= len(src) {
			return nil
		}
		return src[i:min(len(src), i+chunk)]
	}
	cancelled := func(sitter.ParseState) bool { return ctx.Err() != nil }
	tree := p.ParseWithOptions(read, nil, &sitter.ParseOptions{ProgressCallback: cancelled})
	if tree == nil {
		p.Reset()
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		return nil, fmt.Errorf("%s: the parser gave up", name)
	}
	defer tree.Close()
	root := tree.RootNode()
	f := &File{Grammar: g, By: ByParser, Errors: root.HasError()}
	qc := sitter.NewQueryCursor()
	defer qc.Close()
	ms := qc.Matches(gr.query, root, src)
	for m := ms.Next(); m != nil; m = ms.Next() {
		var def, nm sitter.Node
		kind := ""
		for _, c := range m.Captures {
			if c.Index == gr.name {
				nm = c.Node
			} else if k := gr.kinds[c.Index]; k != "" {
				def, kind = c.Node, k
			}
		}
		if kind == "" || nm.EndByte() == 0 {
			continue
		}
		d := Def{
			Kind:      kind,
			Name:      string(src[nm.StartByte():nm.EndByte()]),
			StartByte: int(def.StartByte()),
			EndByte:   int(def.EndByte()),
			Start:     int(def.StartPosition().Row) + 1,
			End:       int(def.EndPosition().Row) + 1,
		}
		if e := def.EndPosition(); e.Column == 0 && e.Row > def.StartPosition().Row {
			d.End-- // a node that ends with its line's newline
		}
		head := d.EndByte // without a body: the first line
		if b := def.ChildByFieldName("body"); b != nil {
			head = int(b.StartByte())
			if g == "python" {
				d.End = lastStatement(b, d.End)
			}
		} else if i := bytes.IndexByte(src[d.StartByte:d.EndByte], '\n'); i >= 0 {
			head = d.StartByte + i
		}
		if g == "go" && kind == "type" {
			if t := def.ChildByFieldName("type"); t != nil {
				switch t.Kind() {
				case "struct_type":
					d.Kind = "struct"
				case "interface_type":
					d.Kind = "interface"
				}
			}
		}
		d.Signature = signature(g, d.Kind, src[d.StartByte:max(d.StartByte, head)])
		f.Defs = append(f.Defs, d)
	}
	nest(f)
	return f, nil
}

// lastStatement returns the last line of the last statement of a Python
// block, as Python's ast ends a definition: tree-sitter's block also holds
// the comments after it. end is returned when the block has none.
func lastStatement(block *sitter.Node, end int) int {
	for i := int(block.NamedChildCount()) - 1; i >= 0; i-- {
		if c := block.NamedChild(uint(i)); c != nil && c.Kind() != "comment" {
			return int(c.EndPosition().Row) + 1
		}
	}
	return end
}
