package scout

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/scoutcode/scout/internal/page"
	"github.com/scoutcode/scout/internal/walk"
)

// maxProbePaths is how many places an Elsewhere names; the rest are
// counted.
const maxProbePaths = 3

// probe looks, when a search found nothing, for the pattern in the paths
// it left out (ignored, hidden, binary), within DefaultProbeTimeout, and
// says where it occurs and how to include those files.
func probe(ctx context.Context, opts Options, left []leftOut, face Face) []page.Elsewhere {
	if len(left) == 0 {
		return nil
	}
	slices.SortFunc(left, func(a, b leftOut) int { return walk.ComparePaths(a.path, b.path) })
	q := request{Options: opts}
	q.Paths = make([]string, len(left))
	for i, l := range left {
		q.Paths[i] = l.path
	}
	q.NoIgnore, q.NoHidden, q.Text = true, false, true
	q.Sort, q.CountOnly, q.NoSpans = ByPath, true, true
	q.MaxDepth = 0
	res, partial, err := run(ctx, q, DefaultProbeTimeout)
	if err != nil {
		return nil
	}
	paths := make([]string, len(res.Files))
	counts := make(map[string]int, len(res.Files))
	for i, f := range res.Files {
		paths[i] = f.Path
		counts[f.Path] = f.MatchedLines
	}
	return elsewhere(left, paths, counts, partial, face)
}

// elsewhere groups the paths found among those left out by why they were
// left out (and, when ignored, by which rule), with how to include them.
// counts holds each path's matching lines (nil for scout find).
func elsewhere(left []leftOut, found []string, counts map[string]int, partial bool, face Face) []page.Elsewhere {
	type key struct {
		reason leftReason
		rule   string
	}
	groups := map[key]*page.Elsewhere{}
	var order []key
	for _, p := range found {
		l, ok := owner(left, p)
		if !ok {
			continue
		}
		k := key{l.reason, l.rule}
		e := groups[k]
		if e == nil {
			e = &page.Elsewhere{Rule: ruleText(l.rule)}
			switch l.reason {
			case leftIgnored:
				e.Reason, e.Include = "ignored", face.NoIgnore
			case leftHidden:
				e.Reason, e.Include = "hidden", face.Hidden
			case leftBinary:
				e.Reason, e.Include = "binary", face.Binary
			}
			groups[k] = e
			order = append(order, k)
		}
		e.Matches += counts[p]
		e.Files++
		if len(e.Paths) <= maxProbePaths && !slices.Contains(e.Paths, display(l)) {
			e.Paths = append(e.Paths, display(l))
		}
	}
	slices.SortStableFunc(order, func(a, b key) int { return int(a.reason) - int(b.reason) })
	out := make([]page.Elsewhere, 0, len(order))
	for _, k := range order {
		e := groups[k]
		if len(e.Paths) > maxProbePaths {
			e.Paths = append(e.Paths[:maxProbePaths], "…")
		}
		if partial {
			e.Paths = append(e.Paths, "(looked for a short time only; there may be more)")
		}
		out = append(out, *e)
	}
	return out
}

// owner returns the left-out path that holds a file: the file itself or
// a directory above it.
func owner(left []leftOut, p string) (leftOut, bool) {
	for _, l := range left {
		if p == l.path || strings.HasPrefix(p, l.path+"/") || l.path == "" {
			return l, true
		}
	}
	return leftOut{}, false
}

// display names a left-out path, a directory with a slash.
func display(l leftOut) string {
	if l.reason != leftBinary && l.dir {
		return page.Quote(l.path + "/")
	}
	return page.Quote(l.path)
}

// ruleRE splits an ignore rule as the walk gives it: "file:line:pattern".
var ruleRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(.*?):(\d+):(.*)$`) })

// ruleText shows an ignore rule as "file:line (pattern)", the file
// relative to the working directory when it is below it.
func ruleText(rule string) string {
	m := ruleRE().FindStringSubmatch(rule)
	if m == nil {
		return rule
	}
	file := m[1]
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, file); err == nil && !strings.HasPrefix(rel, "..") {
			file = filepath.ToSlash(rel)
		}
	}
	return file + ":" + m[2] + " (" + m[3] + ")"
}
