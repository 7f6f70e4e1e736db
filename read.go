package scout

import (
	"bytes"
	"errors"
	"fmt"
	"slices"

	"github.com/scoutcode/scout/internal/textenc"
	"github.com/scoutcode/scout/internal/walk"
)

// Reading a file.
//
// The work per file is three system calls: openat (relative to the open
// directory, see walk.Entry.OpenFD), read, close. Two usual ones are left
// out, because on a machine where a system call costs microseconds they
// are a tenth of the time of a search:
//
//   - No fstat for a file smaller than the first chunk (most files): the
//     walk already knows the entry is a regular file, and the size comes
//     from reading. A larger file is asked its size, to be refused before it
//     is read when over the limit and to be read into a buffer of the right
//     size at once.
//   - No read that returns 0 to confirm the end. A read of a regular file
//     returns less than asked for only at the end of the file: the kernel
//     fills the request from the page cache and is not interrupted by
//     signals short of fatal ones (Linux filemap_read). When a read fills
//     the buffer, the buffer grows and reading goes on.
//
// A file too big for the buffer (possible only when the size limit is
// raised past maxBuffer) is read whole by Search, which keeps every hit
// anyway, and in pieces by a page's search (see readChunks), so that its
// memory is the buffer's, not the file's.

// maxLine bounds the length of a line read in pieces: a longer one stops
// the file there, with a warning.
const maxLine = 64 << 20

var errLongLine = fmt.Errorf("a line is longer than %d MiB; the rest of the file was not searched", maxLine>>20)

// readFile reads the file of entry e into buf and returns the data, the
// file's size, the offset of the first NUL byte in its first firstChunk
// bytes (-1 for none), and the file, left open (close it). A file whose
// first chunk holds a NUL is binary and is not read further (as ripgrep
// does): data is then only that chunk. A file over max bytes (max > 0) is
// errTooLarge, with its size.
//
// With whole, buf grows to hold the file. Without, a file larger than buf's
// capacity is read only as far as buf holds, and more is true: the caller
// goes on with readChunks.
func readFile(e *walk.Entry, buf []byte, max int64, whole bool) (data []byte, size int64, nul int, f openFile, more bool, err error) {
	f, err = openEntry(e)
	if err != nil {
		return buf[:0], 0, -1, openFile{}, false, err
	}
	data, size, nul, more, err = readOpen(f, buf, max, whole)
	if err != nil {
		f.close()
		f = openFile{}
	}
	return data, size, nul, f, more, err
}

func readOpen(f openFile, buf []byte, max int64, whole bool) (data []byte, size int64, nul int, more bool, err error) {
	if cap(buf) < firstChunk {
		buf = make([]byte, grow(cap(buf), firstChunk))
	}
	buf = buf[:cap(buf)]
	n, err := f.read(buf[:firstChunk])
	if err != nil {
		return buf[:0], 0, -1, false, err
	}
	short := n < firstChunk // the whole file
	switch enc, mark := textenc.Of(buf[:n]); enc {
	case textenc.UTF16LE, textenc.UTF16BE:
		if d, size, nul, ok, err := readUTF16(f, buf, n, short, max, enc); ok || err != nil {
			return d, size, nul, false, err
		}
	case textenc.UTF8:
		// The mark is not text: "^package" matches the first line.
		n = copy(buf, buf[mark:n])
	}
	if i := bytes.IndexByte(buf[:n], 0); i >= 0 {
		return buf[:n], int64(n), i, false, nil
	}
	if short {
		return buf[:n], int64(n), -1, false, checkMax(n, max)
	}
	// A file of firstChunk bytes or more: ask its size once, to refuse one
	// over the limit before reading it and to read the rest in one go.
	size = f.size(n)
	if max > 0 && size > max {
		return buf[:0], size, -1, false, errTooLarge
	}
	if int64(cap(buf)) <= size && whole {
		bigger := make([]byte, grow(cap(buf), int(size)+1))
		copy(bigger, buf[:n])
		buf = bigger
	}
	buf = buf[:cap(buf)]
	for {
		m, err := f.read(buf[n:])
		if err != nil {
			return buf[:0], int64(n), -1, false, err
		}
		n += m
		if n < len(buf) {
			break // a short read: the end of the file
		}
		if err := checkMax(n, max); err != nil { // the file grew while read
			return buf[:0], int64(n), -1, false, err
		}
		if !whole {
			return buf[:n], size, -1, true, nil
		}
		bigger := make([]byte, grow(cap(buf), n+1))
		copy(bigger, buf[:n])
		buf = bigger
	}
	return buf[:n], int64(n), -1, false, checkMax(n, max)
}

