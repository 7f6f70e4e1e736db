package scout

import (
	"cmp"
	"context"
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/scoutcode/scout/internal/imports"
	"github.com/scoutcode/scout/internal/page"
	"github.com/scoutcode/scout/internal/rank"
)

// CalleesOptions describes a callees search: the calls inside a
// function's or method's definitions.
type CalleesOptions struct {
	// Name is the function or method whose calls are listed, as its
	// definition names it (Serve, not Server.Serve); every definition of
	// that name is listed, each with its calls.
	Name string
	// Scope is searched for the files that mention Name (only those are
	// parsed) and for the definitions of what it calls.
	Scope
	PageOptions  // MaxFiles and Explain are not used
	ShowSecrets  bool
	CacheOptions // where the parses are kept for the next search (see Callers)
}

// Callees returns a page of the calls inside the definitions of a
// function or method: each call's line under the definition it is in,
// with where what it calls is defined in the files searched (found by the
// line classifier's definition lines, matched by name: a call of Close
// may be of any of the Close methods, and the page says how many there
// are). As Callers, it parses only the files that mention the name, and
// in them only the regions around it.
func Callees(ctx context.Context, o CalleesOptions) (*Page, error) {
	return structural(ctx, page.Callees, o.Name, o.Scope, o.PageOptions, o.ShowSecrets, 1, o.CacheOptions)
}

// targets sets the Callee of every call on a callees page: where what it
// calls is defined in the files of the scope, from one search for all
// the names called, whose ranker marks the lines that define the word
// they match. Places come nearest the call first (its file, its
// directory), then best (a test or vendored copy after the real one),
// then by path and line.
func targets(ctx context.Context, sc Scope, files []page.File) error {
	seen := map[string]bool{}
	var names []string
	for _, f := range files {
		for _, l := range f.Lines {
			if n := l.Callee.Name; !seen[n] {
				seen[n] = true
				names = append(names, n)
			}
		}
	}
	if len(names) == 0 {
		return nil
	}
	slices.Sort(names)
	res, _, err := run(ctx, request{Options: Options{
		Patterns: names, Fixed: true, Word: true, Case: CaseSensitive, Scope: sc, NoSpans: true,
		RankOptions: RankOptions{NoFrecency: true, NoGit: true},
	}, defsOnly: true}, 0)
	if err != nil {
		return fmt.Errorf("the search for the definitions of what %s calls: %w", strings.Join(names[:min(len(names), 3)], ", "), err)
	}
	type place struct {
		page.Place
		score  int
		method bool   // a Go method, which no call that names a package, or nothing, is of
		recv   string // a Go method's receiver's type
	}
	at := map[string][]place{}
	for _, f := range res.Files {
		lang := langOfFile(f.Path)
		var top *imports.PyTop      // read for the first indented def
		for _, l := range f.Lines { // only definitions (defsOnly)
			if n := declares(lang, l.Text, names); n != "" {
				method := lang == rank.Go && strings.HasPrefix(strings.TrimSpace(l.Text), "func (")
				if lang == rank.Python && (strings.HasPrefix(l.Text, " ") || strings.HasPrefix(l.Text, "\t")) {
					// In a class or a function, unless in an if or try
					// block at the module's top (os.py's functions).
					if top == nil {
						t, _ := imports.ReadPyTop(f.Path) // unread: each indented def is a method's
						top = &t
					}
					method = !slices.Contains(top.Defines[n], l.Number)
				}
				recv := ""
				if method && lang == rank.Go {
					_, recv = goReceiver(strings.TrimSpace(l.Text))
				}
				at[n] = append(at[n], place{page.Place{Path: f.Path, Line: l.Number}, l.Score, method, recv})
			}
		}
	}
	for _, n := range names {
		slices.SortFunc(at[n], func(a, b place) int {
			return cmp.Or(b.score-a.score, strings.Compare(a.Path, b.Path), a.Line-b.Line)
		})
	}
	stars := starFiles{}
	for _, f := range files {
		dir := path.Dir(f.Path)
		for i := range f.Lines {
			// The places nearest the call first: its file, its directory
			// (in Go, its package), then the rest in the order above.
			ps := slices.Clone(at[f.Lines[i].Callee.Name])
			// A call in C++ is of no Python function: a definition in
			// another language whose files scout parses is none of its.
			ps = slices.DeleteFunc(ps, func(p place) bool { return otherLanguage(p.Path, f.Path) })
			near := func(p place) int {
				switch {
				case p.Path == f.Path:
					return 0
				case path.Dir(p.Path) == dir:
					return 1
				}
				return 2
			}
			slices.SortStableFunc(ps, func(a, b place) int { return near(a) - near(b) })
			c := f.Lines[i].Callee
			if c.Package != nil || c.Local {
				ps = slices.DeleteFunc(ps, func(p place) bool { return p.method })
			}
			isGo := strings.HasSuffix(f.Path, ".go")
			own := func(p place) bool { return home(p.Path) == home(f.Path) }
			switch {
			case c.Package != nil && homeOf(c.Package) == "" && c.Package.Outside == "" && isGo:
				// An import not resolved (a tree with no go.mod): the
				// directories its path ends with.
				ps = byTail(c.Package.Import, ps, func(p place) string { return path.Dir(p.Path) })
			case c.Package != nil && homeOf(c.Package) == "" && c.Package.Outside == "":
				// A Python module not in the tree, nor known: by name.
			case c.Package != nil && imports.Lang(f.Path) == "JavaScript/TypeScript":
				// fs.readFile: fs's, or by name when the module in the
				// tree defines none (it may export another's in a way not
				// followed); a Node built-in's (node:fs) or JSON.parse,
				// none in the tree.
				if homeOf(c.Package) == "" {
					ps = nil
				} else if own := slices.DeleteFunc(slices.Clone(ps), func(p place) bool { return home(p.Path) != homeOf(c.Package) }); len(own) > 0 {
					ps = own
				}
			case c.Package != nil: // sha256.Sum256: crypto/sha256's only; json.loads: json/__init__.py's
				ps = slices.DeleteFunc(ps, func(p place) bool { return homeOf(c.Package) == "" || home(p.Path) != homeOf(c.Package) })
			case c.Local && slices.ContainsFunc(ps, own): // Get(x): its package's (module's), when it has one
				ps = slices.DeleteFunc(ps, func(p place) bool { return !own(p) })
			case c.Local && isBuiltin(f.Path, c.Name, false, stars):
				// len(x), open(p), new Set(): the language's own, whatever
				// other packages (modules) define; its stub when the tree
				// has it (Go's builtin/builtin.go, typeshed's builtins.pyi).
				ps = slices.DeleteFunc(ps, func(p place) bool { return !builtinStub(p.Path) })
			}
			t := &page.Target{Name: c.Name, Package: c.Package}
			if c.On != "" && c.OnDir != "" && isGo {
				// x.Close() on a receiver known to be a Connection: the
				// Connection's Close, when its package defines one.
				if typed := slices.DeleteFunc(slices.Clone(ps), func(p place) bool { return p.recv != c.On || path.Dir(p.Path) != c.OnDir }); len(typed) > 0 {
					ps, t.Type = typed, c.On
				}
			}
			t.Count = len(ps)
			if len(ps) == 0 && c.Package == nil && c.Local && builtins[imports.Lang(f.Path)][c.Name] {
				t.Builtin = builtinLang(f.Path) // len(x), print(x), new Set()
			}
			for _, p := range ps[:min(len(ps), page.MaxTargets)] {
				t.At = append(t.At, p.Place)
			}
			f.Lines[i].Callee = t
		}
	}
	return nil
}

