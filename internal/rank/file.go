package rank

import (
	"bytes"
	"path"
	"slices"
	"strings"
	"time"
)

// FileFacts is what the file signals are computed from.
type FileFacts struct {
	Path      string // slash-separated
	Generated bool   // see Generated
	Minified  bool   // see Minified
	MTime     time.Time
	Now       time.Time
	Frecency  float64 // decayed use count; 0 when unknown
	// FixedBonus: the frecency bonus is FrecencyBonus, not computed from
	// Frecency (a later page scores with the first page's bonuses).
	FixedBonus    bool
	FrecencyBonus int
	Git           bool // modified, staged or untracked
	NameMatch     bool // the pattern matches the file's base name
	NameExact     bool // … and the match is the name without its extension
	// Content: the file is scored for hits in its content (grep), where
	// documentation is a copy of what the source holds; a find, which
	// looks for names, leaves documentation alone.
	Content bool
}

// FileSignals returns the signals of a file and their sum.
func FileSignals(f FileFacts) ([]Signal, int) {
	var out []Signal
	fileSignals(f, func(name string, v int) { out = append(out, Signal{name, v}) })
	return out, Sum(out)
}

// FileScore returns the sum of FileSignals without making the list.
func FileScore(f FileFacts) int {
	n := 0
	fileSignals(f, func(_ string, v int) { n += v })
	return n
}

// fileSignals calls add for each non-zero file signal, in order.
func fileSignals(f FileFacts, emit func(name string, v int)) {
	add := func(name string, v int) {
		if v != 0 {
			emit(name, v)
		}
	}
	switch {
	case f.NameExact:
		add(SigFileName, WeightFileName)
	case f.NameMatch:
		add(SigFileNamePart, WeightFileNamePart)
	}
	add(SigRecency, Recency(f.MTime, f.Now))
	if f.FixedBonus {
		add(SigFrecency, f.FrecencyBonus)
	} else {
		add(SigFrecency, Frecency(f.Frecency))
	}
	if f.Git {
		add(SigGit, WeightGit)
	}
	if Vendored(f.Path) {
		add(SigVendored, PenaltyVendored)
	}
	if f.Generated {
		add(SigGenerated, PenaltyGenerated)
	} else if f.Minified {
		add(SigMinified, PenaltyMinified)
	}
	if Lock(f.Path) {
		add(SigLock, PenaltyLock)
	}
	if Test(f.Path) {
		add(SigTest, PenaltyTest)
	}
	if f.Content && Docs(f.Path) {
		add(SigDocs, PenaltyDocs)
	}
}

var (
	docsDirs = []string{"docs", "documentation", "examples", "example", "_examples", "samples", "tutorial", "tutorials"}
	docsExts = []string{".md", ".markdown", ".mdx", ".rst", ".adoc", ".asciidoc", ".txt", ".org", ".ipynb"}
)

// Docs reports whether a file is documentation or an example: by its
// directory, or a prose format by its extension or name (a changelog and
// the like, see History; CONTRIBUTING). A source file named like one
// (history.py, news.go) is code.
func Docs(p string) bool {
	base := strings.ToLower(path.Base(p))
	return slices.Contains(docsExts, path.Ext(base)) || base == "contributing" || History(p) || hasDir(p, docsDirs)
}

// legalNames are the stems of the files that hold a project's licence
// and its notices.
var legalNames = []string{"license", "licence", "licenses", "licences", "copying", "copyright", "notice", "patents", "unlicense"}

// Legal reports whether a file is a licence or a legal notice (LICENSE,
// COPYING, NOTICE, PATENTS, LICENSE-MIT, LICENSE.txt…): its words are
// in no answer about how code works.
func Legal(p string) bool {
	base := strings.ToLower(path.Base(p))
	switch ext := path.Ext(base); ext {
	case "", ".txt", ".md", ".rst", ".markdown":
		base = strings.TrimSuffix(base, ext)
	default:
		// LICENSE.APACHE2 and the like; not license.go
		if !strings.HasPrefix(base, "licen") || LangOf(p) != Unknown {
			return false
		}
	}
	stem, _, _ := strings.Cut(base, "-")
	stem, _, _ = strings.Cut(stem, "_")
	stem, _, _ = strings.Cut(stem, ".")
	return slices.Contains(legalNames, stem)
}

// historyNames are the stems of the files that record a project's past
// and its people: changelogs, release notes, news, credits.
var historyNames = []string{"changelog", "changes", "history", "news", "releasenotes", "release-notes", "release_notes", "credits", "authors", "contributors", "thanks"}

