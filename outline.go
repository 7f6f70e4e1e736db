package scout

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/scoutcode/scout/internal/page"
	"github.com/scoutcode/scout/internal/regular"
	"github.com/scoutcode/scout/internal/syntax"
	"github.com/scoutcode/scout/internal/textenc"
	"github.com/scoutcode/scout/internal/walk"
)

// DefaultOutlineBudget is the tokens an outline page may take when
// OutlineOptions gives no budget: as a read page, since an outline stands
// in for reading the file.
const DefaultOutlineBudget = DefaultReadBudget

// OutlineBy is how this build finds definitions: "tree-sitter", or "line
// classifier" in a build without cgo (definition lines only, no ends).
const OutlineBy = syntax.By

// OutlineOptions describes an outline: the definitions of files, in pages.
type OutlineOptions struct {
	// Scope's Paths are files, or directories whose files are walked as
	// grep walks them (ignore rules, hidden files, globs, types) and
	// outlined in path order. Named files come in the order given.
	Scope
	// PageOptions: Budget 0 is DefaultOutlineBudget; MaxFiles and Explain
	// are not used.
	PageOptions
	// ShowSecrets shows signatures as they are; by default values that
	// look like secrets are masked (see Options.ShowSecrets).
	ShowSecrets bool
}

// Outline returns a page of the definitions in files: for each file, in
// order, each definition's kind, name, signature and line range, nested
// (a class, then its methods), from a parse with tree-sitter (see
// internal/syntax for the languages). Files in no language it parses, too
// big (over 4 MiB) or binary are counted on the page as not parsed; a file
// that cannot be read is a warning. The answer is syntactic: names as
// written, not resolved by type, and the page says how they were found.
func Outline(ctx context.Context, o OutlineOptions) (*Page, error) {
	if o.Budget == 0 {
		o.Budget = DefaultOutlineBudget
	}
	if err := o.PageOptions.check(); err != nil {
		return nil, err
	}
	fp := fingerprintOf("outline", o.Scope, RankOptions{}, o.ShowSecrets)
	at, err := startPage(o.Cursor, fp, time.Time{}, onlyMode(page.Outline))
	if err != nil {
		return nil, err
	}
	ctx, cancel, ranOut := deadline(ctx, o.Timeout)
	defer cancel()
	tooLong := func(err error) error {
		if ranOut(err) {
			return fmt.Errorf("the outline took longer than the %v allowed: name fewer files, or raise the timeout", o.Timeout)
		}
		return err
	}
	scope, walked, err := scopeFiles(ctx, o.Scope, false, nil)
	if err != nil {
		return nil, tooLong(err)
	}
	w := page.OutlineWindow{Budget: o.Budget * 4}
	if at.cur != nil {
		w.Start = at.cur.Ordinal
	}
	files, stamps, notParsed, warnings := parseAll(ctx, pathsOf(scope), o.ShowSecrets, &w)
	warnings = append(warningLines(walked), warnings...)
	if err := ctx.Err(); err != nil {
		return nil, tooLong(err)
	}
	in := page.OutlineInput{
		Files: files, By: syntax.By, NotParsed: notParsed, Warnings: warnings, Failed: (&Result{Warnings: walked}).Failed(),
		Number: 1, Budget: o.Budget * 4, Face: o.Face,
	}
	for _, f := range files {
		if f.Grammar != "" {
			in.Searched++
		}
		in.Markdown = in.Markdown || f.Grammar == "markdown"
	}
	total := 0
	for _, f := range files {
		total += f.Count()
	}
	in.Start, in.Number, in.Cursor, err = at.resumeParsed(fp, page.Outline, total, len(files), nil, slices.Values(stamps))
	if err != nil {
		return nil, err
	}
	return page.PlanOutline(in), nil
}

// pathsOf returns the files' paths.
func pathsOf(files []scopeFile) []string {
	paths := make([]string, len(files))
	for i, f := range files {
		paths[i] = f.path
	}
	return paths
}

