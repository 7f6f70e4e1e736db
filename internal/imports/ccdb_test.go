package imports

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
)

func TestShellWords(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{`cc -I include -c a.c`, []string{"cc", "-I", "include", "-c", "a.c"}},
		{`  cc   -I"my dir"  'x y' a\ b.c `, []string{"cc", "-Imy dir", "x y", "a b.c"}},
		{`cc -DNAME=\"v\" ''`, []string{"cc", `-DNAME="v"`, ""}},
		{`cc '-I$HOME' "a\"b"`, []string{"cc", "-I$HOME", `a"b`}},
		{``, nil},
	} {
		if got := shellWords(c.in); !slices.Equal(got, c.want) {
			t.Errorf("shellWords(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestIncludeFlags(t *testing.T) {
	args := []string{"cc", "-Iinc", "-I", "/abs/x", "-iquote", "gen", "-isystem/sys", "-DI=1", "-include", "pre.h", "/Include/a.c", "-o", "a.o", "-I"}
	want := []string{"/b/inc", "/abs/x", "/b/gen", "/sys"}
	if got := includeFlags(args, "/b"); !slices.Equal(got, want) {
		t.Errorf("includeFlags = %q, want %q", got, want)
	}
}

func TestParseCCDB(t *testing.T) {
	db := parseCCDB(strings.NewReader(`[
		{"directory": "/p/build", "file": "../src/a.c", "command": "cc -I../include -c ../src/a.c"},
		{"directory": "/p", "file": "/p/src/b.c", "arguments": ["cc", "-Igen", "-I", "include", "-c", "src/b.c"]},
		{"directory": "sub", "file": "c.c", "arguments": ["cc", "-I."]}
	]`), "/p")
	for _, c := range []struct {
		file string
		want []string
	}{
		{"/p/src/a.c", []string{"/p/include"}},
		{"/p/src/b.c", []string{"/p/gen", "/p/include"}},
		{"/p/sub/c.c", []string{"/p/sub"}},
		{"/p/src/a.h", []string{"/p/include", "/p/gen", "/p/sub"}}, // not listed: all of them
	} {
		if got := db.dirsFor(c.file); !slices.Equal(got, c.want) {
			t.Errorf("dirsFor(%s) = %q, want %q", c.file, got, c.want)
		}
	}
	if db := parseCCDB(strings.NewReader("not json"), "/p"); len(db.all) != 0 || len(db.byFile) != 0 {
		t.Errorf("a database that is no JSON gave %+v", db)
	}
}

// FuzzCompilationDatabase: any database and any command line are read
// without a panic; a command line with no quote, backslash or space but
// the shell's splits as strings.Fields does.
func FuzzCompilationDatabase(f *testing.F) {
	f.Add([]byte(`[{"directory": "/p", "file": "a.c", "command": "cc -I inc -iquote 'my dir' a\\ b.c"}]`))
	f.Add([]byte(`[{"directory": "d", "file": "/a.c", "arguments": ["cc", "-I"]}]`))
	f.Add([]byte(`cc "unterminated -I'x`))
	f.Fuzz(func(t *testing.T, data []byte) {
		db := parseCCDB(bytes.NewReader(data), "/p")
		for _, d := range db.all {
			if !filepath.IsAbs(d) {
				t.Fatalf("include directory %q is not absolute", d)
			}
		}
		s := string(data)
		got := shellWords(s)
		if strings.ContainsAny(s, "\"'\\\r\v\f") || strings.IndexFunc(s, func(r rune) bool { return r >= 0x80 }) >= 0 {
			return
		}
		if want := strings.Fields(s); !slices.Equal(got, want) && !(len(got) == 0 && len(want) == 0) {
			t.Fatalf("shellWords(%q) = %q, want %q", s, got, want)
		}
	})
}

// TestCCDBReadOnce: searches at once read a database once and share it;
// a changed one is read again.
func TestCCDBReadOnce(t *testing.T) {
	top := t.TempDir()
	p := filepath.Join(top, "compile_commands.json")
	if err := os.WriteFile(p, []byte(`[{"directory": "/p", "file": "a.c", "arguments": ["cc", "-Iinc"]}]`), 0o644); err != nil {
		t.Fatal(err)
	}
	got := make([]*ccdb, 8)
	var wg sync.WaitGroup
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i] = ccdbFor(top)
		}()
	}
	wg.Wait()
	for _, db := range got {
		if db == nil || db != got[0] {
			t.Fatalf("searches at once got %p, want one database shared", got)
		}
	}
	if err := os.WriteFile(p, []byte(`[{"directory": "/p", "file": "a.c", "arguments": ["cc", "-Iinc", "-Iinc2"]}]`), 0o644); err != nil {
		t.Fatal(err)
	}
	if db := ccdbFor(top); db == got[0] || len(db.all) != 2 {
		t.Errorf("a changed database: %+v, want it read again", db)
	}
}
