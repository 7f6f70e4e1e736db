package cli

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/scoutcode/scout"
	"github.com/scoutcode/scout/internal/render"
)

const grepLong = `Search file contents for lines that match PATTERN, under each PATH (default:
the current directory).

PATTERN is an RE2 regular expression (Go's syntax; -F for a literal string).
Case is smart by default: a pattern with no upper-case letter matches either
case. Files are walked as ripgrep walks them: .gitignore (inside git
repositories), .ignore, .rgignore, .git/info/exclude and git's global
excludes file are obeyed; hidden files are searched but .git never is;
symbolic links are not followed; binary files and files over --max-filesize
are skipped and counted (a page's footer says how many, for each reason).

Output is a page planned for an agent: the best hits first (definitions,
then imports, then uses; files being worked on before stale ones), at most
--max-files files and --per-file matches per file, within --budget tokens.
Each file's path, then "N:line" for matches ("*N:line" for a definition) and
"N-line" for context. The footer gives the exact totals, what was not
searched, a map of the rest by directory, and the --cursor for the next
page. --all prints every result instead, in ripgrep's format.`

const grepExample = `  scout grep 'func \w+Handler' internal
  scout grep -F 'a.b(c)' -t go
  scout grep -w -i todo -g '!vendor/**' -C 2
  scout grep 'err != nil' --cursor c2.…      # the next page
  scout grep --mode files --budget 500 Serve
  scout grep --all --json -e foo -e bar src docs`

// grepFlags holds the parsed grep flags.
type grepFlags struct {
	scopeFlags
	rankFlags
	pageFlags
	patterns     []string
	cond         conditionFlags
	fixed        bool
	caseMode     caseFlag
	word         bool
	typeList     bool
	after        int
	before       int
	context      int
	maxFileSize  string
	json         bool
	count        bool
	filesMatches bool
	quiet        bool
	color        string
	stats        bool
	threads      int
	lineNumber   bool
	mode         string
	perFile      int
	all          bool
	text         bool
	showSecrets  bool
	noCollapse   bool
}

// caseFlag records the last of -i, -s, -S given, as ripgrep does.
type caseFlag struct {
	mode scout.Case
}

type caseValue struct {
	target *caseFlag
	mode   scout.Case
}

func (c *caseValue) String() string   { return "false" }
func (c *caseValue) Type() string     { return "bool" }
func (c *caseValue) IsBoolFlag() bool { return true }
func (c *caseValue) Set(v string) error {
	on, err := strconv.ParseBool(v)
	if err != nil {
		return err
	}
	if on {
		c.target.mode = c.mode
	} else if c.target.mode == c.mode {
		c.target.mode = scout.SmartCase
	}
	return nil
}

