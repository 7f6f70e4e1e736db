package page

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// # Read pages
//
// A read page shows a file's lines from a first line on, as many as fit
// the budget. Its text is a header, the lines as "N:text", and a footer:
//
//	internal/walk/walk.go: lines 1-120 of 412 (sha256 1a2b3c4d5e6f7a8b, tree 9f8e7d6c5b4a3921)
//	1:package walk
//	2:
//	…
//
//	next: page 2 with --cursor r1.… (lines 121-412 remain)
//
// A line longer than MaxReadLine bytes, or than the room left on a page
// that has no other line, is cut and ends with "…[+N bytes]". The hash is
// the first 16 hex digits of the file's SHA-256 (all 64 in JSON), after
// the file's encoding when its bytes are not its text ("UTF-16LE, sha256
// …": the lines are shown in UTF-8); the tree
// revision is left out when there is none. The last page ends with
// "next: none; end of file", or "none; end of the range" when a limit
// stopped it sooner.

// MaxReadLine is the longest line a read page shows whole, in bytes.
const MaxReadLine = 2000

// ReadPage is a page of a file.
type ReadPage struct {
	Path     string     `json:"path"`
	Page     int        `json:"page"`               // 1 for the first page
	From     int        `json:"from"`               // the first line shown, 1-based
	To       int        `json:"to"`                 // the last line shown (From-1 when none)
	Lines    int        `json:"lines"`              // lines in the file
	Size     int64      `json:"size"`               // bytes in the file
	Hash     string     `json:"hash"`               // "sha256:" and the hex SHA-256 of the file's content
	Encoding string     `json:"encoding,omitempty"` // the file's encoding when it is not plain bytes (UTF-16LE): its lines are shown in UTF-8
	Tree     string     `json:"tree,omitempty"`     // the tree revision (see scout.ReadPage)
	Content  []ReadLine `json:"content"`
	Cursor   string     `json:"cursor,omitempty"` // continues after this page; "" on the last
	Next     string     `json:"next"`             // the next step, in words
	Warnings []string   `json:"warnings,omitempty"`

	// Text is the page in the text format above; its length in bytes,
	// divided by 4, is within the budget.
	Text string `json:"-"`
}

// ReadLine is a line of a read page.
type ReadLine struct {
	Number int    `json:"line"`
	Text   string `json:"text"`
	Cut    int    `json:"cut,omitempty"` // bytes of the line left out at its end
}

// ReadInput is what a read page is planned from.
type ReadInput struct {
	Path  string
	Data  []byte // the file's content
	Lines []int  // the byte offset where each line starts
	Hash  string // hex SHA-256 of the file's bytes
	Size  int64  // the file's bytes (Data is its text: decoded, when Encoding says how)
	// Encoding names a file's encoding when its bytes are not its text
	// ("UTF-16LE"; "" for plain bytes).
	Encoding string
	Tree     string
	From     int // first line to show, 1-based
	End      int // last line of the range asked for
	Page     int
	// Budget is in bytes.
	Budget int
	Face   Face
	// Cursor returns the cursor that opens the next page at line next.
	Cursor func(next int) string
	// Show, when set, returns what is shown of line n (secrets masked);
	// a line is measured after it.
	Show func(n int, text []byte) []byte
}

// PlanRead fills a page with the lines from In.From on that fit its
// budget.
func PlanRead(in ReadInput) *ReadPage {
	p := &ReadPage{
		Path: Quote(in.Path), Page: in.Page, From: in.From, To: in.From - 1, Lines: len(in.Lines),
		Size: in.Size, Hash: "sha256:" + in.Hash, Encoding: in.Encoding, Tree: in.Tree, Content: []ReadLine{},
	}
	// The header and footer are measured at their longest: the last line
	// as End and a cursor that opens End.
	room := in.Budget - len(readHeader(p, in.End)) - len(readFooter(in, in.End, in.End)) - 2
	for n := in.From; n <= in.End; n++ {
		text := lineAt(in.Data, in.Lines, n)
		if in.Show != nil {
			text = in.Show(n, text)
		}
		cost := len(strconv.Itoa(n)) + 2 // "N:" and the newline
		show, cut := text, 0
		if len(show) > MaxReadLine {
			show, cut = cutLine(text, MaxReadLine)
			cost += len(cutMark(cut))
		}
		if cost+len(show) > room {
			if len(p.Content) > 0 {
				break
			}
			// The first line must show, cut to the room there is.
			keep := max(room-cost-len(cutMark(len(text))), 1)
			show, cut = cutLine(text, keep)
			cost = len(strconv.Itoa(n)) + 2 + len(cutMark(cut))
		}
		room -= cost + len(show)
		p.Content = append(p.Content, ReadLine{Number: n, Text: string(show), Cut: cut})
		p.To = n
	}
	switch {
	case p.To < in.End:
		p.Cursor = in.Cursor(p.To + 1)
		p.Next = fmt.Sprintf("page %d with "+in.Face.Cursor+" (lines %d-%d remain)", in.Page+1, p.Cursor, p.To+1, in.End)
	case in.End < len(in.Lines):
		p.Next = fmt.Sprintf("none; end of the range (the file has %d lines)", len(in.Lines))
	default:
		p.Next = "none; end of file"
	}
	var b strings.Builder
	b.WriteString(readHeader(p, p.To))
	for _, l := range p.Content {
		b.WriteString(strconv.Itoa(l.Number))
		b.WriteByte(':')
		b.WriteString(l.Text)
		if l.Cut > 0 {
			b.WriteString(cutMark(l.Cut))
		}
		b.WriteByte('\n')
	}
	b.WriteString("\nnext: ")
	b.WriteString(p.Next)
	b.WriteString("\n")
	p.Text = b.String()
	return p
}

