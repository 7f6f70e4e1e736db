// Package scout searches code for AI coding agents: grep and find with
// ripgrep's matching and ignore rules, as a library that never prints.
//
// Search runs a content search:
//
//	res, err := scout.Search(ctx, scout.Options{Patterns: []string{"func main"}, Paths: []string{"."}})
//
// and returns every matching line with its line number, byte offsets and
// match spans, plus the counts of what was searched and what was skipped and
// why. The command-line tool (cmd/scout) and the MCP server are thin faces
// over this package.
package scout

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"time"

	"github.com/scoutcode/scout/internal/filetype"
	"github.com/scoutcode/scout/internal/match"
	"github.com/scoutcode/scout/internal/page"
	"github.com/scoutcode/scout/internal/rank"
	"github.com/scoutcode/scout/internal/walk"
)

// Case says how letter case is matched.
type Case = match.Case

const (
	SmartCase       = match.Smart       // insensitive unless a pattern holds an upper-case letter (the default)
	CaseSensitive   = match.Sensitive   // always case-sensitive
	CaseInsensitive = match.Insensitive // always case-insensitive
)

// DefaultMaxFileSize is the size above which files are skipped (and counted).
const DefaultMaxFileSize = 10 << 20

// Options describes a content search. The zero value is not a search (it has
// no pattern); every other field works as its zero value.
type Options struct {
	// Patterns are RE2 regular expressions, or literal strings with Fixed;
	// a line matches when any of them matches. A pattern holding newlines is
	// split into one pattern per line, as grep does.
	Patterns []string

	Scope       // the files searched: paths, globs, types, ignore files, depth
	RankOptions // the order: sort, clock, frecency, git

	Fixed bool // patterns are literal strings
	Case  Case // per pattern; SmartCase by default
	Word  bool // matches must stand as whole words

	Before, After int // context lines around each match

	// MaxFileSize skips larger files (counted in Stats.Skipped.TooLarge).
	// Zero means DefaultMaxFileSize; negative means no limit.
	MaxFileSize int64

	// Text searches binary files as if they were text, instead of skipping
	// them.
	Text bool
	// ShowSecrets shows lines as they are. By default values that look like
	// secrets (keys, tokens, passwords, private keys; see internal/secret)
	// are masked in every line shown: matches, context and Search's lines.
	// Searching is the same either way.
	ShowSecrets bool

	// CountOnly counts matching lines without collecting them.
	CountOnly bool
	// NoSpans skips finding match positions inside lines (File.Matches and
	// Line.Spans stay empty), which saves time when only lines are wanted.
	NoSpans bool
	// Workers is the number of files searched at once; 0 means GOMAXPROCS.
	Workers int

	// keepRaw keeps a masked line's text as it was (Line.raw): a query of
	// conditions matches its terms against it, as the search did.
	keepRaw bool
	// unnamed, with Types, also searches the files whose names give no
	// type and have no extension (walk.Options.Unnamed): a related
	// search reads their language from their source.
	unnamed bool
}

// Scope is the files a search walks: grep's and find's are the same walk,
// with ripgrep's rules for ignore files, hidden files and links.
type Scope struct {
	Paths []string // the files and directories to search; none means "."

	Globs    []string // gitignore-style globs relative to each search root; "!glob" excludes
	Types    []string // only files of these types (see Types)
	NotTypes []string // never files of these types; beats Types

	NoIgnore bool // do not read .gitignore, .ignore, .rgignore, info/exclude or the global excludes file
	NoHidden bool // skip hidden files and directories (by default they are searched; .git never is)
	Follow   bool // follow symbolic links
	MaxDepth int  // descend at most this many directories below each path (1: its files only); 0: no limit

	// GlobalExcludes overrides the path of git's global excludes file; empty
	// means git's own lookup (core.excludesFile, else
	// $XDG_CONFIG_HOME/git/ignore).
	GlobalExcludes string
}

