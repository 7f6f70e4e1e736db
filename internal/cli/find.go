package cli

import (
	"bufio"
	"encoding/json"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/scoutcode/scout"
)

const findLong = `List files whose path matches PATTERN, under each PATH (default: the current
directory), best match first.

PATTERN with *, ? or [ is a glob (git's syntax, ** for any directories):
matched against the path below the search root when it holds a /
('src/**/*.spec.ts'), else against the file's name ('*.go'). Any other
PATTERN is one or more name fragments that must each occur in the path
('handler', 'http handler'); case is smart, as in grep. A fragment with a /
is part of a path ('net/http/server.go'): the path that ends with it comes
first. No PATTERN (or '') lists everything.

Files are walked exactly as scout grep walks them (same ignore rules, hidden
files listed, .git never). The order: the file named exactly that, then
names that start with it, hold it as a word, hold it at all, then paths
where only a directory does; then files the agent used (see scout touch),
files changed in git, recent files, shallower paths; vendored and generated
files last. Output is a page: a path per line (directories end in /), at most
--max-files within --budget tokens, then the totals, a map of the rest by
directory and the --cursor for the next page.`

const findExample = `  scout find handler
  scout find 'http handler' internal
  scout find '*.proto'
  scout find 'src/**/*.spec.ts' --max-files 100
  scout find --type-of d test
  scout find '' vendor --all`

type findFlags struct {
	scopeFlags
	rankFlags
	pageFlags
	caseMode caseFlag
	typeOf   string
	json     bool
	all      bool
	threads  int
}

func (e *env) findCommand() *cobra.Command {
	f := &findFlags{}
	cmd := &cobra.Command{
		Use:     "find [flags] [PATTERN] [PATH...]",
		Short:   "Find files by name or glob, best match first",
		Long:    findLong,
		Example: findExample,
		RunE: func(cmd *cobra.Command, args []string) error {
			return e.find(cmd, f, args)
		},
	}
	fl := cmd.Flags()
	fl.SortFlags = false
	fl.VarPF(&caseValue{&f.caseMode, scout.CaseInsensitive}, "ignore-case", "i", "match case-insensitively").NoOptDefVal = "true"
	fl.VarPF(&caseValue{&f.caseMode, scout.CaseSensitive}, "case-sensitive", "s", "match case-sensitively").NoOptDefVal = "true"
	fl.VarPF(&caseValue{&f.caseMode, scout.SmartCase}, "smart-case", "S", "case-insensitive unless the pattern has an upper-case letter (the default)").NoOptDefVal = "true"
	fl.StringArrayVarP(&f.globs, "glob", "g", nil, "only list paths matching `GLOB` (gitignore syntax, relative to the search root); !GLOB excludes; {a,b} alternates; repeatable")
	fl.StringArrayVarP(&f.types, "type", "t", nil, "only list files of `TYPE` (e.g. go, py, ts); repeatable; see scout grep --type-list")
	fl.StringArrayVarP(&f.notTypes, "type-not", "T", nil, "do not list files of `TYPE`; repeatable")
	fl.IntVar(&f.maxDepth, "max-depth", 0, "descend at most `N` directories below each path (1: only what is directly in it); 0: no limit")
	fl.StringVar(&f.typeOf, "type-of", "f", "list files (`f`) or directories (d)")
	fl.BoolVar(&f.noIgnore, "no-ignore", false, "do not obey .gitignore, .ignore, .rgignore, .git/info/exclude or the global excludes file")
	fl.BoolVar(&f.noHidden, "no-hidden", false, "skip hidden files and directories (by default they are listed)")
	fl.BoolVar(&f.hidden, "hidden", false, "list hidden files and directories (the default; accepted for fd and ripgrep users)")
	fl.BoolVarP(&f.follow, "follow", "L", false, "follow symbolic links (loops are detected and reported)")
	fl.StringVar(&f.sort, "sort", "rank", "order by `ORDER`: rank (best match first; see --explain) or path")
	fl.BoolVar(&f.explain, "explain", false, "show each path's score and the signals it is made of")
	fl.BoolVar(&f.noFrecency, "no-frecency", false, "do not rank files the agent used recently higher (see scout touch)")
	fl.BoolVar(&f.noGit, "no-git", false, "do not rank files changed in git higher")
	fl.IntVar(&f.maxFiles, "max-files", 0, fmt.Sprintf("list at most `N` paths per page (default %d)", scout.DefaultMaxListed))
	fl.IntVar(&f.budget, "budget", scout.DefaultBudget, fmt.Sprintf("fit a page in `TOKENS` tokens (a token is about 4 bytes; at least %d)", scout.MinBudget))
	fl.StringVar(&f.cursor, "cursor", "", "continue after the page that printed `CURSOR` (run the same find with it)")
	fl.DurationVar(&f.timeout, "timeout", 0, "stop walking after `DURATION` (e.g. 5s) and show what was found, marked partial; 0: no limit")
	fl.BoolVar(&f.all, "all", false, "print every path, one per line, with no page, footer or cursor")
	fl.BoolVar(&f.json, "json", false, "print the page as one JSON object (with --all: one JSON object per path)")
	fl.IntVarP(&f.threads, "threads", "j", 0, "walk with `N` threads (default: the number of CPUs)")
	return cmd
}

