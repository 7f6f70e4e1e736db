// Command copies measures what collapsing copies saves: for broad queries
// over GOROOT/src, the tokens of the first page and of every page to the
// end, with copies collapsed (the default) and without (--no-collapse).
//
//	go run ./bench/copies [-root DIR] [-budget N]
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/scoutcode/scout"
	"github.com/scoutcode/scout/bench/internal/kit"
	"github.com/scoutcode/scout/internal/fixture"
)

var queries = []string{
	"Copyright 2009 The Go Authors", "package main", "defer wg.Done()", "func init() {", "wg.Wait()",
	"b.ResetTimer()", "t.Parallel()", "//go:build ignore", `import "C"`, "log.Fatal(err)",
	"defer f.Close()", `panic("unreachable")`,
}

func main() {
	root := flag.String("root", filepath.Join(fixture.GoRoot(), "src"), "the tree to search")
	budget := flag.Int("budget", scout.DefaultBudget, "tokens per page")
	flag.Parse()
	fmt.Printf("copies over %s, budget %d tokens: page 1 and all pages, tokens (pages)\n\n", *root, *budget)
	fmt.Printf("%-34s %6s  %16s %16s  %16s %16s  %6s\n", "query", "hits", "page 1 before", "page 1 after", "all before", "all after", "saved")
	var sumBefore, sumAfter int
	for _, q := range queries {
		b1, ball, nb, hits := follow(*root, q, *budget, true)
		a1, aall, na, _ := follow(*root, q, *budget, false)
		sumBefore, sumAfter = sumBefore+ball, sumAfter+aall
		fmt.Printf("%-34s %6d  %16s %16s  %16s %16s  %5.0f%%\n", fmt.Sprintf("%q", q), hits,
			fmt.Sprint(b1), fmt.Sprint(a1), fmt.Sprintf("%d (%d)", ball, nb), fmt.Sprintf("%d (%d)", aall, na), 100*(1-float64(aall)/float64(ball)))
	}
	fmt.Printf("\nall queries, every page: %d tokens before, %d after (%.0f%% saved)\n", sumBefore, sumAfter, 100*(1-float64(sumAfter)/float64(sumBefore)))
}

// follow pages a query to its end and returns the first page's tokens,
// every page's, the number of pages and the hits.
func follow(root, q string, budget int, noCollapse bool) (first, all, pages, hits int) {
	o := scout.GrepOptions{
		Options: scout.Options{
			Patterns: []string{q}, Fixed: true, Scope: scout.Scope{Paths: []string{root}},
			RankOptions: scout.RankOptions{NoFrecency: true, NoGit: true},
		},
		PageOptions: scout.PageOptions{Budget: budget},
		Mode:        scout.Content,
		NoCollapse:  noCollapse,
	}
	for {
		p, err := scout.Grep(context.Background(), o)
		if err != nil {
			kit.Fail(err.Error())
		}
		tokens := len(p.Text) / 4
		if pages == 0 {
			first, hits = tokens, p.Total.Matches
		}
		all += tokens
		pages++
		if p.Cursor == "" || strings.TrimSpace(p.Cursor) == "" {
			return first, all, pages, hits
		}
		if pages > 5000 {
			fmt.Fprintln(os.Stderr, "copies: more than 5000 pages for", q)
			return first, all, pages, hits
		}
		o.Cursor = p.Cursor
	}
}
