package cli

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/scoutcode/scout"
)

const conceptLong = `Search by a description in words ("the code that retries after a timeout")
and print, first, the exact hits: the lines that hold the description as
written (case folded); then the concept leads: the chunks of code (each
definition with the comment above it, and windows of the lines between
definitions) that share the most words with the description, best first.

A lead is a place to look, not a proof: it shows its score, the terms of the
description it holds, its definition's line and its best lines. Leads are
ranked offline, by words: BM25 over code-aware terms (identifiers whole and
split at camelCase and snake_case, stemmed, common abbreviations such as
conn for connection), fused with the rank of the lead's file as a whole.
Tests, examples, vendored and generated code rank lower unless --tests.
A lead that holds an exact hit is left out. Secrets are masked before
anything is indexed. Pages fit --budget (default 1500 tokens) and give the
cursor to the next.

Quote the description, or give it as the first argument; PATHs follow.`

func (e *env) conceptCommand() *cobra.Command {
	var f scopeFlags
	var pf pageFlags
	var asJSON, showSecrets, tests, explain bool
	cmd := &cobra.Command{
		Use:     "concept DESCRIPTION [PATH...]",
		Short:   "Find code by a description in words: exact hits, then concept leads",
		Long:    conceptLong,
		Example: "  scout concept 'retries after a timeout'\n  scout concept -t py 'where sessions expire' src/",
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 || strings.TrimSpace(args[0]) == "" {
				return usagef("concept takes a description; usage: scout concept [flags] 'DESCRIPTION' [PATH...]")
			}
			bar := e.progressBar()
			defer bar(-1, 0)
			p, err := scout.Concept(e.ctx, scout.ConceptOptions{
				Description: args[0],
				Tests:       tests,
				ShowSecrets: showSecrets,
				Progress:    bar,
				Scope:       f.scope(args[1:]),
				PageOptions: scout.PageOptions{Budget: pf.budget, Cursor: pf.cursor, Timeout: pf.timeout, Explain: explain, Face: scout.CLIFace},
			})
			if err != nil {
				if errors.Is(err, scout.ErrNoDescription) {
					return usagef("%v", err)
				}
				return pageError(err)
			}
			return e.printPage(p, p.Total.Matches > 0, asJSON)
		},
	}
	parsedFlags(cmd, &f, &pf, &showSecrets, &asJSON, "only search", scout.DefaultBudget, fmt.Sprintf("fit a page in `TOKENS` tokens (at least %d)", scout.MinBudget))
	cmd.Flags().BoolVar(&tests, "tests", false, "rank tests, examples, vendored and generated code level with the rest")
	cmd.Flags().BoolVar(&explain, "explain", false, "show each lead's score as its named signals")
	return cmd
}

// progressBar returns the progress function of an index build: on a
// terminal, once the build has run a second, a line on stderr that says
// how far it is; called with done < 0, it clears the line. Elsewhere it
// prints nothing.
func (e *env) progressBar() func(done, total int) {
	if !e.isTTY(e.stderr) {
		return func(int, int) {}
	}
	start := time.Now()
	drawn := false
	return func(done, total int) {
		switch {
		case done < 0:
			if drawn {
				fmt.Fprint(e.stderr, "\r\033[K")
			}
		case time.Since(start) > time.Second && total > 0:
			const width = 30
			n := width * done / total
			fmt.Fprintf(e.stderr, "\rscout: indexing [%s%s] %d/%d files", strings.Repeat("=", n), strings.Repeat(" ", width-n), done, total)
			drawn = true
		}
	}
}

const cacheLong = `Show the concept indexes scout keeps between searches (scout concept), with
their size and when a search last used each, or remove them all with --clear.
They live in scout/concept under the user's cache directory ($XDG_CACHE_HOME,
else ~/.cache); past 512 MiB the least recently used go.`

func (e *env) cacheCommand() *cobra.Command {
	var clear bool
	cmd := &cobra.Command{
		Use:   "cache",
		Short: "Show or clear the concept indexes kept between searches",
		Long:  cacheLong,
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if clear {
				dir, _, _ := scout.ConceptCache("")
				n, err := scout.ClearConceptCache("")
				if err != nil {
					return err
				}
				_, err = fmt.Fprintf(e.stdout, "%s: removed %s\n", dir, indexes(n))
				return err
			}
			dir, all, err := scout.ConceptCache("")
			if err != nil {
				return err
			}
			var total int64
			for _, x := range all {
				total += x.Size
			}
			fmt.Fprintf(e.stdout, "%s: %s, %.1f MiB of %d MiB\n", dir, indexes(len(all)), float64(total)/(1<<20), scout.DefaultConceptCacheMax>>20)
			for _, x := range all {
				fmt.Fprintf(e.stdout, "  %s  %8.1f MiB  used %s\n", filepath.Base(x.Path), float64(x.Size)/(1<<20), x.Used.UTC().Format(time.RFC3339))
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&clear, "clear", false, "remove every kept index")
	return cmd
}

func indexes(n int) string {
	if n == 1 {
		return "1 concept index"
	}
	return fmt.Sprintf("%d concept indexes", n)
}
