//go:build onnx && cgo

package embed

import (
	"context"
	"errors"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// onnxVocab is the tiny models' vocabulary.
var onnxVocab = []string{"[PAD]", "[UNK]", "[CLS]", "[SEP]", "retry", "##ing", "time", "out"}

// tinyONNX writes a model directory: tokenizer.json and model.onnx from
// testdata/tiny_onnx.py (mode: "", "pooled" or "extra-input"). It skips
// the test, saying why, without ONNX Runtime or Python's onnx package;
// CI has both and fails on a skip.
func tinyONNX(t *testing.T, mode string) string {
	t.Helper()
	if os.Getenv("SCOUT_ONNXRUNTIME") == "" {
		t.Skip("SCOUT_ONNXRUNTIME is not set: point it at libonnxruntime.so.1 (npm pack onnxruntime-node@1.30.0: bin/napi-v6/linux/x64/)")
	}
	py := ""
	for _, p := range []string{"python3", "/usr/bin/python3"} {
		if exec.Command(p, "-c", "import onnx").Run() == nil {
			py = p
			break
		}
	}
	if py == "" {
		t.Skip("no python3 with the onnx package to write the test model (apt-get install python3-onnx)")
	}
	dir := t.TempDir()
	writeModel(t, dir, onnxVocab, [][]float32{{1}}, false) // its tokenizer.json
	os.Remove(filepath.Join(dir, "model.safetensors"))
	args := []string{"testdata/tiny_onnx.py", filepath.Join(dir, "model.onnx"), "8", "4"}
	if mode != "" {
		args = append(args, mode)
	}
	if out, err := exec.Command(py, args...).CombinedOutput(); err != nil {
		t.Fatalf("tiny_onnx.py: %v\n%s", err, out)
	}
	return dir
}

// wantONNX is the tiny model's vector for token ids, computed here from
// the formulas in tiny_onnx.py: the sum of W's rows and T's first row
// over the tokens, normalized.
func wantONNX(ids []int) []float32 {
	v := make([]float32, 4)
	for _, id := range ids {
		for j := range v {
			v[j] += float32(math.Sin(1+1.3*float64(id)+0.7*float64(j))) + float32(0.1*math.Cos(float64(j)))
		}
	}
	Normalize(v)
	return v
}

// TestONNXEmbedsAsTheModelSays: texts go in as [CLS] tokens [SEP] (an
// unknown word as [UNK], padding masked out), and the vectors are the
// model's token states averaged over the mask, or its sentence_embedding
// as given; in batches of several lengths.
func TestONNXEmbedsAsTheModelSays(t *testing.T) {
	for _, mode := range []string{"", "pooled"} {
		o, err := LoadONNX(tinyONNX(t, mode))
		if err != nil {
			t.Fatal(err)
		}
		texts := []string{"Retrying timeout", "time", "zebra out", ""}
		// "timeout" is "time" and no "##out": unknown, as a whole word.
		want := [][]int{{2, 4, 5, 1, 3}, {2, 6, 3}, {2, 1, 7, 3}, {2, 3}}
		got, err := o.Embed(context.Background(), texts)
		if err != nil {
			t.Fatal(err)
		}
		for i, v := range got {
			w := wantONNX(want[i])
			for j := range w {
				if math.Abs(float64(v[j]-w[j])) > 1e-5 {
					t.Fatalf("%q (%s): %v, want %v (tokens %v)", texts[i], mode, v, w, want[i])
				}
			}
		}
		if !strings.HasPrefix(o.ID(), "onnx:") {
			t.Errorf("ID %q", o.ID())
		}
	}
}

// TestONNXBadModel: a damaged model, one with an input scout cannot
// fill, a missing file or tokenizer, each an ErrModel naming the problem.
func TestONNXBadModel(t *testing.T) {
	good := tinyONNX(t, "")
	extra, err := LoadONNX(tinyONNX(t, "extra-input"))
	if !errors.Is(err, ErrModel) || !strings.Contains(err.Error(), `"position_ids"`) {
		t.Errorf("an extra input: %v, %v", extra, err)
	}
	damaged := t.TempDir()
	writeModel(t, damaged, onnxVocab, [][]float32{{1}}, false)
	os.WriteFile(filepath.Join(damaged, "model.onnx"), []byte("not a model"), 0o644)
	if _, err := LoadONNX(damaged); !errors.Is(err, ErrModel) {
		t.Errorf("a damaged model.onnx: %v", err)
	}
	noTok := t.TempDir()
	data, _ := os.ReadFile(filepath.Join(good, "model.onnx"))
	os.WriteFile(filepath.Join(noTok, "model.onnx"), data, 0o644)
	if _, err := LoadONNX(noTok); !errors.Is(err, ErrModel) || !strings.Contains(err.Error(), "tokenizer.json is missing") {
		t.Errorf("no tokenizer: %v", err)
	}
	if _, err := LoadONNX(filepath.Join(good, "nothing")); !errors.Is(err, ErrModel) {
		t.Errorf("no directory: %v", err)
	}
	if _, err := LoadONNX(t.TempDir()); !errors.Is(err, ErrModel) || !strings.Contains(err.Error(), "model.onnx is missing") {
		t.Errorf("no model: %v", err)
	}
}
