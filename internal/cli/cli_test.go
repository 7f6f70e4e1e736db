package cli

import (
	"strings"
	"testing"
)

// Every shell's completion script is printed, and names scout's commands
// through cobra's __complete.
func TestCompletionScripts(t *testing.T) {
	for _, sh := range []string{"bash", "zsh", "fish", "powershell"} {
		out, stderr, code := run("completion", sh)
		if code != 0 || !strings.Contains(out, "__complete") || len(out) < 1000 {
			t.Errorf("completion %s: exit %d, %d bytes, stderr %q", sh, code, len(out), stderr)
		}
	}
	out, _, code := run("__complete", "")
	for _, c := range []string{"grep", "find", "read", "touch", "mcp"} {
		if code != 0 || !strings.Contains(out, c+"\t") {
			t.Errorf("__complete '': exit %d, %q lacks %s", code, out, c)
		}
	}
}