// scopeFile is a file a scope names: a path named, or one below a
// directory named; with its size and time (nanoseconds since the epoch)
// when asked for (a file whose stat failed has neither).
type scopeFile struct {
	path  string
	in    string // its path in the project, that it is classed by (see projectPaths.classPath); "" unless asked for
	size  int64
	mtime int64
}

// scopeFiles returns the files sc names, as outlinePaths; with stat, each
// with its size and time, read during the walk while its directory is
// open (cheaper than a stat by path); with pp (made of sc's roots, as
// rootsOf gives them), each with its path in the project.
//
// The walk is grep's (ignore rules, globs, types), with a visitor that
// keeps only the path and the stat: nothing is ranked, so none of what a
// find records is needed.
func scopeFiles(ctx context.Context, sc Scope, stat bool, pp *projectPaths) ([]scopeFile, []Warning, error) {
	roots := sc.Paths
	if len(roots) == 0 {
		roots = []string{"."}
	}
	wopts, err := walkOptions(sc)
	if err != nil {
		return nil, nil, err
	}
	var files []scopeFile
	var warnings []Warning
	missing := 0
	for ri, r := range roots {
		fi, err := os.Stat(r)
		if err != nil {
			// One path of several that is not there is warned of, as grep
			// does; when none is, there is nothing to answer.
			why := walk.NotThere(r, errors.Unwrap(err))
			if missing++; missing == len(roots) {
				if why != errors.Unwrap(err) { // it names the fix
					return nil, nil, fmt.Errorf("%s: %w", r, why)
				}
				return nil, nil, fmt.Errorf("%w: name a file or directory that exists", err)
			}
			warnings = append(warnings, Warning{Path: r, Err: why})
			continue
		}
		if !fi.IsDir() {
			f := scopeFile{path: r, size: fi.Size(), mtime: fi.ModTime().UnixNano()}
			if pp != nil {
				f.in = pp.classPath(ri, "", slash(r))
			}
			files = append(files, f)
			continue
		}
		var visitors []*scopeVisitor
		err = walk.Parallel(ctx, []string{r}, wopts, workerCount(0), func(int) walk.Visitor {
			v := &scopeVisitor{stat: stat, pp: pp, root: ri}
			visitors = append(visitors, v)
			return v
		})
		if err != nil {
			return nil, nil, err
		}
		n := 0
		var warned []Warning
		for _, v := range visitors {
			for _, b := range v.files {
				n += len(b)
			}
			warned = append(warned, v.warnings...)
		}
		slices.SortFunc(warned, func(a, b Warning) int { return walk.ComparePaths(a.Path, b.Path) })
		warnings = append(warnings, warned...)
		below := make([]scopeFile, 0, n)
		for _, v := range visitors {
			for _, b := range v.files {
				below = append(below, b...)
			}
		}
		slices.SortFunc(below, func(a, b scopeFile) int { return strings.Compare(a.path, b.path) })
		files = append(files, below...)
	}
	return files, warnings, nil
}

// warningLines returns the warnings as a page's lines.
func warningLines(ws []Warning) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = w.Error()
	}
	return out
}

// scopeVisitor keeps the files a walk gives, with their stat when asked
// for. A path that cannot be read is left out, as a find leaves it, and
// kept as a warning.
//
// They are kept in blocks, never copied as they grow: on the machines
// this runs on, memory first touched costs more than the copying itself.
type scopeVisitor struct {
	stat     bool
	pp       *projectPaths // nil: no project paths asked for
	root     int           // the root walked, in pp
	files    [][]scopeFile
	warnings []Warning
}

const scopeBlock = 1024

