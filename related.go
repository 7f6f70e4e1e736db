package scout

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/scoutcode/scout/internal/imports"
	"github.com/scoutcode/scout/internal/page"
	"github.com/scoutcode/scout/internal/regular"
	"github.com/scoutcode/scout/internal/walk"
)

// RelatedOptions describes a related search: what one file imports, what
// imports it, and its tests.
type RelatedOptions struct {
	// Path is the file.
	Path string
	// Scope is where the files that import it and its tests are looked
	// for (the current directory when it names no paths).
	Scope
	PageOptions // MaxFiles and Explain are not used
	// ShowSecrets shows what each import names as written; by default a
	// value in it that looks like a secret (a token in a URL's password)
	// is masked (see Options.ShowSecrets).
	ShowSecrets bool
}

// Related returns a page of the files related to one: what it imports,
// each resolved to a file or directory of the tree where it is one; the
// files that import it (in Go, its package); and its tests, by the
// language's naming (Go: its package's _test.go files; Python: test_NAME.py
// and NAME_test.py; JavaScript and TypeScript: NAME.test.* and
// NAME.spec.*). Go imports are read with go/parser; the others from their
// import lines. The importers are found with a search for what would name
// the file, and each is kept only when its own imports resolve to it.
func Related(ctx context.Context, o RelatedOptions) (*Page, error) {
	if err := o.PageOptions.check(); err != nil {
		return nil, err
	}
	if o.Path == "" {
		return nil, errors.New("no path given: name the file whose imports, importers and tests to list")
	}
	fi, err := os.Stat(o.Path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if why := walk.NotThere(o.Path, fs.ErrNotExist); why != fs.ErrNotExist { // it names lines of a file
			return nil, fmt.Errorf("%s: %w", o.Path, why)
		}
		return nil, fmt.Errorf("%s: %w: name a file that exists (scout find lists them)", o.Path, fs.ErrNotExist)
	case err != nil:
		return nil, fmt.Errorf("%s: %w", o.Path, pathErr(err))
	case fi.IsDir():
		return nil, fmt.Errorf("%s: %w: related takes one file (scout outline lists a directory's files)", o.Path, ErrIsDir)
	case !fi.Mode().IsRegular():
		return nil, fmt.Errorf("%s: %w (%s): related takes a source file", o.Path, ErrSpecial, regular.Kind(fi.Mode()))
	}
	fp := fingerprintOf("related", o.Scope, RankOptions{}, o.Path)
	at, err := startPage(o.Cursor, fp, time.Time{}, onlyMode(page.Related))
	if err != nil {
		return nil, err
	}
	ctx, cancel, ranOut := deadline(ctx, o.Timeout)
	defer cancel()
	data, st, why := readParsable(o.Path)
	if why != "" {
		return nil, fmt.Errorf("%s: %s", o.Path, why)
	}
	lang := imports.LangOfText(o.Path, data)
	in := page.RelatedInput{Path: slash(o.Path), Number: 1, Budget: o.Budget * 4, Face: o.Face}
	if lang == "" {
		in.About = "no language related reads (Go, Python, JavaScript/TypeScript, C/C++)"
		in.Sections = []page.RelatedSection{{Title: "imports", Note: "not read"}, {Title: "imported by", Note: "not looked for"}, {Title: "tests", Note: "not looked for"}}
	} else if err = related(ctx, lang, o.Path, data, o.Scope, newMasker(o.ShowSecrets, o.Path, data, 1), &in); err != nil {
		if ranOut(err) {
			return nil, fmt.Errorf("related took longer than the %v allowed: narrow the paths searched for importers, or raise the timeout", o.Timeout)
		}
		return nil, err
	}
	stamps := []stamp{st}
	total := 0
	for _, s := range in.Sections {
		total += len(s.Lines)
		for _, l := range s.Lines {
			if l.Kind != "import" {
				stamps = append(stamps, stamp{path: l.Text, digest: uint32(l.Number)})
			}
		}
	}
	in.Start, in.Number, in.Cursor, err = at.resumeParsed(fp, page.Related, total, len(stamps), nil, slices.Values(stamps))
	if err != nil {
		return nil, err
	}
	return page.PlanRelated(in), nil
}

