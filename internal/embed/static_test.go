package embed

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// writeModel writes a tiny static model: tokenizer.json with vocab and a
// safetensors table of rows (F32, or F16 when half).
func writeModel(t *testing.T, dir string, vocab []string, rows [][]float32, half bool) {
	t.Helper()
	v := map[string]int{}
	for i, w := range vocab {
		v[w] = i
	}
	tok, _ := json.Marshal(map[string]any{
		"normalizer": map[string]any{"type": "BertNormalizer", "lowercase": true},
		"model":      map[string]any{"type": "WordPiece", "vocab": v, "unk_token": "[UNK]", "continuing_subword_prefix": "##"},
	})
	if err := os.WriteFile(filepath.Join(dir, "tokenizer.json"), tok, 0o644); err != nil {
		t.Fatal(err)
	}
	dim := len(rows[0])
	var data []byte
	dtype := "F32"
	if half {
		dtype = "F16"
	}
	for _, r := range rows {
		for _, x := range r {
			if half {
				data = binary.LittleEndian.AppendUint16(data, floatToHalf(x))
			} else {
				data = binary.LittleEndian.AppendUint32(data, math.Float32bits(x))
			}
		}
	}
	header, _ := json.Marshal(map[string]any{
		"__metadata__": map[string]string{"format": "pt"},
		"embeddings":   map[string]any{"dtype": dtype, "shape": []int{len(rows), dim}, "data_offsets": []int{0, len(data)}},
	})
	file := binary.LittleEndian.AppendUint64(nil, uint64(len(header)))
	file = append(append(file, header...), data...)
	if err := os.WriteFile(filepath.Join(dir, "model.safetensors"), file, 0o644); err != nil {
		t.Fatal(err)
	}
}

// floatToHalf converts values that half precision holds exactly (the
// tests' own).
func floatToHalf(f float32) uint16 {
	b := math.Float32bits(f)
	sign := uint16(b>>16) & 0x8000
	if f == 0 {
		return sign
	}
	exp := int(b>>23&0xff) - 127 + 15
	return sign | uint16(exp)<<10 | uint16(b>>13&0x3ff)
}

var tinyVocab = []string{"[UNK]", "[CLS]", "retry", "##ing", "after", "time", "##out", "parse", "(", ")"}

func tinyRows() [][]float32 {
	rows := make([][]float32, len(tinyVocab))
	for i := range rows {
		rows[i] = make([]float32, 4)
		rows[i][i%4] = 1
		rows[i][(i+1)%4] = 0.5
	}
	return rows
}

func TestStaticModel(t *testing.T) {
	for _, half := range []bool{false, true} {
		dir := t.TempDir()
		rows := tinyRows()
		writeModel(t, dir, tinyVocab, rows, half)
		s, err := LoadStatic(dir)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(s.ID(), ":10x4:") {
			t.Errorf("ID %q, want the shape 10x4", s.ID())
		}
		// The same name and shape elsewhere: another model.
		other := filepath.Join(t.TempDir(), filepath.Base(dir))
		os.Mkdir(other, 0o755)
		writeModel(t, other, tinyVocab, rows, half)
		if o, err := LoadStatic(other); err != nil || o.ID() == s.ID() {
			t.Errorf("two model directories share the ID %q (%v)", s.ID(), err)
		}
		vs, err := s.Embed(context.Background(), []string{"Retrying after timeout(x)", "zzz"})
		if err != nil {
			t.Fatal(err)
		}
		// retry ##ing after time ##out ( ): x is unknown, left out.
		want := make([]float32, 4)
		for _, id := range []int{2, 3, 4, 5, 6, 8, 9} {
			for j := range want {
				want[j] += rows[id][j]
			}
		}
		Normalize(want)
		for j := range want {
			if math.Abs(float64(vs[0][j]-want[j])) > 1e-6 {
				t.Fatalf("half=%v: vector %v, want %v", half, vs[0], want)
			}
		}
		for _, x := range vs[1] {
			if x != 0 {
				t.Errorf("a text of unknown words: %v, want zeros", vs[1])
			}
		}
	}
}

