package syntax

import (
	"bytes"
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
	if g == "cpp" {
		s = spelled(head) // vector<_Tp>::\n  _M_insert(…): no space after "::"
	}
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
	if g == "go" && kind == kindConstant && !strings.HasPrefix(s, "const ") {
		s = "const " + s // in a const ( … ) group
	}
	if g == "go" && kind == kindVariable && !strings.HasPrefix(s, "var ") {
		s = "var " + s
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
