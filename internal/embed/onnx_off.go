//go:build !onnx || !cgo

package embed

import (
	"context"
	"fmt"
)

// ONNX stands for the ONNX provider in a build without it.
type ONNX struct{}

// LoadONNX says how to get a build that runs ONNX models: ONNX Runtime is
// a shared library, which a statically linked program cannot load (it
// crashes in the library's first call), so the provider exists only in a
// dynamically linked build made with -tags onnx.
func LoadONNX(dir string) (*ONNX, error) {
	return nil, fmt.Errorf("%w: this scout was built without ONNX Runtime, which only a dynamically linked program can load: build one with `go build -tags onnx ./cmd/scout` (with cgo) and set SCOUT_ONNXRUNTIME to libonnxruntime.so; or use --embed model with a static model, or an embedding server (--embed ollama|openai)", ErrConfig)
}

// ID implements Embedder.
func (*ONNX) ID() string { return "onnx" }

// Embed implements Embedder.
func (*ONNX) Embed(context.Context, []string) ([][]float32, error) {
	return nil, fmt.Errorf("%w: built without ONNX Runtime", ErrConfig)
}
