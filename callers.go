package scout

import (
	"context"
	"errors"
	"fmt"
	"os"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/scoutcode/scout/internal/page"
	"github.com/scoutcode/scout/internal/syntax"
)

// CallersOptions describes a callers search: the calls of a name.
type CallersOptions struct {
	// Name is what is called: a function's or method's name as written
	// at the call (Serve, not Server.Serve).
	Name string
	// Scope is searched for the files that mention Name, as grep would;
	// only those are parsed.
	Scope
	PageOptions // MaxFiles and Explain are not used
	// ShowSecrets shows the lines as they are; by default values that
	// look like secrets are masked (see Options.ShowSecrets).
	ShowSecrets bool
}

var identifier = regexp.MustCompile(`^[\p{L}_$][\p{L}\p{N}_$]*$`)

// Callers returns a page of the calls of a name: each call's line under
// the definition it sits in, file by file in path order, and where the
// name is defined (all of its definitions: they are matched by name, so a
// call may be of any of them). The files that mention the name as a word
// are found with the search and only those are parsed, in parallel.
// Files in a language without a parser are counted on the page as not
// parsed.
func Callers(ctx context.Context, o CallersOptions) (*Page, error) {
	if !identifier.MatchString(o.Name) {
		return nil, fmt.Errorf("%w: callers takes a name as written at a call, such as Serve or handle_timeout; %q is not one", ErrPattern, o.Name)
	}
	if err := o.PageOptions.check(); err != nil {
		return nil, err
	}
	fp := fingerprintOf("callers", o.Scope, RankOptions{}, o.Name, o.ShowSecrets)
	at, err := startPage(o.Cursor, fp, time.Time{}, func(m Mode) error {
		if m != page.Callers {
			return errOtherSearch
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	ctx, cancel := deadline(ctx, o.Timeout)
	defer cancel()
	res, err := Search(ctx, Options{
		Patterns: []string{o.Name}, Fixed: true, Word: true, Case: CaseSensitive, Scope: o.Scope,
		RankOptions: RankOptions{Sort: ByPath, NoFrecency: true, NoGit: true}, CountOnly: true, NoSpans: true,
	})
	if err != nil {
		if timedOut(ctx, err, o.Timeout) {
			return nil, fmt.Errorf("the search for %s took longer than the %v allowed: narrow it with paths, globs or types, or raise the timeout", o.Name, o.Timeout)
		}
		return nil, err
	}
	in := page.CallersInput{Name: o.Name, By: syntax.By, Searched: res.Stats.FilesSearched, Number: 1, Budget: o.Budget * 4, Face: o.Face}
	var paths []string
	unsupported := 0
	for _, f := range res.Files {
		if syntax.Grammar(f.Path) == "" {
			unsupported++
			continue
		}
		paths = append(paths, f.Path)
	}
	found := callsIn(ctx, paths, o.Name, o.ShowSecrets)
	if err := ctx.Err(); err != nil {
		if timedOut(ctx, err, o.Timeout) {
			return nil, fmt.Errorf("parsing the %d files that mention %s took longer than the %v allowed: narrow the search, or raise the timeout", len(paths), o.Name, o.Timeout)
		}
		return nil, err
	}
	if unsupported > 0 {
		in.NotParsed = append(in.NotParsed, page.Reason{Reason: reasonUnsupported, Count: unsupported})
	}
	tooBig := 0
	var stamps []stamp
	for _, c := range found {
		stamps = append(stamps, c.stamp)
		switch {
		case c.why == reasonTooBig:
			tooBig++
			continue
		case c.why != "":
			in.Warnings = append(in.Warnings, page.Quote(c.path)+": "+c.why)
			continue
		}
		in.Parsed++
		if len(c.defs) > 0 {
			in.Definitions = append(in.Definitions, page.File{Path: c.path, Lines: c.defs})
		}
		if len(c.calls) > 0 {
			in.Files = append(in.Files, page.File{Path: c.path, Lines: c.calls})
		}
	}
	if tooBig > 0 {
		in.NotParsed = append(in.NotParsed, page.Reason{Reason: reasonTooBig, Count: tooBig})
	}
	total := 0
	for _, f := range in.Files {
		total += len(f.Lines)
	}
	seq := func(yield func(stamp) bool) {
		for _, s := range stamps {
			if !yield(s) {
				return
			}
		}
	}
	if c := at.cur; c != nil {
		in.Start, in.Number = c.Ordinal, c.Page
		if bucketsOf(seq) != c.Buckets || c.Total.Matches != total {
			return nil, staleError(c, Totals{Matches: total, Files: len(in.Files)}, seq)
		}
	}
	mk := at.cursors(fp, func() uint64 { return 0 }, in.Number, page.Totals{Matches: total}, nil, seq)
	in.Cursor = func(next int, last page.Key) string { return mk(next, last, page.Callers, 1) }
	return page.PlanCallers(in), nil
}

// fileCalls is what one file holds of a name: its definitions and calls.
type fileCalls struct {
	path  string
	stamp stamp
	why   string      // "" when parsed, else why not
	defs  []page.Line // the definitions of the name
	calls []page.Line // its calls, each with the definition it sits in
}

// callsIn parses the files in parallel for the calls of name.
func callsIn(ctx context.Context, paths []string, name string, showSecrets bool) []fileCalls {
	out := make([]fileCalls, len(paths))
	var wg sync.WaitGroup
	next := make(chan int)
	for range min(runtime.GOMAXPROCS(0), len(paths)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				out[i] = callsInFile(ctx, paths[i], name, showSecrets)
			}
		}()
	}
	for i := range paths {
		if ctx.Err() != nil {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}

func callsInFile(ctx context.Context, path, name string, showSecrets bool) (c fileCalls) {
	c.path, c.stamp = path, stamp{path: path}
	fi, err := os.Stat(path)
	if err != nil {
		c.why = err.Error()
		return c
	}
	c.stamp = stamp{path: path, mtime: fi.ModTime(), digest: uint32(fi.Size())}
	if fi.Size() > syntax.MaxSize {
		c.why = reasonTooBig
		return c
	}
	data, err := os.ReadFile(path)
	if err != nil {
		c.why = err.Error()
		return c
	}
	c.stamp.digest = crc32Of(data)
	f, calls, err := syntax.Calls(ctx, path, data, name)
	switch {
	case errors.Is(err, syntax.ErrTooBig):
		c.why = reasonTooBig
		return c
	case err != nil:
		c.why = err.Error()
		return c
	}
	m := newMasker(showSecrets, path, data, 1)
	show := func(n int, text string) string {
		s, _ := m.line(n, text)
		return s
	}
	for _, d := range f.Defs {
		if d.Name == name {
			c.defs = append(c.defs, page.Line{Number: d.Start, End: d.End, Kind: d.Kind, Name: d.Name, Depth: d.Depth, Text: show(d.Start, d.Signature)})
		}
	}
	lines := lineStarts(data)
	for _, call := range calls {
		l := page.Line{Number: call.Line, Text: show(call.Line, short(strings.TrimSpace(lineText(data, lines, call.Line)), maxCallLine))}
		if i := caller(f, call.In); i >= 0 {
			d := f.Defs[i]
			l.In = &page.Def{Number: d.Start, End: d.End, Kind: d.Kind, Name: d.Name, Text: show(d.Start, d.Signature)}
		}
		c.calls = append(c.calls, l)
	}
	return c
}

// caller returns the function or method that holds definition i (or is
// it): a call in a closure or a local type belongs to the function around
// them. A call in a class body outside any method is the class's.
func caller(f *syntax.File, i int) int {
	for j := i; j >= 0; j = f.Defs[j].Parent {
		switch f.Defs[j].Kind {
		case "function", "method", "constructor", "definition":
			return j
		}
	}
	return i
}

// lineStarts returns the byte offset where each line starts.
func lineStarts(data []byte) []int {
	starts := []int{0}
	for i, c := range data {
		if c == '\n' && i+1 < len(data) {
			starts = append(starts, i+1)
		}
	}
	return starts
}

// lineText returns line n (1-based) without its terminator.
func lineText(data []byte, starts []int, n int) string {
	if n < 1 || n > len(starts) {
		return ""
	}
	s, e := starts[n-1], len(data)
	if n < len(starts) {
		e = starts[n] - 1
	}
	return strings.TrimRight(string(data[s:e]), "\r\n")
}

// maxCallLine is the most bytes of a call's line a page shows.
const maxCallLine = 240

// short cuts s to at most n bytes, at a rune boundary, marking the cut.
func short(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n] + "…"
}
