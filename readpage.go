package scout

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"time"

	"github.com/scoutcode/scout/internal/frecency"
	"github.com/scoutcode/scout/internal/gitstatus"
	"github.com/scoutcode/scout/internal/page"
	"github.com/scoutcode/scout/internal/regular"
	"github.com/scoutcode/scout/internal/textenc"
	"github.com/scoutcode/scout/internal/walk"
)

// DefaultReadBudget is the tokens a read page may take when ReadOptions
// gives no budget: about 16 KB of text.
const DefaultReadBudget = 4000

// ReadPage is a page of a file (see Read); its Text is the format
// documented in internal/page.
type (
	ReadPage = page.ReadPage
	ReadLine = page.ReadLine
)

// ErrIsDir is wrapped by the error of a read of a directory.
var ErrIsDir = errors.New("is a directory")

// ErrSpecial is wrapped by the error of a read of a named pipe, a socket
// or a device: reading one could wait forever or never end.
var ErrSpecial = errors.New("not a regular file")

// ErrStaleRead is wrapped by the error of a read cursor whose file changed
// since the cursor's page.
var ErrStaleRead = errors.New("the file changed since the cursor was issued")

// ReadOptions describes a read of a text file, whole or a range of lines,
// in pages that fit a budget.
type ReadOptions struct {
	Path   string
	Offset int // the first line, 1-based; 0 means 1
	Limit  int // lines to read at most, from Offset; 0: to the end of the file
	Budget int // tokens (bytes/4) a page may take; 0: DefaultReadBudget
	// Cursor continues after the page that gave it; Path, and Offset and
	// Limit when given, must be the first page's.
	Cursor string
	// MaxFileSize refuses larger files; 0 means DefaultMaxFileSize,
	// negative no limit.
	MaxFileSize int64
	// ShowSecrets shows the lines as they are; by default values that look
	// like secrets are masked (see Options.ShowSecrets).
	ShowSecrets bool
	// NoRecord leaves the frecency store alone; by default a read records a
	// use of the file (see Touch).
	NoRecord bool
	NoGit    bool      // leave ReadPage.Tree empty instead of asking git
	StateDir string    // the frecency store's directory (see Options.StateDir)
	Now      time.Time // when the read counts as a use; zero: now
	Face     Face      // how the text spells the cursor; zero: CLIFace
}

// Read reads one page of a text file: its lines from Offset (or from
// where the cursor left off) that fit the budget, with the file's content
// hash, the tree revision and a cursor to the next page.
//
// A Path that is not there but names lines of a file that is, as tools
// print them ("fmt/print.go:120", "fmt/print.go:120-140",
// "fmt/print.go:120:7", "fmt/print.go#L120-L140"), reads those lines (see
// LineInPath).
//
// The content hash (SHA-256) identifies what was read: a cursor carries it
// and is refused with an error wrapping ErrStaleRead when the file has
// changed since. The tree revision (ReadPage.Tree) hashes the commit
// checked out in the git repository holding the file and the state of its
// index: it changes with a commit, a checkout, a merge, a reset or a
// staging, and then what was read earlier may be out of date. An edit in
// the worktree alone does not change it (finding one would mean a look at
// every file, git status's cost; the file's own hash covers the file). It
// is empty outside a git repository, or with NoGit.
//
// Binary files (a NUL byte in the first 64 KiB) and directories are
// refused. A read records a use of the file for the frecency signal unless
// NoRecord is set; a failure to record is a warning on the page.
func Read(ctx context.Context, o ReadOptions) (*ReadPage, error) {
	if o.Path == "" {
		return nil, errors.New("no path given: name the file to read")
	}
	o.Path = filepath.Clean(o.Path)
	if o.Offset < 0 || o.Limit < 0 {
		return nil, errors.New("offset and limit must be positive line counts (offset 1 is the first line; 0 for the defaults)")
	}
	if file, from, to, ok := LineInPath(o.Path); ok {
		limit := 0
		if to > 0 {
			limit = to - from + 1
		}
		switch {
		case o.Offset != 0 && o.Offset != from:
			return nil, fmt.Errorf("%s names lines of %s from %d, and the offset says %d: send one or the other", o.Path, file, from, o.Offset)
		case o.Limit != 0 && limit != 0 && o.Limit != limit:
			return nil, fmt.Errorf("%s names %d lines of %s, and the limit says %d: send one or the other", o.Path, limit, file, o.Limit)
		}
		o.Path, o.Offset = file, from
		if limit != 0 {
			o.Limit = limit
		}
	}
	if o.Budget == 0 {
		o.Budget = DefaultReadBudget
	}
	po := PageOptions{Budget: o.Budget, Face: o.Face}
	if err := po.check(); err != nil {
		return nil, err
	}
	o.Budget, o.Face = po.Budget, po.Face
	var cur *page.ReadCursor
	if o.Cursor != "" {
		c, err := page.DecodeRead(o.Cursor)
		if err != nil {
			return nil, err
		}
		switch {
		case c.Path != page.PathHash(filepath.ToSlash(o.Path)):
			return nil, fmt.Errorf("%w: it reads another file than %s; pass it with the path it was printed for, or read %s without a cursor", ErrCursorMismatch, o.Path, o.Path)
		case o.Offset != 0 && o.Offset != c.Offset, o.Limit != 0 && o.Limit != c.Limit:
			return nil, fmt.Errorf("%w: its first page asked for offset %d and limit %d, not %d and %d; send the same offset and limit, or none, with the cursor", ErrCursorMismatch, c.Offset, c.Limit, o.Offset, o.Limit)
		}
		o.Offset, o.Limit = c.Offset, c.Limit
		cur = &c
		if o.Offset < 0 || o.Limit < 0 || c.Next < 1 || c.Page < 1 {
			return nil, fmt.Errorf("%w: it holds a negative line number", ErrBadCursor)
		}
	}
	o.Offset, o.Limit = min(o.Offset, MaxLineNumbers), min(o.Limit, MaxLineNumbers)
	raw, err := readWhole(o.Path, o.MaxFileSize)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(raw)
	// A file with a byte order mark shows its text, as grep searches it:
	// a UTF-8 file without its mark, a UTF-16 file in UTF-8 (the header
	// names its encoding).
	data, encoding := textenc.Text(raw), ""
	if enc, _ := textenc.Of(raw); enc == textenc.UTF16LE || enc == textenc.UTF16BE {
		encoding = enc.String()
	}
	starts := page.LineStarts(data)
	from := max(o.Offset, 1)
	if from > len(starts) && !(from == 1 && len(starts) == 0) {
		return nil, fmt.Errorf("offset %d is past the end of %s: it has %d lines; send an offset from 1 to %d", from, o.Path, len(starts), max(len(starts), 1))
	}
	end := len(starts)
	if o.Limit > 0 {
		end = min(end, from+o.Limit-1)
	}
	number := 1
	if cur != nil {
		if cur.Hash != binary.BigEndian.Uint64(sum[:8]) {
			return nil, fmt.Errorf("%w: %s is not what the first page read (its SHA-256 is now %s); read it again without the cursor, from the line you need (lines may have moved)", ErrStaleRead, o.Path, hex.EncodeToString(sum[:8]))
		}
		if cur.Next > end {
			return nil, fmt.Errorf("%w: it starts at line %d, past the end of the range (line %d)", ErrBadCursor, cur.Next, end)
		}
		from, number = cur.Next, cur.Page
	}
	in := page.ReadInput{
		Path: filepath.ToSlash(o.Path), Data: data, Lines: starts, Hash: hex.EncodeToString(sum[:]), Size: int64(len(raw)), Encoding: encoding,
		From: from, End: end, Page: number, Budget: o.Budget * 4, Face: o.Face,
	}
	if mk := newMasker(o.ShowSecrets, o.Path, data, 1); mk != nil {
		in.Show = func(n int, text []byte) []byte {
			if t, ok := mk.line(n, string(text)); ok {
				return []byte(t)
			}
			return text
		}
	}
	if !o.NoGit {
		in.Tree = treeRevision(o.Path)
	}
	pathHash, contentHash := page.PathHash(in.Path), binary.BigEndian.Uint64(sum[:8])
	in.Cursor = func(next int) string {
		return page.ReadCursor{Path: pathHash, Hash: contentHash, Offset: o.Offset, Limit: o.Limit, Next: next, Page: number + 1}.Encode()
	}
	p := page.PlanRead(in)
	if !o.NoRecord {
		err := Touch([]string{o.Path}, TouchOptions{Now: o.Now, StateDir: o.StateDir})
		if err != nil {
			p.Warnings = append(p.Warnings, "the read was not recorded for frecency: "+err.Error())
		}
	}
	return p, nil
}

