package walk

import "cmp"

// ComparePaths orders slash-separated paths component by component, each
// component bytewise: the order of a depth-first walk that lists every
// directory sorted by name. It returns -1, 0 or +1. ("a/b" sorts before
// "a.txt", because the component "a" sorts before "a.txt".)
//
// That is bytewise order with '/' taken as lower than every other byte, so
// it is computed in one pass over the common prefix.
func ComparePaths(a, b string) int {
	n := min(len(a), len(b))
	i := 0
	for i < n && a[i] == b[i] {
		i++
	}
	if i == n {
		return cmp.Compare(len(a), len(b))
	}
	switch ca, cb := a[i], b[i]; {
	case ca == '/':
		return -1
	case cb == '/':
		return 1
	case ca < cb:
		return -1
	}
	return 1
}
