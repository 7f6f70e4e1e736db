package cli

import (
	"time"

	"github.com/scoutcode/scout"
)

// scopeFlags choose the files a search walks; grep and find share them
// (each registers them with its own words).
type scopeFlags struct {
	globs    []string
	types    []string
	notTypes []string
	maxDepth int
	noIgnore bool
	noHidden bool
	hidden   bool
	follow   bool
}

func (f *scopeFlags) scope(paths []string) scout.Scope {
	return scout.Scope{
		Paths: unquote(paths), Globs: f.globs, Types: f.types, NotTypes: f.notTypes, MaxDepth: f.maxDepth,
		NoIgnore: f.noIgnore, NoHidden: f.noHidden && !f.hidden, Follow: f.follow,
	}
}

// rankFlags choose the order.
type rankFlags struct {
	sort       string
	explain    bool
	noFrecency bool
	noGit      bool
}

func (f *rankFlags) options() (scout.RankOptions, error) {
	o := scout.RankOptions{NoFrecency: f.noFrecency, NoGit: f.noGit}
	switch f.sort {
	case "rank":
	case "path":
		o.Sort = scout.ByPath
	default:
		return o, usagef("invalid --sort %q: use rank or path", f.sort)
	}
	if f.explain && o.Sort == scout.ByPath {
		return o, usagef("--explain shows ranking scores; it cannot go with --sort path")
	}
	return o, nil
}

// pageFlags lay out a page.
type pageFlags struct {
	maxFiles int
	budget   int
	cursor   string
	timeout  time.Duration
}

func (f *pageFlags) options(r *rankFlags) scout.PageOptions {
	return scout.PageOptions{
		MaxFiles: f.maxFiles, Budget: f.budget, Cursor: f.cursor, Timeout: f.timeout,
		Explain: r.explain, Face: scout.CLIFace,
	}
}