// readWhole reads a text file whole, refusing directories, binary files
// and files over the size limit.
func readWhole(name string, limit int64) ([]byte, error) {
	if limit == 0 {
		limit = DefaultMaxFileSize
	}
	f, info, err := openRegular(name) // a named pipe refused, not waited on
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if file, why := walk.BadLines(name); file != "" {
			return nil, fmt.Errorf("%s: %s: name lines of %s from 1, such as %s:120 or %s:120-140", name, why, file, file, file)
		}
		return nil, fmt.Errorf("%s: no such file; find lists the files there are", name)
	case errors.Is(err, ErrIsDir):
		return nil, fmt.Errorf("%w; read takes a file (find lists a directory's files)", err)
	case errors.Is(err, ErrSpecial):
		return nil, fmt.Errorf("%w; read takes regular files only", err)
	case err != nil:
		return nil, err
	}
	defer f.Close()
	if limit > 0 && info.Size() > limit {
		return nil, fmt.Errorf("%s: %w (%d bytes, the limit is %d); grep it for what you need instead", name, ErrTooLarge, info.Size(), limit)
	}
	r := io.Reader(f)
	if limit > 0 {
		r = io.LimitReader(f, limit+1)
	}
	data, err := regular.ReadSized(r, info.Size())
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if limit > 0 && int64(len(data)) > limit {
		return nil, fmt.Errorf("%s: %w (it grew past %d bytes while read)", name, ErrTooLarge, limit)
	}
	text := textenc.Text(data[:min(len(data), 2*firstChunk)]) // a UTF-16 file's NULs are not NULs of its text
	if bytes.IndexByte(text[:min(len(text), firstChunk)], 0) >= 0 {
		return nil, &noteError{fmt.Sprintf("%s is a binary file (it has a NUL byte); read shows text files only", name), ErrBinary}
	}
	return data, nil
}

// noteError is an error with its own message that still wraps a sentinel.
type noteError struct {
	msg string
	err error
}

func (e *noteError) Error() string { return e.msg }
func (e *noteError) Unwrap() error { return e.err }

// treeRevision returns the revision of the git repository that holds the
// file (gitstatus.Revision), "" outside a repository.
func treeRevision(file string) string {
	abs, err := filepath.Abs(file)
	if err != nil {
		return ""
	}
	repo := frecency.ProjectRoot(filepath.Dir(abs))
	rev, err := gitstatus.Revision(repo)
	if err != nil {
		return ""
	}
	return rev
}