// TestStaticBadModel: a directory that is missing, incomplete or damaged
// is ErrModel, and says which file and what is wrong.
func TestStaticBadModel(t *testing.T) {
	write := func(t *testing.T, name string, data []byte) string {
		dir := t.TempDir()
		writeModel(t, dir, tinyVocab, tinyRows(), false)
		if data == nil {
			os.Remove(filepath.Join(dir, name))
		} else {
			os.WriteFile(filepath.Join(dir, name), data, 0o644)
		}
		return dir
	}
	good := t.TempDir()
	writeModel(t, good, tinyVocab, tinyRows(), false)
	model, _ := os.ReadFile(filepath.Join(good, "model.safetensors"))
	short := make([][]float32, 5) // fewer rows than the vocabulary
	for i := range short {
		short[i] = []float32{1, 0}
	}
	fewRows := t.TempDir()
	writeModel(t, fewRows, tinyVocab, short, false)
	for _, tc := range []struct {
		name, dir, says string
	}{
		{"no directory", filepath.Join(good, "nowhere"), "no such file"},
		{"a file", filepath.Join(good, "tokenizer.json"), "is a file"},
		{"no tokenizer", write(t, "tokenizer.json", nil), "tokenizer.json is missing"},
		{"no table", write(t, "model.safetensors", nil), "model.safetensors is missing"},
		{"tokenizer not JSON", write(t, "tokenizer.json", []byte("{")), "unexpected end of JSON"},
		{"not WordPiece", write(t, "tokenizer.json", []byte(`{"model":{"type":"Unigram","vocab":[["a",0]]}}`)), `the tokenizer is "Unigram"`},
		{"table cut short", write(t, "model.safetensors", model[:len(model)-3]), "do not hold 10×4 F32 values"},
		{"header too long", write(t, "model.safetensors", binary.LittleEndian.AppendUint64(nil, 1<<40)), "its header claims"},
		{"not safetensors", write(t, "model.safetensors", []byte("abc")), "too short"},
		{"fewer rows than ids", fewRows, "the table 5 rows"},
	} {
		_, err := LoadStatic(tc.dir)
		if !errors.Is(err, ErrModel) || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("%s: %v, want ErrModel saying %q", tc.name, err, tc.says)
		}
	}
}

func TestHalfToFloat(t *testing.T) {
	for _, f := range []float32{0, 1, -1, 0.5, -2.75, 1024, 0.000061035156} {
		if got := halfToFloat(floatToHalf(f)); got != f {
			t.Errorf("half(%v) = %v", f, got)
		}
	}
	if got := halfToFloat(0x0001); got != float32(math.Ldexp(1, -24)) {
		t.Errorf("the smallest subnormal: %v", got)
	}
	if got := halfToFloat(0x7c00); !math.IsInf(float64(got), 1) {
		t.Errorf("infinity: %v", got)
	}
}

// TestStaticModelReadOnce: a model is read once per process, and again
// when its table changes.
func TestStaticModelReadOnce(t *testing.T) {
	dir := t.TempDir()
	rows := tinyRows()
	writeModel(t, dir, tinyVocab, rows, false)
	a, err := LoadStatic(dir)
	if err != nil {
		t.Fatal(err)
	}
	if b, err := LoadStatic(dir); err != nil || b != a {
		t.Errorf("read again though unchanged: %p, %p, %v", a, b, err)
	}
	rows[2][0] = 9
	writeModel(t, dir, tinyVocab, rows, false)
	later := time.Now().Add(time.Second)
	os.Chtimes(filepath.Join(dir, "model.safetensors"), later, later)
	c, err := LoadStatic(dir)
	if err != nil {
		t.Fatal(err)
	}
	if c == a || c.rows[2*c.dim] != 9 {
		t.Errorf("a changed table was not read again: row 2 starts %v", c.rows[2*c.dim])
	}
}