func (e *env) grepCommand() *cobra.Command {
	f := &grepFlags{}
	cmd := &cobra.Command{
		Use:     "grep [flags] PATTERN [PATH...]",
		Short:   "Search file contents with a regular expression",
		Long:    grepLong,
		Example: grepExample,
		RunE: func(cmd *cobra.Command, args []string) error {
			return e.grep(cmd, f, args)
		},
	}
	fl := cmd.Flags()
	fl.SortFlags = false
	fl.StringArrayVarP(&f.patterns, "regexp", "e", nil, "search for `PATTERN`; repeat for several (a line matches if any does); use for patterns starting with -")
	fl.BoolVarP(&f.fixed, "fixed-strings", "F", false, "treat patterns as literal strings, not regular expressions")
	fl.VarPF(&caseValue{&f.caseMode, scout.CaseInsensitive}, "ignore-case", "i", "match case-insensitively").NoOptDefVal = "true"
	fl.VarPF(&caseValue{&f.caseMode, scout.CaseSensitive}, "case-sensitive", "s", "match case-sensitively").NoOptDefVal = "true"
	fl.VarPF(&caseValue{&f.caseMode, scout.SmartCase}, "smart-case", "S", "case-insensitive unless the pattern has an upper-case letter (the default)").NoOptDefVal = "true"
	fl.BoolVarP(&f.word, "word-regexp", "w", false, "only match whole words: no word character right before or after the match")
	fl.StringArrayVarP(&f.globs, "glob", "g", nil, "include files matching `GLOB` (gitignore syntax, relative to the search root); !GLOB excludes; {a,b} alternates; repeatable")
	fl.StringArrayVarP(&f.types, "type", "t", nil, "only search files of `TYPE` (e.g. go, py, ts); repeatable; see --type-list")
	fl.StringArrayVarP(&f.notTypes, "type-not", "T", nil, "do not search files of `TYPE`; repeatable")
	fl.BoolVar(&f.typeList, "type-list", false, "print the known file types and their globs, then exit")
	fl.IntVarP(&f.after, "after-context", "A", 0, "show `N` lines after each match")
	fl.IntVarP(&f.before, "before-context", "B", 0, "show `N` lines before each match")
	fl.IntVarP(&f.context, "context", "C", 0, "show `N` lines before and after each match")
	fl.StringVar(&f.maxFileSize, "max-filesize", "10M", "skip files larger than `SIZE` (bytes, or with a K, M or G suffix); 0 for no limit")
	fl.BoolVar(&f.noIgnore, "no-ignore", false, "do not obey .gitignore, .ignore, .rgignore, .git/info/exclude or the global excludes file")
	fl.BoolVar(&f.noHidden, "no-hidden", false, "skip hidden files and directories (by default they are searched)")
	fl.BoolVar(&f.hidden, "hidden", false, "search hidden files and directories (the default; accepted for ripgrep users)")
	fl.BoolVarP(&f.follow, "follow", "L", false, "follow symbolic links (loops are detected and reported)")
	fl.IntVar(&f.maxDepth, "max-depth", 0, "descend at most `N` directories below each path (1: only the files directly in it); 0: no limit")
	fl.StringVar(&f.sort, "sort", "rank", "order results by `ORDER`: rank (best hit first: definitions, then imports, then uses; see --explain) or path")
	fl.BoolVar(&f.explain, "explain", false, "show each hit's score and the signals it is made of")
	fl.BoolVar(&f.noFrecency, "no-frecency", false, "do not rank files the agent used recently higher (see scout touch)")
	fl.BoolVar(&f.noGit, "no-git", false, "do not rank files changed in git higher")
	fl.StringVar(&f.mode, "mode", "auto", "what a page shows: `MODE` is content, files, count, map, or auto (content, unless the hits are too broad: then files, else map)")
	fl.IntVar(&f.maxFiles, "max-files", 0, "show at most `N` files per page (default 20; 50 in files and count modes)")
	fl.IntVar(&f.perFile, "per-file", 0, "show at most `N` matches per file per page (default 3; 100 when searching one file)")
	fl.IntVar(&f.budget, "budget", scout.DefaultBudget, fmt.Sprintf("fit a page in `TOKENS` tokens (a token is about 4 bytes; at least %d)", scout.MinBudget))
	fl.StringVar(&f.cursor, "cursor", "", "continue after the page that printed `CURSOR` (run the same search with it)")
	fl.DurationVar(&f.timeout, "timeout", 0, "stop searching after `DURATION` (e.g. 5s) and show what was found, marked partial; 0: no limit")
	fl.BoolVar(&f.all, "all", false, "print every result, unpaged, in ripgrep's format (no budget, map or cursor)")
	fl.BoolVarP(&f.text, "text", "a", false, "search binary files as if they were text")
	fl.BoolVar(&f.noCollapse, "no-collapse", false, "show every copy of a line under its own path (by default a file whose lines all repeat lines shown above is listed under them)")
	fl.BoolVar(&f.showSecrets, "show-secrets", false, "show values that look like secrets (keys, tokens, passwords) instead of masking them")
	fl.BoolVar(&f.json, "json", false, "print the page as one JSON object (with --all: JSON Lines of begin, match, context, end, summary)")
	fl.BoolVarP(&f.count, "count", "c", false, "print the number of matching lines per file (--mode count)")
	fl.BoolVarP(&f.filesMatches, "files-with-matches", "l", false, "print only the paths of files with matches (--mode files)")
	fl.BoolVarP(&f.quiet, "quiet", "q", false, "print nothing; the exit status says whether anything matched")
	fl.StringVar(&f.color, "color", "auto", "colour --all output: `WHEN` is auto (on a terminal, unless NO_COLOR is set), always or never")
	fl.BoolVar(&f.stats, "stats", false, "with --all: print statistics after the results (a page's footer always has them)")
	fl.IntVarP(&f.threads, "threads", "j", 0, "search `N` files at once (default: the number of CPUs)")
	fl.BoolVarP(&f.lineNumber, "line-number", "n", false, "show line numbers (always on; accepted for grep users)")
	f.cond.register(cmd)
	return cmd
}