// RankOptions is how a search orders what it finds: grep and find rank
// with the same signals.
type RankOptions struct {
	// Sort orders the results: ByRank (the default; see Result) or ByPath.
	Sort Sort
	// Now is the clock recency and frecency are scored with; zero means
	// the current time. Pass the same value to score a later page exactly
	// as an earlier one.
	Now time.Time
	// NoFrecency turns the frecency signal off.
	NoFrecency bool
	// NoGit turns the git working-state signal off.
	NoGit bool
	// StateDir holds scout's state (the frecency store); empty means
	// $XDG_STATE_HOME, else ~/.local/state.
	StateDir string
}

// PageOptions is how a paged search (Grep, Find) lays out one page.
type PageOptions struct {
	MaxFiles int // files a page shows at most; 0: DefaultMaxFiles on a grep's first page (DefaultMaxListed for lists), and on its later pages as many as the budget holds
	Budget   int // tokens (bytes/4) the page's text may take; 0: DefaultBudget
	// Cursor continues after the page that gave it. The search must be the
	// same (patterns, paths and every option that changes the order).
	Cursor string
	// Timeout stops the search after this long; the page then says its
	// counts are partial and gives no cursor. 0: no limit.
	Timeout time.Duration
	Explain bool // the text shows each hit's score and signals
	Face    Face // how the text spells options; zero: CLIFace
}

// request is a search with the settings only the package sets: a page's
// search asks for more than Search gives (see grep.go).
type request struct {
	Options
	// bonus replaces the frecency store's bonuses by path hash (a cursor's
	// snapshot); nil: read the store.
	bonus   map[uint32]int
	summary bool // keep a hitFile per file with hits, no lines (a page's search; see summary.go)
	keep    int  // with summary: the hits of each file to keep the lines of (see keep.go)
	probe   bool // look for paths left out that may hold matches (for a search with none)
	visited bool // keep the path of every file the walk gave (tests)
	// buffer, when > 0, is the read buffer each worker sets aside up front
	// (it grows for a larger file), for a search of files known to be
	// small; 0: newBuffer's size.
	buffer int64
	// matched, when not nil, is given each file with a match, whole, as
	// it was read and searched, with its modification time, from the
	// worker that searched it; data is valid only during the call.
	matched func(path string, mtime time.Time, data []byte)
	// entries, when not nil, are the files to search, as an earlier walk
	// of the same roots gave them (File.entry): no walk, and no other file.
	entries []walk.Entry
	// defsOnly keeps only the hits the ranker marks as definitions (no
	// context lines), for a search of where names are defined: the
	// search for what a function calls holds every use of Close, Error
	// and Write otherwise (~120 MB over GOROOT/src for ServeHTTP's).
	defsOnly bool
}

// Sort is an order of results.
type Sort uint8

const (
	// ByRank orders files by their best hit's score (descending), then
	// path; inside a file, runs of lines (a match with its context) by
	// their best score, then line. Scores are integers, so the order is
	// total and the same on every run.
	ByRank Sort = iota
	// ByPath orders files by path and lines by number, unscored.
	ByPath
)

// Signal is one named contribution to a score (see internal/rank for the
// weights and why).
type Signal = rank.Signal

// Result is the outcome of a search: the files with matches, sorted by path
// (component by component), and the accounting of everything else.
type Result struct {
	Files    []File
	Stats    Stats
	Warnings []Warning
	Ranking  Ranking

	left    []leftOut               // with Options.probe: paths left out that could hold matches
	found   []*hitFile              // with Options.summary: the files with hits, ranked
	ranker  *ranker                 // what ranked them (nil: not ranked)
	lines   map[int]*page.FileLines // the lines loaded for a page, by index into found
	visited []string                // with Options.visited
}

// Ranking says how a result was ordered and which signals were in play.
type Ranking struct {
	Sort     Sort
	Now      time.Time // the clock used for recency and frecency
	Frecency string    // "on: N files in the store", or "off: why"
	Git      string    // "on: N changed files", or "off: why"
	Recency  string    // scout find: "on: N paths", or "off: why"; grep: "" (always on)
}

