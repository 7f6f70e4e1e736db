package scout

import (
	"strings"
	"testing"
)

// FuzzQualifierAt: for any source and any offset, qualifierAt (Go),
// pyChainAt (Python) and a JavaScript file's qualifier neither panic nor
// make up a qualifier: qualifierAt's is made of identifier bytes, starts
// with no digit, and ends, with spaces around a ".", right before the
// offset; pyChainAt's is written, with its ".", right before it; the
// JavaScript module is one the source names.
func FuzzQualifierAt(f *testing.F) {
	for _, s := range []string{"sha256.Sum256(b)", "a.\n\tSum(x)", "// end.\n\tSum(x)", "x.y.Sum()", "f().Sum()", "Sum()", "1.Sum", "é.Sum",
		"const fs = require('fs')\nfs.Sum()", "import {Sum} from 'm'\nSum()", "this.#Sum()"} {
		f.Add(s, len(s)-3)
	}
	f.Fuzz(func(t *testing.T, src string, at int) {
		if at < 0 || at > len(src) {
			return
		}
		js := &jsQualifier{path: "fuzz.js", data: []byte(src), r: newResolver(nil)}
		if pkg, local := js.at(at); pkg != nil && (local || pkg.Import == "" || !strings.Contains(src, pkg.Import)) {
			t.Fatalf("jsQualifier.at(%q, %d) = %+v, %v: not a module the source names", src, at, pkg, local)
		}
		if chain, dotted := pyChainAt([]byte(src), at); chain != "" && (!dotted || !strings.HasSuffix(src[:at], chain+".") || strings.Contains(chain, "..")) {
			t.Fatalf("pyChainAt(%q, %d) = %q, %v: not the names and dots before the offset", src, at, chain, dotted)
		}
		qual, dotted := qualifierAt([]byte(src), at)
		if qual == "" {
			return
		}
		if !dotted || qual[0] >= '0' && qual[0] <= '9' || strings.IndexFunc(qual, func(r rune) bool { return r < 0x80 && !isIdentByte(byte(r)) }) >= 0 {
			t.Fatalf("qualifierAt(%q, %d) = %q, %v: not an identifier before a dot", src, at, qual, dotted)
		}
		before := strings.TrimRight(src[:at], " \t\r\n")
		if !strings.HasSuffix(before, ".") || !strings.HasSuffix(strings.TrimRight(before[:len(before)-1], " \t\r\n"), qual) {
			t.Fatalf("qualifierAt(%q, %d) = %q: not what precedes the offset", src, at, qual)
		}
	})
}
