package syntax

import (
	"slices"
	"testing"

	"github.com/scoutcode/scout/internal/imports"
	"github.com/scoutcode/scout/internal/rank"
)

// TestGrammarsHaveALanguage: every file name a grammar parses has a
// language for the line classifier too (rank.LangOf, from the type table),
// so that grep's ranking and the callees' targets see the definitions
// outline, callers and refs parse (libstdc++'s "bits/vector.tcc" had a
// grammar and no language, and its 36 definitions were not found as
// callees); and every name of a language related reads the imports of
// is one of imports.Lang's.
func TestGrammarsHaveALanguage(t *testing.T) {
	var names []string
	for ext := range grammars {
		names = append(names, "x"+ext)
	}
	for name := range byName {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		if rank.LangOf(name) == rank.Unknown {
			t.Errorf("%s: grammar %s, no language (add its glob to internal/filetype's table)", name, Grammar(name))
		}
		// The languages whose imports related reads, by the same names
		// (bits/vector.tcc's includes were not read).
		switch g := Grammar(name); g {
		case "go", "python", "javascript", "typescript", "tsx", "c", "cpp":
			if imports.Lang(name) == "" {
				t.Errorf("%s: grammar %s, no language in imports.Lang", name, g)
			}
		}
	}
}

// TestGrammarOf: a file whose name has no extension has the grammar its
// first lines name; any other keeps its name's.
func TestGrammarOf(t *testing.T) {
	py := []byte("#!/usr/bin/env python3\n")
	cpp := []byte("// <vector> -*- C++ -*-\n")
	for _, c := range []struct {
		name string
		src  []byte
		want string
		may  bool // MayParse
	}{
		{"bin/deploy", py, "python", true},
		{"/usr/include/c++/12/vector", cpp, "cpp", true},
		{"bin/run", []byte("#!/bin/sh\n"), "bash", true},
		{"bin/notes", []byte("just words\n"), "", true},
		{"notes.txt", py, "", false},    // an extension: the name decides
		{"x.h", cpp, "c", true},         // C++ by its lines is headerGrammar's, not this
		{"Rakefile", cpp, "ruby", true}, // a name a grammar has
		{"Makefile", py, "", false},     // a type's name, without a grammar: not sniffed
		{"bin/awk", []byte("#!/usr/bin/awk -f\n"), "", true},
	} {
		if got := GrammarOf(c.name, c.src); got != c.want {
			t.Errorf("GrammarOf(%q, %q) = %q, want %q", c.name, c.src, got, c.want)
		}
		if got := MayParse(c.name); got != c.may {
			t.Errorf("MayParse(%q) = %v, want %v", c.name, got, c.may)
		}
	}
	for typ, g := range sniffed {
		if !slices.Contains(Grammars(), g) {
			t.Errorf("type %s: grammar %q, which Parse does not know", typ, g)
		}
	}
}
