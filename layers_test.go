package scout_test

import (
	"encoding/json"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// layers is the import rule, by layer: a package may import the packages
// of lower layers only. The stages know nothing of each other unless a
// lower layer says so; the root package assembles them; the faces (CLI,
// MCP server) use the root package's API, never a stage.
var layers = [][]string{
	{"internal/safe", "internal/regular", "internal/textenc"},
	{"internal/mapped"},
	{"internal/glob", "internal/suggest", "internal/confine", "internal/secret", "internal/frecency", "internal/gitstatus", "internal/match", "internal/concept"},
	{"internal/ignore", "internal/search", "internal/query", "internal/embed"},
	{"internal/filetype"},
	{"internal/walk", "internal/rank", "internal/imports"},
	{"internal/page", "internal/syntax"},
	{"."},
	{"internal/render", "internal/server"},
	{"internal/cli"},
	{"cmd/scout"},
}

// faces may import, besides one another, only these of the layers below
// the root.
var faces = map[string][]string{
	"internal/server": {"internal/confine", "internal/suggest"},
	"internal/cli":    {"internal/confine", "internal/suggest"},
	"internal/render": {"internal/page", "internal/rank"}, // the signals' text and sums, as pages print them
}

func TestImportLayers(t *testing.T) {
	out, err := exec.Command("go", "list", "-json=ImportPath,Imports", "./...").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	const mod = "github.com/scoutcode/scout"
	layer := map[string]int{}
	for i, l := range layers {
		for _, p := range l {
			layer[p] = i
		}
	}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for dec.More() {
		var p struct {
			ImportPath string
			Imports    []string
		}
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		name := strings.TrimPrefix(strings.TrimPrefix(p.ImportPath, mod), "/")
		if name == "" {
			name = "."
		}
		if strings.HasPrefix(name, "bench/") || name == "internal/fixture" {
			continue // benchmarks and test helpers may use anything
		}
		own, ok := layer[name]
		if !ok {
			t.Errorf("%s is in no layer: add it to layers (and AGENT.md's layout)", name)
			continue
		}
		for _, imp := range p.Imports {
			if imp != mod && !strings.HasPrefix(imp, mod+"/") {
				continue
			}
			dep := strings.TrimPrefix(strings.TrimPrefix(imp, mod), "/")
			if dep == "" {
				dep = "."
			}
			if layer[dep] >= own {
				t.Errorf("%s imports %s, which is not below it", name, dep)
			}
			if allowed, ok := faces[name]; ok && layer[dep] < layer["."] && !slices.Contains(allowed, dep) {
				t.Errorf("%s imports the stage %s; use the root package's API", name, dep)
			}
		}
	}
}
