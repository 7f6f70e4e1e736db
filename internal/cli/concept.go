package cli

import (
	"errors"
	"fmt"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/scoutcode/scout"
)

const conceptLong = `Search by a description in words ("the code that retries after a timeout")
and print, first, the exact hits: the lines that hold the description as
written (case folded); then the concept leads: the chunks of code (each
definition with the comment above it, each Markdown section, and windows of
the lines between definitions) that share the most words with the
description, best first. A description that is one symbol
("imports.Resolver", "Cart#total", "parse_args()") puts the chunks that
define it first (a definition of that name, or a line that declares a
constant or a variable: "const Name", "Name = …"), the qualifiers
choosing among namesakes, and the footer
says where they are (the exact hits may fill pages before the leads begin).

A lead is a place to look, not a proof: it shows its score, the terms of the
description it holds, its definition's line and its best lines. Leads are
ranked offline, by words: BM25 over code-aware terms (identifiers whole and
split at camelCase and snake_case, stemmed, common abbreviations such as
conn for connection), fused with the rank of the lead's file as a whole.
Tests, examples, vendored and generated code rank lower unless --tests,
or unless the description names their kind ("the tests of …").
A lead that holds an exact hit is left out. Secrets are masked before
anything is indexed. Pages fit --budget (default 1500 tokens) and give the
cursor to the next.

With --embed, leads are also ranked by the similarity of their embeddings
to the description's, from an OpenAI-compatible server (openai), Ollama
(ollama), a static model directory you supply (model: model.safetensors and
a WordPiece tokenizer.json), an ONNX model directory (onnx: model.onnx and a
WordPiece tokenizer.json; only in a build made with -tags onnx, run by the
ONNX Runtime library named by SCOUT_ONNXRUNTIME) or feature hashing
(hashing, no model). The
vectors are kept beside the index. When the provider fails, the leads are by
words only and the page says why. Defaults come from SCOUT_EMBED,
SCOUT_EMBED_URL and SCOUT_EMBED_MODEL; a key only from SCOUT_EMBED_KEY.

Quote the description, or give it as the first argument; PATHs follow.`

