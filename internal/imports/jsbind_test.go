package imports

import (
	"bytes"
	"slices"
	"testing"
)

// TestJSBindings: the names a JavaScript or TypeScript file's imports
// and requires bind, in order: a default import, a namespace, a named
// list over lines with aliases and a type mark, a require of a module,
// of one of its exports, destructured with an alias, a default value
// and a nested pattern (left out); not an import in a string nor a re-export.
func TestJSBindings(t *testing.T) {
	src := `import React, { useState as useS,
  type Props } from 'react'
import * as fs from "node:fs"
import def, * as all from './lib/index.js'
const path = require('path')
let { join, resolve: res, x = 1 } = require("path")
const { access, constants: { R_OK }, stat } = require('node:fs/promises')
var get = require('./http').get
export { a } from './a'
const s = "import q from 'q'"
`
	want := []JSBinding{
		{Name: "useS", Spec: "react", Attr: "useState"}, {Name: "Props", Spec: "react", Attr: "Props"}, {Name: "React", Spec: "react", Attr: "default"},
		{Name: "fs", Spec: "node:fs"},
		{Name: "def", Spec: "./lib/index.js", Attr: "default"}, {Name: "all", Spec: "./lib/index.js"},
		{Name: "path", Spec: "path"},
		{Name: "join", Spec: "path", Attr: "join"}, {Name: "res", Spec: "path", Attr: "resolve"}, {Name: "x", Spec: "path", Attr: "x"},
		{Name: "access", Spec: "node:fs/promises", Attr: "access"}, {Name: "stat", Spec: "node:fs/promises", Attr: "stat"},
		{Name: "get", Spec: "./http", Attr: "get"},
	}
	if got := JSBindings([]byte(src)); !slices.Equal(got, want) {
		t.Errorf("JSBindings:\n got %v\nwant %v", got, want)
	}
}

// FuzzJSBindings: any bytes are read without a panic, and every binding
// has a name and a specifier the source holds; so has every export
// ParseJSExports reads.
func FuzzJSBindings(f *testing.F) {
	f.Add([]byte("import a, {b as c,\n d} from 'm'\nconst {e: g} = require(\"n\").h\n"))
	f.Add([]byte("import {} from ''\nconst {} = require('x')"))
	f.Add([]byte("import * as from 'm'"))
	f.Add([]byte("export {a as b} from 'm'\nmodule.exports = {c, d: require('e').f, ...require('g'), 'h': `,}`}\nexports.i = j\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		ex := ParseJSExports(src)
		for _, e := range ex.Names {
			if !isJSName(e.Name) || !bytes.Contains(src, []byte(e.Name)) || e.Spec == "" && !isJSName(e.Local) || e.Spec != "" && (e.Local != "" || !bytes.Contains(src, []byte(e.Spec))) || e.Attr != "" && !bytes.Contains(src, []byte(e.Attr)) {
				t.Fatalf("ParseJSExports(%q): %+v", src, e)
			}
		}
		for _, s := range ex.Stars {
			if s == "" || !bytes.Contains(src, []byte(s)) {
				t.Fatalf("ParseJSExports(%q): star %q", src, s)
			}
		}
		for _, b := range JSBindings(src) {
			if !isJSName(b.Name) || b.Spec == "" || !bytes.Contains(src, []byte(b.Name)) || !bytes.Contains(src, []byte(b.Spec)) || b.Attr != "" && !bytes.Contains(src, []byte(b.Attr)) && b.Attr != "default" {
				t.Fatalf("JSBindings(%q): %+v", src, b)
			}
		}
	})
}

// TestParseJSExports: the exports of a module that bring a name from
// elsewhere: ESM re-exports (named, aliased, a namespace, all), a local
// exported under another name, CommonJS's module.exports as a require or
// an object of locals, requires and a spread (also Object.assign's),
// exports.a of a require, a local or a local's property; not a function,
// a call, a property's property, an indented or a nested exports.
func TestParseJSExports(t *testing.T) {
	src := `export { a, b as c } from './ab'
export * from "./all"
export * as ns from './ns'
export type { T } from './types'
export { d as e }
exports.f = require('./f').g
exports.h = local
exports.i = function () {}
exports.j.k = require('./no')
module.exports.l = require('./l')
  exports.m = require('./indented')
module.exports = {
  n, // a comment, here
  o: p,
  q: require('./q'),
  r: require("./r").s,
  ...require('./spread'),
  t (x) { return {u: 1} },
  v: call(w),
  'x-y': z,
}
module.exports = require('./whole')
exports = require('./nothing')
exports.aa = index.ls
exports.bb = index.ls.more
module.exports = Object.assign(run, { cc, dd: require('./dd') })
`
	got := ParseJSExports([]byte(src))
	want := JSExports{
		Names: []JSExport{
			{Name: "a", Spec: "./ab", Attr: "a"}, {Name: "c", Spec: "./ab", Attr: "b"},
			{Name: "ns", Spec: "./ns"},
			{Name: "T", Spec: "./types", Attr: "T"},
			{Name: "e", Local: "d"},
			{Name: "f", Spec: "./f", Attr: "g"},
			{Name: "h", Local: "local"},
			{Name: "l", Spec: "./l"},
			{Name: "n", Local: "n"}, {Name: "o", Local: "p"}, {Name: "q", Spec: "./q"}, {Name: "r", Spec: "./r", Attr: "s"},
			{Name: "aa", Local: "index", Attr: "ls"},
			{Name: "cc", Local: "cc"}, {Name: "dd", Spec: "./dd"},
		},
		Stars: []string{"./all", "./spread", "./whole"},
	}
	if !slices.Equal(got.Names, want.Names) || !slices.Equal(got.Stars, want.Stars) {
		t.Errorf("ParseJSExports:\n got %+v\nwant %+v", got, want)
	}
}
