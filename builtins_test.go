package scout

import (
	"go/types"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestGoBuiltins: Go's built-ins are the predeclared functions and types
// of go/types' universe, all of them.
func TestGoBuiltins(t *testing.T) {
	want := map[string]bool{}
	for _, n := range types.Universe.Names() {
		switch types.Universe.Lookup(n).(type) {
		case *types.Builtin, *types.TypeName:
			want[n] = true
		}
	}
	if !maps.Equal(builtins["Go"], want) {
		t.Errorf("Go's built-ins:\n got %v\nwant %v", slices.Sorted(maps.Keys(builtins["Go"])), slices.Sorted(maps.Keys(want)))
	}
}

// TestPythonBuiltins: each of Python's is a callable of its builtins
// module, as the python3 here has it (one Python added later is logged).
func TestPythonBuiltins(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Fatalf("python3 is needed as the oracle: %v", err)
	}
	out, err := exec.Command(python, "-c", "import builtins\nprint(' '.join(n for n in dir(builtins) if not n.startswith('_') and callable(getattr(builtins, n))))").Output()
	if err != nil {
		t.Fatal(err)
	}
	compareBuiltins(t, "Python", wordSet(string(out)))
}

// TestJavaScriptBuiltins: each of JavaScript's is a function of Node's
// global object in a CommonJS module, or its require; each global object
// whose properties calls name is one of its properties.
func TestJavaScriptBuiltins(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatalf("node is needed as the oracle: %v", err)
	}
	script := filepath.Join(t.TempDir(), "globals.js")
	src := "const n = Object.getOwnPropertyNames(globalThis).filter((k) => typeof globalThis[k] === 'function' && /^[A-Za-z]/.test(k))\nif (typeof require === 'function') n.push('require')\nprocess.stdout.write(n.join(' '))\n"
	if err := os.WriteFile(script, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(node, script).Output()
	if err != nil {
		t.Fatal(err)
	}
	compareBuiltins(t, "JavaScript/TypeScript", wordSet(string(out)))
	out, err = exec.Command(node, "-e", "process.stdout.write(Object.getOwnPropertyNames(globalThis).join(' '))").Output()
	if err != nil {
		t.Fatal(err)
	}
	all := wordSet(string(out))
	for n := range jsGlobalObjects {
		if !all[n] {
			t.Errorf("%s is not a property of Node's global object", n)
		}
	}
}

func compareBuiltins(t *testing.T, lang string, have map[string]bool) {
	var extra, missing []string
	for n := range builtins[lang] {
		if !have[n] {
			extra = append(extra, n)
		}
	}
	for n := range have {
		if !builtins[lang][n] {
			missing = append(missing, n)
		}
	}
	if len(extra) > 0 {
		t.Errorf("%s: not built-ins here: %s", lang, strings.Join(slices.Sorted(slices.Values(extra)), " "))
	}
	if len(missing) > 0 {
		t.Logf("%s: built-ins here that scout does not list (a newer version's?): %s", lang, strings.Join(slices.Sorted(slices.Values(missing)), " "))
	}
}
