package cli

import (
	"bufio"
	"errors"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/scoutcode/scout"
)

// conditionFlags are grep's flags for a search of several conditions.
type conditionFlags struct {
	and         []string // --and: every one must occur within the scope
	not         []string // --not: none may
	near        int      // --near N: all within N lines of each other
	scope       string   // --scope line|def|file
	patternFile string   // -f FILE: patterns, one per line (any of them)
}

func (c *conditionFlags) register(cmd *cobra.Command) {
	fl := cmd.Flags()
	fl.StringArrayVar(&c.and, "and", nil, "also require `PATTERN` within the scope (a file, by default); repeatable")
	fl.StringArrayVar(&c.not, "not", nil, "drop what holds `PATTERN` within the scope; repeatable")
	fl.IntVar(&c.near, "near", 0, "the terms (the pattern and each --and) must all occur within `N` lines of each other")
	fl.StringVar(&c.scope, "scope", "", "where the terms must occur together: `SCOPE` is line, def (one function, class…) or file (default: file with --and or --not)")
	fl.StringVarP(&c.patternFile, "file", "f", "", "search for the patterns in `FILE`, one per line (a line matches if any does)")
}

// used reports whether a condition was asked for (-f alone is a plain
// search of many patterns).
func (c *conditionFlags) used() bool {
	return len(c.and) > 0 || len(c.not) > 0 || c.near != 0 || c.scope != ""
}

// readPatternFile reads -f FILE: one pattern per line, blank lines
// skipped ("-" reads standard input).
func readPatternFile(name string) ([]string, error) {
	f := os.Stdin
	if name != "-" {
		var err error
		if f, err = os.Open(name); err != nil {
			if errors.Is(err, os.ErrNotExist) {
				return nil, usagef("-f %s: no such file: give a file of patterns, one per line", name)
			}
			return nil, err
		}
		defer f.Close()
	}
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		if line := strings.TrimRight(sc.Text(), "\r"); line != "" {
			out = append(out, line)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, usagef("-f %s holds no patterns: give one pattern per line", name)
	}
	return out, nil
}

// conditionsPage runs a search of several conditions: the patterns given
// (one: a term every hit must hold; several: any of them), --and terms
// that must all hold, --not terms that none may, within the scope.
func (e *env) conditionsPage(f *grepFlags, opts scout.Options) error {
	switch {
	case f.all:
		return usagef("--and, --not, --near and --scope give pages; they cannot go with --all")
	case f.count || f.filesMatches || f.mode != "auto":
		return usagef("a search with --and, --not, --near or --scope shows its evidence lines; it takes no --mode, -l or -c")
	case opts.Before > 0 || opts.After > 0:
		return usagef("a search with --and, --not, --near or --scope shows its evidence lines without context; drop -A, -B and -C")
	case f.maxFiles != 0 || f.perFile != 0 || f.explain || f.noCollapse:
		return usagef("a search with --and, --not, --near or --scope pages its evidence by --budget alone, with no scores to explain or copies to fold; drop --max-files, --per-file, --explain and --no-collapse")
	}
	term := func(p string) scout.Term {
		return scout.Term{Pattern: p, Fixed: opts.Fixed, Word: opts.Word, Case: opts.Case}
	}
	var q scout.Query
	if len(opts.Patterns) == 1 {
		q.All = append(q.All, term(opts.Patterns[0]))
	} else {
		for _, p := range opts.Patterns {
			q.Any = append(q.Any, term(p))
		}
	}
	for _, p := range f.cond.and {
		q.All = append(q.All, term(p))
	}
	for _, p := range f.cond.not {
		q.None = append(q.None, term(p))
	}
	q.Near = f.cond.near
	if f.cond.scope != "" {
		s, err := scout.ParseQueryScope(f.cond.scope)
		if err != nil {
			return usagef("%v", err)
		}
		q.Scope = s
	}
	p, err := scout.Conditions(e.ctx, scout.ConditionsOptions{
		Query: q, Scope: opts.Scope, RankOptions: opts.RankOptions,
		PageOptions: f.pageFlags.options(&f.rankFlags), ShowSecrets: opts.ShowSecrets,
		Text: opts.Text, MaxFileSize: opts.MaxFileSize,
	})
	if err != nil {
		if errors.Is(err, scout.ErrQuery) {
			return usagef("%v", err)
		}
		return pageError(explain(err, f))
	}
	return e.printPage(p, p.Total.Matches > 0, f.json)
}
