package filetype

import (
	"path"
	"slices"
	"strings"
	"sync"

	"github.com/scoutcode/scout/internal/glob"
)

// LangOf returns the language family of a file (Def.Lang) from its name:
// that of the first type, in the table's order, one of whose globs
// matches its base name; "" when none does. The table above is the only
// place that says which names belong to which language.
func LangOf(p string) string {
	x := langs()
	base := path.Base(p)
	if l, ok := x.byName[base]; ok {
		return l
	}
	if l, ok := x.byExt[strings.ToLower(path.Ext(base))]; ok {
		return l
	}
	for _, g := range x.globs {
		if g.glob.Match(base) {
			return g.lang
		}
	}
	return ""
}

type langIndex struct {
	byName map[string]string // globs that are a plain name
	byExt  map[string]string // globs "*.ext" (classes expanded), by the lower-case ".ext"
	globs  []langGlob        // the rest, in the table's order
}

type langGlob struct {
	glob *glob.Glob
	lang string
}

var langs = sync.OnceValue(func() *langIndex {
	x := &langIndex{byName: map[string]string{}, byExt: map[string]string{}}
	for _, d := range table {
		if d.Lang == "" {
			continue
		}
		for _, g := range d.Globs {
			if exts, ok := extensions(g); ok {
				for _, e := range exts {
					if _, seen := x.byExt[e]; !seen {
						x.byExt[e] = d.Lang
					}
				}
				continue
			}
			if !strings.ContainsAny(g, "*?[{\\") {
				if _, seen := x.byName[g]; !seen {
					x.byName[g] = d.Lang
				}
				continue
			}
			x.globs = append(x.globs, langGlob{glob.Compile(g), d.Lang})
		}
	}
	return x
})

// extensions returns the lower-case extensions a glob "*.ext" stands for,
// with its character classes expanded ("*.[ch]pp": ".cpp", ".hpp"); false
// for any other glob.
func extensions(g string) ([]string, bool) {
	rest, ok := strings.CutPrefix(g, "*.")
	if !ok || rest == "" || strings.ContainsAny(rest, ".*?{\\/") {
		return nil, false
	}
	out := []string{"."}
	for rest != "" {
		if rest[0] != '[' {
			for i := range out {
				out[i] += strings.ToLower(rest[:1])
			}
			rest = rest[1:]
			continue
		}
		end := strings.IndexByte(rest, ']')
		class := rest[1:max(end, 1)]
		if end < 0 || class == "" || strings.ContainsAny(class, "!^-[") {
			return nil, false
		}
		var next []string
		for _, o := range out {
			for _, c := range strings.ToLower(class) {
				if e := o + string(c); !slices.Contains(next, e) {
					next = append(next, e)
				}
			}
		}
		out, rest = next, rest[end+1:]
	}
	return out, true
}
