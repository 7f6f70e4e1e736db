//go:build cgo

package syntax

/*
#include <stddef.h>
extern void ts_set_allocator(void *(*)(size_t), void *(*)(size_t, size_t), void *(*)(void *, size_t), void (*)(void *));
static void use_libc_allocator(void) { ts_set_allocator(NULL, NULL, NULL, NULL); }
*/
import "C"

// The Go binding routes every allocation of the tree-sitter library
// through Go (C calls Go, which calls C's malloc): a third of a parse's
// time. Its own functions are plain malloc, calloc, realloc and free, so
// handing the library libc's directly changes nothing but the cost. The
// binding's init has run before this one (it is imported).
func init() { C.use_libc_allocator() }
