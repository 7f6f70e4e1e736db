package rank

import (
	"strings"
	"testing"

	"github.com/scoutcode/scout/internal/filetype"
)

// TestClassify classifies the match of word in one line (the line is the
// last of the given text, so earlier lines give Go's block context).
func TestClassify(t *testing.T) {
	for _, c := range []struct {
		lang             Lang
		text, word, want string
	}{
		{Go, "func Foo() {}", "Foo", "definition (whole name)"},
		{Go, "func (s *Srv) Foo(x int) {}", "Foo", "definition (whole name)"},
		{Go, "func (s *Srv) Foo(x int) {}", "Srv", "use (whole name)"},
		{Go, "func (s *Srv) Foo(x int) {}", "Srv) Foo", "definition (whole name)"}, // a match over several words touches the name
		{Go, "func FooBar() {}", "func Foo", "definition"},
		{Go, "func FooBar(x int) {}", "func FooBar(", "definition (whole name)"}, // "(" ends at a boundary whatever follows
		{Go, "x := Foo(y)", "Foo(", "use (whole name)"},
		{Go, "x := Foo(y)", "oo(", "use"},
		{Go, "func f() { x := Foo() }", "x := Foo", "use (whole name)"},
		{Python, "    def foo(self):", "def foo", "definition (whole name)"},
		{Rust, "pub fn serve(x: u8) {", "fn serve(x", "definition (whole name)"},
		{Go, "func NewFoo() *Foo {", "Foo", "definition"},
		{Go, "type Foo struct {", "Foo", "definition (whole name)"},
		{Go, "type Foo[T any] interface {", "Foo", "definition (whole name)"},
		{Go, "const Foo = 1", "Foo", "definition (whole name)"},
		{Go, "var a, Foo int", "Foo", "definition (whole name)"},
		{Go, "const (\n\tA = iota\n\tFoo", "Foo", "definition (whole name)"},
		{Go, "var (\n\tFoo, Bar = 1, 2", "Bar", "definition (whole name)"},
		{Go, "type (\n\tFoo struct{}", "Foo", "definition (whole name)"},
		{Go, "type T struct {\n\tFoo int", "Foo", "member (whole name)"},
		{Go, "type I interface {\n\tFoo() error", "Foo", "member (whole name)"},
		{Go, "func f() {\n\tvar Foo = 2", "Foo", "member (whole name)"},
		{Go, "func f() {\n\tFoo(1)", "Foo", "use (whole name)"},
		{Go, "func f() {\n\treturn errors.New(\"this type Foo is not\")", "Foo", "use (whole name)"}, // a keyword mid-line is in a string
		{Go, "func f() {\n\tx := \"var Foo, Bar int\"", "Bar", "use (whole name)"},
		{Go, "import \"foo/bar\"", "bar", "import (whole name)"},
		{Go, "import (\n\t\"fmt\"\n\tfoo \"x/y\"", "foo", "import (whole name)"},
		{Go, "x := Foo() // Foo again", "Foo", "use (whole name)"},
		{Go, "// Foo does things", "Foo", "comment (whole name)"},
		{Go, "s := \"// Foo\"", "Foo", "use (whole name)"},
		{C, "int x = /* size */ Foo;", "Foo", "use (whole name)"},
		{C, "int x = 1; /* Foo", "Foo", "comment (whole name)"},
		{JS, "export default class Foo extends Bar {", "Foo", "definition (whole name)"},
		{JS, "export const Foo = (p) => p", "Foo", "definition (whole name)"},
		{JS, "  const Foo = 1;", "Foo", "member (whole name)"},
		{JS, "export interface Foo {", "Foo", "definition (whole name)"},
		{JS, "type Foo = string | number", "Foo", "definition (whole name)"},
		{JS, "enum Foo { A }", "Foo", "definition (whole name)"},
		{JS, "async function* foo(a) {", "foo", "definition (whole name)"},
		{JS, "  async render(props) {", "render", "definition (whole name)"},
		{JS, "  render(props);", "render", "use (whole name)"},
		{JS, "  if (render(x)) {", "render", "use (whole name)"},
		{JS, "  onClick: (e) => go(e),", "onClick", "definition (whole name)"},
		{JS, "  color: 'red',", "color", "member (whole name)"},
		{JS, "import { Foo } from './foo'", "Foo", "import (whole name)"},
		{JS, "const x = require('foo')", "foo", "import (whole name)"},
		{Python, "def foo(x):", "foo", "definition (whole name)"},
		{Python, "    async def foo(self):", "foo", "definition (whole name)"},
		{Python, "class Foo(Base):", "Foo", "definition (whole name)"},
		{Python, "    raise ValueError(\"No class Foo\")", "Foo", "use (whole name)"},
		{Python, "    check(\"def Foo(p, *):\")", "Foo", "use (whole name)"},
		{Python, "FOO = 3", "FOO", "definition (whole name)"},
		{Python, "    foo = 3", "foo", "member (whole name)"},
		{Python, "if foo == 3:", "foo", "use (whole name)"},
		{Python, "from a.b import foo", "foo", "import (whole name)"},
		{Python, "x = 1  # foo", "foo", "comment (whole name)"},
		{Rust, "pub fn render(frame: Frame) -> u32 {", "render", "definition (whole name)"},
		{Rust, "pub fn render(frame: Frame) -> u32 {", "Frame", "use (whole name)"},
		{Rust, "pub(crate) struct Frame {", "Frame", "definition (whole name) (private)"},
		{Rust, "impl Display for Frame {", "Frame", "use (whole name)"},
		{Rust, "    let mut frame = x;", "frame", "member (whole name)"},
		{Rust, "macro_rules! frame {", "frame", "definition (whole name)"},
		{Rust, "use crate::ui::Frame;", "Frame", "import (whole name)"},
		{Rust, "fn f<'a>(x: &'a str) { // Frame", "Frame", "comment (whole name)"},
		{Java, "public class Foo implements Bar {", "Foo", "definition (whole name)"},
		{Java, "    public static int foo(String s) {", "foo", "definition (whole name)"},
		{Java, "    List<String> foo(int n) {", "foo", "definition (whole name)"},
		{Java, "        return foo(3);", "foo", "use (whole name)"},
		{Java, "    private int count;", "count", "member (whole name) (private)"},
		{Java, "import java.util.List;", "List", "import (whole name)"},
		{Kotlin, "fun String.shout(): String = uppercase()", "shout", "definition (whole name)"},
		{Kotlin, "data class Point(val x: Int)", "Point", "definition (whole name)"},
		{Kotlin, "object Registry {", "Registry", "definition (whole name)"},
		{CSharp, "public record Point(int X);", "Point", "definition (whole name)"},
		{CSharp, "    public decimal Total(decimal tax) { return tax; }", "Total", "definition (whole name)"},
		{CSharp, "using System.Text;", "Text", "import (whole name)"},
		{C, "static char *buf_grow(struct buf *b, size_t n)", "buf_grow", "definition (whole name)"},
		{C, "buf_grow(struct buf *b)", "buf_grow", "definition (whole name)"},
		{C, "    buf_grow(b, 2);", "buf_grow", "use (whole name)"},
		{C, "#define BUF_MIN 64", "BUF_MIN", "definition (whole name)"},
		{C, "struct buf {", "buf", "definition (whole name)"},
		{C, "} buf_t;", "buf_t", "definition (whole name)"},
		{C, "typedef unsigned long size_type;", "size_type", "definition (whole name)"},
		{C, "void gfx::Renderer::draw() {", "draw", "definition (whole name)"},
		{C, "#include \"buf.h\"", "buf", "import (whole name)"},
		// C++ indented, in a class's body or a namespace libstdc++ indents
		{C, "  void run(int x) {", "run", "definition (whole name)"},
		{C, "      push_back(const value_type& __x)", "push_back", "definition (whole name)"},
		{C, "      get() const throw() { return _M_ptr; }", "get", "definition (whole name)"},
		{C, "      auto_ptr(auto_ptr& __a) throw() : _M_ptr(__a.release()) { }", "auto_ptr", "definition (whole name)"},
		{C, "  Pool::join(int n)", "join", "definition (whole name)"},
		{C, "    auto size() const -> size_type", "size", "definition (whole name)"},
		{C, "    push_back(x);", "push_back", "use (whole name)"},
		{C, "    int n = size(v);", "size", "use (whole name)"},
		{C, "  int size() const;", "size", "use (whole name)"},
		{C, "    return helper(x) +", "helper", "use (whole name)"},
		{C, "      has_sizes_(false) {", "has_sizes_", "use (whole name)"},
		{C, "    OpSchema()", "OpSchema", "use (whole name)"},
		{C, "    if (ready(x)) {", "ready", "use (whole name)"},
		{C, "    if (ready(x)) {", "if", "use (whole name)"},
		{C, "    ONNX_CATCH(const std::exception& e) {", "ONNX_CATCH", "use (whole name)"},
		{C, "    throw Error(x) {", "Error", "use (whole name)"},
		{C, "    owningGraph()->forEachNode(f) {", "owningGraph", "use (whole name)"},
		{C, "    if (input->node()->kind() == k) {", "kind", "use (whole name)"},
		{C, "    foo(a,", "foo", "use (whole name)"},
		{C, "    // void run(int x) {", "run", "comment (whole name)"},
		{C, " * buf_grow doubles", "buf_grow", "comment (whole name)"},
		{Ruby, "  def self.build(x)", "build", "definition (whole name)"},
		{Ruby, "module Books", "Books", "definition (whole name)"},
		{Ruby, "LIMIT = 10", "LIMIT", "definition (whole name)"},
		{Ruby, "require 'json'", "json", "import (whole name)"},
		{PHP, "    public function send(string $to): bool {", "send", "definition (whole name)"},
		{PHP, "#[Route('/send')]", "send", "use (whole name)"},
		{Swift, "struct Track: Codable {", "Track", "definition (whole name)"},
		{Swift, "    func play() -> Bool {", "play", "definition (whole name)"},
		{Shell, "deploy() {", "deploy", "definition (whole name)"},
		{Shell, "function cleanup {", "cleanup", "definition (whole name)"},
		{Shell, "export TARGET=prod", "TARGET", "definition (whole name)"},
		{Shell, "  local count=0", "count", "member (whole name)"},
		{Shell, "source ./lib.sh", "lib", "import (whole name)"},
		{Markdown, "## Refund deadline", "Refund deadline", "definition (whole name)"},
		{Markdown, "The refund deadline is 30 days.", "refund deadline", "use (whole name)"},
		{Markdown, "### Using createConnection with async/await", "async", "member (whole name)"},
		{Markdown, "### Using createConnection with async/await", "Using", "definition (whole name)"},
		{Markdown, "## The refund deadline", "refund deadline", "member (whole name)"},
		{Markdown, "### `fs.readFile(path[, options])`", "readFile", "definition (whole name)"},
		{Markdown, "### `fs.readFile(path[, options])`", "options", "member (whole name)"},
		{Markdown, "## 2. Install", "Install", "definition (whole name)"},
		{Markdown, "## 1.3) **Install** it", "Install", "definition (whole name)"},
		{Markdown, "# npm-install(1)", "install", "definition (whole name)"},
		{Markdown, "# 404 pages", "404", "definition (whole name)"},
		{Markdown, "#### Foo::bar for baz", "bar", "definition (whole name)"},
		{Markdown, "#### Foo::bar for baz", "baz", "member (whole name)"},
		{YAML, "timeout: 30s", "timeout", "definition (whole name)"},
		{YAML, "  - name: web", "name", "member (whole name)"},
		{YAML, "message: timeout reached", "timeout", "use (whole name)"},
		{JSON, `  "retries": 3,`, "retries", "definition (whole name)"},
		{JSON, `      "retries": 3,`, "retries", "member (whole name)"},
		{TOML, "[server.http]", "http", "definition (whole name)"},
		{TOML, "workers = 4", "workers", "member (whole name)"},
	} {
		buf := []byte(c.text)
		lineStart := strings.LastIndexByte(c.text, '\n') + 1
		line := c.text[lineStart:]
		s := strings.Index(line, c.word)
		if s < 0 {
			t.Fatalf("%q not in %q", c.word, line)
		}
		cl := NewClassifier(c.lang, buf)
		got := cl.Classify(lineStart, len(c.text), s, s+len(c.word)).String()
		if got != c.want {
			t.Errorf("%v %q in %q: got %s, want %s", c.lang, c.word, line, got, c.want)
		}
		// grep asks Line first, and classifies the spans only where it
		// says a name may be declared: it must not miss a definition.
		if _, need, _ := cl.Line(lineStart, len(c.text)); strings.HasPrefix(c.want, "definition") && !need {
			t.Errorf("%v %q: Line says no name is declared on it; Classify says %s", c.lang, line, c.want)
		}
	}
}

