//go:build !cgo

package syntax

import (
	"bytes"
	"context"
	"fmt"
	"slices"

	"github.com/scoutcode/scout/internal/rank"
)

// By is how this build finds definitions: without cgo there is no parser,
// and the line classifier stands in.
const By = ByClassifier

// Parse finds the lines of a file's source that declare a name, with the
// line classifier of internal/rank: each Def has a start line and a name,
// kind "definition", no end and no parent. name picks the language.
func Parse(ctx context.Context, name string, src []byte) (*File, error) {
	g := GrammarOf(name, src)
	if g == "" {
		return nil, fmt.Errorf("%s: %w", name, ErrUnsupported)
	}
	if err := parsable(name, src); err != nil {
		return nil, err
	}
	f := &File{Grammar: g, By: ByClassifier}
	cl := rank.NewClassifier(rank.LangOfText(name, src), src)
	n := 0
	for s := 0; s < len(src); n++ {
		if n%4096 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		e := s + bytes.IndexByte(src[s:], '\n')
		if e < s {
			e = len(src)
		}
		if _, need, comment := cl.Line(s, e); need {
			if a, b, ok := declared(cl, src, s, e); ok {
				head := e // the line, without a comment that ends it
				if comment > b {
					head = s + comment
				}
				f.Defs = append(f.Defs, Def{
					Kind: "definition", Name: string(src[s+a : s+b]), Signature: signature(g, "", src[s:head], b),
					Start: n + 1, StartByte: s, Parent: -1, NameStart: s + a, NameEnd: s + b, HeadEnd: head,
				})
			}
		}
		s = e + 1
	}
	return f, nil
}

// Outline is Parse: the line classifier takes a constant's or a variable's
// line for a definition already.
func Outline(ctx context.Context, name string, src []byte) (*File, error) {
	return Parse(ctx, name, src)
}

// declared returns the first word of the line src[s:e] that the classifier
// calls a definition.
func declared(cl *rank.Classifier, src []byte, s, e int) (a, b int, ok bool) {
	if a, b, ok := cl.DeclaredName(s, e); ok {
		return a, b, true
	}
	line := src[s:e]
	for i := 0; i < len(line); {
		if !rank.IsWord(line[i]) {
			i++
			continue
		}
		j := i
		for j < len(line) && rank.IsWord(line[j]) {
			j++
		}
		if cl.Classify(s, e, i, j).Kind == rank.Definition {
			return i, j, true
		}
		i = j
	}
	return 0, 0, false
}

// Calls finds the calls of callee without a parser: each word occurrence
// followed by "(" that is not the name a definition line declares, inside
// the last definition that starts before it (the classifier knows no
// ends). The definitions are those of Parse.
func Calls(ctx context.Context, name string, src []byte, callee string) (*File, []Call, error) {
	f, err := Parse(ctx, name, src)
	if err != nil {
		return nil, nil, err
	}
	declared := map[int]bool{}
	for _, d := range f.Defs {
		if d.Name == callee {
			declared[d.Start] = true
		}
	}
	var cs []Call
	line, at := 1, 0
	for _, o := range Occurrences(src, callee) {
		line += bytes.Count(src[at:o], []byte{'\n'})
		at = int(o)
		rest := bytes.TrimLeft(src[int(o)+len(callee):], " \t")
		if len(rest) == 0 || rest[0] != '(' || declared[line] {
			continue
		}
		cs = append(cs, Call{Name: callee, Line: line, StartByte: int(o)})
	}
	within(f, cs)
	return f, cs, nil
}

// Refs labels the occurrences of a name without a parser: with the line
// classifier (a definition, an import, a comment), else a call when "("
// follows, else other.
func Refs(ctx context.Context, name string, src []byte, ref string) (*File, []Ref, error) {
	f, calls, err := Calls(ctx, name, src, ref)
	if err != nil {
		return nil, nil, err
	}
	call := map[int]bool{}
	for _, c := range calls {
		call[c.StartByte] = true
	}
	cl := rank.NewClassifier(rank.LangOfText(name, src), src)
	var rs []Ref
	line, at := 1, 0
	for _, o := range Occurrences(src, ref) {
		line += bytes.Count(src[at:o], []byte{'\n'})
		at = int(o)
		s := bytes.LastIndexByte(src[:o], '\n') + 1
		e := int(o) + bytes.IndexByte(src[o:], '\n')
		if e < int(o) {
			e = len(src)
		}
		kind := RefOther
		switch cl.Classify(s, e, int(o)-s, int(o)-s+len(ref)).Kind {
		case rank.Definition:
			kind = RefDefinition
		case rank.Import:
			kind = RefImport
		case rank.Comment:
			kind = RefComment
		default:
			if call[int(o)] {
				kind = RefCall
			}
		}
		rs = append(rs, Ref{Line: line, StartByte: int(o), Kind: kind})
	}
	withinRefs(f, rs)
	return f, rs, nil
}

// Enclosing needs a parser to know where definitions end: without one,
// every line is outside any definition.
func Enclosing(ctx context.Context, name string, src []byte, lines []int, decls bool) (*File, []int, error) {
	in := make([]int, len(lines))
	for i := range in {
		in[i] = -1
	}
	return &File{Grammar: GrammarOf(name, src), By: ByClassifier}, in, nil
}

