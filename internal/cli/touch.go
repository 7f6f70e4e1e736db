package cli

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/scoutcode/scout"
)

const touchLong = `Record that the agent used these files, so that searches rank them higher
(the frecency signal: recent and frequent use, halving every 10 days).

For hosts whose own read and edit tools can run a hook: call scout touch
with the paths after each read or edit (a path may name lines, as read takes
it: handler.go:120 records handler.go). The record is kept per project
(the git repository holding the file) under $XDG_STATE_HOME/scout
(~/.local/state/scout when unset); many scout processes may use it at once.`

func (e *env) touchCommand() *cobra.Command {
	return &cobra.Command{
		Use:     "touch FILE...",
		Short:   "Record that files were used, for ranking",
		Long:    touchLong,
		Example: "  scout touch internal/server/handler.go README.md",
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usagef("no file given; usage: scout touch FILE...")
			}
			err := scout.Touch(unquote(args), scout.TouchOptions{})
			var te *scout.TouchError
			if errors.As(err, &te) {
				for _, m := range te.Missing {
					fmt.Fprintf(e.stderr, "scout: %s: no such file; not recorded\n", m)
				}
				e.status = ExitError
				return nil
			}
			return err
		},
	}
}
