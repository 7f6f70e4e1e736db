package imports

import (
	"bytes"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
)

// JSBinding is a name a JavaScript or TypeScript file's imports bind to
// module Spec: the module itself (Attr "": "import * as x", "const x =
// require(…)"), its default export (Attr "default": "import x from …"),
// or another of its exports (Attr: "import {Attr as Name} from …",
// "const {Attr: Name} = require(…)", "const Name = require(…).Attr").
type JSBinding struct {
	Name, Spec, Attr string
}

// Bound returns the name the binding binds.
func (b JSBinding) Bound() string { return b.Name }

var (
	jsImportClause = sync.OnceValue(func() *regexp.Regexp {
		// import a, {b as c,\n d} from "m"; import * as ns from 'm'; import type {T} from "m"
		return regexp.MustCompile(`^[ \t]*import[ \t]+(?:type[ \t]+)?([\w$*{][^'";]*?)[ \t\r\n]*\bfrom[ \t]*['"]([^'"\n]+)['"]`)
	})
	jsRequire = sync.OnceValue(func() *regexp.Regexp {
		// const a = require("m"); let {b, c: d, e: {f}} = require('m'); var g = require("m").h
		return regexp.MustCompile(`\b(?:const|let|var)[ \t]+([\w$]+|\{(?:[^{}]|\{[^{}]*\})*\})[ \t]*=[ \t]*require[ \t]*\([ \t]*['"]([^'"\n]+)['"][ \t]*\)(?:[ \t]*\.[ \t]*([\w$]+))?`)
	})
)

// JSBindings reads the names the imports and requires of a JavaScript or
// TypeScript file bind, in the order they come (a name bound twice is
// listed twice).
func JSBindings(data []byte) []JSBinding {
	type at struct {
		pos int
		b   []JSBinding
	}
	var found []at
	// The patterns run only where a statement may be: from the start of
	// a line that holds "import" (an import clause spans a few lines at
	// most), and over the bytes before each "require" on its line (a
	// destructuring's list may start lines above): most of a file's bytes
	// are neither, and the patterns over whole files made a callers search
	// over npm's code 1.4 times slower.
	for _, o := range jsWindows(data, "import", 0, 4096) {
		if m := jsImportClause().FindSubmatchIndex(data[o[0]:o[1]]); m != nil && m[0] == 0 {
			found = append(found, at{o[0], jsClause(string(data[o[0]+m[2]:o[0]+m[3]]), string(data[o[0]+m[4]:o[0]+m[5]]))})
		}
	}
	seen := map[int]bool{}
	for _, o := range jsWindows(data, "require", 1024, 0) {
		for _, m := range jsRequire().FindAllSubmatchIndex(data[o[0]:o[1]], -1) {
			if seen[o[0]+m[0]] {
				continue
			}
			seen[o[0]+m[0]] = true
			for i := range m {
				if m[i] >= 0 {
					m[i] += o[0]
				}
			}
			found = append(found, at{m[0], jsRequireBindings(data, m)})
		}
	}
	// The two patterns' finds, merged in the order they come.
	slices.SortStableFunc(found, func(a, b at) int { return a.pos - b.pos })
	var out []JSBinding
	for _, f := range found {
		out = append(out, f.b...)
	}
	return out
}

// jsWindows returns the windows of data where a pattern looks for the
// statements that hold word. With after > 0: from the start of each line
// that starts with word, after bytes long. Else: from the start of the
// first line that begins at most before bytes ahead of each word (and
// after the window before) to the end of the word's line; a word on the
// line of the window before is in it.
func jsWindows(data []byte, word string, before, after int) [][2]int {
	var out [][2]int
	last := 0 // where the window before ends
	for i := 0; ; {
		j := bytes.Index(data[i:], []byte(word))
		if j < 0 {
			return out
		}
		at := i + j
		i = at + len(word)
		start := bytes.LastIndexByte(data[:at], '\n') + 1
		if before > 0 {
			if at < last {
				continue
			}
			start = max(last, at-before)
			if k := bytes.IndexByte(data[start:at], '\n'); k >= 0 && start > last {
				start += k + 1
			}
		}
		end := len(data)
		if after > 0 {
			end = min(len(data), start+after)
		} else if k := bytes.IndexByte(data[at:], '\n'); k >= 0 {
			end = at + k
		}
		if after == 0 || len(bytes.TrimLeft(data[start:at], " \t")) == 0 { // an import starts its line
			out = append(out, [2]int{start, end})
			last = end
		}
	}
}

