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
extern uint32_t ts_node_start_byte(scout_node);
extern uint32_t ts_node_end_byte(scout_node);

// holds reports whether one of the sorted offsets occ lies in [s, e).
static bool holds(const uint32_t *occ, int nocc, uint32_t s, uint32_t e) {
	int lo = 0, hi = nocc;
	while (lo < hi) {
		int m = lo + (hi - lo) / 2;
		if (occ[m] < s) lo = m + 1; else hi = m;
	}
	return lo < nocc && occ[lo] < e;
}

// collect walks the tree below root in order and writes the nodes whose
// symbol is marked in want (nsym entries) to out, up to cap of them; it
// returns how many there are. With occurrences (nocc > 0, sorted byte
// offsets), it skips every subtree that holds none of them.
static int scout_collect(scout_node root, const uint8_t *want, uint32_t nsym, const uint32_t *occ, int nocc, scout_node *out, int cap) {
	scout_cursor c = ts_tree_cursor_new(root);
	int n = 0;
	for (;;) {
		scout_node node = ts_tree_cursor_current_node(&c);
		bool in = nocc == 0 || holds(occ, nocc, ts_node_start_byte(node), ts_node_end_byte(node));
		uint16_t s = ts_node_symbol(node);
		if (in && s < nsym && want[s]) {
			if (n < cap) out[n] = node;
			n++;
		}
		if (in && ts_tree_cursor_goto_first_child(&c)) continue;
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
	"slices"
	"sync"
	"unsafe"

	sitter "github.com/tree-sitter/go-tree-sitter"
)

const nodeSize = C.sizeof_scout_node

// collect returns the nodes below root (root included) whose kind id is
// marked in want, in the order they start: one walk in C, with no call
// into Go per node (a query does the same, after compiling for a
// millisecond).
//
// With occurrences (sorted byte offsets), only the nodes that hold one are
// returned, and the walk skips every subtree that holds none: a question
// about one name reads the paths down to its occurrences, not the file.
func collect(root *sitter.Node, want []byte, occ []uint32) []sitter.Node {
	if len(want) == 0 {
		return nil
	}
	var occp *C.uint32_t
	if len(occ) > 0 {
		occp = (*C.uint32_t)(unsafe.Pointer(&occ[0]))
	}
	r := *(*C.scout_node)(unsafe.Pointer(root))
	scratch := collected.Get().(*[]C.scout_node)
	defer collected.Put(scratch)
	out := *scratch
	for {
		n := int(C.scout_collect(r, (*C.uint8_t)(unsafe.Pointer(&want[0])), C.uint32_t(len(want)), occp, C.int(len(occ)), &out[0], C.int(len(out))))
		if n <= len(out) {
			// The nodes, in a slice of their own: a question about one
			// name keeps a few, and each search made a room for 256
			// (8 KiB, cleared) per file.
			return slices.Clone(unsafe.Slice((*sitter.Node)(unsafe.Pointer(&out[0])), n))
		}
		out = make([]C.scout_node, n)
		*scratch = out
	}
}

// collected holds collect's rooms for the nodes it finds.
var collected = sync.Pool{New: func() any {
	out := make([]C.scout_node, 256)
	return &out
}}
