//go:build cgo

package syntax

import (
	"cmp"
	"slices"
)

// nest orders the definitions by where they start (the outer first when
// two start together), drops repeats of one node matched by two patterns,
// links each to the innermost definition holding it (one that spans the
// same bytes is a sibling), and makes a function directly inside a class,
// struct, interface, impl or trait a method.
func nest(f *File) {
	slices.SortStableFunc(f.Defs, func(a, b Def) int {
		return cmp.Or(cmp.Compare(a.StartByte, b.StartByte), cmp.Compare(b.EndByte, a.EndByte))
	})
	f.Defs = slices.CompactFunc(f.Defs, func(a, b Def) bool {
		return a.StartByte == b.StartByte && a.EndByte == b.EndByte && a.Name == b.Name
	})
	var stack []int
	for i := range f.Defs {
		d := &f.Defs[i]
		// A definition holds those inside it, not another name of its own
		// node (const A, B = 1, 2: two names, one span).
		for len(stack) > 0 && (f.Defs[stack[len(stack)-1]].EndByte < d.EndByte || sameSpan(f.Defs[stack[len(stack)-1]], *d)) {
			stack = stack[:len(stack)-1]
		}
		d.Parent, d.Depth = -1, len(stack)
		if len(stack) > 0 {
			d.Parent = stack[len(stack)-1]
			switch f.Defs[d.Parent].Kind {
			case "class", "struct", "interface", "impl", "trait", "record":
				if d.Kind == "function" {
					d.Kind = "method"
				}
			}
		}
		stack = append(stack, i)
	}
}

// sameSpan reports whether two definitions span the same bytes.
func sameSpan(a, b Def) bool { return a.StartByte == b.StartByte && a.EndByte == b.EndByte }