// Callees finds, without a parser, the definitions of name (by the line
// classifier) and the calls in each: every word followed by "(" from its
// line to the next definition's (the classifier knows no ends), other
// than the control words of the languages.
func Callees(ctx context.Context, path string, src []byte, name string) (*File, []Call, error) {
	all, err := Parse(ctx, path, src)
	if err != nil {
		return nil, nil, err
	}
	f := &File{Grammar: all.Grammar, By: ByClassifier}
	var ends []int
	at := make([]int, len(all.Defs)) // each definition's place in f.Defs; -1: not kept
	for i, d := range all.Defs {
		at[i] = -1
		if !Names(d.Name, name) && !Holder(d.Kind) && d.Kind != "namespace" {
			continue
		}
		end := len(src)
		if i+1 < len(all.Defs) {
			end = all.Defs[i+1].StartByte
		}
		if d.Parent >= 0 && d.Parent < i {
			d.Parent = at[d.Parent] // the class that holds it, to say whose method it is
		} else {
			d.Parent = -1
		}
		at[i] = len(f.Defs)
		f.Defs = append(f.Defs, d)
		ends = append(ends, end)
	}
	var cs []Call
	for k, d := range f.Defs {
		if d.Name != name {
			continue // a class that holds it
		}
		body := src[:ends[k]]
		line := d.Start // the body starts on the next line
		nl := bytes.IndexByte(body[d.StartByte:], '\n')
		if nl < 0 {
			continue
		}
		for i := d.StartByte + nl; i < len(body); i++ {
			switch c := body[i]; {
			case c == '\n':
				line++
				continue
			case !isIdent(c) || i > 0 && isIdent(body[i-1]) || c >= '0' && c <= '9':
				continue
			}
			j := i
			for j < len(body) && isIdent(body[j]) {
				j++
			}
			rest := bytes.TrimLeft(body[j:], " \t")
			if w := string(body[i:j]); len(rest) > 0 && rest[0] == '(' && !controlWords[w] {
				cs = append(cs, Call{Name: w, Line: line, StartByte: i, In: k})
			}
			i = j - 1
		}
	}
	return f, cs, nil
}

// controlWords are words followed by "(" that call nothing.
var controlWords = map[string]bool{
	"if": true, "for": true, "while": true, "switch": true, "return": true, "func": true, "function": true,
	"catch": true, "elif": true, "and": true, "or": true, "not": true, "in": true, "sizeof": true,
	"typeof": true, "foreach": true, "until": true, "unless": true, "case": true, "when": true, "match": true,
	"def": true, "fn": true, "new": true, "lambda": true, "yield": true, "await": true, "assert": true,
}

// CallsOf finds the calls of any of names without a parser, as Calls does
// for one.
func CallsOf(ctx context.Context, path string, src []byte, names []string) (*File, []Call, error) {
	var f *File
	var cs []Call
	for _, n := range names {
		g, c, err := Calls(ctx, path, src, n)
		if err != nil {
			return nil, nil, err
		}
		f = g
		cs = append(cs, c...)
	}
	if f == nil {
		f, err := Parse(ctx, path, src)
		return f, nil, err
	}
	slices.SortFunc(cs, func(a, b Call) int { return a.StartByte - b.StartByte })
	return f, cs, nil
}

// Revision names what a parse gives in this build (see the cgo build's):
// here the line classifier's definitions.
func Revision() string { return "classifier-3" } // 2: a C++ method defined outside its class is its name's; 3: an indented C++ method or function (in its class, in a namespace libstdc++ indents) is a definition

// Hidden finds nothing without a parser to ask (see DefinedOn).
func Hidden(path string, src []byte) []int { return nil }

// DefinedOn cannot tell without a parser: ok is false, and the caller
// keeps the line classifier's answer.
func DefinedOn(ctx context.Context, path string, src []byte, lineStart, lineEnd, at int) (names [][2]int, inText, ok bool) {
	return nil, false, false
}

// Bases finds, without a parser, the places where one of names follows
// the name of a class, interface, struct or trait on the line that
// declares it, after "extends", "implements", "(", ":" or "<" (class
// C(Base), class C extends Base, class C : Base, class C < Base), and not
// after "=" (metaclass=Base): the line classifier knows a definition's
// first line, not its head.
func Bases(ctx context.Context, path string, src []byte, names []string) (*File, []Base, error) {
	f, err := Parse(ctx, path, src)
	if err != nil {
		return nil, nil, err
	}
	var bs []Base
	for _, n := range names {
		for _, o := range Occurrences(src, n) {
			for i, d := range f.Defs {
				if d.NameEnd > int(o) || d.HeadEnd < int(o) || !typeLine(src[d.StartByte:d.NameStart]) {
					continue
				}
				between := src[d.NameEnd:o]
				if bytes.HasSuffix(bytes.TrimRight(bytes.TrimRight(between, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.:"), " "), []byte("=")) {
					continue // metaclass=Base
				}
				if bytes.Count(between, []byte("<"))-bytes.Count(between, []byte("< ")) > bytes.Count(between, []byte(">")) {
					continue // a type argument or parameter: List<Base>, <T extends Base> (Ruby's "< Base" is a base)
				}
				if bytes.Contains(between, []byte("extends")) || bytes.Contains(between, []byte("implements")) || bytes.ContainsAny(between, "(:<") {
					bs = append(bs, Base{Name: n, Line: d.Start, StartByte: int(o), In: i})
				}
			}
		}
	}
	slices.SortFunc(bs, func(a, b Base) int { return a.StartByte - b.StartByte })
	return f, bs, nil
}

// typeLine reports whether the head of a definition's line, before its
// name, declares a type: class, interface, struct, trait or impl.
func typeLine(head []byte) bool {
	for _, w := range bytes.Fields(head) {
		switch string(w) {
		case "class", "interface", "struct", "trait", "impl":
			return true
		}
	}
	return false
}
