package syntax

import (
	"bytes"
	"strings"
)

// maxSignature is the most bytes a signature keeps; a longer one ends
// with "…".
const maxSignature = 160

// signature makes a definition's head one short line: its text up to the
// body, or its first line when it has no body field (when longer than
// maxSignature, the line where the name ends, nameEnd bytes into head), with whitespace runs
// folded to one space and the "{", ":", "=>", "do" or "=" that opens the body dropped.
func signature(g, kind string, head []byte, nameEnd int) string {
	if i := bytes.IndexByte(head, '\n'); i >= 0 && len(head) > maxSignature {
		from, to := 0, i
		if nameEnd > i && nameEnd <= len(head) {
			// The name ends on a later line, after a C++ return type and
			// template ("auto\n _Hashtable<…>::\n _M_erase(…)") or a Java
			// annotation: its line says more than the first.
			from = bytes.LastIndexByte(head[:nameEnd], '\n') + 1
			to = len(head)
			if j := bytes.IndexByte(head[nameEnd:], '\n'); j >= 0 {
				to = nameEnd + j
			}
		}
		head = head[from:to]
	}
	var s string
	if g == "cpp" {
		s = spelled(head) // vector<_Tp>::\n  _M_insert(…): no space after "::"
	} else {
		s = strings.Join(strings.Fields(string(head)), " ")
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
