// Package render writes search results as the bytes people and agents read.
//
// # Text format
//
// Each file with matches is a group: its path on a line of its own, then
// its lines, matching lines as "N:text" and context lines as "N-text" (N is
// the 1-based line number). When context lines were asked for, a line "--"
// separates runs of lines that are not contiguous. A blank line separates
// files:
//
//	internal/walk/walk.go
//	112:func Walk(ctx context.Context, roots []string, opts Options, v Visitor) error {
//	113-	return Parallel(ctx, roots, opts, 1, func(int) Visitor { return v })
//	--
//	140:	w, err := newWalker(ctx, opts, visitors[0])
//
//	search.go
//	24:	err = walk.Walk(ctx, paths, wopts, v)
//
// Count mode prints "path:N" per file (N matching lines); files mode prints
// one path per line. With colour (only ever on a terminal), paths are
// magenta, line numbers green and matches bold red; the bytes are otherwise
// the same.
//
// With --explain, each path is followed by its file signals,
// "  [file +160: file-name +120, recency +40]", and each matching line by
// its score as a sum, "    [1220 = definition +1000, word +60, file +160]";
// after the results a line says what the ranking used: "ranked by score;
// frecency <on: … | off: why>; git <on: … | off: why>".
//
// Stats, when asked for, follow the results after a blank line.
package render

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/scoutcode/scout"
	"github.com/scoutcode/scout/internal/page"
	"github.com/scoutcode/scout/internal/rank"
)

// Mode selects what is printed for each file.
type Mode uint8

const (
	Lines Mode = iota // matching and context lines
	Count             // path and number of matching lines
	Files             // path only
)

// Options controls rendering.
type Options struct {
	Mode    Mode
	Color   bool // ANSI colours
	Stats   bool // append the statistics
	Context bool // context lines were asked for: separate runs with "--"
	Explain bool // show scores and their signals
}

const (
	colorPath  = "\x1b[35m"
	colorLine  = "\x1b[32m"
	colorMatch = "\x1b[1;31m"
	colorReset = "\x1b[0m"
)

// Text writes r in the text format.
func Text(w io.Writer, r *scout.Result, opts Options) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	t := textWriter{w: bw, opts: opts}
	for i := range r.Files {
		t.file(&r.Files[i], i == 0)
	}
	if opts.Stats || opts.Explain {
		if len(r.Files) > 0 {
			bw.WriteByte('\n')
		}
	}
	if opts.Explain {
		bw.WriteString(RankingText(r.Ranking))
	}
	if opts.Stats {
		bw.WriteString(StatsText(r))
	}
	return bw.Flush()
}

// RankingText says how a result was ranked: the clock and which signals
// were on.
func RankingText(k scout.Ranking) string { return k.String() + "\n" }

// signalsText renders signals as "definition +1000, word +60".
func signalsText(s []scout.Signal) string { return page.SignalsText(s) }

type textWriter struct {
	w    *bufio.Writer
	opts Options
	num  []byte
}

func (t *textWriter) paint(color, s string) {
	if t.opts.Color {
		t.w.WriteString(color)
		t.w.WriteString(s)
		t.w.WriteString(colorReset)
		return
	}
	t.w.WriteString(s)
}

func (t *textWriter) file(f *scout.File, first bool) {
	switch t.opts.Mode {
	case Files:
		t.paint(colorPath, scout.QuotePath(f.Path))
		t.w.WriteByte('\n')
		return
	case Count:
		t.paint(colorPath, scout.QuotePath(f.Path))
		t.w.WriteByte(':')
		t.w.WriteString(strconv.Itoa(f.MatchedLines))
		t.w.WriteByte('\n')
		return
	}
	if !first {
		t.w.WriteByte('\n')
	}
	t.paint(colorPath, scout.QuotePath(f.Path))
	if t.opts.Explain {
		fmt.Fprintf(t.w, "  [file %+d", rank.Sum(f.Signals))
		if len(f.Signals) > 0 {
			t.w.WriteString(": " + signalsText(f.Signals))
		}
		t.w.WriteByte(']')
	}
	t.w.WriteByte('\n')
	prev := 0
	for i := range f.Lines {
		l := &f.Lines[i]
		if t.opts.Context && prev > 0 && l.Number != prev+1 {
			t.w.WriteString("--\n")
		}
		prev = l.Number
		t.line(l)
		if t.opts.Explain && !l.Context {
			fmt.Fprintf(t.w, "    [%d =", l.Score)
			if len(l.Signals) > 0 {
				t.w.WriteString(" " + signalsText(l.Signals) + ",")
			}
			fmt.Fprintf(t.w, " file %+d]\n", rank.Sum(f.Signals))
		}
	}
}

func (t *textWriter) line(l *scout.Line) {
	t.num = strconv.AppendInt(t.num[:0], int64(l.Number), 10)
	if t.opts.Color {
		t.w.WriteString(colorLine)
		t.w.Write(t.num)
		t.w.WriteString(colorReset)
	} else {
		t.w.Write(t.num)
	}
	if l.Context {
		t.w.WriteByte('-')
	} else {
		t.w.WriteByte(':')
	}
	if !t.opts.Color || len(l.Spans) == 0 {
		t.w.WriteString(l.Text)
		t.w.WriteByte('\n')
		return
	}
	at := 0
	for _, s := range l.Spans {
		if s.Start < at || s.End <= s.Start {
			continue
		}
		t.w.WriteString(l.Text[at:s.Start])
		t.paint(colorMatch, l.Text[s.Start:s.End])
		at = s.End
	}
	t.w.WriteString(l.Text[at:])
	t.w.WriteByte('\n')
}

// counted is n and what, in the plural unless n is 1 ("1 file", "2
// matches").
func counted(n int, what string) string {
	switch {
	case n == 1:
		return "1 " + what
	case strings.HasSuffix(what, "ch"):
		return fmt.Sprintf("%d %ses", n, what)
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// StatsText renders the statistics block of the text format: what matched,
// what was searched, and every reason something was not, with counts.
func StatsText(r *scout.Result) string {
	s := r.Stats
	var b strings.Builder
	fmt.Fprintf(&b, "%s in %s", counted(s.MatchedLines, "matched line"), counted(s.FilesMatched, "file"))
	if s.Matches > 0 {
		fmt.Fprintf(&b, " (%s)", counted(s.Matches, "match"))
	}
	fmt.Fprintf(&b, "\n%s searched (%s)\n", counted(s.FilesSearched, "file"), Size(s.BytesSearched))
	if skipped := SkippedText(s.Skipped); skipped != "" {
		fmt.Fprintf(&b, "not searched: %s\n", skipped)
	}
	if n := len(r.Warnings); n > 0 {
		fmt.Fprintf(&b, "%d warnings (printed to stderr)\n", n)
	}
	return b.String()
}

// SkippedText lists the non-zero skip counts, e.g. "739 binary files,
// 2 ignored directories".
func SkippedText(k scout.Skipped) string {
	var parts []string
	for _, r := range k.Reasons() {
		parts = append(parts, fmt.Sprintf("%d %s", r.Count, r.Reason))
	}
	return strings.Join(parts, ", ")
}

// Size formats a byte count for people: "512 B", "3.4 KB", "121.6 MB".
func Size(n int64) string {
	switch {
	case n < 1000:
		return fmt.Sprintf("%d B", n)
	case n < 1000*1000:
		return fmt.Sprintf("%.1f KB", float64(n)/1e3)
	case n < 1000*1000*1000:
		return fmt.Sprintf("%.1f MB", float64(n)/1e6)
	}
	return fmt.Sprintf("%.1f GB", float64(n)/1e9)
}