// declares returns which of the sorted names a line the ranker marked as
// a definition declares: the one there, or, of several, the one the line
// classifier (reading the line alone) calls a definition.
func declares(lang rank.Lang, text string, names []string) string {
	var in []string
	for _, n := range names {
		if wordIn(text, n) >= 0 {
			in = append(in, n)
		}
	}
	if len(in) <= 1 {
		return strings.Join(in, "")
	}
	cl := rank.NewClassifier(lang, []byte(text))
	for _, n := range in {
		if a := wordIn(text, n); cl.Classify(0, len(text), a, a+len(n)).Kind == rank.Definition {
			return n
		}
	}
	return ""
}

// wordIn returns where word first occurs in s as a whole word, or -1.
func wordIn(s, word string) int {
	for i := 0; ; {
		j := strings.Index(s[i:], word)
		if j < 0 {
			return -1
		}
		a, b := i+j, i+j+len(word)
		if (a == 0 || !isIdentByte(s[a-1])) && (b == len(s) || !isIdentByte(s[b])) {
			return a
		}
		i = a + 1
	}
}

func isIdentByte(c byte) bool {
	return c == '_' || c == '$' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

// builtinStub reports whether the file at p declares a language's
// built-ins for its readers: Go's builtin/builtin.go, Python's
// builtins.pyi.
func builtinStub(p string) bool {
	return path.Base(p) == "builtin.go" && path.Base(path.Dir(p)) == "builtin" || path.Base(p) == "builtins.pyi"
}
