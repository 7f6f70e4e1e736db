package cli

import (
	"errors"
	"io"

	"github.com/spf13/cobra"

	"github.com/scoutcode/scout"
)

// grepPage runs a paged search and prints its page.
func (e *env) grepPage(cmd *cobra.Command, f *grepFlags, opts scout.Options) error {
	if f.stats {
		return usagef("--stats goes with --all; a page's footer always gives the counts")
	}
	o := scout.GrepOptions{
		Options: opts, PageOptions: f.pageFlags.options(&f.rankFlags), PerFile: f.perFile, NoCollapse: f.noCollapse,
	}
	o.CountOnly = false
	mode, err := scout.ParseMode(f.mode)
	if err != nil {
		return usagef("invalid --mode: %v", err)
	}
	switch {
	case f.filesMatches && f.count:
		return usagef("-l and -c ask for different modes; give one")
	case f.filesMatches:
		mode = scout.Files
	case f.count:
		mode = scout.Count
	}
	if (f.filesMatches || f.count) && cmd.Flags().Changed("mode") && f.mode != mode.String() {
		return usagef("-l and -c choose the mode; they cannot go with --mode %s", f.mode)
	}
	o.Mode = mode
	if o.MaxFiles < 0 || o.PerFile < 0 {
		return usagef("--max-files and --per-file must be 1 or more")
	}
	p, err := scout.Grep(e.ctx, o)
	if err != nil {
		return pageError(explain(err, f))
	}
	return e.printPage(p, p.Total.Matches > 0, f.json)
}

// printPage sets the exit status (found: something matched) and prints
// the page, as text or as one JSON object.
func (e *env) printPage(p *scout.Page, found, asJSON bool) error {
	switch {
	case p.Failed:
		e.status = ExitError
	case found:
		e.status = ExitMatch
	default:
		e.status = ExitNoMatch
	}
	if asJSON {
		b, err := p.JSON()
		if err != nil {
			return err
		}
		_, err = e.stdout.Write(append(b, '\n'))
		return err
	}
	_, err := io.WriteString(e.stdout, p.Text)
	return err
}

// pageError marks errors about the page options and cursors as usage
// errors, with the fix.
func pageError(err error) error {
	switch {
	case errors.Is(err, scout.ErrBadCursor), errors.Is(err, scout.ErrCursorMismatch), errors.Is(err, scout.ErrStaleCursor):
		return usagef("%v", err)
	}
	return err
}

// onlyPaged rejects the page flags with --all.
func onlyPaged(cmd *cobra.Command) error {
	for _, name := range []string{"mode", "max-files", "per-file", "budget", "cursor", "timeout"} {
		if cmd.Flags().Changed(name) {
			return usagef("--%s shapes a page; it cannot go with --all, which prints every result", name)
		}
	}
	return nil
}
