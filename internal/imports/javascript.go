package imports

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
)

// JavaScript and TypeScript imports, resolved as the tools that build
// such code resolve them: a relative specifier from the importing file's
// directory; any other through the paths of the tsconfig.json (or
// jsconfig.json) that governs the file ("@/lib/x" for "src/lib/x"), the
// packages of the workspace it is in (npm, Yarn and pnpm workspaces: a
// package's name for its directory), and the node_modules directories
// above it, as Node does.

var jsSpecs = sync.OnceValue(func() []*regexp.Regexp {
	return []*regexp.Regexp{
		regexp.MustCompile(`(?:^|[\s;}])(?:import|export)\s[^;'"]*?\bfrom\s*['"]([^'"\n]+)['"]`),
		regexp.MustCompile(`(?:^|[\s;])import\s*['"]([^'"\n]+)['"]`),
		regexp.MustCompile(`\brequire\s*\(\s*['"]([^'"\n]+)['"]\s*\)`),
		regexp.MustCompile(`\bimport\s*\(\s*['"]([^'"\n]+)['"]\s*\)`),
	}
})

var jsExts = []string{".ts", ".tsx", ".js", ".jsx", ".mjs", ".cjs", ".mts", ".cts", ".d.ts", ".json"}

// jsResolver resolves specifiers, keeping what it read of each
// directory's configuration for the next: one related search resolves the
// imports of many candidate importers, in parallel.
type jsResolver struct {
	cwd      string // absolute: configurations are looked for above it too, as the tools look
	mu       sync.Mutex
	tsconfig map[string]*tsPaths          // directory → the tsconfig paths that govern it (nil: none)
	spaces   map[string]map[string]string // directory → its workspace's packages: name → directory
}

func newJSResolver() *jsResolver {
	cwd, _ := os.Getwd()
	return &jsResolver{cwd: cwd, tsconfig: map[string]*tsPaths{}, spaces: map[string]map[string]string{}}
}

func (r *jsResolver) imports(p string, data []byte) []Import {
	var out []Import
	dir := filepath.Dir(p)
	seen := map[int]bool{}
	for _, re := range jsSpecs() {
		for _, m := range re.FindAllSubmatchIndex(data, -1) {
			at := m[2]
			if seen[at] {
				continue
			}
			seen[at] = true
			spec := string(data[m[2]:m[3]])
			out = append(out, Import{Line: bytes.Count(data[:at], []byte{'\n'}) + 1, Spec: spec, To: r.resolve(dir, spec)})
		}
	}
	slices.SortFunc(out, func(a, b Import) int { return a.Line - b.Line })
	return out
}

// resolve returns the file spec names, seen from a file in dir, or ""
// when it is not on disk (a package not installed, a built file).
func (r *jsResolver) resolve(dir, spec string) string {
	if spec == "." || spec == ".." || strings.HasPrefix(spec, "./") || strings.HasPrefix(spec, "../") {
		return jsFile(filepath.Join(dir, filepath.FromSlash(spec)))
	}
	if strings.HasPrefix(spec, "/") || strings.Contains(spec, ":") { // absolute, node:fs, https://
		return ""
	}
	if filepath.IsAbs(dir) || r.cwd == "" {
		return r.resolveName(dir, spec)
	}
	// The configurations and node_modules above the current directory
	// count too (a search from inside a package); the file found is
	// named from the current directory, as a relative import is.
	f := r.resolveName(filepath.Join(r.cwd, dir), spec)
	if f == "" {
		return ""
	}
	rel, err := filepath.Rel(r.cwd, filepath.FromSlash(f))
	if err != nil {
		return f
	}
	return filepath.ToSlash(rel)
}

// resolveName resolves a specifier that is not relative from directory
// dir, in the order the package's doc gives.
func (r *jsResolver) resolveName(dir, spec string) string {
	if tp := r.paths(dir); tp != nil {
		if f := tp.resolve(spec); f != "" {
			return f
		}
	}
	name, sub := spec, ""
	if i := strings.IndexByte(spec, '/'); i > 0 {
		if spec[0] != '@' {
			name, sub = spec[:i], spec[i+1:]
		} else if j := strings.IndexByte(spec[i+1:], '/'); j >= 0 {
			name, sub = spec[:i+1+j], spec[i+2+j:]
		}
	}
	if d, ok := r.workspace(dir)[name]; ok {
		return jsPackage(d, sub)
	}
	for d := dir; ; {
		if p := filepath.Join(d, "node_modules", name); isDir(p) {
			return jsPackage(p, sub)
		}
		up := filepath.Dir(d)
		if up == d || filepath.Base(d) == ".." {
			break
		}
		d = up
	}
	return ""
}

