package cli

import (
	"encoding/json"
	"io"

	"github.com/spf13/cobra"

	"github.com/scoutcode/scout"
)

const readLong = `Print a text file, or --limit lines from --offset, in pages that fit a
token budget (--budget, default 4000 tokens ≈ 16 KB). Lines print as "N:text";
a line over 2000 bytes is cut and marked with how much was left out.

The header gives the file's SHA-256 (first 16 hex digits) and, in a git
repository, the tree revision: a hash of the commit checked out and of every
changed file, so an agent can tell when what it read earlier is out of date.
The footer gives the cursor to the next page; a cursor is refused once the
file has changed. A read records a use of the file for ranking (--no-record
to leave the record alone).

FILE may name lines as tools print them, when no file has that name:
walk.go:120 reads from line 120 (as --offset 120), walk.go:120-140 and
walk.go#L120-L140 read those lines, walk.go:120:7 (a column) from line 120.`

func (e *env) readCommand() *cobra.Command {
	var o scout.ReadOptions
	var asJSON bool
	cmd := &cobra.Command{
		Use:     "read FILE",
		Short:   "Print a file in pages, with its content hash and a cursor",
		Long:    readLong,
		Example: "  scout read internal/walk/walk.go\n  scout read --offset 120 --limit 40 internal/walk/walk.go\n  scout read internal/walk/walk.go:120-159",
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 {
				return usagef("read takes one file; usage: scout read [--offset N] [--limit N] FILE")
			}
			o.Path = scout.UnquotePath(args[0])
			p, err := scout.Read(e.ctx, o)
			if err != nil {
				return err
			}
			if asJSON {
				b, err := json.Marshal(p)
				if err != nil {
					return err
				}
				_, err = e.stdout.Write(append(b, '\n'))
				return err
			}
			_, err = io.WriteString(e.stdout, p.Text)
			return err
		},
	}
	f := cmd.Flags()
	f.IntVar(&o.Offset, "offset", 0, "the first line, 1-based")
	f.IntVar(&o.Limit, "limit", 0, "lines to read at most (default: to the end of the file, in pages)")
	f.IntVar(&o.Budget, "budget", 0, "tokens (bytes/4) a page may take (default 4000)")
	f.StringVar(&o.Cursor, "cursor", "", "continue after the page that printed this cursor")
	f.BoolVar(&o.NoRecord, "no-record", false, "do not record the read for ranking")
	f.BoolVar(&o.ShowSecrets, "show-secrets", false, "show values that look like secrets instead of masking them")
	f.BoolVar(&asJSON, "json", false, "print the page as one JSON object")
	return cmd
}
