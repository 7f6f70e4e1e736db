//go:build cgo

package syntax

import "bytes"

// How the parsers of a cgo build (tree-sitter's define, goDefs) finish a
// Def alike.

// setLines sets d's first and last lines from where its node starts and
// ends (1-based lines; endCol, the 0-based column just past its end): a
// node that ends with its line's newline ends on the line before.
func (d *Def) setLines(startLine, endLine, endCol int) {
	d.Start, d.End = startLine, endLine
	if endCol == 0 && endLine > startLine {
		d.End--
	}
}

// setHead sets where d's head ends, up to its body (the byte body, when
// 0 or more) or else its first line (through the name's line, when the
// name is on a later one and no body comes before it), and its Signature, made from it
// for kind d.Kind in grammar g.
func (d *Def) setHead(g string, src []byte, body int) {
	head := d.EndByte
	if body >= 0 {
		head = body
	} else if i := bytes.IndexByte(src[d.StartByte:d.EndByte], '\n'); i >= 0 {
		head = d.StartByte + i
		if d.NameEnd > head && bytes.IndexByte(src[d.StartByte:d.NameStart], '{') < 0 { // the name on a later line ("XMLPARSEAPI(void)\nXML_SetX(…", not after a body): through its line
			head = d.EndByte
			if j := bytes.IndexByte(src[d.NameEnd:d.EndByte], '\n'); j >= 0 {
				head = d.NameEnd + j
			}
		}
	}
	d.HeadEnd = max(d.StartByte, head)
	d.Signature = signature(g, d.Kind, src[d.StartByte:d.HeadEnd], d.NameEnd-d.StartByte)
}
