package scout_test

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// peerEval runs a peer's search over the blanked copy for each case and
// logs its file-level figures beside the plain BM25 reference's, on the
// same queries: SCOUT_CONCEPT_PEER names the peer's binary. Only probe
// (@probelabs/probe, BM25 over tree-sitter blocks) is known; how to
// install it is in AGENT.md. Its figures are logged, never compared: the
// peer is not on every machine.
//
// probe reads a query as Elasticsearch does ("-D" excludes D, "AND" is
// an operator), so it gets the description's words only, as an agent
// would write them for it.
func peerEval(t *testing.T, bin, dir string, cases []conceptCase, ref evalFigures) {
	t.Helper()
	if filepath.Base(bin) != "probe" {
		t.Fatalf("SCOUT_CONCEPT_PEER=%s: only probe is known", bin)
	}
	words := regexp.MustCompile(`[A-Za-z0-9_]+`)
	var fig evalFigures
	timedOut := 0
	for _, c := range cases {
		q := strings.Join(words.FindAllString(c.query, -1), " ")
		files, err := probeFiles(bin, dir, q)
		if errors.Is(err, errProbeTimeout) {
			timedOut++ // an answer the agent did not get: a miss
		} else if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		fig.add(slices.Index(files, c.path) + 1)
	}
	t.Logf("%s\nprobe      file: %s (%.2f × plain BM25's MRR); %d of %d searches gave up after probe's %s",
		probeVersion(bin), fig.String(), fig.mrr()/ref.mrr(), timedOut, len(cases), probeTimeout)
}

// probeTimeout is how long probe searches before it gives up: its
// default. Some descriptions take it longer over GOROOT/src than that,
// one longer than ten minutes.
const probeTimeout = 30 * time.Second

var errProbeTimeout = errors.New("probe gave up")

// probeFiles returns the files of probe's answer, best first, slash
// separated and relative to dir.
func probeFiles(bin, dir, query string) ([]string, error) {
	cmd := exec.Command(bin, "search", query, dir, "--format", "json", "--max-results", "200", "--timeout", fmt.Sprint(probeTimeout.Seconds()))
	out, err := cmd.Output()
	if ee := (*exec.ExitError)(nil); errors.As(err, &ee) {
		if bytes.Contains(ee.Stderr, []byte("timed out")) {
			return nil, fmt.Errorf("%w: %s", errProbeTimeout, bytes.TrimSpace(ee.Stderr))
		}
		return nil, fmt.Errorf("%w: %s", err, bytes.TrimSpace(ee.Stderr))
	} else if err != nil {
		return nil, err
	}
	var page struct{ Results []probeResult }
	// A note may precede the JSON object.
	if i := strings.IndexByte(string(out), '{'); i > 0 {
		out = out[i:]
	}
	if err := json.Unmarshal(out, &page); err != nil {
		return nil, err
	}
	// The page lists its best blocks by file and line; their order is
	// the score's.
	slices.SortStableFunc(page.Results, func(a, b probeResult) int {
		return cmp.Compare(b.Score, a.Score)
	})
	var files []string
	for _, r := range page.Results {
		p, err := filepath.Rel(dir, r.File)
		if err != nil {
			return nil, err
		}
		if p = filepath.ToSlash(p); !slices.Contains(files, p) {
			files = append(files, p)
		}
	}
	return files, nil
}

// probeResult is a block of probe's JSON answer.
type probeResult struct {
	File  string
	Score float64
}

// probeVersion is what the peer says of itself, for the log.
func probeVersion(bin string) string {
	out, err := exec.Command(bin, "--version").Output()
	if err != nil {
		return err.Error()
	}
	return strings.TrimSpace(string(out))
}
