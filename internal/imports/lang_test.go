package imports

import (
	"strings"
	"testing"

	"github.com/scoutcode/scout/internal/filetype"
)

// TestLangOfText: a file whose name gives no language and has no
// extension is in the language its first lines name; any other goes by
// its name alone, whatever its first line says.
func TestLangOfText(t *testing.T) {
	for _, c := range []struct{ path, head, want string }{
		{"bits/vector.tcc", "", "C/C++"},
		{"vector", "// <vector> -*- C++ -*-\n", "C/C++"},
		{"include/list", "/* -*- mode: c; -*- */\n", "C/C++"},
		{"bin/deploy", "#!/usr/bin/env python3\nimport os\n", "Python"},
		{"bin/serve", "#!/usr/bin/env node\n", "JavaScript/TypeScript"},
		{"bin/run", "#!/bin/sh\n", ""},                // a language related does not read
		{"README", "#include <stdio.h>\n", ""},        // no language named
		{"notes.txt", "#!/usr/bin/env python3\n", ""}, // its name decides
		{"main.go", "#!/usr/bin/env python3\n", "Go"},
	} {
		if got := LangOfText(c.path, []byte(c.head)); got != c.want {
			t.Errorf("LangOfText(%q, %q) = %q, want %q", c.path, c.head, got, c.want)
		}
	}
}

// TestSniffedLangAgreesWithLang: the language a sniffed type is read in
// is the one Lang gives a file named with one of the type's extensions.
func TestSniffedLangAgreesWithLang(t *testing.T) {
	for typ, lang := range sniffedLang {
		d, ok := filetype.Lookup(typ)
		if !ok {
			t.Errorf("%s: not a file type", typ)
			continue
		}
		agree := false
		for _, g := range d.Globs {
			for _, name := range expand("x" + strings.TrimPrefix(g, "*")) {
				agree = agree || Lang(name) == lang
			}
		}
		if !agree {
			t.Errorf("type %s (%v) is read as %s, but Lang gives none of its extensions that language", typ, d.Globs, lang)
		}
	}
}

// expand returns the names a glob's one bracket class stands for
// ("x.[ch]": "x.c", "x.h"); the glob itself when it has none.
func expand(g string) []string {
	i, j := strings.Index(g, "["), strings.Index(g, "]")
	if i < 0 || j < i {
		return []string{g}
	}
	var out []string
	for _, c := range g[i+1 : j] {
		out = append(out, g[:i]+string(c)+g[j+1:])
	}
	return out
}
