package page

import (
	"slices"
	"sort"
)

// The order of a search's units (see the package comment) is computed
// from each file's number of hits, not listed: a search with ten million
// hits pages through them without a list of ten million. Units lists it, as
// the reference the computed order is tested against.
//
// In content mode, with a quota of M hits per file and c(f) hits in file
// f, tier t holds min(M, c(f)−tM) units of each file with c(f) > tM, the
// files in rank order, and the tiers before t hold
//
//	U(t) = Σ min(c(f), tM) = Σ_{c(f) ≤ tM} c(f) + tM·#{c(f) > tM}
//
// units, which the counts, sorted, with their prefix sums, give in
// O(log files). So the tier of unit p is found by halving over t, and its
// place in the tier by going over the files once.
//
// Example, M = 2, counts 3, 1, 2 (files A, B, C in rank order): tier 0 is
// A0 A1 B0 C0 C1, tier 1 is A2; U(1) = 2+1+2 = 5.

// order is the sequence of units for a mode and a per-file quota.
type order struct {
	content bool
	m       int     // the quota (content mode)
	counts  []int32 // hits of each file, in rank order (content mode)
	sorted  []int32 // counts, ascending
	prefix  []int64 // prefix[i]: the sum of sorted[:i]
	n       int     // units in all
}

// newOrder returns the order of in's units for a mode and quota.
func newOrder(in *Input, m Mode, perFile int) *order {
	o := &order{content: m == Content || m == Auto, m: max(perFile, 1)}
	files := in.files()
	if m == Map {
		return o
	}
	if !o.content {
		o.n = files
		return o
	}
	o.counts = make([]int32, files)
	for i := range o.counts {
		o.counts[i] = int32(in.matchesOf(i))
	}
	o.sorted = slices.Clone(o.counts)
	slices.Sort(o.sorted)
	o.prefix = make([]int64, files+1)
	for i, c := range o.sorted {
		o.prefix[i+1] = o.prefix[i] + int64(c)
	}
	o.n = int(o.prefix[files])
	return o
}

// before returns U(t): the units in tiers before t.
func (o *order) before(t int) int {
	limit := int64(t) * int64(o.m)
	k := sort.Search(len(o.sorted), func(i int) bool { return int64(o.sorted[i]) > limit })
	return int(o.prefix[k] + limit*int64(len(o.sorted)-k))
}

// pos is a place in the order: the k-th unit of file's slice of tier
// (content mode), or the unit of file (other modes; tier and k are 0).
// The end of the order is file == -1.
type pos struct {
	tier, file, k int
}

var end = pos{file: -1}

// slice returns how many units file has in tier t.
func (o *order) slice(t, file int) int {
	return max(0, min(o.m, int(o.counts[file])-t*o.m))
}

// seek returns the place of unit p (0-based); end when p ≥ n.
func (o *order) seek(p int) pos {
	if p >= o.n || p < 0 {
		return end
	}
	if !o.content {
		return pos{file: p}
	}
	// The last tier whose start is at or before p.
	hi := int(o.sorted[len(o.sorted)-1])/o.m + 1
	t := sort.Search(hi, func(t int) bool { return o.before(t+1) > p })
	r := p - o.before(t)
	for f := range o.counts {
		if n := o.slice(t, f); r < n {
			return pos{tier: t, file: f, k: r}
		} else {
			r -= n
		}
	}
	return end // not reached: p < n
}

// next returns the place after q.
func (o *order) next(q pos) pos {
	if q.file < 0 {
		return end
	}
	if !o.content {
		if q.file+1 < o.n {
			return pos{file: q.file + 1}
		}
		return end
	}
	if q.k+1 < o.slice(q.tier, q.file) {
		return pos{q.tier, q.file, q.k + 1}
	}
	for t, f := q.tier, q.file+1; ; t, f = t+1, 0 {
		for ; f < len(o.counts); f++ {
			if o.slice(t, f) > 0 {
				return pos{tier: t, file: f}
			}
		}
		if o.before(t+1) >= o.n {
			return end
		}
	}
}

// unit returns the unit at q.
func (o *order) unit(q pos) Unit {
	if !o.content {
		return Unit{File: int32(q.file), Hit: -1}
	}
	return Unit{File: int32(q.file), Hit: int32(q.tier*o.m + q.k)}
}

// at returns unit p.
func (o *order) at(p int) Unit { return o.unit(o.seek(p)) }

// units returns units [from, to).
func (o *order) units(from, to int) []Unit {
	out := make([]Unit, 0, max(0, min(to, o.n)-from))
	for q, i := o.seek(from), from; i < to && q.file >= 0; q, i = o.next(q), i+1 {
		out = append(out, o.unit(q))
	}
	return out
}

// consumed returns how many units of each file come before unit p, in
// rank order (content mode).
func (o *order) consumed(p int) []int32 {
	out := make([]int32, len(o.counts))
	q := o.seek(p)
	if q.file < 0 {
		copy(out, o.counts)
		return out
	}
	limit := q.tier * o.m
	for f, c := range o.counts {
		n := min(int(c), limit)
		switch {
		case f < q.file:
			n += o.slice(q.tier, f)
		case f == q.file:
			n += q.k
		}
		out[f] = int32(n)
	}
	return out
}
