package cli

import (
	"errors"
	"fmt"
	"strings"

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
			p, err := scout.Concept(e.ctx, scout.ConceptOptions{
				Description: args[0],
				Tests:       tests,
				ShowSecrets: showSecrets,
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