func TestFileSignals(t *testing.T) {
	for _, c := range []struct {
		name    string
		fn      func(string) bool
		yes, no []string
	}{
		{"Vendored", Vendored, []string{"vendor/golang.org/x/a.go", "web/node_modules/react/index.js", "src/pip/_vendor/urllib3/poolmanager.py",
			"botocore/vendored/six.py", "modules/3rdparty/zlib/inflate.c"}, []string{"src/vendored.go", "src/vendor_test.go", "_vendor.py"}},
		{"Lock", Lock, []string{"go.sum", "web/package-lock.json", "Cargo.lock"}, []string{"lock.go"}},
		{"Docs", Docs, []string{"README.md", "docs/api.go", "CHANGELOG", "NEWS", "CONTRIBUTING", "AUTHORS", "History.rst"},
			[]string{"src/history.py", "news/feed.go", "changes.js", "authors.go", "src/main.go"}},
		{"Legal", Legal, []string{"LICENSE", "a/COPYING", "LICENSE.txt", "LICENSE-MIT", "LICENSE.APACHE2", "licenses/NOTICE.md", "PATENTS", "UNLICENSE"},
			[]string{"license.go", "internal/license/check.py", "notice_test.go", "LICENSE.json", "COPYING.c", "noticeboard.txt"}},
		{"History", History, []string{"CHANGELOG.md", "a/HISTORY.rst", "NEWS", "idlelib/News3.txt", "idlelib/NEWS2x.txt", "RELEASE-NOTES.md", "AUTHORS", "CREDITS.txt", "changes.txt"},
			[]string{"changelog.go", "src/history.py", "news/feed.go", "HISTORY.json", "newsletter.md", "authors/list.md", "NEWSx.txt"}},
		{"Test", Test, []string{"a/b_test.go", "tests/conftest.py", "src/app.spec.ts", "src/FooTest.java"}, []string{"src/contest.go", "src/Test.java"}},
	} {
		for _, p := range c.yes {
			if !c.fn(p) {
				t.Errorf("%s(%q) = false, want true", c.name, p)
			}
		}
		for _, p := range c.no {
			if c.fn(p) {
				t.Errorf("%s(%q) = true, want false", c.name, p)
			}
		}
	}
	if !Generated("x/api.pb.go", nil) || !Generated("a.go", []byte("// Code generated by stringer; DO NOT EDIT.\n\npackage a")) || Generated("a.go", []byte("package a")) {
		t.Error("generated files are not recognised")
	}
	if Generated("gen.go", []byte("package main\n\nconst header = `// Code generated by gen.go. DO NOT EDIT.`\n")) {
		t.Error("a generator is taken for generated code")
	}
	if !Generated("x.py", []byte("# @generated by protoc\nimport x\n")) {
		t.Error("a # @generated marker is missed")
	}
	for _, head := range []string{
		"# -*- coding: utf-8 -*-\n# Autogenerated by Sphinx on Mon Dec  4 17:55:07 2023\n",
		"# Auto-generated by Tools/scripts/generate_token.py\n",
		"// Copyright 2009 The Go Authors.\n\n// THIS FILE IS GENERATED BY THE COMMAND AT THE TOP; DO NOT EDIT\n",
		"# Generated by Django 4.2 on 2023-05-01 10:00\n\nfrom django.db import migrations\n",
		"/*\n * This file was automatically generated by lexgen.\n */\n",
		"//------------------------------------------------------------------------------\n// <auto-generated>\n",
	} {
		if !Generated("x.py", []byte(head)) {
			t.Errorf("header %q is not taken for generated code", head)
		}
	}
	for _, head := range []string{
		"# Keys are generated by the caller.\n",
		"// The tables below are generated by mktables.go; run it after editing.\n",
		"print(\"# This file is generated by mkstringprep.py. DO NOT EDIT.\")\n",
		"x = 1 # Autogenerated ids start here\n",
		"\t// (The Exprs are those\n\t// generated by a Go parser.)\n",
		"func f() {\n\t// Generated by:\n\t//   gcc -g\n}\n",
		strings.Repeat("\n", 20) + "# This file was generated from:\n#   Id: option_parser.py\n",
	} {
		if Generated("x.py", []byte(head)) {
			t.Errorf("header %q is taken for generated code", head)
		}
	}
	long := strings.Repeat("x", 5000)
	if !Minified([]byte(long)) || Minified([]byte(strings.Repeat("short line\n", 500))) {
		t.Error("minified files are not recognised")
	}
}

