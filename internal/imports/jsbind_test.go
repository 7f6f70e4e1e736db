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
// has a name and a specifier the source holds.
func FuzzJSBindings(f *testing.F) {
	f.Add([]byte("import a, {b as c,\n d} from 'm'\nconst {e: g} = require(\"n\").h\n"))
	f.Add([]byte("import {} from ''\nconst {} = require('x')"))
	f.Add([]byte("import * as from 'm'"))
	f.Fuzz(func(t *testing.T, src []byte) {
		for _, b := range JSBindings(src) {
			if !isJSName(b.Name) || b.Spec == "" || !bytes.Contains(src, []byte(b.Name)) || !bytes.Contains(src, []byte(b.Spec)) || b.Attr != "" && !bytes.Contains(src, []byte(b.Attr)) && b.Attr != "default" {
				t.Fatalf("JSBindings(%q): %+v", src, b)
			}
		}
	})
}
