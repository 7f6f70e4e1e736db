package confine

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// tree makes root/{a.txt,sub/b.txt}, a directory outside it with a
// secret, and links inside the root: one to the secret, one to the
// outside directory, one to a file inside.
func tree(t *testing.T) (root, outside string) {
	t.Helper()
	base := t.TempDir()
	root = filepath.Join(base, "root")
	outside = filepath.Join(base, "outside")
	for _, d := range []string{filepath.Join(root, "sub"), outside} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{filepath.Join(root, "a.txt"), filepath.Join(root, "sub", "b.txt"), filepath.Join(outside, "secret")} {
		if err := os.WriteFile(f, []byte("x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	links := map[string]string{
		"secret-link": filepath.Join(outside, "secret"),
		"out-dir":     outside,
		"rel-out":     "../outside/secret",
		"in-link":     "sub/b.txt",
	}
	for name, target := range links {
		if err := os.Symlink(target, filepath.Join(root, name)); err != nil {
			t.Fatal(err)
		}
	}
	return root, outside
}

func TestPathEscapes(t *testing.T) {
	root, outside := tree(t)
	r, err := New([]string{root}, false, "")
	if err != nil {
		t.Fatal(err)
	}
	refused := []string{
		"..",
		"../outside/secret",
		"sub/../../outside/secret",
		"./../root/a.txt", // leaves and comes back: refused, it names the parent
		filepath.Join(outside, "secret"),
		outside,
		"/",
		"/etc/passwd",
		"secret-link",
		"rel-out",
		"out-dir",
		"out-dir/secret",
		"out-dir/not-there-yet",
		"a.txt\x00",
	}
	for _, p := range refused {
		got, err := r.Path(p)
		if err == nil {
			t.Errorf("Path(%q) = %q, want a refusal", p, got)
			continue
		}
		if !errors.Is(err, ErrOutside) {
			t.Errorf("Path(%q): %v does not wrap ErrOutside", p, err)
		}
	}
	allowed := map[string]string{
		"":                                ".",
		".":                               ".",
		"a.txt":                           "a.txt",
		"./sub/b.txt":                     "sub/b.txt",
		"sub/../a.txt":                    "a.txt",
		"in-link":                         "in-link",
		"missing.txt":                     "missing.txt",
		filepath.Join(root, "sub"):        "sub",
		filepath.Join(root, "sub", "..."): "sub/...",
		root:                              ".",
	}
	for p, want := range allowed {
		got, err := r.Path(p)
		if err != nil || got != want {
			t.Errorf("Path(%q) = %q, %v; want %q", p, got, err, want)
		}
	}
}

func TestSecondRoot(t *testing.T) {
	root, outside := tree(t)
	r, err := New([]string{root, outside}, false, "")
	if err != nil {
		t.Fatal(err)
	}
	secret := filepath.Join(outside, "secret")
	if got, err := r.Path(secret); err != nil || got != secret {
		t.Errorf("Path(%q) = %q, %v; want it absolute", secret, got, err)
	}
	if got, err := r.Path("secret-link"); err != nil || got != "secret-link" {
		t.Errorf("a link into the second root: %q, %v", got, err)
	}
}

func TestGlob(t *testing.T) {
	for _, g := range []string{"../x", "!../x", "src/../../x", "**/..", `..\x`, "a/../b"} {
		if err := Glob(g); !errors.Is(err, ErrOutside) {
			t.Errorf("Glob(%q) = %v, want a refusal", g, err)
		}
	}
	for _, g := range []string{"*.go", "!vendor/**", "/src/*.go", "src/**/*.spec.ts", "..x", "x..", "a/.../b"} {
		if err := Glob(g); err != nil {
			t.Errorf("Glob(%q) = %v", g, err)
		}
	}
}

func TestBroadRoot(t *testing.T) {
	home := t.TempDir()
	proj := filepath.Join(home, "proj")
	os.Mkdir(proj, 0o755)
	for _, root := range []string{"/", home, filepath.Dir(home)} {
		_, err := New([]string{root}, false, home)
		if !errors.Is(err, ErrBroadRoot) {
			t.Errorf("New(%q) = %v, want a refusal", root, err)
		}
		if _, err := New([]string{root}, true, home); err != nil {
			t.Errorf("New(%q) with allowBroad: %v", root, err)
		}
	}
	if _, err := New([]string{proj}, false, home); err != nil {
		t.Errorf("a project under home: %v", err)
	}
	if _, err := New([]string{filepath.Join(home, "nope")}, false, home); err == nil {
		t.Error("a missing root was accepted")
	}
	f := filepath.Join(proj, "f")
	os.WriteFile(f, nil, 0o644)
	if _, err := New([]string{f}, false, home); err == nil {
		t.Error("a file as root was accepted")
	}
}