// related builds the three sections for a file in a language related
// reads, with what it is, how each was found, and the warnings of the
// search for importers (a path not there); mk masks the secrets in what
// the imports name.
func related(ctx context.Context, lang, p string, data []byte, sc Scope, mk *masker, in *page.RelatedInput) error {
	var sections []page.RelatedSection
	about, how := lang, ""
	res := imports.NewResolver()
	imps, err := res.Of(lang, p, data)
	if err != nil && len(imps) == 0 {
		return fmt.Errorf("%s: its imports could not be read: %w", p, err)
	}
	var lines []page.Line
	for _, i := range imps {
		name, _ := mk.line(i.Line, i.Spec)
		lines = append(lines, page.Line{Number: i.Line, Kind: "import", Name: name, Text: i.To, Outside: i.Outside})
	}
	sections = append(sections, page.RelatedSection{Title: "imports", Lines: lines})

	importers, what, walked, err := importersOf(ctx, lang, p, sc, res)
	if err != nil {
		return err
	}
	if walked != nil {
		in.Failed = walked.Failed()
		in.Warnings = append(in.Warnings, warningLines(walked.Warnings)...)
	}
	by := page.RelatedSection{Title: "imported by", Lines: importers}
	if what == "" {
		by.Note = "not looked for: no go.mod above the file gives its package an import path"
		if abs, err := filepath.Abs(filepath.Dir(p)); err == nil {
			if _, _, err := imports.GoModule(abs); err != nil {
				by.Note = "not looked for: " + err.Error() + ", so the file's package has no import path"
			}
		}
	}
	sections = append(sections, by)

	var tests []string
	switch lang {
	case "Go":
		tests = imports.GoTests(p)
		if ip := imports.GoImportPath(filepath.Dir(p)); ip != "" {
			about = "Go, package " + ip
		}
	case "Python":
		about = "Python, module " + imports.PyModule(p)
		fallthrough
	case "JavaScript/TypeScript":
		if tests, err = testsNamed(ctx, imports.TestsGlob(lang, p), sc); err != nil {
			return err
		}
	}
	var tl []page.Line
	for _, t := range tests {
		if t != slash(p) {
			tl = append(tl, page.Line{Kind: "test", Text: t})
		}
	}
	ts := page.RelatedSection{Title: "tests", Lines: tl}
	if lang == "C/C++" {
		ts.Note = "C and C++ have no test naming scout knows"
	}
	sections = append(sections, ts)

	switch {
	case lang == "Go" && what == "":
		how = "imports read by go/parser; tests: the package's _test.go files"
	case lang == "Go":
		how = "imports read by go/parser; importers found by searching for " + what + ", each checked with go/parser; tests: the package's _test.go files"
	case lang == "C/C++":
		how = "includes read from #include lines, resolved from the file's directory (\"quoted\" ones), by the -I flags of the project's compile_commands.json when it has one, then up to the project's top and its include/ and src/; importers found by searching for " + what + ", each checked"
	default:
		how = "imports read from the import lines; importers found by searching for " + what + ", each kept when its imports resolve to this file; tests by name"
	}
	in.Sections, in.About, in.How = sections, about, how
	return nil
}

// importersOf finds the files that import p: a search for the lines that
// could (importersSearch), then each candidate's imports read and
// resolved. It returns them in path order, and what was searched for
// ("" when nothing could be: a Go package without an import path).
func importersOf(ctx context.Context, lang, p string, sc Scope, r *imports.Resolver) ([]page.Line, string, *Result, error) {
	q := imports.Importers(lang, p)
	if q.Pattern == "" {
		return nil, "", nil, nil
	}
	what := q.Pattern
	if !q.Fixed {
		what = "the import lines that may name " + filepath.Base(p)
	}
	s, unnamed := sc, false
	if len(s.Types) == 0 {
		// A script or header with no extension may import p too
		// (libstdc++'s "vector" includes bits/stl_vector.h); Names keeps
		// those its source says are in lang.
		s.Types, unnamed = q.Types, lang != "Go"
	}
	res, err := Search(ctx, Options{
		Patterns: []string{q.Pattern}, Fixed: q.Fixed, Case: CaseSensitive, Scope: s, CountOnly: true, NoSpans: true,
		RankOptions: RankOptions{Sort: ByPath, NoFrecency: true, NoGit: true}, unnamed: unnamed,
	})
	if err != nil {
		return nil, "", nil, err
	}
	out := make([]page.Line, len(res.Files))
	keep := make([]bool, len(res.Files))
	parallel(ctx, len(res.Files), func(i int) {
		f := res.Files[i].Path
		if imports.SameFile(f, p) {
			return
		}
		out[i].Number, keep[i] = r.Names(ctx, lang, f, q.Target)
		out[i].Kind, out[i].Text = "importer", slash(f)
	})
	if err := ctx.Err(); err != nil {
		return nil, "", nil, err
	}
	var kept []page.Line
	for i, l := range out {
		if keep[i] {
			kept = append(kept, l)
		}
	}
	slices.SortFunc(kept, func(a, b page.Line) int { return strings.Compare(a.Text, b.Text) })
	return kept, what, res, nil
}

// testsNamed lists the files whose base names match glob, in the scope,
// in path order.
func testsNamed(ctx context.Context, glob string, sc Scope) ([]string, error) {
	if glob == "" {
		return nil, nil
	}
	res, err := FindAll(ctx, FindOptions{Pattern: glob, Scope: sc, RankOptions: RankOptions{Sort: ByPath, NoFrecency: true, NoGit: true}, NoSignals: true})
	if err != nil {
		return nil, err
	}
	var out []string
	for _, f := range res.Files {
		out = append(out, slash(f.Path))
	}
	slices.Sort(out)
	return out, nil
}