// jsFile returns the file base names as Node and TypeScript find it: as
// written, with an extension, or a directory's index; "./x.js" may be
// x.ts. "" when there is none.
func jsFile(base string) string {
	cands := []string{base}
	stem := base
	if e := filepath.Ext(base); e == ".js" || e == ".jsx" || e == ".mjs" || e == ".cjs" {
		stem = strings.TrimSuffix(base, e)
	}
	for _, e := range jsExts {
		cands = append(cands, stem+e)
	}
	for _, e := range jsExts {
		cands = append(cands, filepath.Join(base, "index"+e))
	}
	for _, c := range cands {
		if isFile(c) {
			return filepath.ToSlash(c)
		}
	}
	return ""
}

// packageJSON is what resolving reads of a package.json.
type packageJSON struct {
	Name       string          `json:"name"`
	Exports    json.RawMessage `json:"exports"`
	Source     string          `json:"source"`
	Types      string          `json:"types"`
	Typings    string          `json:"typings"`
	Module     string          `json:"module"`
	Main       string          `json:"main"`
	Workspaces json.RawMessage `json:"workspaces"`
}

func readPackageJSON(dir string) (*packageJSON, bool) {
	data, err := readConfig(filepath.Join(dir, "package.json"))
	if err != nil {
		return nil, false
	}
	var pj packageJSON
	if json.Unmarshal(data, &pj) != nil {
		return nil, false
	}
	return &pj, true
}

// jsConditions are the export conditions taken, best first: the source
// or the types an agent can read before a built bundle.
var jsConditions = []string{"source", "types", "import", "module", "default", "require", "node"}

// jsPackage returns the file of package directory d that sub (a path
// inside it, or "" for the package itself) names: by its exports, else
// its source, types, module or main field, else its index; a target that
// is not on disk (dist/, built and ignored) falls back to the same path
// under src/, then to the index.
func jsPackage(d, sub string) string {
	pj, _ := readPackageJSON(d)
	if pj == nil {
		pj = &packageJSON{}
	}
	var targets []string
	key := "."
	if sub != "" {
		key = "./" + sub
	}
	targets = append(targets, exportTargets(pj.Exports, key)...)
	if sub != "" {
		targets = append(targets, sub)
	} else {
		targets = append(targets, pj.Source, pj.Types, pj.Typings, pj.Module, pj.Main, "index")
	}
	for _, t := range targets {
		if t == "" {
			continue
		}
		t = strings.TrimPrefix(filepath.ToSlash(t), "./")
		if f := jsFile(filepath.Join(d, filepath.FromSlash(t))); f != "" {
			return f
		}
		if first, rest, ok := strings.Cut(t, "/"); ok && (first == "dist" || first == "lib" || first == "build" || first == "out") {
			if f := jsFile(filepath.Join(d, "src", filepath.FromSlash(strings.TrimSuffix(rest, ".d.ts")))); f != "" {
				return f
			}
		}
	}
	if sub == "" {
		return jsFile(filepath.Join(d, "src", "index"))
	}
	return jsFile(filepath.Join(d, "src", filepath.FromSlash(sub)))
}

// exportTargets returns the paths a package.json's exports give for key
// ("." or "./sub"), best condition first: exports may be a path, a map of
// conditions, or a map of subpaths ("./*" patterns too) to either.
func exportTargets(raw json.RawMessage, key string) []string {
	if len(raw) == 0 {
		return nil
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(raw, &m) != nil {
		var s string
		if key == "." && json.Unmarshal(raw, &s) == nil {
			return []string{s}
		}
		return nil
	}
	subpaths := false
	for k := range m {
		subpaths = subpaths || strings.HasPrefix(k, ".")
	}
	if !subpaths {
		if key != "." {
			return nil
		}
		return conditionTargets(raw, 0)
	}
	if v, ok := m[key]; ok {
		return conditionTargets(v, 0)
	}
	for _, k := range slices.Sorted(func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}) {
		if star, ok := matchStar(k, key); ok {
			var out []string
			for _, t := range conditionTargets(m[k], 0) {
				out = append(out, strings.ReplaceAll(t, "*", star))
			}
			return out
		}
	}
	return nil
}

