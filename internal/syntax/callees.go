//go:build cgo

package syntax

import (
	"context"
	"slices"

	sitter "github.com/tree-sitter/go-tree-sitter"
)

// Callees parses a file's source and returns the definitions of name that
// have a body to call from (functions, methods, constructors), and every
// named call inside them: each Call's Name is what it calls, its In the
// definition of name it is in. Only the regions around the occurrences of
// name are parsed.
func Callees(ctx context.Context, path string, src []byte, name string) (*File, []Call, error) {
	occ := callish(src, Occurrences(src, name), len(name), GrammarOf(path, src))
	if f, ok := nothing(path, src, occ); ok {
		return f, nil, nil
	}
	gr, tree, f, err := around(ctx, path, src, occ, cutBodies, func(d Def) bool {
		return Names(d.Name, name) && Callable(d.Kind) || Holder(d.Kind) || d.Kind == "namespace"
	})
	if err != nil {
		return nil, nil, err
	}
	defer tree.Close()
	return f, gr.callsInside(f, tree.RootNode(), src), nil
}

// callsInside returns every named call under root inside a definition of
// f that can call (not a class that holds one), each with that definition
// as its In, in order.
func (gr *grammar) callsInside(f *File, root *sitter.Node, src []byte) []Call {
	if !slices.ContainsFunc(f.Defs, func(d Def) bool { return Callable(d.Kind) }) {
		return nil
	}
	var cs []Call
	for _, n := range collect(root, gr.onlyCalls, nil) {
		at := int(n.StartByte())
		i := slices.IndexFunc(f.Defs, func(d Def) bool { return Callable(d.Kind) && d.StartByte <= at && at < d.EndByte })
		if i < 0 {
			continue
		}
		if nm := gr.callee(&n, gr.calls[n.KindId()]); nm != nil {
			cs = append(cs, Call{Name: string(src[nm.StartByte():nm.EndByte()]), Line: int(nm.StartPosition().Row) + 1, StartByte: int(nm.StartByte()), In: i})
		}
	}
	slices.SortFunc(cs, func(a, b Call) int { return a.StartByte - b.StartByte })
	return cs
}

// CallsOf parses a file's source and returns the calls of any of names in
// it, each with the innermost definition holding it, and the definitions
// that hold an occurrence of one of them. Only the regions around those
// occurrences are parsed.
func CallsOf(ctx context.Context, path string, src []byte, names []string) (*File, []Call, error) {
	want := map[string]bool{}
	var occ []uint32
	for _, n := range names {
		if !want[n] {
			want[n] = true
			occ = append(occ, callish(src, Occurrences(src, n), len(n), GrammarOf(path, src))...)
		}
	}
	slices.Sort(occ)
	occ = slices.Compact(occ)
	if f, ok := nothing(path, src, occ); ok {
		return f, nil, nil
	}
	gr, tree, err := open(ctx, path, src, occ, cutUses)
	if err != nil {
		return nil, nil, err
	}
	defer tree.Close()
	root := tree.RootNode()
	f := &File{Grammar: gr.name, By: ByParser, Errors: root.HasError()}
	var cs []Call
	for _, n := range collect(root, gr.wantCalls, occ) {
		if r, ok := gr.calls[n.KindId()]; ok {
			if nm := gr.callee(&n, r); nm != nil && want[string(src[nm.StartByte():nm.EndByte()])] {
				cs = append(cs, Call{Name: string(src[nm.StartByte():nm.EndByte()]), Line: int(nm.StartPosition().Row) + 1, StartByte: int(nm.StartByte())})
			}
			continue
		}
		if d, ok := gr.define(&n, src); ok {
			f.Defs = append(f.Defs, d)
		}
	}
	nest(f)
	within(f, cs)
	return f, cs, nil
}
