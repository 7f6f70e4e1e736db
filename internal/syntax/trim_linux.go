//go:build cgo && linux

package syntax

/*
#include <malloc.h>
*/
import "C"

// giveBack returns the C heap's free memory to the system, from every
// arena (glibc's malloc_trim). glibc keeps an arena per thread that
// allocated, and keeps what is freed in it: the trees of large files,
// parsed one after another on whichever thread Go ran each on, left each
// arena as large as the largest tree it held.
func giveBack() { C.malloc_trim(0) }