// conditionTargets returns the paths of an export's value: a path, a list
// of them, or conditions, nested, taken in jsConditions' order.
func conditionTargets(raw json.RawMessage, depth int) []string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return []string{s}
	}
	if depth > 4 {
		return nil
	}
	var list []json.RawMessage
	if json.Unmarshal(raw, &list) == nil {
		var out []string
		for _, v := range list {
			out = append(out, conditionTargets(v, depth+1)...)
		}
		return out
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(raw, &m) != nil {
		return nil
	}
	var out []string
	for _, c := range jsConditions {
		if v, ok := m[c]; ok {
			out = append(out, conditionTargets(v, depth+1)...)
		}
	}
	return out
}

// matchStar matches s against a pattern with at most one "*" and returns
// what the star stands for.
func matchStar(pattern, s string) (string, bool) {
	pre, post, ok := strings.Cut(pattern, "*")
	if !ok {
		return "", pattern == s
	}
	if len(s) < len(pre)+len(post) || !strings.HasPrefix(s, pre) || !strings.HasSuffix(s, post) {
		return "", false
	}
	return s[len(pre) : len(s)-len(post)], true
}

// tsPaths are the compilerOptions.paths and baseUrl of a tsconfig.json or
// jsconfig.json, with the directories they are relative to.
type tsPaths struct {
	baseURL string              // "" when not set
	dir     string              // what paths are relative to: baseUrl, else the config's directory
	paths   map[string][]string // pattern → targets
}

// resolve returns the file a specifier names through the paths (the
// longest matching prefix first, as TypeScript takes them), else through
// baseUrl.
func (tp *tsPaths) resolve(spec string) string {
	var pats []string
	for p := range tp.paths {
		if _, ok := matchStar(p, spec); ok {
			pats = append(pats, p)
		}
	}
	slices.SortFunc(pats, func(a, b string) int {
		pa, _, _ := strings.Cut(a, "*")
		pb, _, _ := strings.Cut(b, "*")
		if len(pa) != len(pb) {
			return len(pb) - len(pa)
		}
		return strings.Compare(a, b)
	})
	for _, p := range pats {
		star, _ := matchStar(p, spec)
		for _, t := range tp.paths[p] {
			if f := jsFile(filepath.Join(tp.dir, filepath.FromSlash(strings.ReplaceAll(t, "*", star)))); f != "" {
				return f
			}
		}
	}
	if tp.baseURL != "" {
		return jsFile(filepath.Join(tp.baseURL, filepath.FromSlash(spec)))
	}
	return ""
}

// paths returns the tsconfig paths that govern dir: those of the nearest
// tsconfig.json or jsconfig.json above it, following its extends.
func (r *jsResolver) paths(dir string) *tsPaths {
	r.mu.Lock()
	tp, ok := r.tsconfig[dir]
	r.mu.Unlock()
	if ok {
		return tp
	}
	for _, name := range []string{"tsconfig.json", "jsconfig.json"} {
		if f := filepath.Join(dir, name); isFile(f) {
			tp = readTSConfig(f, 0)
			ok = true
			break
		}
	}
	if !ok {
		if up := filepath.Dir(dir); up != dir && filepath.Base(dir) != ".." {
			tp = r.paths(up)
		}
	}
	r.mu.Lock()
	r.tsconfig[dir] = tp
	r.mu.Unlock()
	return tp
}

// readTSConfig reads the paths of a tsconfig file, which may have
// comments and trailing commas, and takes what it does not set from the
// file it extends (a relative path; a package's config is not read).
func readTSConfig(f string, depth int) *tsPaths {
	data, err := readConfig(f)
	if err != nil || depth > 8 {
		return nil
	}
	var c struct {
		Extends         json.RawMessage `json:"extends"`
		CompilerOptions struct {
			BaseURL *string             `json:"baseUrl"`
			Paths   map[string][]string `json:"paths"`
		} `json:"compilerOptions"`
	}
	if json.Unmarshal(jsonc(data), &c) != nil {
		return nil
	}
	var base *tsPaths
	var ext []string
	if json.Unmarshal(c.Extends, &ext) != nil {
		var one string
		if json.Unmarshal(c.Extends, &one) == nil {
			ext = []string{one}
		}
	}
	for _, e := range ext {
		if strings.HasPrefix(e, "./") || strings.HasPrefix(e, "../") {
			p := filepath.Join(filepath.Dir(f), filepath.FromSlash(e))
			if !strings.HasSuffix(p, ".json") && !isFile(p) {
				p += ".json"
			}
			if b := readTSConfig(p, depth+1); b != nil {
				base = b
			}
		}
	}
	tp := &tsPaths{}
	if base != nil {
		*tp = *base
	}
	dir := filepath.Dir(f)
	if c.CompilerOptions.BaseURL != nil {
		tp.baseURL = filepath.Join(dir, filepath.FromSlash(*c.CompilerOptions.BaseURL))
		tp.dir = tp.baseURL
	}
	if c.CompilerOptions.Paths != nil {
		tp.paths = c.CompilerOptions.Paths
		if c.CompilerOptions.BaseURL == nil && tp.baseURL == "" {
			tp.dir = dir
		}
	}
	if tp.baseURL == "" && tp.paths == nil {
		return nil
	}
	return tp
}

