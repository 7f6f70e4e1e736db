//go:build !onnx || !cgo

package embed

import (
	"errors"
	"strings"
	"testing"
)

// TestONNXNotBuilt: a build without ONNX Runtime says how to get one.
func TestONNXNotBuilt(t *testing.T) {
	_, err := LoadONNX(t.TempDir())
	if !errors.Is(err, ErrConfig) || !strings.Contains(err.Error(), "-tags onnx") || !strings.Contains(err.Error(), "SCOUT_ONNXRUNTIME") {
		t.Errorf("LoadONNX in a build without it: %v", err)
	}
}
