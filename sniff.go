package scout

import (
	"io"
	"os"

	"github.com/scoutcode/scout/internal/filetype"
	"github.com/scoutcode/scout/internal/rank"
	"github.com/scoutcode/scout/internal/syntax"
)

// A file whose name has no extension (a script in bin/, libstdc++'s
// "vector") has the language and grammar its first lines name: a "#!"
// line's interpreter or an Emacs mode (filetype.Sniff). Where a file is
// read anyway, its data says (syntax.GrammarOf, rank.LangOfText); these
// read its head for the places that have only its path.

// grammarOfFile returns the grammar of the file at p (syntax.GrammarOf);
// "" for none, or when its head cannot be read.
func grammarOfFile(p string) string {
	if !filetype.BySource(p) {
		return syntax.Grammar(p)
	}
	return syntax.GrammarOf(p, fileHead(p))
}

// langOfFile returns the language of the file at p (rank.LangOfText).
func langOfFile(p string) rank.Lang {
	if !filetype.BySource(p) {
		return rank.LangOf(p)
	}
	return rank.LangOfText(p, fileHead(p))
}

// fileHead returns the first bytes of the file at p, as many as Sniff
// reads; nil when it cannot be read.
func fileHead(p string) []byte {
	f, err := os.Open(p)
	if err != nil {
		return nil
	}
	defer f.Close()
	b := make([]byte, filetype.SniffBytes)
	n, _ := io.ReadFull(f, b)
	return b[:n]
}