// jsonc strips the comments and trailing commas JSON does not allow and
// tsconfig files have.
func jsonc(data []byte) []byte {
	out := make([]byte, 0, len(data))
	for i := 0; i < len(data); i++ {
		c := data[i]
		switch {
		case c == '"':
			j := i + 1
			for j < len(data) && data[j] != '"' {
				if data[j] == '\\' {
					j++
				}
				j++
			}
			out = append(out, data[i:min(j+1, len(data))]...)
			i = j
		case c == '/' && i+1 < len(data) && data[i+1] == '/':
			for i < len(data) && data[i] != '\n' {
				i++
			}
			i--
		case c == '/' && i+1 < len(data) && data[i+1] == '*':
			end := bytes.Index(data[i+2:], []byte("*/"))
			if end < 0 {
				i = len(data)
			} else {
				i += end + 3
			}
		case c == '}' || c == ']':
			k := len(out) - 1
			for k >= 0 && (out[k] == ' ' || out[k] == '\t' || out[k] == '\n' || out[k] == '\r') {
				k--
			}
			if k >= 0 && out[k] == ',' {
				out = append(out[:k], out[k+1:]...)
			}
			out = append(out, c)
		default:
			out = append(out, c)
		}
	}
	return out
}

// workspace returns the packages of the workspace dir is in, by name: the
// nearest package.json above it with workspaces (npm, Yarn), or
// pnpm-workspace.yaml, and the package.json of each directory its
// patterns match.
func (r *jsResolver) workspace(dir string) map[string]string {
	r.mu.Lock()
	ws, ok := r.spaces[dir]
	r.mu.Unlock()
	if ok {
		return ws
	}
	if pats, ok := workspacePatterns(dir); ok {
		ws = map[string]string{}
		for _, p := range pats {
			if strings.HasPrefix(p, "!") {
				continue
			}
			p = strings.TrimSuffix(strings.ReplaceAll(p, "**", "*"), "/")
			dirs, _ := filepath.Glob(filepath.Join(dir, filepath.FromSlash(p)))
			for _, d := range dirs {
				if pj, ok := readPackageJSON(d); ok && pj.Name != "" {
					if _, dup := ws[pj.Name]; !dup {
						ws[pj.Name] = d
					}
				}
			}
		}
	} else if up := filepath.Dir(dir); up != dir && filepath.Base(dir) != ".." {
		ws = r.workspace(up)
	}
	r.mu.Lock()
	r.spaces[dir] = ws
	r.mu.Unlock()
	return ws
}

// workspacePatterns returns the workspace patterns dir's package.json or
// pnpm-workspace.yaml declares, and whether it declares any.
func workspacePatterns(dir string) ([]string, bool) {
	if pj, ok := readPackageJSON(dir); ok && len(pj.Workspaces) > 0 {
		var list []string
		if json.Unmarshal(pj.Workspaces, &list) == nil {
			return list, true
		}
		var obj struct{ Packages []string }
		if json.Unmarshal(pj.Workspaces, &obj) == nil {
			return obj.Packages, true
		}
	}
	data, err := readConfig(filepath.Join(dir, "pnpm-workspace.yaml"))
	if err != nil {
		return nil, false
	}
	// packages:
	//   - "packages/*"
	var list []string
	in := false
	for _, line := range strings.Split(string(data), "\n") {
		t := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(line, "packages:"):
			in = true
		case in && strings.HasPrefix(t, "- "):
			list = append(list, strings.Trim(strings.TrimSpace(t[2:]), `"'`))
		case in && t != "" && !strings.HasPrefix(t, "#"):
			in = false
		}
	}
	return list, true
}

// jsPackageOf returns the name of the package whose entry p is (what
// jsPackage resolves its name to), or "".
func jsPackageOf(p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		return ""
	}
	for d := filepath.Dir(abs); ; {
		if pj, ok := readPackageJSON(d); ok {
			if pj.Name != "" && SameFile(jsPackage(d, ""), p) {
				return pj.Name
			}
			return ""
		}
		up := filepath.Dir(d)
		if up == d || filepath.Base(d) == ".." {
			return ""
		}
		d = up
	}
}
