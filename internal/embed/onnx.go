//go:build onnx && cgo

package embed

import (
	"context"
	"errors"
	"fmt"
	"hash/crc32"
	"io/fs"
	"os"
	"path/filepath"
	"sync"

	ort "github.com/yalue/onnxruntime_go"
)

// ONNX is a transformer embedding model read from a directory the user
// supplies, as Hugging Face exports them:
//
//	model.onnx        (or onnx/model.onnx) taking input_ids, and
//	                  attention_mask and token_type_ids if it names
//	                  them; giving sentence_embedding [batch, dim], or
//	                  token states [batch, tokens, dim] that are averaged
//	                  over the attention mask
//	tokenizer.json    a WordPiece tokenizer (BERT's, MiniLM's…)
//
// It runs in ONNX Runtime, a shared library loaded from SCOUT_ONNXRUNTIME
// (the npm package onnxruntime-node ships one:
// bin/napi-v6/linux/x64/libonnxruntime.so.1). ONNX Runtime cannot be
// loaded into a statically linked program, so this provider exists only
// in a build with -tags onnx, which links dynamically.
type ONNX struct {
	dir, model string
	sig        uint32
	wp         *wordPiece
	cls, sep   int // the ids framing each text; -1: none
	pad        int
	inputs     []string // the model's inputs, in order
	output     string
	pooled     bool // the output is one vector per text
	dim        int
	session    *ort.DynamicAdvancedSession
	mu         sync.Mutex // one run at a time
}

// onnxTokens is the most tokens of a text the model is given (BERT's
// models take at most 512; 256 covers a chunk's words and costs a
// quarter of the attention).
const onnxTokens = 256

// onnxBatch is how many texts go through the model at once.
const onnxBatch = 16

var (
	ortOnce sync.Once
	ortErr  error
)

// startRuntime loads ONNX Runtime once per process.
func startRuntime() error {
	ortOnce.Do(func() {
		lib := os.Getenv("SCOUT_ONNXRUNTIME")
		if lib == "" {
			ortErr = fmt.Errorf("%w: set SCOUT_ONNXRUNTIME to ONNX Runtime's library, libonnxruntime.so (the npm package onnxruntime-node carries one: bin/napi-v6/linux/x64/libonnxruntime.so.1)", ErrConfig)
			return
		}
		if _, err := os.Stat(lib); err != nil {
			ortErr = fmt.Errorf("%w: SCOUT_ONNXRUNTIME: %v", ErrConfig, err)
			return
		}
		ort.SetSharedLibraryPath(lib)
		if err := ort.InitializeEnvironment(); err != nil {
			ortErr = fmt.Errorf("%w: loading ONNX Runtime from %s: %v", ErrConfig, lib, err)
		}
	})
	return ortErr
}

// loadedONNX keeps the models loaded in this process by directory: a
// server loads each once.
var loadedONNX = struct {
	sync.Mutex
	m map[string]*ONNX
}{m: map[string]*ONNX{}}

// LoadONNX reads the model in dir (see ONNX). A model that is missing,
// damaged or of a shape scout cannot use is ErrModel; no runtime library
// is ErrConfig.
func LoadONNX(dir string) (*ONNX, error) {
	if err := modelDir(dir, "model.onnx and tokenizer.json"); err != nil {
		return nil, err
	}
	model := filepath.Join(dir, "model.onnx")
	if _, err := os.Stat(model); errors.Is(err, fs.ErrNotExist) {
		if _, err := os.Stat(filepath.Join(dir, "onnx", "model.onnx")); err == nil {
			model = filepath.Join(dir, "onnx", "model.onnx")
		}
	}
	mi, err := os.Stat(model)
	if err != nil {
		return nil, fmt.Errorf("%w: %s is missing", ErrModel, model)
	}
	abs, err := filepath.Abs(model)
	if err != nil {
		abs = model
	}
	sig := crc32.ChecksumIEEE(fmt.Appendf(nil, "%s\x00%d\x00%d", abs, mi.Size(), mi.ModTime().UnixNano()))
	loadedONNX.Lock()
	defer loadedONNX.Unlock()
	if o, ok := loadedONNX.m[abs]; ok && o.sig == sig {
		return o, nil
	}
	wp, err := readWordPiece(filepath.Join(dir, "tokenizer.json"))
	if err != nil {
		return nil, err
	}
	if err := startRuntime(); err != nil {
		return nil, err
	}
	id := func(token string, none int) int {
		if id, ok := wp.vocab[token]; ok {
			return id
		}
		return none
	}
	o := &ONNX{dir: dir, model: abs, sig: sig, wp: wp, cls: id("[CLS]", -1), sep: id("[SEP]", -1), pad: id("[PAD]", 0)}
	ins, outs, err := ort.GetInputOutputInfo(abs)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrModel, model, err)
	}
	hasIDs := false
	for _, in := range ins {
		switch in.Name {
		case "input_ids":
			hasIDs = true
		case "attention_mask", "token_type_ids":
		default:
			return nil, fmt.Errorf("%w: %s takes an input named %q; scout gives input_ids, attention_mask and token_type_ids", ErrModel, model, in.Name)
		}
		o.inputs = append(o.inputs, in.Name)
	}
	if !hasIDs {
		return nil, fmt.Errorf("%w: %s takes no input_ids", ErrModel, model)
	}
	for _, out := range outs {
		if out.Name == "sentence_embedding" && len(out.Dimensions) == 2 {
			o.output, o.pooled, o.dim = out.Name, true, int(out.Dimensions[1])
			break
		}
	}
	if o.output == "" && len(outs) > 0 && len(outs[0].Dimensions) == 3 {
		o.output, o.dim = outs[0].Name, int(outs[0].Dimensions[2])
	}
	if o.output == "" {
		return nil, fmt.Errorf("%w: %s gives neither sentence_embedding [batch, dim] nor token states [batch, tokens, dim]", ErrModel, model)
	}
	opts, err := ort.NewSessionOptions()
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrConfig, err)
	}
	defer opts.Destroy()
	opts.SetIntraOpNumThreads(2)
	if o.session, err = ort.NewDynamicAdvancedSession(abs, o.inputs, []string{o.output}, opts); err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrModel, model, err)
	}
	loadedONNX.m[abs] = o
	return o, nil
}

