package filetype

import (
	"bytes"
	"path"
	"strings"
)

// Sniff returns the type of a file whose name has no extension (a script
// in bin/, libstdc++'s and libc++'s headers: "vector", "optional"), read
// from its first lines: the interpreter its "#!" line runs
// ("#!/usr/bin/env python3", "#!/bin/sh"), else the mode an Emacs "-*-
// … -*-" on its first line, or its second after a "#!", names ("//
// <vector> -*- C++ -*-", "# -*- mode: python; coding: utf-8 -*-"). ""
// when neither names a type of the table. The name decides first: see
// BySource. Only its first SniffBytes are read.
func Sniff(head []byte) string {
	first, rest, _ := bytes.Cut(head[:min(len(head), SniffBytes)], []byte("\n"))
	if bytes.HasPrefix(first, []byte("#!")) {
		if t := interpreters[interpreter(string(first[2:]))]; t != "" {
			return t
		}
		first, _, _ = bytes.Cut(rest, []byte("\n"))
	}
	return modes[emacsMode(string(first))]
}

// SniffBytes is how much of a file Sniff reads: its "#!" line and the
// line after it, as long as they are in most scripts; not all of a
// minified file's one line.
const SniffBytes = 1024

// BySource reports whether the type of a file is read from its source
// (Sniff): its name gives it no language, and its base name has no
// extension.
func BySource(p string) bool {
	return LangOf(p) == "" && !hasExt(p)
}

// hasExt reports whether a file's base name has an extension (".bashrc"
// has none).
func hasExt(p string) bool {
	return strings.Contains(strings.TrimLeft(path.Base(p), "."), ".")
}

// LangOfText is LangOf, and for a file whose type is read from its source
// (BySource), the language of the type Sniff finds in head, its first
// lines.
func LangOfText(p string, head []byte) string {
	if l := LangOf(p); l != "" || hasExt(p) {
		return l
	}
	if d, ok := Lookup(Sniff(head)); ok {
		return d.Lang
	}
	return ""
}

// interpreter returns the program a "#!" line runs, without its
// directory and version ("/usr/bin/env -S python3.11 -u" → "python").
func interpreter(line string) string {
	f := strings.Fields(line)
	if len(f) == 0 {
		return ""
	}
	prog := path.Base(f[0])
	if prog == "env" {
		prog = ""
		for _, a := range f[1:] {
			if !strings.HasPrefix(a, "-") && !strings.Contains(a, "=") {
				prog = path.Base(a)
				break
			}
		}
	}
	return strings.TrimRight(prog, "0123456789.")
}

// emacsMode returns the mode an Emacs "-*- … -*-" in line names, lower
// case: the whole of it ("-*- C++ -*-") or its "mode:" ("-*- mode:
// python; coding: utf-8 -*-"); "" for none.
func emacsMode(line string) string {
	_, in, ok := strings.Cut(line, "-*-")
	if !ok {
		return ""
	}
	in, _, ok = strings.Cut(in, "-*-")
	if !ok {
		return ""
	}
	if !strings.Contains(in, ":") {
		return strings.ToLower(strings.TrimSpace(in))
	}
	for _, kv := range strings.Split(in, ";") {
		k, v, _ := strings.Cut(kv, ":")
		if strings.EqualFold(strings.TrimSpace(k), "mode") {
			return strings.ToLower(strings.TrimSpace(v))
		}
	}
	return ""
}

// interpreters are the types of the programs "#!" lines run.
var interpreters = map[string]string{
	"python": "py", "pypy": "py",
	"sh": "sh", "bash": "sh", "dash": "sh", "ksh": "sh", "zsh": "sh", "ash": "sh", "mksh": "sh",
	"node": "js", "nodejs": "js",
	"ruby": "ruby",
	"php":  "php",
	"perl": "perl",
	"lua":  "lua",
}

// modes are the types of Emacs's major modes.
var modes = map[string]string{
	"c++": "cpp", "c": "c", "objc": "objc",
	"python": "py",
	"sh":     "sh", "shell-script": "sh", "bash": "sh",
	"js": "js", "javascript": "js", "js2": "js",
	"ruby": "ruby", "php": "php", "perl": "perl", "cperl": "perl",
	"go": "go", "rust": "rust", "java": "java", "lua": "lua",
}
