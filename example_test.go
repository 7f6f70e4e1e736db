package scout_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/scoutcode/scout"
)

// project writes a small Go project into a new temporary directory.
func project() string {
	dir, err := os.MkdirTemp("", "scout-example-")
	if err != nil {
		panic(err)
	}
	files := map[string]string{
		"server/handler.go":      "package server\n\n// Handler serves requests.\ntype Handler struct{}\n\nfunc NewHandler() *Handler { return &Handler{} }\n",
		"server/handler_test.go": "package server\n\nimport \"testing\"\n\nfunc TestNewHandler(t *testing.T) {\n\tif NewHandler() == nil {\n\t\tt.Fatal(\"no Handler\")\n\t}\n}\n",
		"cmd/demo/main.go":       "package main\n\nimport \"example.com/demo/server\"\n\nfunc main() { _ = server.NewHandler() }\n",
		"README.md":              "# Demo\n\nCall NewHandler to get a Handler.\n",
		"notes.txt":              strings.Repeat("a line of notes\n", 300),
	}
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			panic(err)
		}
	}
	return dir
}

// rel shows a path below the example's directory.
func rel(dir, p string) string {
	r, err := filepath.Rel(dir, filepath.FromSlash(p))
	if err != nil {
		return p
	}
	return filepath.ToSlash(r)
}

// Grep returns a page of ranked hits: the definition of what was searched
// for comes first, and the page says how many there are in all.
func ExampleGrep() {
	dir := project()
	defer os.RemoveAll(dir)
	p, err := scout.Grep(context.Background(), scout.GrepOptions{
		Options: scout.Options{
			Patterns:    []string{`\bHandler\b`},
			Scope:       scout.Scope{Paths: []string{dir}},
			RankOptions: scout.RankOptions{NoFrecency: true, NoGit: true},
		},
		PerFile: 2,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, f := range p.Files {
		for _, l := range f.Lines {
			mark := " "
			if l.Definition {
				mark = "*"
			}
			fmt.Printf("%s%s:%d: %s\n", mark, rel(dir, f.Path), l.Number, l.Text)
		}
	}
	fmt.Printf("%d matches in %d files; cursor: %v\n", p.Total.Matches, p.Total.Files, p.Cursor != "")
	// Output:
	// *server/handler.go:4: type Handler struct{}
	//  server/handler.go:6: func NewHandler() *Handler { return &Handler{} }
	//  server/handler_test.go:7: 		t.Fatal("no Handler")
	//  README.md:3: Call NewHandler to get a Handler.
	// 5 matches in 3 files; cursor: true
}

// A page's cursor continues exactly where it stopped; a changed tree or
// another search is refused rather than mixed in.
func ExampleGrep_cursor() {
	dir := project()
	defer os.RemoveAll(dir)
	o := scout.GrepOptions{
		Options: scout.Options{
			Patterns:    []string{"Handler"},
			Scope:       scout.Scope{Paths: []string{dir}},
			RankOptions: scout.RankOptions{NoFrecency: true, NoGit: true},
		},
		PageOptions: scout.PageOptions{MaxFiles: 2, Budget: scout.MinBudget},
		PerFile:     1,
	}
	ctx := context.Background()
	for {
		p, err := scout.Grep(ctx, o)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("page %d: matches %d-%d of %d\n", p.Number, p.Shown.From, p.Shown.To, p.Total.Matches)
		if p.Cursor == "" {
			break
		}
		o.Cursor = p.Cursor
	}
	o.Patterns = []string{"main"}
	_, err := scout.Grep(ctx, o)
	fmt.Println(err)
	// Output:
	// page 1: matches 1-2 of 8
	// page 2: matches 3-4 of 8
	// page 3: matches 5-6 of 8
	// page 4: matches 7-8 of 8
	// the cursor belongs to another search: its pattern, paths or options differ from this one's; pass it with the search that printed it, or run this search without a cursor
}

// Find ranks paths by how well their names match: the exact name first.
func ExampleFind() {
	dir := project()
	defer os.RemoveAll(dir)
	p, err := scout.Find(context.Background(), scout.FindOptions{
		Pattern:     "handler",
		Scope:       scout.Scope{Paths: []string{dir}},
		RankOptions: scout.RankOptions{NoFrecency: true, NoGit: true},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, f := range p.Files {
		fmt.Println(rel(dir, f.Path))
	}
	// Output:
	// server/handler.go
	// server/handler_test.go
}

// Read pages through a file; every page carries the content's hash, and
// the cursor goes on only while the file is unchanged.
func ExampleRead() {
	dir := project()
	defer os.RemoveAll(dir)
	o := scout.ReadOptions{Path: filepath.Join(dir, "notes.txt"), Budget: 1000, NoRecord: true, NoGit: true}
	ctx := context.Background()
	for {
		p, err := scout.Read(ctx, o)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("page %d: lines %d-%d of %d, %s…\n", p.Page, p.From, p.To, p.Lines, p.Hash[:15])
		if p.Cursor == "" {
			break
		}
		o.Cursor = p.Cursor
	}
	// Output:
	// page 1: lines 1-196 of 300, sha256:4b78a561…
	// page 2: lines 197-300 of 300, sha256:4b78a561…
}

// Touch records that files were used, so later searches rank them higher.
func ExampleTouch() {
	dir := project()
	defer os.RemoveAll(dir)
	state := filepath.Join(dir, ".state")
	err := scout.Touch([]string{filepath.Join(dir, "README.md")}, scout.TouchOptions{StateDir: state})
	fmt.Println(err)
	res, _ := scout.Search(context.Background(), scout.Options{Patterns: []string{"NewHandler"}, Scope: scout.Scope{Paths: []string{dir}, Globs: []string{"!.state"}}, RankOptions: scout.RankOptions{StateDir: state, NoGit: true}})
	fmt.Println(res.Ranking.Frecency)
	for _, f := range res.Files {
		for _, s := range f.Signals {
			if s.Name == "frecency" {
				fmt.Println(rel(dir, f.Path), s.Name, s.Value)
			}
		}
	}
	// Output:
	// <nil>
	// on: 1 files in the store
	// README.md frecency 40
}
