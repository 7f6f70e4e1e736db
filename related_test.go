package scout_test

import (
	"context"
	"errors"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"math/rand/v2"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/tools/txtar"

	"github.com/scoutcode/scout"
)

// relatedTree writes testdata/related/tree.txtar to a temporary directory
// and makes it the working directory.
func relatedTree(t *testing.T) {
	t.Helper()
	a, err := txtar.ParseFile("testdata/related/tree.txtar")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, f := range a.Files {
		p := filepath.Join(dir, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
}

// sections renders a related page's units as "imports: 5 fmt=(standard library),
// 7 example.com/shop/price=price/ | imported by: cmd/shop/main.go:4 |
// tests: cart/cart_test.go".
func sections(p *scout.Page) string {
	var parts []string
	for _, f := range p.Files {
		var units []string
		for _, l := range f.Lines {
			switch l.Kind {
			case "import":
				to := l.Text
				if l.Outside != "" {
					to = "(" + l.Outside + ")"
				}
				units = append(units, strings.Join([]string{strconv.Itoa(l.Number), l.Name + "=" + to}, " "))
			case "importer":
				units = append(units, l.Text+":"+strconv.Itoa(l.Number))
			default:
				units = append(units, l.Text)
			}
		}
		parts = append(parts, f.Path+": "+strings.Join(units, ", "))
	}
	return strings.Join(parts, " | ")
}

// TestRelated pins what related finds for a file in each language it
// reads: imports resolved (or not: a package not installed, a system
// header; in JavaScript and TypeScript through tsconfig paths, workspace
// packages and node_modules too), importers checked by their own imports,
// tests by name.
func TestRelated(t *testing.T) {
	relatedTree(t)
	for _, c := range []struct{ path, want string }{
		{"cart/cart.go", "imports: 4 fmt=(standard library), 5 strings=(standard library), 7 example.com/shop/price=price/, 8 github.com/other/money= | imported by: cart/export_test.go:3, cmd/shop/main.go:4 | tests: cart/cart_test.go, cart/export_test.go"},
		{"price/price.go", "imported by: cart/cart.go:7, cmd/shop/main.go:5"},
		{"py/shop/cart.py", "imports: 1 os=(standard library), 2 .price=py/shop/price.py, 3 .price=py/shop/price.py, 4 shop.util=py/shop/util.py | imported by: py/tests/test_cart.py:1 | tests: py/tests/test_cart.py"},
		{"py/shop/price.py", "imported by: py/report:2, py/shop/cart.py:2, py/tests/test_price.py:1 | tests: py/tests/test_price.py"},
		// A file with no extension is in the language its first line
		// names, as importer and as subject; py/NOTES and c/README, which
		// name none, are not importers though they have the lines.
		{"py/report", "imports: 2 shop.price=py/shop/price.py"},
		{"web/src/cart.ts", "imports: 1 ./lib/format=web/src/lib/format.ts | imported by: web/src/app.ts:1, web/src/cart.test.ts:1 | tests: web/src/cart.test.ts"},
		{"web/src/app.ts", "imports: 1 ./cart=web/src/cart.ts, 2 react=, 3 ./lib/format.js=web/src/lib/format.ts, 4 ../old/legacy="},
		// Cart.vue is of the js type by its name, though Lang names no
		// language for .vue: an importer still.
		{"web/src/lib/format.ts", "imported by: web/src/Cart.vue:2, web/src/app.ts:3, web/src/cart.ts:1, web/src/lib/index.ts:1"},
		{"mono/apps/web/src/page.tsx", "imports: 1 @shop/ui=mono/packages/ui/src/index.ts, 2 @shop/ui/dialog=mono/packages/ui/src/dialog.tsx, 3 @/hooks/use-cart=mono/apps/web/src/hooks/use-cart.ts, 4 @ui=mono/packages/ui/src/index.ts, 5 zod=mono/node_modules/zod/index.d.ts, 6 lodash/fp=mono/node_modules/lodash/fp.js, 7 node:fs=(Node built-in), 8 @shop/missing="},
		{"mono/packages/ui/src/index.ts", "imported by: mono/apps/web/src/page.tsx:1"},
		{"mono/apps/web/src/hooks/use-cart.ts", "imported by: mono/apps/web/src/page.tsx:3"},
		{"c/util.h", "imported by: c/main.c:1, c/util.c:2, c/vector:2"},
		{"c/vector", "imports: 2 util.h=c/util.h"},
		{"c/main.c", "imports: 1 util.h=c/util.h, 2 missing.h=, 3 stdio.h=(system header)"},
		// A project's own headers, found as its build finds them: from the
		// top of the project (.git), and in include/ (-I., -Iinclude).
		{"cproj/src/buf.c", "imports: 1 compat.h=cproj/compat.h, 2 cproj/buf.h=cproj/include/cproj/buf.h, 3 stdio.h=(system header)"},
		{"cproj/builtin/add.c", "imports: 1 compat.h=cproj/compat.h, 2 cproj/buf.h=cproj/include/cproj/buf.h, 3 nowhere.h="},
		{"cproj/include/cproj/buf.h", "imported by: cproj/builtin/add.c:2, cproj/src/buf.c:2"},
		{"cproj/compat.h", "imported by: cproj/builtin/add.c:1, cproj/src/buf.c:1"},
	} {
		p, err := scout.Related(context.Background(), scout.RelatedOptions{Path: c.path, PageOptions: scout.PageOptions{Budget: scout.MaxBudget}})
		if err != nil {
			t.Errorf("%s: %v", c.path, err)
			continue
		}
		if got := sections(p); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s\n%s", c.path, got, c.want, p.Text)
		}
	}
}

// TestRelatedCFromInside: run from inside a C project's directory, its
// headers above are still found, as far as its top (.git) and no further:
// c/ has no .git, so a header above the working directory is not its own.
func TestRelatedCFromInside(t *testing.T) {
	relatedTree(t)
	if err := os.WriteFile("missing.h", []byte("int missing;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir("cproj/src")
	for _, c := range []struct{ path, want string }{
		{"buf.c", "imports: 1 compat.h=../compat.h, 2 cproj/buf.h=../include/cproj/buf.h, 3 stdio.h=(system header)"},
		{"../../c/main.c", "imports: 1 util.h=../../c/util.h, 2 missing.h=, 3 stdio.h=(system header)"},
	} {
		p, err := scout.Related(context.Background(), scout.RelatedOptions{Path: c.path, PageOptions: scout.PageOptions{Budget: scout.MaxBudget}})
		if err != nil {
			t.Fatal(err)
		}
		if got, _, _ := strings.Cut(sections(p), " | "); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.path, got, c.want)
		}
	}
}

// TestRelatedCompilationDatabase: a project's compile_commands.json says
// where its build finds includes (-I, -iquote); related resolves them
// there, for the files it lists and, from all of its flags, for a header;
// and finds the importers through them. Without it, <lib.h> is a system
// header and "conf.h" is missing.
func TestRelatedCompilationDatabase(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	for name, text := range map[string]string{
		".git/HEAD":                   "ref: refs/heads/main\n",
		"third/lib/include/lib.h":     "int lib(void);\n",
		"build/gen/conf.h":            "#define CONF 1\n",
		"src/main.c":                  "#include <lib.h>\n#include \"conf.h\"\n#include <stdio.h>\nint main(void) { return lib(); }\n",
		"src/util.h":                  "#include \"conf.h\"\n",
		"build/compile_commands.json": `[{"directory": "` + filepath.ToSlash(filepath.Join(dir, "build")) + `", "file": "../src/main.c", "command": "cc -I../third/lib/include -iquote gen -c ../src/main.c"}]`,
	} {
		os.MkdirAll(filepath.Dir(name), 0o755)
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	related := func(p string) string {
		t.Helper()
		pg, err := scout.Related(context.Background(), scout.RelatedOptions{Path: p, PageOptions: scout.PageOptions{Budget: scout.MaxBudget}})
		if err != nil {
			t.Fatal(err)
		}
		return sections(pg)
	}
	for _, c := range []struct{ path, want string }{
		{"src/main.c", "imports: 1 lib.h=third/lib/include/lib.h, 2 conf.h=build/gen/conf.h, 3 stdio.h=(system header)"},
		{"src/util.h", "imports: 1 conf.h=build/gen/conf.h"},
		{"third/lib/include/lib.h", "imported by: src/main.c:1"},
		{"build/gen/conf.h", "imported by: src/main.c:2, src/util.h:1"},
	} {
		if got := related(c.path); !strings.HasPrefix(got, c.want) {
			t.Errorf("%s:\n got %s\nwant %s…", c.path, got, c.want)
		}
	}
	if err := os.Remove("build/compile_commands.json"); err != nil {
		t.Fatal(err)
	}
	if got, want := related("src/main.c"), "imports: 1 lib.h=(system header), 2 conf.h=, 3 stdio.h=(system header)"; !strings.HasPrefix(got, want) {
		t.Errorf("without the database:\n got %s\nwant %s…", got, want)
	}
}

// TestRelatedFromInside: from inside an app of a workspace, the
// tsconfig, the workspace and the node_modules above the current
// directory still resolve its imports, named from where the search runs.
func TestRelatedFromInside(t *testing.T) {
	relatedTree(t)
	t.Chdir("mono/apps/web/src")
	p, err := scout.Related(context.Background(), scout.RelatedOptions{Path: "page.tsx", PageOptions: scout.PageOptions{Budget: scout.MaxBudget}})
	if err != nil {
		t.Fatal(err)
	}
	want := "imports: 1 @shop/ui=../../../packages/ui/src/index.ts, 2 @shop/ui/dialog=../../../packages/ui/src/dialog.tsx, 3 @/hooks/use-cart=hooks/use-cart.ts, 4 @ui=../../../packages/ui/src/index.ts, 5 zod=../../../node_modules/zod/index.d.ts, 6 lodash/fp=../../../node_modules/lodash/fp.js, 7 node:fs=(Node built-in), 8 @shop/missing="
	if got := sections(p); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// TestRelatedErrors: a missing file, a directory and a file in no
// language related reads.
func TestRelatedErrors(t *testing.T) {
	relatedTree(t)
	_, err := scout.Related(context.Background(), scout.RelatedOptions{Path: "nope.go"})
	if !errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), "scout find") {
		t.Errorf("missing file: %v", err)
	}
	if _, err = scout.Related(context.Background(), scout.RelatedOptions{}); err == nil || !strings.HasPrefix(err.Error(), "no path given: name the file") {
		t.Errorf("no path: %v", err) // it was ": file does not exist"
	}
	_, err = scout.Related(context.Background(), scout.RelatedOptions{Path: "cart"})
	if !errors.Is(err, scout.ErrIsDir) || !strings.Contains(err.Error(), "one file") {
		t.Errorf("directory: %v", err)
	}
	p, err := scout.Related(context.Background(), scout.RelatedOptions{Path: "go.mod"})
	if err != nil || p.Total.Matches != 0 || !strings.Contains(p.Text, "no language related reads") {
		t.Errorf("go.mod: %v\n%v", err, p)
	}
}

// TestRelatedImportersMatchGoParser: for a file in each of 20 packages of
// GOROOT/src (sampled with a fixed seed, none vendored), the importers
// related lists are exactly the Go files of GOROOT/src whose imports, read
// by go/parser, hold the package's import path (its directory below src).
func TestRelatedImportersMatchGoParser(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the imports of every Go file in GOROOT/src; run without -short")
	}
	t.Chdir(goroot(t))
	importers := map[string]map[string]bool{} // import path → files
	dirs := map[string]string{}               // package directory → one of its files
	filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") {
			return nil
		}
		p = filepath.ToSlash(p)
		f, err := parser.ParseFile(token.NewFileSet(), p, nil, parser.ImportsOnly)
		if err != nil {
			return nil
		}
		for _, s := range f.Imports {
			ip, _ := strconv.Unquote(s.Path.Value)
			if importers[ip] == nil {
				importers[ip] = map[string]bool{}
			}
			importers[ip][p] = true
		}
		dir := path.Dir(p)
		if !strings.HasSuffix(p, "_test.go") && !strings.Contains(p, "vendor/") && !strings.Contains(p, "testdata/") && !strings.HasPrefix(p, "cmd/") {
			if _, ok := dirs[dir]; !ok {
				dirs[dir] = p
			}
		}
		return nil
	})
	var pkgs []string
	for d := range dirs {
		if len(importers[d]) > 0 {
			pkgs = append(pkgs, d)
		}
	}
	slices.Sort(pkgs)
	r := rand.New(rand.NewPCG(3, 9))
	r.Shuffle(len(pkgs), func(i, j int) { pkgs[i], pkgs[j] = pkgs[j], pkgs[i] })
	total := 0
	for _, pkg := range pkgs[:20] {
		p, err := scout.Related(context.Background(), scout.RelatedOptions{Path: dirs[pkg], PageOptions: scout.PageOptions{Budget: scout.MaxBudget}})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, f := range p.Files {
			for _, l := range f.Lines {
				if l.Kind == "importer" {
					got = append(got, l.Text)
				}
			}
		}
		want := slices.Sorted(maps.Keys(importers[pkg]))
		total += len(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s (package %s): related lists %d importers, go/parser %d\n got %v\nwant %v", dirs[pkg], pkg, len(got), len(want), got, want)
		}
	}
	t.Logf("20 packages: %d importers, as go/parser reads them", total)
}

