package scout

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/scoutcode/scout/internal/concept"
	"github.com/scoutcode/scout/internal/syntax"
)

func TestClassOfLicence(t *testing.T) {
	for _, p := range []string{"LICENSE", "sub/COPYING", "NOTICE.txt"} {
		if got := classOf(p, nil); got != concept.Legal {
			t.Errorf("classOf(%q) = %v, want Legal", p, got)
		}
	}
	if got := classOf("license.go", []byte("package license\n")); got != concept.Source {
		t.Errorf("classOf(license.go) = %v, want Source", got)
	}
}

func TestLicenseHeader(t *testing.T) {
	for _, c := range []struct {
		name, text string
		want       int
	}{
		{"go", "// Copyright 2009 The Go Authors. All rights reserved.\n// Use of this source code is governed by a BSD-style\n// license that can be found in the LICENSE file.\n\n// Package binary reads numbers.\npackage binary\n", 3},
		{"c block", "/* Copyright (C) 1991-2022 Free Software Foundation, Inc.\n   This file is part of the GNU C Library.\n\n   You should have received a copy of the GNU Lesser General Public\n   License along with the GNU C Library.  */\n\n#ifndef _STDIO_H\n#define _STDIO_H 1\n", 5},
		{"c line then guard", "// SPDX-License-Identifier: MIT\n#ifndef A_H\n#define A_H\n", 1},
		{"shebang", "#!/usr/bin/env python3\n#\n# Copyright (c) 2001 Python Software Foundation\n#\nimport os\n", 4},
		{"js banner", "/*! lodash v4 | (c) OpenJS | MIT license */\nmodule.exports = 1\n", 1},
		{"leading blank lines", "\n\n# Licensed under the Apache License, Version 2.0\n\ndef f(): pass\n", 3},
		{"a doc comment, no licence", "// Package retry retries what fails after a timeout.\npackage retry\n", 0},
		{"licence below a doc comment", "// Package a does things,\n// many of them,\n// all well.\n\n// Copyright 2020 A\npackage a\n", 0},
		{"mode line, notice, doc", "// <list> -*- C++ -*-\n\n// Copyright (C) 2015 FSF\n//\n// This library is free software.\n\n// Under Section 7 of GPL version 3, you are granted additional\n// permissions described in the GCC Runtime Library Exception.\n\n/** @file list\n *  This is a Standard C++ Library header.\n */\n#include <list>\n", 8},
		{"notice in two comments", "# Copyright 2020 A\n\n# Licensed under the MIT license.\n\n\"\"\"The module.\"\"\"\n", 3},
		{"code after the block", "/* Copyright 2020 A */ int x;\n", 0},
		{"block never closed", "/* Copyright 2020 A\nint x;\n", 0},
		{"a file of only a notice", "# Copyright 2020 A\n", 1},
		{"no comment", "package a\n", 0},
		{"empty", "", 0},
	} {
		if got := licenseHeader(splitLines(c.text)); got != c.want {
			t.Errorf("%s: licenseHeader = %d, want %d", c.name, got, c.want)
		}
	}
}

// A licence notice is in no chunk's words, and the lines below it keep
// their numbers; the package's own comment below it stays.
func TestChunkFileLeavesOutLicence(t *testing.T) {
	src := "// Copyright 2009 The Go Authors. All rights reserved.\n// Use of this source code is governed by a BSD-style\n// license that can be found in the LICENSE file.\n\n// Package binary reads numbers from a file.\npackage binary\n\n// Uvarint decodes a number.\nfunc Uvarint(buf []byte) uint64 { return 0 }\n"
	texts := chunkFile("binary.go", []byte(src), nil, func(_ int, t string) string { return t })
	all := ""
	for _, c := range texts {
		all += c.Body
		if c.Start < 1 || c.End > 9 {
			t.Errorf("chunk %d-%d is outside the file's lines", c.Start, c.End)
		}
	}
	if strings.Contains(all, "Copyright") || strings.Contains(all, "LICENSE") {
		t.Errorf("the notice was indexed:\n%s", all)
	}
	if !strings.Contains(all, "Package binary reads numbers") || !strings.Contains(all, "func Uvarint") {
		t.Errorf("more than the notice was left out:\n%s", all)
	}
	// In prose, "# License" is a heading, not a comment.
	if n := noticeOf("README.md", splitLines("# License\n\nMIT\n")); n != 0 {
		t.Errorf("a Markdown heading was taken for a licence notice: %d", n)
	}
	// The lines a lead shows are not the notice's either.
	lines := splitLines(src)
	for _, l := range bestLines(lines, licenseHeader(lines), concept.Chunk{Start: 1, End: 9}, 0, []string{"file"}) {
		if l.Number <= 3 {
			t.Errorf("a lead shows line %d of the notice: %q", l.Number, l.Text)
		}
	}
}

// Whatever the file, the notice is a run of the file's first lines that
// holds a word of a notice, and the chunks never hold what it does.
func FuzzLicenseHeader(f *testing.F) {
	f.Add("// Copyright 2009 A\n\n// Package p.\npackage p\n")
	f.Add("#!/bin/sh\n# licensed\n/* x */ y\n")
	f.Add("/* (c) license\n * more */\n\n/* GPL */\nint x;\n")
	f.Fuzz(func(t *testing.T, src string) {
		lines := splitLines(src)
		n := licenseHeader(lines)
		if n < 0 || n > len(lines) {
			t.Fatalf("licenseHeader = %d of %d lines", n, len(lines))
		}
		if n == 0 {
			return
		}
		head := strings.ToLower(strings.Join(lines[:n], "\n"))
		if !slices.ContainsFunc(noticeWords, func(w string) bool { return strings.Contains(head, w) }) {
			t.Fatalf("a notice of %d lines holds no notice word:\n%s", n, head)
		}
		for _, c := range chunkFile("a.c", []byte(src), nil, func(_ int, s string) string { return s }) {
			if c.Start <= n && strings.TrimSpace(c.Body) != "" && c.End <= n {
				t.Fatalf("chunk %d-%d lies inside the notice (1-%d) yet holds %q", c.Start, c.End, n, c.Body)
			}
		}
	})
}

