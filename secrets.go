package scout

import (
	"github.com/scoutcode/scout/internal/search"
	"github.com/scoutcode/scout/internal/secret"
	"github.com/scoutcode/scout/internal/walk"
)

// masker masks the secrets of the lines of one file (see internal/secret).
type masker struct {
	style  secret.Style
	blocks map[int]bool // lines inside private key blocks
}

// newMasker returns the masker for the file at path whose content (or a
// piece of it, its first line numbered first) is data; nil when secrets
// are shown.
func newMasker(show bool, path string, data []byte, first int) *masker {
	if show {
		return nil
	}
	return &masker{style: secret.StyleOf(path), blocks: secret.Blocks(data, first)}
}

// newMaskerBlocks is newMasker for a file whose private key blocks were
// found already.
func newMaskerBlocks(show bool, path string, blocks map[int]bool) *masker {
	if show {
		return nil
	}
	return &masker{style: secret.StyleOf(path), blocks: blocks}
}

// line returns line n's text as shown, and whether it changed.
func (m *masker) line(n int, text string) (string, bool) {
	if m == nil {
		return text, false
	}
	if m.blocks[n] {
		return secret.Mask("private-key"), true
	}
	return secret.Line(text, m.style)
}

// mask masks the secrets in the lines of a search's result for the file of
// e (data), finding their matches again in what is left.
func (w *worker) mask(e *walk.Entry, data []byte, res *search.Result) {
	mk := newMasker(w.opts.ShowSecrets, e.Path, data, 1)
	if mk == nil {
		return
	}
	for i := range res.Lines {
		l := &res.Lines[i]
		if t, ok := mk.line(l.Number, l.Text); ok {
			if w.opts.keepRaw {
				l.Raw = l.Text
			}
			l.Text = t
			if l.Spans != nil {
				l.Spans = w.m.Matches([]byte(t), nil)
			}
		}
	}
}
