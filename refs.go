package scout

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/scoutcode/scout/internal/page"
	"github.com/scoutcode/scout/internal/syntax"
)

// RefsOptions describes a refs search: the uses of a name.
type RefsOptions struct {
	Name        string // an identifier as written
	Scope              // searched for the files that mention Name; only those are parsed
	PageOptions        // MaxFiles and Explain are not used
	ShowSecrets bool
}

// Refs returns a page of the uses of a name: where it is defined first,
// then each use's line under the definition it sits in, labelled call,
// import, type or other by what the parser says it is. Mentions in
// comments and strings are counted, not shown. As Callers, it parses only
// the files that mention the name, and in them only the regions around
// it.
func Refs(ctx context.Context, o RefsOptions) (*Page, error) {
	return structural(ctx, page.Refs, o.Name, o.Scope, o.PageOptions, o.ShowSecrets)
}

// structural runs a callers or refs search: the search for the files that
// mention name, their parse, and the page.
func structural(ctx context.Context, mode Mode, name string, sc Scope, po PageOptions, showSecrets bool) (*Page, error) {
	if !isIdentifier(name) {
		return nil, fmt.Errorf("%w: %s takes a name as written in the code, such as Serve or handle_timeout; %q is not one", ErrPattern, mode, name)
	}
	if err := po.check(); err != nil {
		return nil, err
	}
	fp := fingerprintOf(mode.String(), sc, RankOptions{}, name, showSecrets)
	at, err := startPage(po.Cursor, fp, time.Time{}, func(m Mode) error {
		if m != mode {
			return errOtherSearch
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	ctx, cancel := deadline(ctx, po.Timeout)
	defer cancel()
	res, err := Search(ctx, Options{
		Patterns: []string{name}, Fixed: true, Word: true, Case: CaseSensitive, Scope: sc,
		RankOptions: RankOptions{Sort: ByPath, NoFrecency: true, NoGit: true}, CountOnly: true, NoSpans: true,
	})
	if err != nil {
		if timedOut(ctx, err, po.Timeout) {
			return nil, fmt.Errorf("the search for %s took longer than the %v allowed: narrow it with paths, globs or types, or raise the timeout", name, po.Timeout)
		}
		return nil, err
	}
	in := page.CallersInput{Mode: mode, Name: name, By: syntax.By, Searched: res.Stats.FilesSearched, Number: 1, Budget: po.Budget * 4, Face: po.Face}
	var paths []string
	unsupported := 0
	for _, f := range res.Files {
		if syntax.Grammar(f.Path) == "" {
			unsupported++
			continue
		}
		paths = append(paths, f.Path)
	}
	found := usesIn(ctx, paths, name, mode, showSecrets)
	if err := ctx.Err(); err != nil {
		if timedOut(ctx, err, po.Timeout) {
			return nil, fmt.Errorf("parsing the %d files that mention %s took longer than the %v allowed: narrow the search, or raise the timeout", len(paths), name, po.Timeout)
		}
		return nil, err
	}
	if unsupported > 0 {
		in.NotParsed = append(in.NotParsed, page.Reason{Reason: reasonUnsupported, Count: unsupported})
	}
	left := map[string]int{} // files not parsed, by reason
	var stamps []stamp
	for _, c := range found {
		stamps = append(stamps, c.stamp)
		switch {
		case c.why == reasonTooBig || c.why == reasonBinary: // binary: written since the search
			left[c.why]++
			continue
		case c.why != "":
			in.Warnings = append(in.Warnings, page.Quote(c.path)+": "+c.why)
			continue
		}
		in.Parsed++
		in.Mentions += c.mentions
		if len(c.defs) > 0 {
			in.Definitions = append(in.Definitions, page.File{Path: c.path, Lines: c.defs})
		}
		if len(c.calls) > 0 {
			in.Files = append(in.Files, page.File{Path: c.path, Lines: c.calls})
		}
	}
	for _, r := range []string{reasonTooBig, reasonBinary} {
		if left[r] > 0 {
			in.NotParsed = append(in.NotParsed, page.Reason{Reason: r, Count: left[r]})
		}
	}
	if mode == page.Callees {
		if err := targets(ctx, sc, in.Files); err != nil {
			return nil, err
		}
	}
	total := 0
	for _, f := range in.Files {
		total += len(f.Lines)
	}
	in.Start, in.Number, in.Cursor, err = at.resumeParsed(fp, mode, total, len(in.Files), stamps)
	if err != nil {
		return nil, err
	}
	return page.PlanCallers(in), nil
}

// usesInFile reads and parses one file for the calls (Callers) or the
// uses (Refs) of name.
func usesInFile(ctx context.Context, path, name string, mode Mode, showSecrets bool) (c fileCalls) {
	c.path = path
	data, st, why := readParsable(path)
	if c.stamp, c.why = st, why; why != "" {
		return c
	}
	var err error
	var f *syntax.File
	var refs []syntax.Ref
	var callees []string // Callees: what each ref calls
	switch mode {
	case page.Refs:
		f, refs, err = syntax.Refs(ctx, path, data, name)
	case page.Callees:
		var calls []syntax.Call
		f, calls, err = syntax.Callees(ctx, path, data, name)
		for _, call := range calls {
			refs = append(refs, syntax.Ref{Line: call.Line, StartByte: call.StartByte, In: call.In})
			callees = append(callees, call.Name)
		}
	default:
		var calls []syntax.Call
		f, calls, err = syntax.Calls(ctx, path, data, name)
		for _, call := range calls {
			refs = append(refs, syntax.Ref{Line: call.Line, StartByte: call.StartByte, In: call.In})
		}
	}
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
	for k, r := range refs {
		switch r.Kind {
		case syntax.RefDefinition:
			continue // listed with the definitions
		case syntax.RefComment, syntax.RefString:
			c.mentions++
			continue
		}
		l := page.Line{Number: r.Line, Kind: r.Kind, Text: show(r.Line, short(strings.TrimSpace(lineText(data, lines, r.Line)), maxCallLine))}
		i := caller(f, r.In)
		if mode == page.Callees {
			i = r.In // the definition of name itself, not a function around it
			l.Callee = &page.Target{Name: callees[k]}
		}
		if i >= 0 {
			d := f.Defs[i]
			l.In = &page.Def{Number: d.Start, End: d.End, Kind: d.Kind, Name: d.Name, Text: show(d.Start, d.Signature)}
		}
		c.calls = append(c.calls, l)
	}
	return c
}