func (e *env) grep(cmd *cobra.Command, f *grepFlags, args []string) error {
	if f.typeList {
		return printTypes(e.stdout)
	}
	opts, err := grepOptions(cmd, f, args)
	if err != nil {
		return err
	}
	if cmd.Flags().Changed("near") && f.cond.near == 0 {
		// 0 is the flag's unset value: taken as given, it would
		// search without the condition and say nothing.
		return usagef("--near 0: give a number of lines, 1 or more (--scope line for the terms on one line)")
	}
	if f.cond.used() {
		return e.conditionsPage(f, opts)
	}
	if !f.all && !f.quiet {
		return e.grepPage(cmd, f, opts)
	}
	if err := onlyPaged(cmd); err != nil {
		return err
	}
	color := e.useColor(f.color)
	opts.NoSpans = !f.json && !color // spans are only shown as colour or in JSON (ranking finds them anyway)
	res, err := scout.Search(e.ctx, opts)
	if err != nil {
		return explain(err, f)
	}
	for _, w := range res.Warnings {
		fmt.Fprintf(e.stderr, "scout: %s\n", w.Error())
	}
	switch {
	case res.Failed():
		e.status = ExitError
	case res.Stats.FilesMatched > 0:
		e.status = ExitMatch
	default:
		e.status = ExitNoMatch
	}
	if f.quiet {
		return nil
	}
	ro := render.Options{Stats: f.stats, Color: color, Context: opts.Before > 0 || opts.After > 0, Explain: f.explain}
	switch {
	case f.filesMatches:
		ro.Mode = render.Files
	case f.count:
		ro.Mode = render.Count
	}
	if f.json {
		return render.JSON(e.stdout, res, ro)
	}
	return render.Text(e.stdout, res, ro)
}

// grepOptions turns flags and arguments into library options.
func grepOptions(cmd *cobra.Command, f *grepFlags, args []string) (scout.Options, error) {
	opts := scout.Options{
		Patterns: f.patterns, Fixed: f.fixed, Case: f.caseMode.mode, Word: f.word,
		Before: f.before, After: f.after, Workers: f.threads,
		CountOnly: f.count || f.filesMatches || f.quiet, Text: f.text, ShowSecrets: f.showSecrets,
	}
	if f.cond.patternFile != "" {
		more, err := readPatternFile(f.cond.patternFile)
		if err != nil {
			return opts, err
		}
		opts.Patterns = append(opts.Patterns, more...)
	}
	if len(opts.Patterns) == 0 {
		if len(args) == 0 {
			return opts, usagef("no pattern given; usage: scout grep [flags] PATTERN [PATH...] (use -e PATTERN for a pattern that starts with -)")
		}
		opts.Patterns, args = args[:1], args[1:]
	}
	opts.Scope = f.scope(args)
	if opts.Workers == 0 {
		opts.Workers = DefaultThreads
	}
	if cmd.Flags().Changed("context") {
		if !cmd.Flags().Changed("before-context") {
			opts.Before = f.context
		}
		if !cmd.Flags().Changed("after-context") {
			opts.After = f.context
		}
	}
	if opts.Before < 0 || opts.After < 0 {
		return opts, usagef("context line counts must be 0 or more")
	}
	var err error
	if opts.RankOptions, err = f.rankFlags.options(); err != nil {
		return opts, err
	}
	size, err := parseSize("--max-filesize", f.maxFileSize)
	if err != nil {
		return opts, err
	}
	opts.MaxFileSize = size
	switch f.color {
	case "auto", "always", "never":
	default:
		return opts, usagef("invalid --color %q: use auto, always or never", f.color)
	}
	return opts, nil
}

