// Package suggest finds the known names closest to a mistyped one, for
// "did you mean" hints in error messages.
package suggest

import "sort"

// Closest returns up to max candidates within a small edit distance of name
// (or having it as a prefix), nearest first, ties in candidate order.
func Closest(name string, candidates []string, max int) []string {
	type scored struct {
		s    string
		d, i int
	}
	var hits []scored
	limit := 2
	if len(name) > 6 {
		limit = 3
	}
	for i, c := range candidates {
		d := distance(name, c)
		if len(name) >= 3 && len(c) > len(name) && distance(name, c[:len(name)]) <= 1 && d > 1 {
			d = 1 // (nearly) a prefix of a known name is a good guess
		}
		if d <= limit && d < len(c) {
			hits = append(hits, scored{c, d, i})
		}
	}
	sort.SliceStable(hits, func(a, b int) bool { return hits[a].d < hits[b].d })
	var out []string
	for _, h := range hits {
		if len(out) == max {
			break
		}
		out = append(out, h.s)
	}
	return out
}

// distance is the Levenshtein distance between a and b, in bytes.
func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