// File is one file with matches.
type File struct {
	Path         string // slash-separated: the search root as given, joined with the path below it
	Lines        []Line // matching and context lines (in ranked order: see ByRank)
	MatchedLines int
	Matches      int      // match spans; 0 with NoSpans
	Score        int      // the best score of its lines (ByRank)
	Signals      []Signal // the file's own signals, part of every line's score (ByRank)

	mtime time.Time  // when ranked
	entry walk.Entry // as the walk gave it (root, path below it), detached: to search it again without a walk
}

// Line is a matching line or a context line.
type Line struct {
	Number  int    // 1-based
	Offset  int64  // byte offset of the line's start in the file
	Text    string // without the line terminator (a '\r' before '\n' is dropped too)
	Context bool
	Spans   []Span   // matches within Text, in byte offsets
	Score   int      // the match's score: its own signals plus its file's (ByRank, matches only)
	Signals []Signal // the match's own signals (ByRank, matches only)

	raw string // Text before its secrets were masked, with Options.keepRaw; else ""
}

// Span is a match within a line: byte offsets into Line.Text, half-open.
type Span struct {
	Start, End int
}

// Stats counts what a search did.
type Stats struct {
	FilesSearched int   // files read and searched
	FilesMatched  int   // files with at least one matching line
	MatchedLines  int   // matching lines in all files
	Matches       int   // match spans in all files (0 with NoSpans)
	BytesSearched int64 // bytes of the files searched
	Skipped       Skipped
}

// Skipped counts what was not searched, by reason. Directories count once;
// the files below a skipped directory are not counted (they were never seen).
type Skipped struct {
	Binary       int `json:"binary" reason:"binary file|binary files"`                                            // files with a NUL byte in their first 64 KiB, or anywhere in a file that matched
	TooLarge     int `json:"too_large" reason:"file over the size limit|files over the size limit"`               // files over MaxFileSize
	Unreadable   int `json:"unreadable" reason:"unreadable file|unreadable files"`                                // files that could not be read (see Warnings)
	Ignored      int `json:"ignored" reason:"ignored file|ignored files"`                                         // files matched by an ignore file
	IgnoredDirs  int `json:"ignored_dirs" reason:"ignored directory|ignored directories"`                         // directories matched by an ignore file, not descended
	Hidden       int `json:"hidden" reason:"hidden file|hidden files"`                                            // hidden files, with NoHidden
	HiddenDirs   int `json:"hidden_dirs" reason:"hidden directory|hidden directories"`                            // hidden directories, with NoHidden
	Excluded     int `json:"excluded" reason:"file excluded by glob or type|files excluded by glob or type"`      // files left out by Globs, Types or NotTypes
	ExcludedDirs int `json:"excluded_dirs" reason:"directory excluded by glob|directories excluded by glob"`      // directories left out by a "!glob"
	TooDeep      int `json:"too_deep" reason:"directory below the depth limit|directories below the depth limit"` // directories at MaxDepth, not descended
	Symlinks     int `json:"symlinks" reason:"symlink not followed|symlinks not followed"`                        // symbolic links not followed
	Special      int `json:"special" reason:"special file|special files"`                                         // sockets, fifos, devices
}

// Warning is a path that could not be searched as asked.
type Warning struct {
	Path string
	Err  error
}

func (w Warning) Error() string { return page.Quote(w.Path) + ": " + w.Err.Error() }

// TypeDef is a named file type (-t go): the globs that select its files,
// matched against base names.
type TypeDef struct {
	Name    string
	Aliases []string // other names for it (golang, python, …)
	Globs   []string
}

// Types returns the file types Options.Types and NotTypes may name,
// sorted by name.
func Types() []TypeDef {
	defs := filetype.Defs()
	out := make([]TypeDef, len(defs))
	for i, d := range defs {
		out[i] = TypeDef{Name: d.Name, Aliases: d.Aliases, Globs: d.Globs}
	}
	return out
}

