package scout

import (
	"bytes"
	"context"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/scoutcode/scout/internal/imports"
	"github.com/scoutcode/scout/internal/page"
)

// importedAs returns the other names a Python, JavaScript or TypeScript
// file's imports bind one of names to ("from shapes import Shape as
// Base", "import {Shape as S} from './shapes'", "const {Shape: S} =
// require('./shapes')"), each with the module it is imported from, as a
// qualifier names it (shapes): a class of the file that extends such a
// name extends the type. Such an import names the type, so the file is
// among those that mention it.
func importedAs(p string, data []byte, names []string) map[string]string {
	out := map[string]string{}
	add := func(local, attr, from string) {
		if _, ok := out[local]; local != attr && slices.Contains(names, attr) && !ok && !slices.Contains(names, local) {
			out[local] = from
		}
	}
	switch imports.Lang(p) {
	case "Python":
		if !bytes.Contains(data, []byte(" as ")) {
			return out // only "import … as" binds another name
		}
		for _, b := range imports.PyBindings(data) {
			add(b.Name, b.Attr, b.Module[strings.LastIndexByte(b.Module, '.')+1:])
		}
	case "JavaScript/TypeScript":
		for _, b := range imports.JSBindings(data) {
			base := path.Base(b.Spec)
			add(b.Name, b.Attr, strings.TrimSuffix(base, path.Ext(base)))
		}
	}
	return out
}

// maxAliasHomes is the most modules exporting the type whose importers an
// implementations search reads.
const maxAliasHomes = 8

// exportsItself matches a JavaScript or TypeScript module whose export is
// a class itself: "module.exports = Name", "export default Name",
// "export default class Name".
var exportsItself = regexp.MustCompile(`(?m)^[ \t]*(?:module\.exports[ \t]*=[ \t]*|export[ \t]+default[ \t]+(?:abstract[ \t]+)?(?:class[ \t]+)?)([\w$]+)[ \t]*(?:;|\{|$|extends\b)`)

// aliasesOf returns, for the JavaScript and TypeScript modules among the
// definitions of name (defs) whose export is the class itself, the names
// their importers bind the module to ("const Cmd =
// require('./base-cmd.js')", "import Base from './base'"), by importing
// file: such an import does not name the class, so the files are found by
// the importers' search related runs.
func aliasesOf(ctx context.Context, sc Scope, defs []page.File, name string, r *resolver) (map[string][]string, error) {
	out := map[string][]string{}
	homes := 0
	for _, d := range defs {
		if imports.Lang(d.Path) != "JavaScript/TypeScript" {
			continue
		}
		data, _, why := readParsable(d.Path)
		if why != "" || !exportsName(data, name) {
			continue
		}
		if homes++; homes > maxAliasHomes {
			break
		}
		importers, _, _, err := importersOf(ctx, "JavaScript/TypeScript", d.Path, sc, r.js)
		if err != nil {
			return nil, err
		}
		for _, imp := range importers {
			f := imp.Text
			data, _, why := readParsable(f)
			if why != "" {
				continue
			}
			for _, b := range imports.JSBindings(data) {
				if (b.Attr == "" || b.Attr == "default") && b.Name != name && imports.SameFile(r.resolve(f, b.Spec), d.Path) && !slices.Contains(out[f], b.Name) {
					out[f] = append(out[f], b.Name)
				}
			}
		}
	}
	return out, nil
}

// exportsName reports whether a module's export is the class name itself.
func exportsName(data []byte, name string) bool {
	if !bytes.Contains(data, []byte(name)) {
		return false
	}
	for _, m := range exportsItself.FindAllSubmatch(data, -1) {
		if string(m[1]) == name {
			return true
		}
	}
	return false
}
