package embed

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode"
)

// wordPiece is a WordPiece tokenizer as BERT's: its vocabulary, the
// prefix of a word's later pieces, and whether text is lowercased first.
type wordPiece struct {
	vocab     map[string]int
	prefix    string // "##"
	lowercase bool
	unknown   int // the unknown token's id; -1: none
	maxChars  int
}

// readWordPiece reads a WordPiece tokenizer from Hugging Face's
// tokenizer.json. Every problem is ErrModel.
func readWordPiece(path string) (*wordPiece, error) {
	s := &wordPiece{unknown: -1}
	data, err := readModelFile(path)
	if err != nil {
		return nil, err
	}
	var t struct {
		Normalizer *struct {
			Type      string `json:"type"`
			Lowercase *bool  `json:"lowercase"`
		} `json:"normalizer"`
		Model struct {
			Type                    string          `json:"type"`
			Vocab                   json.RawMessage `json:"vocab"`
			UnkToken                string          `json:"unk_token"`
			ContinuingSubwordPrefix *string         `json:"continuing_subword_prefix"`
			MaxInputCharsPerWord    int             `json:"max_input_chars_per_word"`
		} `json:"model"`
	}
	if err := json.Unmarshal(data, &t); err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrModel, path, err)
	}
	if t.Model.Type != "WordPiece" {
		return nil, fmt.Errorf("%w: %s: the tokenizer is %q; scout reads WordPiece tokenizers", ErrModel, path, t.Model.Type)
	}
	if err := json.Unmarshal(t.Model.Vocab, &s.vocab); err != nil {
		return nil, fmt.Errorf("%w: %s: the vocabulary: %v", ErrModel, path, err)
	}
	if len(s.vocab) == 0 {
		return nil, fmt.Errorf("%w: %s: the vocabulary is empty", ErrModel, path)
	}
	s.prefix = "##"
	if t.Model.ContinuingSubwordPrefix != nil {
		s.prefix = *t.Model.ContinuingSubwordPrefix
	}
	s.maxChars = t.Model.MaxInputCharsPerWord
	if s.maxChars <= 0 {
		s.maxChars = 100
	}
	if id, ok := s.vocab[t.Model.UnkToken]; ok {
		s.unknown = id
	}
	s.lowercase = t.Normalizer != nil && (t.Normalizer.Lowercase == nil || *t.Normalizer.Lowercase)
	return s, nil
}

// tokens splits text as BERT's tokenizer does (whitespace, then each
// punctuation character alone, lowercased if the tokenizer says so) and
// each word into WordPiece tokens, longest first; a word that cannot be
// spelled with the vocabulary is the unknown token, which is left out
// unless keepUnknown.
func (s *wordPiece) tokens(text string, keepUnknown bool, emit func(id int)) {
	if s.lowercase {
		text = strings.ToLower(text)
	}
	word := func(w string) {
		if len([]rune(w)) > s.maxChars {
			return
		}
		var ids []int
		for start := 0; start < len(w); {
			end := len(w)
			id := -1
			for ; end > start; end-- {
				piece := w[start:end]
				if start > 0 {
					piece = s.prefix + piece
				}
				if x, ok := s.vocab[piece]; ok {
					id = x
					break
				}
			}
			if id < 0 { // the whole word is unknown
				if keepUnknown && s.unknown >= 0 {
					emit(s.unknown)
				}
				return
			}
			ids = append(ids, id)
			start = end
		}
		for _, id := range ids {
			if keepUnknown || id != s.unknown {
				emit(id)
			}
		}
	}
	start := -1
	for i, r := range text {
		switch {
		case unicode.IsSpace(r) || unicode.IsPunct(r) || unicode.IsSymbol(r):
			if start >= 0 {
				word(text[start:i])
				start = -1
			}
			if !unicode.IsSpace(r) {
				word(string(r))
			}
		case start < 0:
			start = i
		}
	}
	if start >= 0 {
		word(text[start:])
	}
}
