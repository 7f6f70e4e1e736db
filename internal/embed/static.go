package embed

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"sync"
)

// Static is a static embedding model read from a directory the user
// supplies, as model2vec writes them (the potion models, for one):
//
//	model.safetensors  one tensor, [vocabulary, dimension], F32 or F16
//	                   (named "embeddings", or the only one there is)
//	tokenizer.json     a WordPiece tokenizer (Hugging Face's format)
//
// A text's vector is the mean of its tokens' rows, normalized: no
// network, no runtime library, microseconds per chunk.
type Static struct {
	dir       string
	sig       uint32 // the table file's place, size and time: another file, other vectors
	dim       int
	rows      []float32 // vocabulary × dim
	wordPiece           // the tokenizer; its unknown token is left out of the mean
}

// LoadStatic reads the model in dir. Every problem is ErrModel, wrapped
// with the file and what is wrong with it.
func LoadStatic(dir string) (*Static, error) {
	if err := modelDir(dir, "model.safetensors and tokenizer.json"); err != nil {
		return nil, err
	}
	// A server searches many times: the model is read again only when
	// one of its files changed (another size or time).
	key, stamp := filepath.Join(dir, "model.safetensors"), ""
	if abs, err := filepath.Abs(key); err == nil {
		key = abs
	}
	for _, f := range []string{key, filepath.Join(filepath.Dir(key), "tokenizer.json")} {
		if fi, err := os.Stat(f); err == nil {
			stamp += fmt.Sprintf("%d:%d;", fi.Size(), fi.ModTime().UnixNano())
		}
	}
	loadedStatic.Lock()
	defer loadedStatic.Unlock()
	if k, ok := loadedStatic.m[key]; ok && k.stamp == stamp {
		return k.s, nil
	}
	s, err := loadStatic(dir)
	if err == nil {
		loadedStatic.m[key] = keptStatic{stamp, s}
	}
	return s, err
}

// loadedStatic keeps the static models read in this process, by table.
var loadedStatic = struct {
	sync.Mutex
	m map[string]keptStatic
}{m: map[string]keptStatic{}}

type keptStatic struct {
	stamp string // the files' sizes and times when read
	s     *Static
}

func loadStatic(dir string) (*Static, error) {
	s := &Static{dir: dir}
	wp, err := readWordPiece(filepath.Join(dir, "tokenizer.json"))
	if err != nil {
		return nil, err
	}
	s.wordPiece = *wp
	table := filepath.Join(dir, "model.safetensors")
	if err := s.readTensor(table); err != nil {
		return nil, err
	}
	if abs, err := filepath.Abs(table); err == nil {
		table = abs
	}
	if fi, err := os.Stat(table); err == nil {
		s.sig = crc32.ChecksumIEEE(fmt.Appendf(nil, "%s\x00%d\x00%d", table, fi.Size(), fi.ModTime().UnixNano()))
	}
	return s, nil
}

// modelDir checks that dir is a directory, naming what it should hold.
func modelDir(dir, holds string) error {
	fi, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrModel, err)
	}
	if !fi.IsDir() {
		return fmt.Errorf("%w: %s is a file; give the directory holding %s", ErrModel, dir, holds)
	}
	return nil
}

// ID implements Embedder: the directory's name, the model's shape, and a
// digest of where its table lies and its size and time, so that two
// models of one name and shape never share kept vectors.
func (s *Static) ID() string {
	return fmt.Sprintf("static:%s:%dx%d:%08x", filepath.Base(s.dir), len(s.rows)/max(s.dim, 1), s.dim, s.sig)
}

// readModelFile reads one of the model's files; a missing one is named.
func readModelFile(path string) ([]byte, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%w: %s is missing", ErrModel, path)
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrModel, err)
	}
	return data, nil
}