// TestPhraseText: what the phrase signal reads of a file is its text
// without the licence notice, at most phraseMax bytes of it; a binary or
// missing file is an error (no phrase), not an empty text.
func TestPhraseText(t *testing.T) {
	dir := t.TempDir()
	write := func(name, s string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	notice := []string{"// Copyright 2024 The Authors. All rights reserved.", "// Use of this source code is governed by a BSD-style license."}
	got, err := phraseText(write("a.go", notice[0]+"\n"+notice[1]+"\n\npackage a\n\n// read the deadline\n"))
	// The notice blanked, its lines kept: each line is at its number.
	if want := strings.Repeat(" ", len(notice[0])) + "\n" + strings.Repeat(" ", len(notice[1])) + "\n\npackage a\n\n// read the deadline\n"; err != nil || string(got) != want {
		t.Errorf("a.go: %q, %v; want the notice blanked, the rest as it is: %q", got, err, want)
	}
	big := strings.Repeat("read the deadline\n", 2*phraseMax/18)
	if got, err := phraseText(write("big.txt", big)); err != nil || len(got) != phraseMax {
		t.Errorf("a %d-byte file: read %d bytes, %v; want %d", len(big), len(got), err, phraseMax)
	}
	if _, err := phraseText(write("bin", "read\x00deadline")); err == nil {
		t.Error("a binary file: no error")
	}
	if _, err := phraseText(filepath.Join(dir, "gone.go")); err == nil {
		t.Error("a missing file: no error")
	}
}

// TestReadsRefuseNamedPipes: a file the walk found may be a named pipe by
// the time the index or the phrase signal reads it; opening it must not
// wait for a writer.
func TestReadsRefuseNamedPipes(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "pipe.go")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	done := make(chan string, 2)
	go func() {
		_, _, why := readParsable(fifo)
		if why != "not a regular file (a named pipe)" {
			why += " (want the reason alone: the warning names the file)"
		}
		done <- "readParsable: " + why
	}()
	go func() {
		_, err := phraseText(fifo)
		done <- fmt.Sprint("phraseText: ", err)
	}()
	for range 2 {
		select {
		case got := <-done:
			if !strings.Contains(got, "a named pipe") || strings.Contains(got, "want the reason alone") {
				t.Errorf("%s; want it refused as a named pipe", got)
			}
		case <-time.After(20 * time.Second):
			t.Fatal("reading a named pipe waits for a writer")
		}
	}
}

// TestChunkMarkdownSections: a Markdown file is cut at its headings, each
// section a chunk named by its heading, without its subsections; the
// heading above a heading, and a list item above one, stay in the section
// they belong to (they are not a comment of the next); the text before the
// first heading is a window of its own.
func TestChunkMarkdownSections(t *testing.T) {
	src := "intro line\n\n# Guide\nwhat it is\n* a list item\n## Install\nrun make\n## Use\n```sh\n# not a heading\n```\n"
	texts, err := chunkTexts(context.Background(), "docs/guide.md", []byte(src), true)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range texts {
		got = append(got, fmt.Sprintf("%d-%d %s %q: %q", c.Start, c.End, c.Kind, c.Name, c.Body))
	}
	want := []string{
		`3-11 section "Guide": "# Guide\nwhat it is\n* a list item\n"`,
		`6-7 section "Install": "## Install\nrun make\n"`,
		`8-11 section "Use": "## Use\n` + "```sh" + `\n# not a heading\n` + "```" + `\n"`,
		`1-2  "": "intro line\n\n"`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("chunks:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestChunkMinified: a minified file, whose definitions all sit on one
// long line, is cut into windows of lines, not a chunk per definition
// that each repeats the line (300 functions on a line of 8.8 KB were 300
// chunks of it, 2.6 MB); a file of the same definitions one to a line
// keeps its chunk per definition.
func TestChunkMinified(t *testing.T) {
	var one, many strings.Builder
	for i := range 300 {
		fmt.Fprintf(&one, "function f%d(a){return a+%d}", i, i)
		fmt.Fprintf(&many, "function f%d(a){return a+%d}\n", i, i)
	}
	one.WriteString("\n")
	for _, c := range []struct {
		name, src string
		chunks    int
		named     bool // the first chunk is a definition's (without cgo, the line classifier finds the minified file's first)
	}{{"min.js", one.String(), 1, syntax.By == syntax.ByClassifier}, {"lines.js", many.String(), 300, true}} {
		texts, err := chunkTexts(context.Background(), c.name, []byte(c.src), true)
		if err != nil {
			t.Fatal(err)
		}
		held := 0
		for _, x := range texts {
			held += len(x.Body)
		}
		if len(texts) != c.chunks || held > 2*len(c.src) || (texts[0].Named.Name != "") != c.named {
			t.Errorf("%s (%d bytes): %d chunks holding %d bytes, the first named %q; want %d chunks, named %v, holding at most twice the file", c.name, len(c.src), len(texts), held, texts[0].Named.Name, c.chunks, c.named)
		}
	}
}