func readHeader(p *ReadPage, to int) string {
	hash := strings.TrimPrefix(p.Hash, "sha256:")
	if len(hash) > 16 {
		hash = hash[:16]
	}
	id := "sha256 " + hash
	if p.Encoding != "" {
		id = p.Encoding + ", " + id
	}
	if p.Tree != "" {
		id += ", tree " + p.Tree
	}
	if p.Lines == 0 {
		return fmt.Sprintf("%s: empty (%d bytes, %s)\n", p.Path, p.Size, id)
	}
	return fmt.Sprintf("%s: lines %d-%d of %d (%s)\n", p.Path, p.From, to, p.Lines, id)
}

func readFooter(in ReadInput, next, end int) string {
	return fmt.Sprintf("\nnext: page %d with "+in.Face.Cursor+" (lines %d-%d remain)\n", in.Page+1, in.Cursor(next), next, end)
}

func cutMark(n int) string { return "…[+" + strconv.Itoa(n) + " bytes]" }

// cutLine keeps at most n bytes of a line, not splitting a UTF-8
// sequence, and returns what it keeps and how many bytes it left out.
func cutLine(text []byte, n int) ([]byte, int) {
	if len(text) <= n {
		return text, 0
	}
	k := n
	for k > 0 && !utf8.RuneStart(text[k]) {
		k--
	}
	return text[:k], len(text) - k
}

// lineAt returns line n (1-based) without its terminator ("\n" or "\r\n").
func lineAt(data []byte, starts []int, n int) []byte {
	start := starts[n-1]
	end := len(data)
	if n < len(starts) {
		end = starts[n]
	}
	line := data[start:end]
	line = bytes.TrimSuffix(line, []byte("\n"))
	return bytes.TrimSuffix(line, []byte("\r"))
}

// LineStarts returns the byte offset where each line of data starts. A
// last line without a newline counts; an empty file has none.
func LineStarts(data []byte) []int {
	starts := make([]int, 0, bytes.Count(data, []byte("\n"))+1)
	for i := 0; i < len(data); {
		starts = append(starts, i)
		j := bytes.IndexByte(data[i:], '\n')
		if j < 0 {
			break
		}
		i += j + 1
	}
	return starts
}

// ReadCursor is a decoded read cursor. It is "r1." and the base64url (no
// padding) of:
//
//	path      4 bytes   PathHash of the path read
//	hash      8 bytes   the first 8 bytes of the content's SHA-256
//	offset    uvarint   the request's first line (0 when not given)
//	limit     uvarint   the request's line limit (0 when not given)
//	next      uvarint   the line the next page starts at
//	page      uvarint   the number of the next page
//	checksum  8 bytes   the first 8 bytes of SHA-256 of all the above
type ReadCursor struct {
	Path          uint32
	Hash          uint64
	Offset, Limit int
	Next          int
	Page          int
}

const readPrefix = "r1."

// Encode renders the cursor as text.
func (c ReadCursor) Encode() string {
	w := codec{}
	c.fields(&w)
	return seal(readPrefix, w.b)
}

// fields writes or reads the cursor's fields, in the format's order.
func (c *ReadCursor) fields(x *codec) {
	fixed(x, &c.Path)
	fixed(x, &c.Hash)
	counts(x, &c.Offset, &c.Limit, &c.Next, &c.Page)
}

// DecodeRead parses a read cursor, checking its version and checksum.
func DecodeRead(s string) (ReadCursor, error) {
	s = strings.TrimSpace(s)
	body, ok := strings.CutPrefix(s, readPrefix)
	if !ok {
		if strings.HasPrefix(s, prefix) {
			return ReadCursor{}, fmt.Errorf("%w: it is a search's cursor, not a read's; pass it to the search that printed it", ErrBadCursor)
		}
		return ReadCursor{}, fmt.Errorf("%w: it does not start with %q; pass the cursor a read page printed, unchanged", ErrBadCursor, readPrefix)
	}
	data, err := unseal(body, 4+8+4, "read again without a cursor")
	if err != nil {
		return ReadCursor{}, err
	}
	r := codec{b: data, reading: true}
	var c ReadCursor
	c.fields(&r)
	if r.bad || len(r.b) != 0 || c.Next < 1 || c.Page < 2 || c.Next > 1<<40 || c.Offset > 1<<40 || c.Limit > 1<<40 || c.Page > 1<<40 {
		return ReadCursor{}, fmt.Errorf("%w: it is damaged; read again without a cursor", ErrBadCursor)
	}
	return c, nil
}
