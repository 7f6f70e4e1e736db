package page

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"hash/crc32"
	"strings"
	"unsafe"
)

// Cursor format, version 2. A cursor is "c2." and the base64url (no
// padding) of:
//
//	fingerprint  8 bytes   hash of the query and every option that changes
//	                       which hits there are or their order
//	revision     8 bytes   hash of the ranked hits the first page saw (see
//	                       Revision): a different one means the tree changed
//	now          uvarint   the clock of the first page, unix seconds:
//	                       recency is scored with it on every page
//	page         uvarint   the number of the next page (2 for the second)
//	mode         1 byte    the mode the first page chose (auto resolves)
//	per file     uvarint   the per-file quota the first page chose
//	total        uvarint   matching lines, then files, the first page saw
//	             uvarint   (for the message when the tree changed)
//	ordinal      uvarint   how many hits the earlier pages showed
//	last score   varint    the last hit shown: its score,
//	last path    4 bytes   the CRC-32C of its path,
//	last line    uvarint   and its line (0 in files mode)
//	frecency     uvarint n, then n × (4-byte CRC-32C of a path, varint
//	                       bonus): the frecency bonus every such file had on
//	                       the first page; other files had none
//	taken        uvarint   when the first page's search ran, unix
//	                       milliseconds (a file modified after it changed)
//	buckets      16 × 2 bytes  the files the first page ranked, by bucket
//	                       (see Buckets): which buckets' contents changed
//	checksum     8 bytes   the first 8 bytes of SHA-256 of all the above
//
// Fingerprint and checksum reject a cursor from another search and a
// changed or truncated one; the revision detects a tree that changed, and
// taken and buckets say which files did.

// Cursor is a decoded cursor.
type Cursor struct {
	Fingerprint uint64
	Revision    uint64
	Now         int64 // unix seconds
	Page        int   // the page this cursor opens, 2 or more
	Mode        Mode  // never Auto
	PerFile     int
	Total       Totals // what the first page counted
	Ordinal     int    // hits shown before it
	Last        Key    // the last hit shown
	Frecency    map[uint32]int
	Taken       int64   // when the first page's search ran, unix milliseconds
	Buckets     Buckets // the first page's files, by bucket
}

// Key identifies a hit in the order.
type Key struct {
	Score int
	Path  uint32 // PathHash of the path
	Line  int
}

const prefix = "c2."

// Errors of Decode, wrapped with details.
var (
	ErrBadCursor = errors.New("invalid cursor")
)

// PathHash is the hash cursors keep of a path.
func PathHash(path string) uint32 {
	// The string's bytes, not a copy: a find hashes every path it lists.
	return crc32.Checksum(unsafe.Slice(unsafe.StringData(path), len(path)), crc32.MakeTable(crc32.Castagnoli))
}

// Encode renders the cursor as text.
func (c Cursor) Encode() string {
	w := codec{}
	c.fields(&w)
	return seal(prefix, w.b)
}

// fields writes or reads the cursor's fields, in the format's order.
func (c *Cursor) fields(x *codec) {
	fixed(x, &c.Fingerprint, &c.Revision)
	counts(x, &c.Now)
	counts(x, &c.Page)
	fixed(x, &c.Mode)
	counts(x, &c.PerFile, &c.Total.Matches, &c.Total.Files, &c.Ordinal)
	signed(x, &c.Last.Score)
	fixed(x, &c.Last.Path)
	counts(x, &c.Last.Line)
	x.bonuses(&c.Frecency)
	counts(x, &c.Taken)
	for i := range c.Buckets {
		fixed(x, &c.Buckets[i])
	}
}

// seal appends the checksum to a cursor's fields and writes them out.
func seal(prefix string, b []byte) string {
	sum := sha256.Sum256(b)
	b = append(b, sum[:8]...)
	return prefix + base64.RawURLEncoding.EncodeToString(b)
}

// unseal decodes a cursor's body and checks its checksum, returning the
// fields (at least min bytes of them); again says how to start over.
func unseal(body string, min int, again string) ([]byte, error) {
	b, err := decodeBody(body)
	if err != nil || len(b) < min+8 {
		return nil, fmt.Errorf("%w: it is damaged or cut (not the text a page printed); pass it exactly as printed, or %s", ErrBadCursor, again)
	}
	data, sum := b[:len(b)-8], b[len(b)-8:]
	want := sha256.Sum256(data)
	if !bytes.Equal(sum, want[:8]) {
		return nil, fmt.Errorf("%w: its checksum does not match, so it was changed or cut; pass it exactly as printed, or %s", ErrBadCursor, again)
	}
	return data, nil
}

// Decode parses a cursor, checking its version and checksum.
func Decode(s string) (Cursor, error) {
	var c Cursor
	s = strings.TrimSpace(s)
	body, ok := strings.CutPrefix(s, prefix)
	if !ok {
		if strings.HasPrefix(s, "c") && strings.Contains(s, ".") {
			return c, fmt.Errorf("%w: version %q is not one this scout reads (it reads c2); run the search again without a cursor", ErrBadCursor, s[:strings.IndexByte(s, '.')])
		}
		return c, fmt.Errorf("%w: it does not start with %q; pass the cursor a page printed, unchanged", ErrBadCursor, prefix)
	}
	data, err := unseal(body, 8+8, "run the search again without a cursor")
	if err != nil {
		return c, err
	}
	r := codec{b: data, reading: true}
	c.fields(&r)
	const big = 1 << 40 // no count of a search comes near; a larger one is forged
	if r.bad || len(r.b) != 0 || c.Page < 2 || c.Mode == Auto || int(c.Mode) >= len(modeNames) || c.PerFile < 1 ||
		c.Page > big || c.PerFile > big || c.Ordinal < 0 || c.Ordinal > big || c.Now < 0 ||
		c.Taken < 0 || c.Total.Matches < 0 || c.Total.Matches > big || c.Total.Files < 0 || c.Total.Files > big || c.Last.Line < 0 || c.Last.Line > big {
		return Cursor{}, fmt.Errorf("%w: it is damaged; run the search again without a cursor", ErrBadCursor)
	}
	return c, nil
}

// decodeBody decodes a cursor's base64url body strictly: only the
// alphabet's characters (the decoder would skip newlines) and no stray
// padding bits, so that a cursor has exactly one spelling.
func decodeBody(body string) ([]byte, error) {
	for i := 0; i < len(body); i++ {
		c := body[i]
		if !('A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return nil, fmt.Errorf("byte %d is not a cursor character", i)
		}
	}
	return base64.RawURLEncoding.Strict().DecodeString(body)
}