// UnquotePath returns the name a path printed on a page stands for: a
// name that is not printable UTF-8 is printed quoted, in Go's syntax
// ("dir/bad\xffname"), and this takes it back; any other path is returned
// as it is. The command line and the MCP tools apply it to the paths they
// are given.
func UnquotePath(p string) string { return page.Unquote(p) }

// QuotePath returns a path as pages print it: as it is, or quoted when it
// is not printable UTF-8 (see UnquotePath).
func QuotePath(p string) string { return page.Quote(p) }

var (
	// ErrPattern is wrapped by errors about the patterns; a *PatternError
	// carries the details.
	ErrPattern = match.ErrSyntax
	// ErrBinary is wrapped by the warning for a file named as a path that
	// turned out to be binary and was therefore not searched. It is a
	// notice, not a failure.
	ErrBinary = errors.New("binary file, not searched")
	// ErrTooLarge is wrapped by the warning for a file named as a path that
	// is over MaxFileSize.
	ErrTooLarge = errors.New("file is larger than the size limit, not searched")
)

// PatternError describes a pattern that does not parse: the pattern, the
// byte offset of the problem, what is wrong and how to fix it.
type PatternError = match.SyntaxError

// Failed reports whether any warning is a failure, not just a notice (a
// binary or oversized file named as a path, an unreadable frecency store).
func (r *Result) Failed() bool {
	for _, w := range r.Warnings {
		if !errors.Is(w.Err, ErrBinary) && !errors.Is(w.Err, ErrTooLarge) && !errors.Is(w.Err, ErrStateCorrupt) {
			return true
		}
	}
	return false
}

// Reasons lists the non-zero counts, each with the name of its reason
// ("binary files", "ignored directories", …: the field's reason tag, one
// and many), in the order of the fields.
func (k Skipped) Reasons() []page.Reason {
	var out []page.Reason
	v := reflect.ValueOf(k)
	for i := range v.NumField() {
		n := int(v.Field(i).Int())
		one, many, _ := strings.Cut(v.Type().Field(i).Tag.Get("reason"), "|")
		switch {
		case n == 1:
			out = append(out, page.Reason{Reason: one, Count: 1})
		case n > 1:
			out = append(out, page.Reason{Reason: many, Count: n})
		}
	}
	return out
}

// add adds the counts of b to k.
func (k *Skipped) add(b Skipped) {
	a, bv := reflect.ValueOf(k).Elem(), reflect.ValueOf(b)
	for i := range a.NumField() {
		a.Field(i).SetInt(a.Field(i).Int() + bv.Field(i).Int())
	}
}

// String says how a result was ranked: "ranked by score; frecency <on: … |
// off: why>; git <on: … | off: why>", or that it was sorted by path.
func (k Ranking) String() string {
	if k.Sort == ByPath {
		return "ranking: off (sorted by path)"
	}
	if k.Recency != "" {
		return fmt.Sprintf("ranked by score; frecency %s; git %s; recency %s", k.Frecency, k.Git, k.Recency)
	}
	return fmt.Sprintf("ranked by score; frecency %s; git %s", k.Frecency, k.Git)
}

// Test hooks (set in export_test.go): testHookRead is called before a file
// is read, testHookLoad before a page's lines are read again.
var testHookRead func(path string)
var testHookLoad func()

// testNoKeep makes pages read their lines again, always (see keep.go).
var testNoKeep bool

// LineInPath splits a path that names lines of a file, as tools print
// them ("fmt/print.go:120", "fmt/print.go:120-140", "fmt/print.go:120:7",
// "fmt/print.go#L120-L140"), into the file and its first and last lines
// (to is 0 when one line is named). It does so only when path itself is
// not there and the file is: a file named "notes:12" is that file. Read
// applies it; the other searches name the fix when a path they are given
// names lines.
func LineInPath(path string) (file string, from, to int, ok bool) { return walk.LineInPath(path) }