// ID implements Embedder: the directory's name, and a digest of where the
// model lies and its size and time.
func (o *ONNX) ID() string {
	return fmt.Sprintf("onnx:%s:%08x", filepath.Base(o.dir), o.sig)
}

// ids returns a text's token ids as the model takes them: [CLS], the
// text's tokens (unknown words as [UNK]), [SEP], at most onnxTokens.
func (o *ONNX) ids(text string) []int64 {
	var ids []int64
	if o.cls >= 0 {
		ids = append(ids, int64(o.cls))
	}
	room := onnxTokens - len(ids)
	if o.sep >= 0 {
		room--
	}
	o.wp.tokens(Clip(text), true, func(id int) {
		if room > 0 {
			ids = append(ids, int64(id))
			room--
		}
	})
	if o.sep >= 0 {
		ids = append(ids, int64(o.sep))
	}
	return ids
}

// Embed implements Embedder.
func (o *ONNX) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, 0, len(texts))
	for start := 0; start < len(texts); start += onnxBatch {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		vs, err := o.batch(texts[start:min(len(texts), start+onnxBatch)])
		if err != nil {
			return nil, err
		}
		out = append(out, vs...)
	}
	return out, nil
}

// batch runs the model on a few texts, padded to the longest.
func (o *ONNX) batch(texts []string) ([][]float32, error) {
	all := make([][]int64, len(texts))
	width := 1
	for i, t := range texts {
		all[i] = o.ids(t)
		width = max(width, len(all[i]))
	}
	n := len(texts)
	ids := make([]int64, n*width)
	mask := make([]int64, n*width)
	types := make([]int64, n*width)
	for i, row := range all {
		for j := range width {
			ids[i*width+j] = int64(o.pad)
		}
		copy(ids[i*width:], row)
		for j := range row {
			mask[i*width+j] = 1
		}
	}
	shape := ort.NewShape(int64(n), int64(width))
	var inputs []ort.Value
	defer func() {
		for _, v := range inputs {
			v.Destroy()
		}
	}()
	for _, name := range o.inputs {
		data := ids
		switch name {
		case "attention_mask":
			data = mask
		case "token_type_ids":
			data = types
		}
		t, err := ort.NewTensor(shape, data)
		if err != nil {
			return nil, fmt.Errorf("%w: %v", ErrModel, err)
		}
		inputs = append(inputs, t)
	}
	outputs := []ort.Value{nil}
	o.mu.Lock()
	err := o.session.Run(inputs, outputs)
	o.mu.Unlock()
	if err != nil {
		return nil, fmt.Errorf("%w: running %s: %v", ErrModel, o.model, err)
	}
	defer outputs[0].Destroy()
	res, ok := outputs[0].(*ort.Tensor[float32])
	if !ok {
		return nil, fmt.Errorf("%w: %s gives %v, not float32 vectors", ErrModel, o.model, outputs[0].DataType())
	}
	data, dims := res.GetData(), res.GetShape()
	vs := make([][]float32, n)
	switch {
	case o.pooled && len(dims) == 2 && int(dims[0]) == n:
		d := int(dims[1])
		for i := range vs {
			vs[i] = append([]float32(nil), data[i*d:(i+1)*d]...)
		}
	case !o.pooled && len(dims) == 3 && int(dims[0]) == n && int(dims[1]) == width:
		d := int(dims[2])
		for i := range vs {
			v := make([]float32, d)
			for j := range width {
				if mask[i*width+j] == 0 {
					continue
				}
				for k, x := range data[(i*width+j)*d : (i*width+j+1)*d] {
					v[k] += x
				}
			}
			vs[i] = v
		}
	default:
		return nil, fmt.Errorf("%w: %s gave a tensor of shape %v for %d texts of %d tokens", ErrDimension, o.model, dims, n, width)
	}
	for _, v := range vs {
		Normalize(v) // the mean's direction is the sum's
	}
	return vs, checkVectors(vs, n)
}
