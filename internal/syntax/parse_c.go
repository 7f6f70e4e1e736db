//go:build cgo

package syntax

/*
#include <stdint.h>
#include <stdbool.h>

// The layouts of tree-sitter's TSPoint, TSInput, TSParseState and
// TSParseOptions (lib/include/tree_sitter/api.h, v0.25), declared here to
// call the library the Go binding links in, as walk.go does for nodes;
// TestParseLayout checks the binding's Parser and Tree against them.
typedef struct { uint32_t row; uint32_t column; } scout_point;
typedef struct {
	void *payload;
	const char *(*read)(void *payload, uint32_t byte_index, scout_point position, uint32_t *bytes_read);
	int encoding; // TSInputEncodingUTF8
	void *decode;
} scout_input;
typedef struct { void *payload; uint32_t current_byte_offset; bool has_error; } scout_parse_state;
typedef struct { void *payload; bool (*progress_callback)(scout_parse_state *state); } scout_parse_options;

extern void *ts_parser_parse_with_options(void *parser, const void *old_tree, scout_input input, scout_parse_options options);

// The source, and the flag that cancels its parse.
typedef struct { const char *src; uint32_t len; volatile int32_t *cancel; } scout_text;

static const char *scout_read(void *payload, uint32_t i, scout_point p, uint32_t *n) {
	scout_text *t = payload;
	if (i >= t->len) {
		*n = 0;
		return "";
	}
	*n = t->len - i;
	return t->src + i;
}

static bool scout_progress(scout_parse_state *s) {
	scout_text *t = s->payload;
	return *t->cancel != 0;
}

// scout_parse parses src whole in C: the parser reads it where it lies,
// and looks at the cancel flag as it goes.
static void *scout_parse(void *parser, const char *src, uint32_t len, volatile int32_t *cancel) {
	scout_text t = { src, len, cancel };
	scout_input in = { &t, scout_read, 0, NULL };
	scout_parse_options o = { &t, scout_progress };
	return ts_parser_parse_with_options(parser, NULL, in, o);
}
*/
import "C"

import (
	"context"
	"sync/atomic"
	"unsafe"

	sitter "github.com/tree-sitter/go-tree-sitter"
)

// parseC parses src with p (its language and included ranges set) and
// returns the tree, or nil when ctx was done first or the parser gave up.
// The binding's own parse calls back into Go for every piece of the source
// it reads (copying it into C memory each time) and every hundred steps to
// ask whether to stop; here the parser reads src in place, and ctx sets a
// flag the parser reads itself.
func parseC(ctx context.Context, p *sitter.Parser, src []byte) *sitter.Tree {
	if err := ctx.Err(); err != nil {
		return nil
	}
	// The flag is Go memory, which the context's callback may still
	// write after the parse returns (the context done as the parse ends):
	// C memory freed on return would then be written after it was freed.
	stop := new(int32)
	defer context.AfterFunc(ctx, func() { atomic.StoreInt32(stop, 1) })()
	var s *C.char
	if len(src) > 0 {
		s = (*C.char)(unsafe.Pointer(&src[0]))
	}
	parser := *(*unsafe.Pointer)(unsafe.Pointer(p)) // sitter.Parser{_inner *C.TSParser}
	t := C.scout_parse(parser, s, C.uint32_t(len(src)), (*C.int32_t)(unsafe.Pointer(stop)))
	if t == nil {
		return nil
	}
	tree := new(sitter.Tree) // sitter.Tree{_inner *C.TSTree}
	*(*unsafe.Pointer)(unsafe.Pointer(tree)) = t
	return tree
}
