// Command secretfp counts the lines of a tree that scout's secret masking
// would change: on a tree without real secrets (Go's source), each is a
// false positive. It prints the count by kind and the lines, so that a rule
// change shows its cost.
//
//	go run ./bench/secretfp [-root DIR] [-list]
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/scoutcode/scout/internal/fixture"
	"github.com/scoutcode/scout/internal/secret"
)

func main() {
	root := flag.String("root", filepath.Join(fixture.GoRoot(), "src"), "the tree to scan")
	list := flag.Bool("list", false, "print every masked line")
	flag.Parse()
	kinds := map[string]int{}
	var lines []string
	files, total := 0, 0
	mask := regexp.MustCompile(`\[REDACTED:([a-z0-9-]+)\]`)
	filepath.WalkDir(*root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Type()&fs.ModeSymlink != 0 {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil || strings.IndexByte(string(data[:min(len(data), 8000)]), 0) >= 0 {
			return nil
		}
		files++
		rel, _ := filepath.Rel(*root, p)
		style := secret.StyleOf(rel)
		blocks := secret.Blocks(data, 1)
		sc := bufio.NewScanner(strings.NewReader(string(data)))
		sc.Buffer(nil, 64<<20)
		for n := 1; sc.Scan(); n++ {
			total++
			text := sc.Text()
			var out string
			if blocks[n] {
				out = secret.Mask("private-key")
			} else if o, ok := secret.Line(text, style); ok {
				out = o
			} else {
				continue
			}
			for _, m := range mask.FindAllStringSubmatch(out, -1) {
				kinds[m[1]]++
			}
			lines = append(lines, fmt.Sprintf("%s:%d: %.160s", rel, n, out))
		}
		return nil
	})
	fmt.Printf("%d masked lines of %d in %d files\n", len(lines), total, files)
	var ks []string
	for k := range kinds {
		ks = append(ks, k)
	}
	sort.Slice(ks, func(i, j int) bool { return kinds[ks[i]] > kinds[ks[j]] })
	for _, k := range ks {
		fmt.Printf("  %-20s %d\n", k, kinds[k])
	}
	if *list {
		for _, l := range lines {
			fmt.Println(l)
		}
	}
}
