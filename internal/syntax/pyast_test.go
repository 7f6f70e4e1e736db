//go:build cgo

package syntax

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/scoutcode/scout/internal/fixture"
)

// TestOutlineMatchesPythonAST compares the classes, functions and
// module-level names Outline finds in the Python standard library of this
// machine with those of Python's own ast module (testdata/pyast.py): every
// ClassDef, FunctionDef and AsyncFunctionDef, and each module-level name
// where it is first assigned, by name, lineno and end_lineno, in every
// file ast parses. Recall and precision must be 0.99 or more.
func TestOutlineMatchesPythonAST(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("parses the Python standard library (about 20 s); run without -short")
	}
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Fatalf("python3 is needed as the oracle: %v", err)
	}
	stdlib, err := exec.Command(python, "-c", `import sysconfig; print(sysconfig.get_path("stdlib"))`).Output()
	if err != nil {
		t.Fatalf("python3 has no stdlib path: %v", err)
	}
	cmd := exec.Command(python, "testdata/pyast.py", strings.TrimSpace(string(stdlib)))
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("testdata/pyast.py: %v", err)
	}
	type file struct {
		path string
		want []goDef
	}
	var files []file
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		var rec [2]json.RawMessage
		var f file
		var defs [][3]any
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Fatal(err)
		}
		if json.Unmarshal(rec[0], &f.path) != nil || json.Unmarshal(rec[1], &defs) != nil {
			t.Fatalf("pyast.py printed %s", sc.Bytes())
		}
		for _, d := range defs {
			f.want = append(f.want, goDef{f.path, d[0].(string), int(d[1].(float64)), int(d[2].(float64))})
		}
		files = append(files, f)
	}
	if len(files) < 500 {
		t.Fatalf("ast parsed only %d files of %s", len(files), stdlib)
	}
	got := make([][]goDef, len(files))
	fixture.Parallel(len(files), func(i int) {
		src, err := os.ReadFile(files[i].path)
		if err != nil {
			t.Error(err)
			return
		}
		f, err := Outline(context.Background(), files[i].path, src)
		if err != nil {
			t.Errorf("%s: %v", files[i].path, err)
			return
		}
		for _, d := range f.Defs {
			got[i] = append(got[i], goDef{files[i].path, d.Name, d.Start, d.End})
		}
	})
	want, have := map[goDef]int{}, map[goDef]int{}
	for i, f := range files {
		for _, d := range f.want {
			want[d]++
		}
		for _, d := range got[i] {
			have[d]++
		}
	}
	var nwant, ngot, hit int
	var missed, extra []string
	for d, n := range want {
		nwant += n
		hit += min(n, have[d])
		if n > have[d] && len(missed) < 10 {
			missed = append(missed, fmt.Sprintf("%s:%d-%d %s", d.path, d.start, d.end, d.name))
		}
	}
	for d, n := range have {
		ngot += n
		if n > want[d] && len(extra) < 10 {
			extra = append(extra, fmt.Sprintf("%s:%d-%d %s", d.path, d.start, d.end, d.name))
		}
	}
	recall, precision := float64(hit)/float64(nwant), float64(hit)/float64(ngot)
	t.Logf("%d files; ast %d definitions, outline %d, both %d: recall %.4f, precision %.4f", len(files), nwant, ngot, hit, recall, precision)
	t.Logf("missed, e.g.: %s", strings.Join(missed, ", "))
	t.Logf("extra, e.g.: %s", strings.Join(extra, ", "))
	if recall < 0.99 || precision < 0.99 {
		t.Errorf("recall %.4f, precision %.4f: both must be at least 0.99", recall, precision)
	}
}