func (v *scopeVisitor) Visit(e walk.Entry) error {
	if e.IsDir {
		return nil
	}
	f := scopeFile{path: e.Path}
	if v.pp != nil {
		f.in = v.pp.classPath(v.root, e.Rel, e.Path)
	}
	if v.stat {
		if size, mtime, err := e.SizeTime(); err == nil {
			f.size, f.mtime = size, mtime.UnixNano()
		}
	}
	if n := len(v.files); n == 0 || len(v.files[n-1]) == scopeBlock {
		v.files = append(v.files, make([]scopeFile, 0, scopeBlock))
	}
	last := &v.files[len(v.files)-1]
	*last = append(*last, f)
	return nil
}

func (v *scopeVisitor) Skip(walk.Skip) {}
func (v *scopeVisitor) Warn(path string, err error) {
	v.warnings = append(v.warnings, Warning{Path: path, Err: err})
}

// parseAll parses the files in parallel. Each file gets an OutlineFile, in
// order (without a grammar when it was not parsed), and a stamp of its
// content; those not parsed are counted by reason, and those that could
// not be read are warnings. As the files are parsed, in order, w keeps
// the definitions a page may show and lets the others go.
func parseAll(ctx context.Context, paths []string, showSecrets bool, w *page.OutlineWindow) ([]page.OutlineFile, []stamp, []page.Reason, []string) {
	files := make([]page.OutlineFile, len(paths))
	stamps := make([]stamp, len(paths))
	why := make([]string, len(paths))
	parallelInOrder(ctx, len(paths),
		func(i int) { files[i], stamps[i], why[i] = outlineFile(ctx, paths[i], showSecrets) },
		func(i int) { w.Keep(&files[i]) })
	count := map[string]int{}
	var warnings []string
	for i, w := range why {
		switch w {
		case "":
		case reasonUnsupported, reasonTooBig, reasonTooDense, reasonBinary:
			count[w]++
		default:
			warnings = append(warnings, page.Quote(paths[i])+": "+w)
		}
	}
	var reasons []page.Reason
	for _, r := range []string{reasonUnsupported, reasonTooBig, reasonTooDense, reasonBinary} {
		if count[r] > 0 {
			reasons = append(reasons, page.Reason{Reason: r, Count: count[r]})
		}
	}
	return files, stamps, reasons, warnings
}

// Reasons a file is not parsed.
const (
	reasonUnsupported = "in a language without a parser"
	reasonTooBig      = "too big (over 4 MiB)"
	reasonTooDense    = "too dense (over 2.5 M tokens of code, or brackets 100,000 deep)" // syntax.MaxTokens, syntax.MaxNesting
	reasonBinary      = "binary"
)

// notParsed is the reason a parse's error leaves a file out of an answer
// (too big, too dense to parse), or "" for an error to report.
func notParsed(err error) string {
	switch {
	case errors.Is(err, syntax.ErrTooBig):
		return reasonTooBig
	case errors.Is(err, syntax.ErrTooDense):
		return reasonTooDense
	}
	return ""
}

// outlineFile reads and parses one file. why is "" when it was parsed, a
// reason when it was left out, else the error.
func outlineFile(ctx context.Context, path string, showSecrets bool) (f page.OutlineFile, st stamp, why string) {
	f.Path = path
	markdown := syntax.Markdown(path)
	if !syntax.MayParse(path) && !markdown {
		return f, stamp{path: path}, reasonUnsupported
	}
	data, st, why := readParsable(path)
	if why != "" {
		return f, st, why
	}
	var pf *syntax.File
	if markdown {
		pf = &syntax.File{Grammar: "markdown", Defs: syntax.MarkdownSections(data)}
	} else {
		var err error
		pf, err = syntax.Outline(ctx, path, data)
		switch {
		case notParsed(err) != "":
			return f, st, notParsed(err)
		case errors.Is(err, syntax.ErrUnsupported):
			return f, st, reasonUnsupported
		case err != nil:
			return f, st, err.Error()
		}
	}
	f.Grammar, f.Errors = pf.Grammar, pf.Errors
	m := newMasker(showSecrets, path, data, 1)
	f.Defs = make([]page.Line, len(pf.Defs))
	for i, d := range pf.Defs {
		sig, _ := m.line(d.Start, d.Signature)
		f.Defs[i] = page.Line{Number: d.Start, End: d.End, Kind: d.Kind, Name: d.Name, Depth: d.Depth, Text: sig}
	}
	return f, st, ""
}