// parseSize reads a size like 10M given to flag; 0 means no limit (-1
// for the library).
func parseSize(flag, s string) (int64, error) {
	t := strings.TrimSpace(strings.ToUpper(s))
	mult := int64(1)
	switch {
	case strings.HasSuffix(t, "K"):
		mult, t = 1<<10, strings.TrimSuffix(t, "K")
	case strings.HasSuffix(t, "M"):
		mult, t = 1<<20, strings.TrimSuffix(t, "M")
	case strings.HasSuffix(t, "G"):
		mult, t = 1<<30, strings.TrimSuffix(t, "G")
	}
	n, err := strconv.ParseInt(t, 10, 64)
	if err != nil || n < 0 {
		return 0, usagef("invalid %s %q: use a number of bytes with an optional K, M or G suffix, e.g. 10M (0 for no limit)", flag, s)
	}
	if n == 0 {
		return -1, nil
	}
	return n * mult, nil
}

// explain adds the command-line fix to library errors.
func explain(err error, f *grepFlags) error {
	var pe *scout.PatternError
	if errors.As(err, &pe) {
		shown, col := excerpt(pe.Pattern, pe.Offset)
		name := strconv.Quote(pe.Pattern)
		if len(pe.Pattern) > maxExcerpt {
			name = fmt.Sprintf("(%d bytes)", len(pe.Pattern))
		}
		msg := fmt.Sprintf("invalid regex %s at byte %d: %s", name, pe.Offset, pe.Problem)
		if shown != "" {
			msg += fmt.Sprintf("\n    %s\n    %s^", shown, strings.Repeat(" ", col))
		}
		if pe.Hint != "" {
			msg += "\nhint: " + strings.Replace(pe.Hint, "fixed strings", "fixed strings (-F)", 1)
		}
		return usagef("%s", msg)
	}
	return err
}

// maxExcerpt is how much of a pattern an error shows.
const maxExcerpt = 100

// excerpt returns the part of a pattern an error shows, at most about
// maxExcerpt bytes around offset off, and the column of off in it; "" when
// the pattern cannot be shown on one line.
func excerpt(p string, off int) (string, int) {
	if strings.ContainsFunc(p, func(r rune) bool { return !unicode.IsPrint(r) }) || !utf8.ValidString(p) {
		return "", 0
	}
	lo, hi := 0, len(p)
	if len(p) > maxExcerpt {
		lo = max(0, off-maxExcerpt/2)
		hi = min(len(p), lo+maxExcerpt)
		for lo > 0 && !utf8.RuneStart(p[lo]) {
			lo--
		}
		for hi < len(p) && !utf8.RuneStart(p[hi]) {
			hi++
		}
	}
	s, col := p[lo:hi], utf8.RuneCountInString(p[lo:off])
	if lo > 0 {
		s, col = "…"+s, col+1
	}
	if hi < len(p) {
		s += "…"
	}
	return s, col
}

func (e *env) useColor(when string) bool {
	switch when {
	case "always":
		return true
	case "never":
		return false
	}
	return e.getenv("NO_COLOR") == "" && e.getenv("TERM") != "dumb" && e.isTTY(e.stdout)
}

func printTypes(w io.Writer) error {
	var b strings.Builder
	for _, d := range scout.Types() {
		name := d.Name
		if len(d.Aliases) > 0 {
			name += " (" + strings.Join(d.Aliases, ", ") + ")"
		}
		fmt.Fprintf(&b, "%s: %s\n", name, strings.Join(d.Globs, ", "))
	}
	_, err := io.WriteString(w, b.String())
	return err
}
