package imports

import (
	"bytes"
	"regexp"
	"strings"
	"sync"
)

// JSExport is a name a JavaScript or TypeScript module exports that is
// not written as a definition under that name: a local's under another
// name (Local: "export {a as Name}", "module.exports = {Name: a}",
// "exports.Name = a"), a local's property (Local and Attr: "exports.Name
// = a.Attr"), or one of module Spec's (a re-export: "export {Attr as
// Name} from …", "module.exports = {Name: require(…).Attr}"), Attr ""
// when it is that module itself ("export * as Name from …",
// "module.exports = {Name: require(…)}").
type JSExport struct {
	Name, Local, Spec, Attr string
}

// JSExports are what a module's exports bring from elsewhere (see
// JSExport), in the order they come, and the modules all of whose
// exports it exports as its own (Stars: "export * from …",
// "module.exports = require(…)", "module.exports = {...require(…)}").
type JSExports struct {
	Names []JSExport
	Stars []string
}

var (
	jsExportFrom = sync.OnceValue(func() *regexp.Regexp {
		// export {a, b as c} from 'm'; export * from "m"; export * as ns from 'm'; export type {T} from 'm'
		return regexp.MustCompile(`^[ \t]*export[ \t]+(?:type[ \t]+)?(\*(?:[ \t]+as[ \t]+[\w$]+)?|\{[^{}'";]*\})[ \t\r\n]*from[ \t]*['"]([^'"\n]+)['"]`)
	})
	jsExportList = sync.OnceValue(func() *regexp.Regexp {
		// export {a, b as c}
		return regexp.MustCompile(`^[ \t]*export[ \t]+(?:type[ \t]+)?\{([^{}'";]*)\}[ \t]*(?:;|\r?\n|$)`)
	})
	jsModuleExports = sync.OnceValue(func() *regexp.Regexp {
		// module.exports = …; exports.a = …; module.exports.a = …
		return regexp.MustCompile(`^(?:module\.exports|exports\.([\w$]+))(?:\.([\w$]+))?[ \t]*=[ \t]*`)
	})
	jsAssign = sync.OnceValue(func() *regexp.Regexp {
		// Object.assign(f, {
		return regexp.MustCompile(`^Object\.assign[ \t]*\([ \t]*[\w$]+[ \t]*,[ \t]*`)
	})
	jsRequireValue = sync.OnceValue(func() *regexp.Regexp {
		// require('m'), require("m").a
		return regexp.MustCompile(`^require[ \t]*\([ \t]*['"]([^'"\n]+)['"][ \t]*\)(?:[ \t]*\.[ \t]*([\w$]+))?`)
	})
)

// ReadModule reads the file of a module another's import names, up to
// scout's parsers' limit (4 MiB: a larger one is refused).
func ReadModule(path string) ([]byte, error) { return readConfig(path) }

// ParseJSExports reads, from the statements at the start of a module's
// lines, the exports that bring a name from elsewhere (see JSExports).
// An object a module assigns to module.exports is read entry by entry:
// "a", "b: c", "d: require('m')", "e: require('m').f", "...require('m')";
// any other entry (a function, a call) is left out.
func ParseJSExports(data []byte) JSExports {
	var out JSExports
	for _, o := range jsWindows(data, "export", 0, 4096) {
		w := data[o[0]:o[1]]
		if m := jsExportFrom().FindSubmatch(w); m != nil {
			what, spec := string(m[1]), string(m[2])
			switch {
			case what == "*":
				out.Stars = append(out.Stars, spec)
			case strings.HasPrefix(what, "*"):
				_, ns, _ := strings.Cut(what, "as")
				out.Names = append(out.Names, JSExport{Name: strings.TrimSpace(ns), Spec: spec})
			default:
				for _, b := range jsNamed(what[1:len(what)-1], spec, " as ") {
					out.Names = append(out.Names, JSExport{Name: b.Name, Spec: spec, Attr: b.Attr})
				}
			}
		} else if m := jsExportList().FindSubmatch(w); m != nil {
			for _, b := range jsNamed(string(m[1]), "", " as ") {
				out.Names = append(out.Names, JSExport{Name: b.Name, Local: b.Attr})
			}
		}
	}
	for _, at := range jsExportLines(data) {
		w := data[at:min(len(data), at+64<<10)]
		m := jsModuleExports().FindSubmatchIndex(w)
		if m == nil {
			continue
		}
		value := w[m[1]:]
		if m[2] < 0 && m[4] < 0 { // module.exports = … ("exports = …" exports nothing)
			if m := jsAssign().FindIndex(value); m != nil {
				value = value[m[1]:] // module.exports = Object.assign(f, {…})
			}
			if spec, attr, ok := jsRequireOf(value); ok && attr == "" {
				out.Stars = append(out.Stars, spec)
			} else if len(value) > 0 && value[0] == '{' {
				out = jsObjectExports(value, out)
			}
			continue
		}
		name := m[2:4]
		if m[2] >= 0 && m[4] >= 0 {
			continue // exports.a.b = …
		} else if m[4] >= 0 {
			name = m[4:6]
		}
		if e, ok := jsExportValue(string(w[name[0]:name[1]]), value); ok {
			out.Names = append(out.Names, e)
		}
	}
	return out
}