func (e *env) find(cmd *cobra.Command, f *findFlags, args []string) error {
	o := scout.FindOptions{Case: f.caseMode.mode, Workers: f.threads, PageOptions: f.pageFlags.options(&f.rankFlags)}
	if len(args) > 0 {
		o.Pattern, args = args[0], args[1:]
	}
	o.Scope = f.scope(args)
	var err error
	if o.RankOptions, err = f.rankFlags.options(); err != nil {
		return err
	}
	if o.Workers == 0 {
		o.Workers = DefaultThreads
	}
	switch f.typeOf {
	case "f", "file":
	case "d", "dir", "directory":
		o.Dirs = true
	default:
		return usagef("invalid --type-of %q: use f (files) or d (directories)", f.typeOf)
	}
	if f.maxDepth < 0 || f.maxFiles < 0 {
		return usagef("--max-depth and --max-files must be 0 or more")
	}
	if f.all {
		if err := onlyPaged(cmd); err != nil {
			return err
		}
		o.NoSignals = !f.json // plain paths: no signals to show
		return e.findAll(o, f.json)
	}
	p, err := scout.Find(e.ctx, o)
	if err != nil {
		return pageError(err)
	}
	return e.printPage(p, p.Total.Files > 0, f.json)
}

// foundJSON is a path of find --all --json.
type foundJSON struct {
	Path    string         `json:"path"`
	Dir     bool           `json:"dir,omitempty"`
	Size    int64          `json:"size,omitempty"`
	MTime   string         `json:"mtime,omitempty"`
	Score   int            `json:"score"`
	Signals []scout.Signal `json:"signals,omitempty"`
}

// findAll prints every path: one per line, or one JSON object per line.
func (e *env) findAll(o scout.FindOptions, asJSON bool) error {
	res, err := scout.FindAll(e.ctx, o)
	if err != nil {
		return err
	}
	for _, w := range res.Warnings {
		fmt.Fprintf(e.stderr, "scout: %s\n", w.Error())
	}
	switch {
	case len(res.Warnings) > 0:
		e.status = ExitError
	case len(res.Files) > 0:
		e.status = ExitMatch
	default:
		e.status = ExitNoMatch
	}
	w := bufio.NewWriterSize(e.stdout, 64<<10)
	for _, f := range res.Files {
		if !asJSON {
			if f.Dir {
				w.WriteString(scout.QuotePath(f.Path + "/"))
			} else {
				w.WriteString(scout.QuotePath(f.Path))
			}
			w.WriteByte('\n')
			continue
		}
		j := foundJSON{Path: scout.QuotePath(f.Path), Dir: f.Dir, Size: f.Size, Score: f.Score, Signals: f.Signals}
		if !f.MTime.IsZero() {
			j.MTime = f.MTime.UTC().Format(time.RFC3339)
		}
		b, err := json.Marshal(j)
		if err != nil {
			return err
		}
		w.Write(append(b, '\n'))
	}
	return w.Flush()
}