// Every language the type table names is one the classifier knows, and
// the names it knows by extension stay what they were.
func TestLangOf(t *testing.T) {
	for _, d := range filetype.Defs() {
		if d.Lang != "" && byName[d.Lang] == Unknown {
			t.Errorf("type %s: language %q is not one of internal/rank's", d.Name, d.Lang)
		}
	}
	for p, want := range map[string]Lang{
		"a/b.go": Go, "x.tsx": JS, "x.mjs": JS, "x.vue": JS, "x.py": Python, "x.pyi": Python, "x.rs": Rust,
		"x.java": Java, "x.kts": Kotlin, "x.cs": CSharp, "x.h": C, "x.H": C, "x.hpp": C, "x.cxx": C, "x.m": C, "x.mm": C,
		"x.rb": Ruby, "Gemfile": Ruby, "Rakefile": Ruby, "x.php": PHP, "x.swift": Swift, "x.zsh": Shell, "Makefile": Shell,
		"Dockerfile": Shell, "x.md": Markdown, "x.MD": Markdown, "x.yml": YAML, "x.jsonc": JSON, "Cargo.lock": TOML,
		"x.sc": Scala, "x.lua": Lua, "x.sql": SQL, "x.txt": Unknown, "README": Unknown, "x": Unknown, "x.cc.in": C,
	} {
		if got := LangOf(p); got != want {
			t.Errorf("LangOf(%q) = %v, want %v", p, got, want)
		}
	}
}
