package syntax

import (
	"bytes"
	"cmp"
	"slices"
	"strings"
)

// maxSignature is the most bytes a signature keeps; a longer one ends
// with "…".
const maxSignature = 160

// signature makes a definition's head one short line: its text up to the
// body, or its first line when it has no body field, with whitespace runs
// folded to one space and the "{", ":", "=>", "do" or "=" that opens the body dropped.
func signature(g, kind string, head []byte) string {
	if i := bytes.IndexByte(head, '\n'); i >= 0 && len(head) > maxSignature {
		head = head[:i]
	}
	s := strings.Join(strings.Fields(string(head)), " ")
	for cut := true; cut; {
		cut = false
		for _, t := range []string{"{", ":", "=>", " do", " ="} {
			if s2, ok := strings.CutSuffix(s, t); ok && strings.TrimSpace(s2) != "" {
				s, cut = strings.TrimSpace(s2), true
			}
		}
	}
	if g == "go" && (kind == "type" || kind == "struct" || kind == "interface") && !strings.HasPrefix(s, "type ") {
		s = "type " + s // a spec inside a type ( … ) group
	}
	if len(s) > maxSignature {
		cut := maxSignature
		for cut > 0 && s[cut]&0xC0 == 0x80 {
			cut--
		}
		s = s[:cut] + "…"
	}
	return s
}

// nest orders the definitions by where they start (the outer first when
// two start together), drops repeats of one node matched by two patterns,
// links each to the innermost definition holding it, and makes a function
// directly inside a class, struct, interface, impl or trait a method.
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
		for len(stack) > 0 && f.Defs[stack[len(stack)-1]].EndByte < d.EndByte {
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