// crc32Of is a file's content digest for cursors (see stamp).
func crc32Of(data []byte) uint32 { return crc32.Checksum(data, castagnoli()) }

// readParsable reads a file to parse, with its stamp for cursors; why is
// "" when it can be parsed, else a reason it is left out (too big,
// binary, not a regular file) or the error.
func readParsable(path string) (data []byte, st stamp, why string) {
	st = stamp{path: path}
	f, fi, err := openRegular(path)
	if err != nil {
		return nil, st, whyNot(err)
	}
	defer f.Close()
	st = stamp{path: path, mtime: fi.ModTime(), digest: uint32(fi.Size())}
	if fi.Size() > syntax.MaxSize {
		return nil, st, reasonTooBig
	}
	if data, err = regular.ReadSized(io.LimitReader(f, syntax.MaxSize+1), fi.Size()); err != nil {
		return nil, st, whyNot(err)
	}
	if len(data) > syntax.MaxSize { // it grew while read
		return nil, st, reasonTooBig
	}
	st.digest = crc32Of(data) // of the bytes, as a cursor reads them again
	data = textenc.Text(data) // a UTF-16 file parsed as its text, as grep reads it
	if bytes.IndexByte(data[:min(len(data), 64<<10)], 0) >= 0 {
		return nil, st, reasonBinary
	}
	return data, st, ""
}

// whyNot is the reason a file could not be read, for a line that names
// it already: "permission denied", not "open x.go: permission denied";
// "not a regular file (a named pipe)", not "x.go: not a regular file …".
func whyNot(err error) string {
	if pe, ok := errors.AsType[*fs.PathError](err); ok {
		return pe.Err.Error()
	}
	if pe, ok := errors.AsType[*fileError](err); ok {
		return pe.err.Error()
	}
	return err.Error()
}

// fileError is why one file cannot be read, apart from its path (as in
// fs.PathError, without the operation): "x.go: is a directory".
type fileError struct {
	path string
	err  error
}

func (e *fileError) Error() string { return e.path + ": " + e.err.Error() }
func (e *fileError) Unwrap() error { return e.err }

// readRegular reads a regular file whole, refusing (without waiting) a
// named pipe, a socket, a device or a directory, and a file over limit
// bytes when limit > 0: a tree may hold a FIFO named go.mod or
// package.json.
func readRegular(path string, limit int64) ([]byte, error) {
	f, fi, err := openRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r := io.Reader(f)
	if limit > 0 {
		if fi.Size() > limit {
			return nil, fmt.Errorf("%s: %w (%d bytes, the limit is %d)", path, ErrTooLarge, fi.Size(), limit)
		}
		r = io.LimitReader(f, limit+1)
	}
	data, err := regular.ReadSized(r, fi.Size())
	if err != nil {
		return nil, err
	}
	if limit > 0 && int64(len(data)) > limit {
		return nil, fmt.Errorf("%s: %w (it grew past %d bytes while read)", path, ErrTooLarge, limit)
	}
	return data, nil
}

// openRegular opens a file to read, refusing what is no regular file. A
// path the walk found a file may be a named pipe by the time it is read:
// opened without O_NONBLOCK, it would wait for a writer forever.
func openRegular(path string) (*os.File, fs.FileInfo, error) {
	f, fi, err := regular.OpenStat(path)
	switch {
	case errors.Is(err, syscall.EISDIR) && fi != nil:
		return nil, nil, &fileError{path, ErrIsDir}
	case errors.Is(err, regular.ErrNotRegular):
		return nil, nil, &fileError{path, fmt.Errorf("%w (%s)", ErrSpecial, regular.Kind(fi.Mode()))}
	}
	return f, fi, err
}
