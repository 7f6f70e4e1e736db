package render

// # JSON format (--json)
//
// One JSON object per line. For each file with matches, in path order:
//
//	{"type":"begin","path":"a/b.go"}
//	{"type":"match","path":"a/b.go","line":12,"offset":345,"text":"func Foo() {","submatches":[{"start":5,"end":8,"column":6,"text":"Foo"}]}
//	{"type":"context","path":"a/b.go","line":13,"offset":358,"text":"\treturn nil"}
//	{"type":"end","path":"a/b.go","matched_lines":1,"matches":1}
//
// then one summary, always the last line, also when nothing matched:
//
//	{"type":"summary","files_searched":10739,"files_matched":1,"matched_lines":1,"matches":1,
//	 "bytes_searched":127562029,"skipped":{"binary":739,"too_large":0,…},"warnings":[…]}
//
// Fields:
//
//   - path: slash-separated, the search root as given joined with the path
//     below it (no "./" prefix when the root is the current directory).
//   - line: 1-based line number. offset: byte offset of the line's start in
//     the file.
//   - text: the line without its terminator (and without a '\r' before
//     it). A line that is not valid UTF-8 has "bytes" (base64) instead.
//   - submatches: each match in the line; start and end are byte offsets
//     into the line (half-open), column is start+1, text is the matched
//     part (or "bytes" when it is not valid UTF-8).
//   - score and signals (ranked results only, the default): on "begin" the
//     file's best score and its own signals (file-name, recency, frecency,
//     git, vendored, generated, minified, lock, test); on "match" the
//     hit's score (its own signals plus the file's) and its own signals
//     (definition, definition-part, member, member-part, import, comment,
//     word, case). Signals are {"name":…,"value":…}; weights in
//     internal/rank.
//   - end: matched_lines and matches (submatch count) of the file.
//   - summary: the totals, the skip counts by reason (binary, too_large,
//     unreadable, ignored, ignored_dirs, hidden, hidden_dirs, excluded,
//     excluded_dirs, too_deep, symlinks, special) and the warnings, each with path
//     and error; "notice" is true for warnings that are not failures (a
//     named file that is binary or too large, an unreadable frecency
//     store); and "ranking": the sort ("rank" or "path") and, when
//     ranked, whether frecency and git were on, and why not.
//
// In count and files modes only the "end" objects and the summary are
// written.

import (
	"bufio"
	"encoding/json"
	"errors"
	"io"
	"unicode/utf8"

	"github.com/scoutcode/scout"
)

// The JSON Lines objects share their parts: what and where (jsonHead),
// the text or bytes (jsonText) and the score (jsonScore); encoding/json
// writes an embedded part's fields in its place.
type jsonHead struct {
	Type string `json:"type"`
	Path string `json:"path"`
}

type jsonText struct {
	Text  *string `json:"text,omitempty"`
	Bytes []byte  `json:"bytes,omitempty"`
}

type jsonScore struct {
	Score   *int           `json:"score,omitempty"`
	Signals []scout.Signal `json:"signals,omitempty"`
}

type jsonBegin struct {
	jsonHead
	jsonScore
}

type jsonLine struct {
	jsonHead
	Line   int   `json:"line"`
	Offset int64 `json:"offset"`
	jsonText
	Submatches []jsonSpan `json:"submatches,omitempty"`
	jsonScore
}

type jsonSpan struct {
	Start  int `json:"start"`
	End    int `json:"end"`
	Column int `json:"column"`
	jsonText
}

type jsonEnd struct {
	jsonHead
	MatchedLines int `json:"matched_lines"`
	Matches      int `json:"matches"`
}

type jsonSummary struct {
	Type          string        `json:"type"`
	FilesSearched int           `json:"files_searched"`
	FilesMatched  int           `json:"files_matched"`
	MatchedLines  int           `json:"matched_lines"`
	Matches       int           `json:"matches"`
	BytesSearched int64         `json:"bytes_searched"`
	Skipped       scout.Skipped `json:"skipped"`
	Warnings      []jsonWarning `json:"warnings"`
	Ranking       jsonRanking   `json:"ranking"`
}

type jsonRanking struct {
	Sort     string `json:"sort"`
	Frecency string `json:"frecency,omitempty"`
	Git      string `json:"git,omitempty"`
}

type jsonWarning struct {
	Path   string `json:"path"`
	Error  string `json:"error"`
	Notice bool   `json:"notice,omitempty"`
}

// JSON writes r in the JSON Lines format.
func JSON(w io.Writer, r *scout.Result, opts Options) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	ranked := r.Ranking.Sort == scout.ByRank
	for i := range r.Files {
		f := &r.Files[i]
		if opts.Mode == Lines {
			if err := jsonFile(enc, f, ranked); err != nil {
				return err
			}
		}
		if err := enc.Encode(jsonEnd{jsonHead: jsonHead{"end", scout.QuotePath(f.Path)}, MatchedLines: f.MatchedLines, Matches: f.Matches}); err != nil {
			return err
		}
	}
	if err := enc.Encode(summary(r)); err != nil {
		return err
	}
	return bw.Flush()
}

func jsonFile(enc *json.Encoder, f *scout.File, ranked bool) error {
	begin := jsonBegin{jsonHead: jsonHead{"begin", scout.QuotePath(f.Path)}}
	if ranked {
		begin.Score, begin.Signals = &f.Score, f.Signals
	}
	if err := enc.Encode(begin); err != nil {
		return err
	}
	for i := range f.Lines {
		l := &f.Lines[i]
		jl := jsonLine{jsonHead: jsonHead{"match", scout.QuotePath(f.Path)}, Line: l.Number, Offset: l.Offset}
		if l.Context {
			jl.Type = "context"
		} else if ranked {
			jl.Score, jl.Signals = &l.Score, l.Signals
		}
		jl.jsonText = textOrBytes(l.Text)
		for _, s := range l.Spans {
			jl.Submatches = append(jl.Submatches, jsonSpan{Start: s.Start, End: s.End, Column: s.Start + 1, jsonText: textOrBytes(l.Text[s.Start:s.End])})
		}
		if err := enc.Encode(jl); err != nil {
			return err
		}
	}
	return nil
}

// textOrBytes returns s as text when it is valid UTF-8, else as bytes.
func textOrBytes(s string) jsonText {
	if utf8.ValidString(s) {
		return jsonText{Text: &s}
	}
	return jsonText{Bytes: []byte(s)}
}

func summary(r *scout.Result) jsonSummary {
	s := r.Stats
	out := jsonSummary{
		Type: "summary", FilesSearched: s.FilesSearched, FilesMatched: s.FilesMatched,
		MatchedLines: s.MatchedLines, Matches: s.Matches, BytesSearched: s.BytesSearched,
		Skipped: s.Skipped, Warnings: []jsonWarning{}, Ranking: jsonRanking{Sort: "path"},
	}
	if k := r.Ranking; k.Sort == scout.ByRank {
		out.Ranking = jsonRanking{Sort: "rank", Frecency: k.Frecency, Git: k.Git}
	}
	for _, w := range r.Warnings {
		notice := errors.Is(w.Err, scout.ErrBinary) || errors.Is(w.Err, scout.ErrTooLarge) || errors.Is(w.Err, scout.ErrStateCorrupt)
		out.Warnings = append(out.Warnings, jsonWarning{Path: scout.QuotePath(w.Path), Error: w.Err.Error(), Notice: notice})
	}
	return out
}