// TestRelatedSkipsNamedPipes: a tree may hold a FIFO where related reads a
// project file (package.json, tsconfig.json, pnpm-workspace.yaml, go.mod)
// or an importer; it is passed over, never waited on.
func TestRelatedSkipsNamedPipes(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	for _, f := range []string{"src/a.js", "src/b.js", "src/c.js", "g/a.go"} {
		os.MkdirAll(filepath.Dir(f), 0o755)
	}
	os.WriteFile("src/a.js", []byte("import x from \"./b.js\"\n"), 0o644)
	os.WriteFile("src/b.js", []byte("export default 1\n"), 0o644)
	os.WriteFile("g/a.go", []byte("package g\n"), 0o644)
	for _, f := range []string{"package.json", "tsconfig.json", "pnpm-workspace.yaml", "src/c.js", "g/go.mod", "go.mod"} {
		if err := syscall.Mkfifo(f, 0o644); err != nil {
			t.Skipf("no named pipes here: %v", err)
		}
	}
	for _, p := range []string{"src/a.js", "src/b.js", "g/a.go"} {
		done := make(chan error, 1)
		var pg *scout.Page
		go func() {
			var err error
			pg, err = scout.Related(context.Background(), scout.RelatedOptions{Path: p, PageOptions: scout.PageOptions{Budget: scout.MaxBudget}})
			done <- err
		}()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("related %s: %v", p, err)
			}
			// The go.mod is there: the page says why it was not used,
			// not that there is none.
			if want := "g/go.mod: not a regular file (a named pipe), so the file's package has no import path"; p == "g/a.go" && err == nil && !strings.Contains(pg.Text, want) {
				t.Errorf("related %s:\n%s\nwant it to say %q", p, pg.Text, want)
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("related %s waits on a named pipe", p)
		}
	}
}
