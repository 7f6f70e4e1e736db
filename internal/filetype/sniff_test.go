package filetype

import (
	"bytes"
	"strings"
	"testing"
)

func TestSniff(t *testing.T) {
	for _, c := range []struct{ head, want string }{
		{"#!/usr/bin/env python3\nimport sys\n", "py"},
		{"#!/usr/bin/python3.11 -u\n", "py"},
		{"#!/usr/bin/env -S python3 -u\n", "py"},
		{"#!/usr/bin/env PYTHONPATH=. python3\n", "py"},
		{"#!/bin/sh\nset -e\n", "sh"},
		{"#!/bin/bash\n", "sh"},
		{"#! /usr/bin/env node\n", "js"},
		{"#!/usr/bin/env ruby\n", "ruby"},
		{"#!/usr/bin/env php\n", "php"},
		{"// <vector> -*- C++ -*-\n\n// Copyright (C) 2001-2022 Free Software Foundation, Inc.\n", "cpp"},
		{"// -*- C++ -*-\n//===----------------------------------------------------------------------===//\n", "cpp"},
		{"# -*- mode: python; coding: utf-8 -*-\n", "py"},
		{"#!/usr/bin/awk -f\n# -*- mode: Python -*-\n", "py"}, // an interpreter it does not know, then the mode
		{"/* -*- Mode: C; tab-width: 8 -*- */\n", "c"},
		{"#!/usr/bin/env python3\n# -*- coding: utf-8 -*-\n", "py"},
		{"# -*- coding: utf-8 -*-\n", ""}, // no mode
		{"all:\n\tgo build\n", ""},
		{"#!/usr/bin/awk -f\n", ""},
		{"#!\n", ""},
		{"", ""},
		{"text -*- unclosed\n", ""},
		{"\n// -*- C++ -*-\n", ""}, // only the first line, or the second after "#!"
	} {
		if got := Sniff([]byte(c.head)); got != c.want {
			t.Errorf("Sniff(%q) = %q, want %q", c.head, got, c.want)
		}
	}
}

// TestSniffedTypes: every type Sniff can give is a type of the table.
func TestSniffedTypes(t *testing.T) {
	for _, m := range []map[string]string{interpreters, modes} {
		for k, v := range m {
			if _, ok := Lookup(v); !ok {
				t.Errorf("%s gives %q, no type", k, v)
			}
		}
	}
}

func TestLangOfText(t *testing.T) {
	cpp := []byte("// <optional> -*- C++ -*-\n")
	py := []byte("#!/usr/bin/env python3\n")
	for _, c := range []struct {
		path string
		head []byte
		want string
	}{
		{"/usr/include/c++/12/optional", cpp, "c"},
		{"bin/deploy", py, "python"},
		{"bin/deploy.py", nil, "python"},
		{"notes.txt", py, ""},     // an extension: the name decides
		{"Makefile", py, "shell"}, // a name with a language: the name decides
		{".bashrc", py, "shell"},
		{"bin/run", []byte("echo hi\n"), ""},
	} {
		if got := LangOfText(c.path, c.head); got != c.want {
			t.Errorf("LangOfText(%q, %q) = %q, want %q", c.path, c.head, got, c.want)
		}
	}
}

// FuzzSniff: any head gives "" or a type of the table, read from its
// first two lines only (what follows them never changes it).
func FuzzSniff(f *testing.F) {
	for _, s := range []string{"#!/usr/bin/env python3\n", "// <vector> -*- C++ -*-\n", "#!/bin/sh\n# -*- mode: ruby -*-\n", "#!/usr/bin/env -S A=1 node --x\n", "-*--*-", "#!"} {
		f.Add([]byte(s), []byte("x\n"))
	}
	f.Fuzz(func(t *testing.T, head, more []byte) {
		got := Sniff(head)
		if got != "" {
			if _, ok := Lookup(got); !ok {
				t.Fatalf("Sniff(%q) = %q, no type", head, got)
			}
		}
		lines := bytes.SplitN(head, []byte("\n"), 3)
		if len(lines) == 3 {
			longer := append(append([]byte{}, head...), more...)
			if again := Sniff(longer); again != got {
				t.Fatalf("Sniff(%q) = %q, but %q after its third line starts: %q", head, got, more, again)
			}
		}
	})
}

// TestSniffReadsTheHeadOnly: a mode past SniffBytes is not read, so that
// a file's whole source and its head (what scout reads of a file it has
// only the name of) say the same.
func TestSniffReadsTheHeadOnly(t *testing.T) {
	long := "#!/usr/bin/awk -f " + strings.Repeat("x", SniffBytes) + "\n# -*- mode: python -*-\n"
	if got := Sniff([]byte(long)); got != "" {
		t.Errorf("Sniff of a mode past %d bytes = %q, want \"\"", SniffBytes, got)
	}
	if got := Sniff([]byte(long[:SniffBytes])); got != "" {
		t.Errorf("Sniff of its head = %q, want \"\"", got)
	}
}