func (e *env) conceptCommand() *cobra.Command {
	var f scopeFlags
	var pf pageFlags
	var ef embedFlags
	var asJSON, showSecrets, tests, explain, noFrecency, noGit bool
	var maxIndex string
	cmd := &cobra.Command{
		Use:     "concept DESCRIPTION [PATH...]",
		Short:   "Find code by a description in words: exact hits, then concept leads",
		Long:    conceptLong,
		Example: "  scout concept 'retries after a timeout'\n  scout concept -t py 'where sessions expire' src/\n  scout concept --embed ollama --embed-url http://localhost:11434 --embed-model nomic-embed-text 'where sessions expire'",
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 || strings.TrimSpace(args[0]) == "" {
				return usagef("concept takes a description; usage: scout concept [flags] 'DESCRIPTION' [PATH...]")
			}
			eo, err := ef.options(e)
			if err != nil {
				return err
			}
			maxBytes, err := parseSize("--max-index", maxIndex)
			if err != nil {
				return err
			}
			raiseMemoryLimit(e, conceptMemoryLimit)
			bar, embedBar := e.progressBar("indexing", "files"), e.progressBar("embedding", "chunks")
			defer bar(-1, 0)
			defer embedBar(-1, 0)
			o := scout.ConceptOptions{
				Description:   args[0],
				Tests:         tests,
				ShowSecrets:   showSecrets,
				Progress:      bar,
				EmbedProgress: embedBar,
				Embed:         eo,
				MaxIndexBytes: maxBytes,
				Scope:         f.scope(args[1:]),
				RankOptions:   scout.RankOptions{NoFrecency: noFrecency, NoGit: noGit},
				PageOptions:   scout.PageOptions{Budget: pf.budget, Cursor: pf.cursor, Timeout: pf.timeout, Explain: explain, Face: scout.CLIFace},
			}
			// Huge pages pay for a search of a kept index and cost a build
			// dear (see hugeHeap): asked for only when an index is kept,
			// and taken back by a build's first word of progress (files
			// changed since).
			if scout.ConceptKept(o) {
				unhuge := hugeHeap(e.getenv)
				o.Progress = func(done, total int) {
					unhuge()
					bar(done, total)
				}
			}
			p, err := scout.Concept(e.ctx, o)
			if err != nil {
				if errors.Is(err, scout.ErrNoDescription) || errors.Is(err, scout.ErrEmbedProvider) {
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
	cmd.Flags().BoolVar(&noFrecency, "no-frecency", false, "do not rank leads in files the agent used recently higher (see scout touch)")
	cmd.Flags().BoolVar(&noGit, "no-git", false, "do not rank leads in files changed in git higher")
	maxIndexFlag(cmd, &maxIndex)
	ef.add(cmd)
	return cmd
}

// maxIndexFlag adds --max-index, the most bytes of files one concept
// index reads (ConceptOptions.MaxIndexBytes).
func maxIndexFlag(cmd *cobra.Command, s *string) {
	cmd.Flags().StringVar(s, "max-index", fmt.Sprintf("%dM", scout.DefaultMaxIndexBytes>>20), "index at most `SIZE` of files for concept leads (bytes, or with a K, M or G suffix); more gives the exact hits only; 0 for no limit")
}

// embedFlags name an embedding provider for concept search; each flag's
// default comes from the environment (SCOUT_EMBED, SCOUT_EMBED_URL,
// SCOUT_EMBED_MODEL), and the key only from it (SCOUT_EMBED_KEY), so that
// it never shows in a process list.
type embedFlags struct {
	provider, url, model string
	timeout              time.Duration
}

func (f *embedFlags) add(cmd *cobra.Command) {
	fl := cmd.Flags()
	fl.StringVar(&f.provider, "embed", "", "also rank leads by embeddings from `PROVIDER`: "+strings.Join(scout.EmbedProviders, ", ")+" (default $SCOUT_EMBED; none)")
	fl.StringVar(&f.url, "embed-url", "", "the provider's `URL` (openai, ollama; default $SCOUT_EMBED_URL); a key goes in $SCOUT_EMBED_KEY")
	fl.StringVar(&f.model, "embed-model", "", "the model's `NAME` (openai, ollama) or directory (model: model.safetensors and tokenizer.json; onnx: model.onnx and tokenizer.json); default $SCOUT_EMBED_MODEL")
	fl.DurationVar(&f.timeout, "embed-timeout", scout.DefaultEmbedTimeout, "how long one request to the provider may take (a `DURATION`, e.g. 5s)")
}

// options returns the provider the flags and the environment name; a
// model directory is made absolute (the MCP server changes directory).
func (f *embedFlags) options(e *env) (scout.EmbedOptions, error) {
	pick := func(flag, name string) string {
		if flag != "" {
			return flag
		}
		return e.getenv(name)
	}
	o := scout.EmbedOptions{
		Provider: pick(f.provider, "SCOUT_EMBED"), URL: pick(f.url, "SCOUT_EMBED_URL"),
		Model: pick(f.model, "SCOUT_EMBED_MODEL"), Key: e.getenv("SCOUT_EMBED_KEY"), Timeout: f.timeout,
	}
	if f.timeout <= 0 {
		return o, usagef("--embed-timeout %v: give how long one request to the provider may take, e.g. 10s (default %v)", f.timeout, scout.DefaultEmbedTimeout)
	}
	if o.Provider != "" && !slices.Contains(scout.EmbedProviders, o.Provider) {
		return o, usagef("unknown embedding provider %q: use one of %s", o.Provider, strings.Join(scout.EmbedProviders, ", "))
	}
	if o.Provider == "model" && o.Model != "" {
		if abs, err := filepath.Abs(o.Model); err == nil {
			o.Model = abs
		}
	}
	return o, nil
}

// conceptMemoryLimit is the soft memory limit of a concept search. The
// index of a large tree is built in memory: GOROOT/src's holds ~400 MB
// while it is built, and under the 192 MiB limit main sets for searches
// the collector ran all the time (21 s instead of 16 s cold; peak 624 MB
// against 670-770 MB at this limit).
const conceptMemoryLimit = 512 << 20

// raiseMemoryLimit raises the process's soft memory limit to at least n,
// unless GOMEMLIMIT in the environment set it.
func raiseMemoryLimit(e *env, n int64) {
	if e.getenv("GOMEMLIMIT") != "" {
		return
	}
	if cur := debug.SetMemoryLimit(-1); cur < n {
		debug.SetMemoryLimit(n)
	}
}

// progressBar returns the progress function of an index build: on a
// terminal, once the build has run a second, a line on stderr that says
// how far it is; called with done < 0, it clears the line. Elsewhere it
// prints nothing.
func (e *env) progressBar(doing, units string) func(done, total int) {
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
			fmt.Fprintf(e.stderr, "\rscout: %s [%s%s] %d/%d %s", doing, strings.Repeat("=", n), strings.Repeat(" ", width-n), done, total, units)
			drawn = true
		}
	}
}

const cacheLong = `Show the concept indexes scout keeps between searches (scout concept), the
vectors of their chunks (with --embed), and the parses behind callers, callees
and refs (one file per name asked), with their size, when a search last used
each, and what each is of (an index's directories; "partial" when a search cut
short kept part of it, which the next search of them completes), or remove them
all with --clear.
They live in scout/concept under the user's cache directory ($XDG_CACHE_HOME,
else ~/.cache); past 512 MiB the least recently used go.`

func (e *env) cacheCommand() *cobra.Command {
	var clear bool
	cmd := &cobra.Command{
		Use:   "cache",
		Short: "Show or clear the indexes and parses kept between searches",
		Long:  cacheLong,
		Args:  noArgs("scout cache shows what is kept, scout cache --clear removes it"),
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
			width := 0
			for _, x := range all {
				width = max(width, len(filepath.Base(x.Path)))
			}
			for _, x := range all {
				fmt.Fprintf(e.stdout, "  %-*s  %s  used %s  %s\n", width, filepath.Base(x.Path), keptSize(x.Size), x.Used.UTC().Format(time.RFC3339), keptOf(x))
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&clear, "clear", false, "remove every kept index and parse")
	return cmd
}

// keptSize is a kept file's size, in KiB under a MiB.
func keptSize(n int64) string {
	if n < 1<<20 {
		return fmt.Sprintf("%8.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%8.1f MiB", float64(n)/(1<<20))
}

// keptOf says what a kept file is of.
func keptOf(x scout.ConceptIndexInfo) string {
	switch {
	case x.Of != "":
		return x.Of
	case strings.HasSuffix(x.Path, ".calls"):
		return "parses for callers, callees and refs of one name"
	}
	return "written by another version of scout: not read again; evicted in turn, or removed with --clear"
}

// indexes counts the kept files: indexes (.idx), their chunks' vectors
// (.vec) and parses (.calls).
func indexes(n int) string {
	if n == 1 {
		return "1 kept file (indexes .idx, vectors .vec, parses .calls)"
	}
	return fmt.Sprintf("%d kept files (indexes .idx, vectors .vec, parses .calls)", n)
}
