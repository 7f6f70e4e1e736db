package server_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/scoutcode/scout/internal/server"
)

// sweepValues are what an agent may send for any argument: names as it
// copies them from code or stacks, paths with lines, escapes, globs,
// other JSON types, and sizes at the edges.
var sweepValues = []any{
	"x()", "(*pp).doPrintln", "fmt.Println()", "Close(f)", "*Reader", "", " ", ".", "..", "/", "/etc/passwd",
	"a.go:0", "a.go:3-1", "a.go#L2", "*", "[", "{a,", "\x00", "é", "\xff", strings.Repeat("a", 5000),
	-1, 0, 1e9, 1.5, true, nil, []any{}, map[string]any{}, []any{"a"}, "a.go",
}

// TestEverySweptArgument calls every tool with each of sweepValues in
// each of its arguments (the required ones set to something sensible):
// every call is answered, as a page or a tool error, and none is an
// internal error. A panic in a search ("callers x()") answered
// "internal error (a bug in scout…)": caught, but a bug all the same.
func TestEverySweptArgument(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", filepath.Join(t.TempDir(), "cache"))
	os.WriteFile(filepath.Join(dir, "a.go"), []byte("package a\n\n// Close ends it.\nfunc Close(f int) { doPrintln(f) }\n\ntype Reader interface{ Read() }\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "b.py"), []byte("def close(f):\n    return f.close()\n"), 0o644)
	cs := inProcess(t, server.New(server.Options{Roots: roots(t, dir), StateDir: t.TempDir()}))
	ctx := context.Background()
	tools, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	calls := 0
	for _, tool := range tools.Tools {
		var schema struct {
			Properties map[string]any
			Required   []string
		}
		b, _ := json.Marshal(tool.InputSchema)
		json.Unmarshal(b, &schema)
		for prop := range schema.Properties {
			for _, v := range sweepValues {
				args := map[string]any{}
				for _, r := range schema.Required {
					args[r] = "Close"
					if r == "path" {
						args[r] = "a.go"
					}
				}
				args[prop] = v
				res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: tool.Name, Arguments: args})
				calls++
				switch {
				case err != nil:
					t.Errorf("%s %s=%#v: %v", tool.Name, prop, v, err)
				case len(res.Content) == 0:
					t.Errorf("%s %s=%#v: no content", tool.Name, prop, v)
				default:
					if text, ok := res.Content[0].(*mcp.TextContent); ok && strings.Contains(text.Text, "internal error") {
						t.Errorf("%s %s=%#v: %s", tool.Name, prop, v, text.Text)
					}
				}
			}
		}
	}
	if calls < 500 {
		t.Errorf("%d calls: the tools list lost its arguments", calls)
	}
}
