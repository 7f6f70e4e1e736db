package walk

import "strings"

// ComparePaths orders slash-separated paths component by component, each
// component bytewise: the order of a depth-first walk that lists every
// directory sorted by name. It returns -1, 0 or +1. ("a/b" sorts before
// "a.txt", because the component "a" sorts before "a.txt".)
func ComparePaths(a, b string) int {
	for {
		ca, ra, moreA := strings.Cut(a, "/")
		cb, rb, moreB := strings.Cut(b, "/")
		if c := strings.Compare(ca, cb); c != 0 {
			return c
		}
		switch {
		case !moreA && !moreB:
			return 0
		case !moreA:
			return -1 // a is a prefix directory of b
		case !moreB:
			return 1
		}
		a, b = ra, rb
	}
}