// History reports whether a file is a changelog or a record of the like
// (CHANGELOG.md, HISTORY.rst, NEWS, News3.txt, RELEASE-NOTES.md, AUTHORS,
// CREDITS.txt): it tells in words of every change the project made, so
// its words meet any description, though it says where no code is.
func History(p string) bool {
	base := strings.ToLower(path.Base(p))
	switch ext := path.Ext(base); ext {
	case "", ".txt", ".md", ".rst", ".markdown", ".adoc":
		base = strings.TrimSuffix(base, ext)
	default:
		return false
	}
	if slices.Contains(historyNames, base) {
		return true
	}
	// NEWS2x, News3, HISTORY-1.x: a name and a version.
	stem := strings.TrimRight(base, "0123456789.x-_")
	return stem != base && strings.ContainsAny(base[len(stem):], "0123456789") && slices.Contains(historyNames, stem)
}

// vendorDirs name the directories that hold other projects' code: Go's,
// PHP's and Ruby's vendor, pip's and setuptools' _vendor, botocore's
// vendored, C and C++'s third_party and 3rdparty, npm's and Bower's, and
// Python's installed packages.
var vendorDirs = []string{"vendor", "_vendor", "vendored", "_vendored", "third_party", "third-party", "thirdparty", "3rdparty", "3rd_party", "3rd-party", "node_modules", "bower_components", "external", "extern", "site-packages", "dist-packages"}

// Vendored reports whether a directory of the path holds vendored code.
func Vendored(p string) bool { return hasDir(p, vendorDirs) }

var generatedSuffixes = []string{".pb.go", ".pb.cc", ".pb.h", "_pb2.py", "_pb2_grpc.py", ".pb.dart", ".g.dart", ".freezed.dart", ".min.js", ".min.css", ".min.mjs", ".designer.cs", ".generated.cs"}

// Generated reports whether a file is generated: by its name, or by a
// marker on a comment line in its first 4 KiB: "Code generated … DO NOT
// EDIT", "@generated" or "<auto-generated" anywhere on the line, or a
// comment that opens with a generator's header ("Autogenerated by Sphinx",
// "Auto-generated by …", "This file is generated by …", "Generated by
// Django …"; see generatedHeads). The marker must be on a comment line so
// that a generator, which holds the same words in a string, is not taken
// for its output.
func Generated(p string, content []byte) bool {
	base := path.Base(p)
	for _, s := range generatedSuffixes {
		if strings.HasSuffix(base, s) {
			return true
		}
	}
	stem := strings.TrimSuffix(base, path.Ext(base))
	if strings.HasSuffix(stem, "_generated") || strings.HasSuffix(stem, ".generated") || strings.HasPrefix(base, "zz_generated") {
		return true
	}
	head := content[:min(len(content), 4096)]
	// Only the lines that hold the word every marker holds are looked at:
	// most files have none, and are one pass over 4 KiB for it in lower
	// case, and two over their first 2 KiB, where a header must be (the
	// first lines, after a licence of a dozen), for it capitalised. The
	// words start with g or G, not e: bytes.Index goes from first byte to
	// first byte, and e is in every other word.
	for _, in := range [...]struct {
		word string
		end  int
	}{{"generated", len(head)}, {"Generated", min(len(head), 2048)}, {"GENERATED", min(len(head), 2048)}} {
		head := head[:in.end]
		for at := 0; ; {
			i := bytes.Index(head[at:], []byte(in.word))
			if i < 0 {
				break
			}
			i += at
			start, end := bytes.LastIndexByte(head[:i], '\n')+1, len(head)
			if j := bytes.IndexByte(head[i:], '\n'); j >= 0 {
				end = i + j
			}
			if generatedLine(head, start, end) {
				return true
			}
			at = end
		}
	}
	return false
}

// generatedLine reports whether head[start:end], a line, marks its file
// generated (see Generated).
func generatedLine(head []byte, start, end int) bool {
	line := head[start:end]
	text, ok := commentText(line)
	if !ok {
		return false
	}
	if i := bytes.Index(text, []byte("Code generated")); i >= 0 &&
		(bytes.Contains(text[i:], []byte("DO NOT EDIT")) || bytes.Contains(head[end:], []byte("DO NOT EDIT"))) {
		return true
	}
	if bytes.Contains(text, []byte("@generated")) || bytes.Contains(text, []byte("<auto-generated")) {
		return true
	}
	// A header is in the first lines, not indented, and opens a sentence:
	// "\t// Generated by:" is in a function, "// generated by a Go parser."
	// goes on from the line before.
	if line[0] == '\t' || bytes.HasPrefix(line, []byte("  ")) || len(text) == 0 || text[0] < 'A' || text[0] > 'Z' ||
		bytes.Count(head[:start], []byte{'\n'}) >= headerLines {
		return false
	}
	for _, h := range generatedHeads {
		if len(text) >= len(h) && bytes.EqualFold(text[:len(h)], h) {
			return true
		}
	}
	return false
}