var errGrew = fmt.Errorf("a UTF-16 file grew past %d MiB as it was read; search it again", maxUTF16>>20)

// maxUTF16 bounds a UTF-16 file read whole to be decoded when there is no
// size limit; a larger one is searched as its bytes (binary, as it was).
const maxUTF16 = 64 << 20

// readUTF16 reads the rest of a UTF-16 file, of which buf holds the first
// n bytes (all of it when short), and returns its text in UTF-8 in buf
// (grown as needed), its size and the offset of the first NUL in its
// first firstChunk bytes of text, as readOpen does; ok is false for a file
// too big to decode, to be read as its bytes.
func readUTF16(f openFile, buf []byte, n int, short bool, max int64, enc textenc.Encoding) (data []byte, size int64, nul int, ok bool, err error) {
	raw := slices.Clone(buf[:n])
	if !short {
		size := f.size(n)
		switch {
		case max > 0 && size > max:
			return buf[:0], size, -1, false, errTooLarge
		case max <= 0 && size > maxUTF16:
			return nil, 0, -1, false, nil
		}
		raw = slices.Grow(raw, int(size)-n+1)
		for {
			if len(raw) == cap(raw) {
				raw = slices.Grow(raw, len(raw))
			}
			m, err := f.read(raw[len(raw):cap(raw)])
			if err != nil {
				return buf[:0], int64(len(raw)), -1, false, err
			}
			if m == 0 {
				break
			}
			raw = raw[:len(raw)+m]
			if err := checkMax(len(raw), max); err != nil { // the file grew while read
				return buf[:0], int64(len(raw)), -1, false, err
			}
			if max <= 0 && len(raw) > maxUTF16 {
				return buf[:0], int64(len(raw)), -1, false, errGrew
			}
		}
	}
	data = textenc.Decode(buf[:0], raw, enc)
	nul = bytes.IndexByte(data[:min(len(data), firstChunk)], 0)
	return data, int64(len(raw)), nul, true, nil
}

func checkMax(n int, max int64) error {
	if max > 0 && int64(n) > max {
		return errTooLarge
	}
	return nil
}

// readChunks goes on reading f, of which buf holds the first n bytes, and
// calls fn with the file in pieces that end at a line's end (the last may
// end without one), each about as big as buf. It returns the buffer (grown
// for a line longer than it, up to maxLine) and the number of bytes read.
// fn's error stops the reading and is returned.
func readChunks(f openFile, buf []byte, n int, fn func(chunk []byte) error) ([]byte, int64, error) {
	buf = buf[:cap(buf)]
	total := int64(n)
	for {
		eof := false
		for n < len(buf) {
			m, err := f.read(buf[n:])
			if err != nil {
				return buf, total, err
			}
			if m == 0 {
				eof = true
				break
			}
			n += m
			total += int64(m)
		}
		if eof {
			if n > 0 {
				return buf, total, fn(buf[:n])
			}
			return buf, total, nil
		}
		last := bytes.LastIndexByte(buf[:n], '\n')
		if last < 0 {
			if len(buf) >= maxLine {
				return buf, total, errLongLine
			}
			bigger := make([]byte, min(2*len(buf), maxLine))
			copy(bigger, buf[:n])
			buf = bigger
			continue
		}
		if err := fn(buf[:last+1]); err != nil {
			return buf, total, err
		}
		n = copy(buf, buf[last+1:n])
	}
}

var errTooLarge = errors.New("too large")