// readTensor reads the embedding table from a safetensors file: an
// 8-byte little-endian header length, a JSON header naming each tensor's
// dtype, shape and byte offsets, then the bytes.
func (s *Static) readTensor(path string) error {
	data, err := readModelFile(path)
	if err != nil {
		return err
	}
	bad := func(format string, a ...any) error {
		return fmt.Errorf("%w: %s: %s", ErrModel, path, fmt.Sprintf(format, a...))
	}
	if len(data) < 8 {
		return bad("too short to be a safetensors file")
	}
	n := binary.LittleEndian.Uint64(data)
	if n > uint64(len(data)-8) {
		return bad("its header claims %d bytes, the file has %d", n, len(data)-8)
	}
	var header map[string]json.RawMessage
	if err := json.Unmarshal(data[8:8+n], &header); err != nil {
		return bad("its header is not JSON: %v", err)
	}
	delete(header, "__metadata__")
	raw, ok := header["embeddings"]
	if !ok && len(header) == 1 {
		for _, r := range header {
			raw = r
		}
	} else if !ok {
		return bad("no tensor named \"embeddings\" among %d", len(header))
	}
	var tensor struct {
		Dtype   string   `json:"dtype"`
		Shape   []int64  `json:"shape"`
		Offsets []uint64 `json:"data_offsets"`
	}
	if err := json.Unmarshal(raw, &tensor); err != nil {
		return bad("the tensor's entry: %v", err)
	}
	if len(tensor.Shape) != 2 || tensor.Shape[0] <= 0 || tensor.Shape[1] <= 0 || tensor.Shape[1] > 1<<16 {
		return bad("the tensor's shape is %v; want [vocabulary, dimension]", tensor.Shape)
	}
	size := map[string]uint64{"F32": 4, "F16": 2}[tensor.Dtype]
	if size == 0 {
		return bad("the tensor is %s; scout reads F32 and F16", tensor.Dtype)
	}
	rows, dim := uint64(tensor.Shape[0]), uint64(tensor.Shape[1])
	body := data[8+n:]
	if len(tensor.Offsets) != 2 || tensor.Offsets[0] > tensor.Offsets[1] || tensor.Offsets[1] > uint64(len(body)) ||
		rows > uint64(len(body)) || tensor.Offsets[1]-tensor.Offsets[0] != rows*dim*size {
		return bad("the tensor's offsets %v do not hold %d×%d %s values", tensor.Offsets, rows, dim, tensor.Dtype)
	}
	for w, id := range s.vocab {
		if id < 0 || uint64(id) >= rows {
			return bad("the tokenizer has id %d (%q), the table %d rows", id, w, rows)
		}
	}
	b := body[tensor.Offsets[0]:tensor.Offsets[1]]
	s.dim = int(dim)
	s.rows = make([]float32, rows*dim)
	for i := range s.rows {
		var x float32
		if size == 4 {
			x = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
		} else {
			x = halfToFloat(binary.LittleEndian.Uint16(b[2*i:]))
		}
		if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
			return bad("value %d is %v", i, x)
		}
		s.rows[i] = x
	}
	return nil
}

// halfToFloat converts an IEEE 754 half-precision value.
func halfToFloat(h uint16) float32 {
	sign := uint32(h>>15) << 31
	exp := uint32(h>>10) & 0x1f
	frac := uint32(h) & 0x3ff
	switch {
	case exp == 0 && frac == 0:
		return math.Float32frombits(sign)
	case exp == 0: // subnormal
		f := float32(frac) / 1024 / 16384
		if sign != 0 {
			f = -f
		}
		return f
	case exp == 0x1f:
		return math.Float32frombits(sign | 0x7f800000 | frac<<13)
	}
	return math.Float32frombits(sign | (exp+112)<<23 | frac<<13)
}

// Embed implements Embedder.
func (s *Static) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i, t := range texts {
		if i%256 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		v := make([]float32, s.dim)
		n := 0
		s.tokens(Clip(t), false, func(id int) {
			row := s.rows[id*s.dim : (id+1)*s.dim]
			for j, x := range row {
				v[j] += x
			}
			n++
		})
		Normalize(v) // the mean's direction is the sum's
		out[i] = v
	}
	return out, nil
}