// jsRequireBindings reads the names a require that jsRequire matched (m:
// its submatches' offsets in data) binds.
func jsRequireBindings(data []byte, m []int) []JSBinding {
	lhs, spec := string(data[m[2]:m[3]]), string(data[m[4]:m[5]])
	switch {
	case strings.HasPrefix(lhs, "{"):
		// A nested pattern ("constants: {R_OK}") binds a property's
		// properties, none of the module's exports: left out.
		list := lhs[1 : len(lhs)-1]
		for {
			i := strings.IndexByte(list, '{')
			j := strings.IndexByte(list, '}')
			if i < 0 || j < i {
				break
			}
			k := strings.LastIndexByte(list[:i], ',') + 1
			list = list[:k] + list[j+1:]
		}
		return jsNamed(list, spec, ":")
	case !isJSName(lhs):
		return nil
	case m[6] >= 0 && isJSName(string(data[m[6]:m[7]])):
		return []JSBinding{{Name: lhs, Spec: spec, Attr: string(data[m[6]:m[7]])}}
	case m[6] >= 0:
		return nil
	}
	return []JSBinding{{Name: lhs, Spec: spec}}
}

// jsClause reads an import clause: "a", "* as ns", "{b, c as d}", "a,
// {b}", "a, * as ns".
func jsClause(clause, spec string) []JSBinding {
	var out []JSBinding
	clause = strings.TrimSpace(clause)
	if i := strings.IndexByte(clause, '{'); i >= 0 {
		j := strings.LastIndexByte(clause, '}')
		if j < i {
			return nil
		}
		out = append(out, jsNamed(clause[i+1:j], spec, " as ")...)
		clause = clause[:i] + "," + clause[j+1:]
	}
	for _, part := range strings.Split(clause, ",") {
		part = strings.TrimSpace(part)
		switch {
		case part == "":
		case strings.HasPrefix(part, "*"):
			if _, ns, ok := strings.Cut(part, " as "); ok && isJSName(strings.TrimSpace(ns)) {
				out = append(out, JSBinding{Name: strings.TrimSpace(ns), Spec: spec})
			}
		case isJSName(part):
			out = append(out, JSBinding{Name: part, Spec: spec, Attr: "default"})
		}
	}
	return out
}

// jsNamed reads the names of a brace list, each "name" or "attr<sep>name"
// (" as " in an import, ":" in a destructuring); a default value ("a =
// 1") and a TypeScript "type" mark are left out.
func jsNamed(list, spec, sep string) []JSBinding {
	var out []JSBinding
	for _, part := range strings.Split(list, ",") {
		part, _, _ = strings.Cut(part, "=")
		part = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(part), "type "))
		attr, name := part, part
		if a, n, ok := strings.Cut(part, sep); ok {
			attr, name = strings.TrimSpace(a), strings.TrimSpace(n)
		}
		if isJSName(attr) && isJSName(name) {
			out = append(out, JSBinding{Name: name, Spec: spec, Attr: attr})
		}
	}
	return out
}

// isJSName reports whether s is an identifier as JavaScript writes one
// (ASCII letters, digits, _ and $; any other letter too).
func isJSName(s string) bool {
	for i, r := range s {
		if !(r == '_' || r == '$' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= 0x80 || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return s != ""
}

// JSResolve returns the file of the tree a JavaScript or TypeScript
// specifier of file p resolves to ("" when none), as related resolves
// it (see Resolver).
func (r *Resolver) JSResolve(p, spec string) string {
	return r.js.resolve(filepath.Dir(p), spec)
}