// headerLines is how far down a generated file's header may be found.
const headerLines = 20

// generatedHeads open the header comment of a generated file, in any case
// but with a capital first letter:
// "# Autogenerated by Sphinx", "# Auto-generated by Tools/scripts/…",
// "// THIS FILE IS GENERATED BY THE COMMAND AT THE TOP", "# Generated by
// Django 4.2", "// Generated by the protocol buffer compiler", "This code
// was generated by a tool".
var generatedHeads = bytesOf(
	"autogenerated", "auto-generated", "automatically generated", "generated by",
	"this file is generated", "this file was generated", "this file has been generated",
	"this file is autogenerated", "this file was autogenerated",
	"this file is auto-generated", "this file was auto-generated",
	"this file is automatically generated", "this file was automatically generated", "this file has been automatically generated",
	"this code was generated", "this code is generated",
)

func bytesOf(ss ...string) [][]byte {
	bs := make([][]byte, len(ss))
	for i, s := range ss {
		bs[i] = []byte(s)
	}
	return bs
}

// commentText is the text of a line that is a comment, its marker and the
// spaces around it taken off; ok is false for any other line.
func commentText(line []byte) (text []byte, ok bool) {
	line = bytes.TrimSpace(line)
	for _, c := range []string{"//", "#", "/*", "*", "<!--", "--", ";"} {
		if rest, found := bytes.CutPrefix(line, []byte(c)); found {
			return bytes.TrimLeft(rest, "/#*!-; \t"), true
		}
	}
	return nil, false
}

// Minified reports whether a file has very long lines on average: more than
// 300 bytes per line over its first 8 KiB, in a file of at least 2 KiB.
func Minified(content []byte) bool {
	head := content[:min(len(content), 8<<10)]
	if len(head) < 2048 {
		return false
	}
	lines := bytes.Count(head, []byte{'\n'}) + 1
	return len(head)/lines > 300
}

var lockNames = map[string]bool{
	"package-lock.json": true, "npm-shrinkwrap.json": true, "pnpm-lock.yaml": true, "yarn.lock": true,
	"go.sum": true, "go.work.sum": true, "Cargo.lock": true, "composer.lock": true, "Gemfile.lock": true,
	"poetry.lock": true, "Pipfile.lock": true, "uv.lock": true, "bun.lockb": true, "bun.lock": true,
	"flake.lock": true, "packages.lock.json": true, "mix.lock": true, "pubspec.lock": true,
	"Podfile.lock": true, "gradle.lockfile": true, "deno.lock": true,
}

// Lock reports whether a file is a dependency lock file.
func Lock(p string) bool {
	base := path.Base(p)
	return lockNames[base] || strings.HasSuffix(base, ".lock")
}

var testDirs = []string{"test", "tests", "__tests__", "spec", "specs", "testdata", "testing"}

// Test reports whether a file is a test, by its name or its directory.
func Test(p string) bool {
	base := path.Base(p)
	stem := strings.TrimSuffix(base, path.Ext(base))
	switch {
	case strings.HasSuffix(base, "_test.go"),
		strings.HasPrefix(base, "test_") && strings.HasSuffix(base, ".py"),
		strings.HasSuffix(stem, "_test"), strings.HasSuffix(stem, "_spec"),
		strings.HasSuffix(stem, ".test"), strings.HasSuffix(stem, ".spec"),
		strings.HasSuffix(stem, "Test") && len(stem) > 4, strings.HasSuffix(stem, "Tests"):
		return true
	}
	return hasDir(p, testDirs)
}

// hasDir reports whether a directory of slash-separated path p is named
// one of names, without allocating.
func hasDir(p string, names []string) bool {
	for {
		i := strings.IndexByte(p, '/')
		if i < 0 {
			return false // the last component is the file
		}
		if slices.Contains(names, p[:i]) {
			return true
		}
		p = p[i+1:]
	}
}