// jsObjectExports adds the entries of the object literal that starts
// value (module.exports = {…}) to out.
func jsObjectExports(value []byte, out JSExports) JSExports {
	depth, start := 0, 1
	for i := 0; i < len(value); i++ {
		switch c := value[i]; c {
		case '{', '(', '[':
			depth++
		case '}', ')', ']', ',':
			if c != ',' {
				depth--
			}
			if depth == 1 && c == ',' || depth == 0 {
				entry := bytes.TrimSpace(jsStripComments(value[start:i]))
				start = i + 1
				if rest, ok := bytes.CutPrefix(entry, []byte("...")); ok {
					if spec, attr, ok := jsRequireOf(rest); ok && attr == "" {
						out.Stars = append(out.Stars, spec)
					}
				} else if name, v, ok := bytes.Cut(entry, []byte(":")); ok {
					if e, ok := jsExportValue(string(bytes.TrimSpace(name)), bytes.TrimSpace(v)); ok {
						out.Names = append(out.Names, e)
					}
				} else if isJSName(string(entry)) {
					out.Names = append(out.Names, JSExport{Name: string(entry), Local: string(entry)})
				}
			}
			if depth == 0 {
				return out
			}
		case '\'', '"', '`':
			// A string: its brackets and commas are not the object's.
			j := bytes.IndexByte(value[i+1:], c)
			if j < 0 {
				return out
			}
			i += j + 1
		case '/':
			if i+1 < len(value) && value[i+1] == '/' {
				j := bytes.IndexByte(value[i:], '\n')
				if j < 0 {
					return out
				}
				i += j
			}
		}
	}
	return out
}

// jsStripComments removes the line comments of an object's entry.
func jsStripComments(b []byte) []byte {
	var out []byte
	for line := range bytes.Lines(b) {
		if i := bytes.Index(line, []byte("//")); i >= 0 {
			line = line[:i]
		}
		out = append(out, line...)
	}
	return out
}

// jsExportValue reads what export name is given: a local's name, or a
// require of a module or of one of its exports.
func jsExportValue(name string, value []byte) (JSExport, bool) {
	if !isJSName(name) {
		return JSExport{}, false
	}
	if spec, attr, ok := jsRequireOf(value); ok {
		return JSExport{Name: name, Spec: spec, Attr: attr}, true
	}
	end := 0
	for end < len(value) && (value[end] == '_' || value[end] == '$' || value[end] >= 0x80 || value[end]|0x20 >= 'a' && value[end]|0x20 <= 'z' || end > 0 && value[end] >= '0' && value[end] <= '9') {
		end++
	}
	local, attr := string(value[:end]), ""
	rest := bytes.TrimLeft(value[end:], " \t\r")
	if len(rest) > 1 && rest[0] == '.' {
		// a.b: a local's property
		k := 1
		for k < len(rest) && (rest[k] == '_' || rest[k] == '$' || rest[k] >= 0x80 || rest[k]|0x20 >= 'a' && rest[k]|0x20 <= 'z' || k > 1 && rest[k] >= '0' && rest[k] <= '9') {
			k++
		}
		attr, rest = string(rest[1:k]), bytes.TrimLeft(rest[k:], " \t\r")
	}
	if end == 0 || attr == "" && len(rest) > 0 && rest[0] == '.' || len(rest) > 0 && !bytes.ContainsRune([]byte(";\n,}"), rune(rest[0])) {
		return JSExport{}, false // not a name alone: a function, a call, a value
	}
	switch local {
	case "function", "class", "async", "new", "require", "this", "true", "false", "null", "undefined", "module", "exports":
		return JSExport{}, false
	default:
		return JSExport{Name: name, Local: local, Attr: attr}, true
	}
}

// jsRequireOf reads the require that starts value: its specifier, and
// the export it takes (attr; "" for the module).
func jsRequireOf(value []byte) (spec, attr string, ok bool) {
	m := jsRequireValue().FindSubmatch(value)
	if m == nil {
		return "", "", false
	}
	return string(m[1]), string(m[2]), true
}

// jsExportLines returns where the lines that start with "module.exports"
// or "exports." start (a module's top: not indented).
func jsExportLines(data []byte) []int {
	var out []int
	for at := 0; at < len(data); {
		if bytes.HasPrefix(data[at:], []byte("module.exports")) || bytes.HasPrefix(data[at:], []byte("exports.")) {
			out = append(out, at)
		}
		i := bytes.IndexByte(data[at:], '\n')
		if i < 0 {
			break
		}
		at += i + 1
	}
	return out
}
