//go:build cgo

package syntax

/*
#include <stdint.h>
#include <stdbool.h>

// The layouts of tree-sitter's TSNode and TSTreeCursor (lib/include/
// tree_sitter/api.h, v0.25), declared here to call the library the Go
// binding links in; TestNodeLayout checks the size against the binding's.
typedef struct { uint32_t context[4]; const void *id; const void *tree; } scout_node;
typedef struct { const void *tree; const void *id; uint32_t context[3]; } scout_cursor;

extern scout_cursor ts_tree_cursor_new(scout_node);
extern void ts_tree_cursor_delete(scout_cursor *);
extern bool ts_tree_cursor_goto_first_child(scout_cursor *);
extern bool ts_tree_cursor_goto_next_sibling(scout_cursor *);
extern bool ts_tree_cursor_goto_parent(scout_cursor *);
extern scout_node ts_tree_cursor_current_node(const scout_cursor *);
extern uint16_t ts_node_symbol(scout_node);

// collect walks the tree below root in order and writes the nodes whose
// symbol is marked in want (nsym entries) to out, up to cap of them; it
// returns how many there are.
static int scout_collect(scout_node root, const uint8_t *want, uint32_t nsym, scout_node *out, int cap) {
	scout_cursor c = ts_tree_cursor_new(root);
	int n = 0;
	for (;;) {
		scout_node node = ts_tree_cursor_current_node(&c);
		uint16_t s = ts_node_symbol(node);
		if (s < nsym && want[s]) {
			if (n < cap) out[n] = node;
			n++;
		}
		if (ts_tree_cursor_goto_first_child(&c)) continue;
		for (;;) {
			if (ts_tree_cursor_goto_next_sibling(&c)) break;
			if (!ts_tree_cursor_goto_parent(&c)) {
				ts_tree_cursor_delete(&c);
				return n;
			}
		}
	}
}
*/
import "C"

import (
	"unsafe"

	sitter "github.com/tree-sitter/go-tree-sitter"
)

const nodeSize = C.sizeof_scout_node

// collect returns the nodes below root (root included) whose kind id is
// marked in want, in the order they start: one walk in C, with no call
// into Go per node (a query does the same, after compiling for a
// millisecond).
func collect(root *sitter.Node, want []byte) []sitter.Node {
	if len(want) == 0 {
		return nil
	}
	r := *(*C.scout_node)(unsafe.Pointer(root))
	out := make([]C.scout_node, 256)
	for {
		n := int(C.scout_collect(r, (*C.uint8_t)(unsafe.Pointer(&want[0])), C.uint32_t(len(want)), &out[0], C.int(len(out))))
		if n <= len(out) {
			return unsafe.Slice((*sitter.Node)(unsafe.Pointer(&out[0])), n)
		}
		out = make([]C.scout_node, n)
	}
}
