// Package concept ranks chunks of code (definitions, and windows of lines
// between them) against a description in words, offline: BM25 over
// code-aware terms, with rules on top for what a code search wants first
// (a chunk that defines a queried symbol, words in the path, tests and
// vendored code last, diminishing returns for more chunks of one file).
// Every score is a sum of named integer signals, so a lead can say why it
// is one.
//
// The package knows nothing of files on disk, parsers or pages: the root
// package cuts files into chunks and hands them here.
package concept

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Terms calls emit for each term of text, in order: each identifier
// lowercased and whole, and, when it has parts (camelCase, snake_case,
// digits), each part as well. Every term is stemmed; stop words are
// dropped.
func Terms(text string, emit func(term string)) {
	identifiers(text, func(w string) { word(w, emit) })
}

// identifiers calls f with each identifier of text (a run of letters,
// digits and underscores), as written.
func identifiers(text string, f func(w string)) {
	for i := 0; i < len(text); {
		c := text[i]
		if !isWordByte(c) {
			if c < utf8.RuneSelf {
				i++
				continue
			}
			r, n := utf8.DecodeRuneInString(text[i:])
			if !unicode.IsLetter(r) {
				i += n
				continue
			}
		}
		j := i
		for j < len(text) {
			if isWordByte(text[j]) {
				j++
				continue
			}
			if text[j] < utf8.RuneSelf {
				break
			}
			r, n := utf8.DecodeRuneInString(text[j:])
			if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
				break
			}
			j += n
		}
		f(text[i:j])
		i = j
	}
}

// Words calls emit for each word of text as written: each run of letters
// and digits, lowercased, neither split nor stemmed.
func Words(text string, emit func(word string)) {
	start := -1
	for i, r := range text {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			emit(strings.ToLower(text[start:i]))
			start = -1
		}
	}
	if start >= 0 {
		emit(strings.ToLower(text[start:]))
	}
}

func isWordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// word emits the terms of one identifier.
func word(w string, emit func(string)) {
	if len(w) > 64 { // a hash, a base64 blob: nothing anyone would describe
		return
	}
	whole := strings.ToLower(strings.Trim(w, "_"))
	parts := 0
	splitParts(w, func(p string) {
		parts++
		if p != whole {
			emitTerm(p, emit)
		}
	})
	if parts != 1 || whole != "" {
		emitTerm(whole, emit)
	}
}

func emitTerm(t string, emit func(string)) {
	if t == "" {
		return
	}
	t = Stem(t)
	if stop[t] {
		return
	}
	emit(t)
}

// splitParts calls f with each lowercased part of an identifier:
// "parseHTTPRequest2" gives parse, http, request, 2; "max_body_size"
// gives max, body, size.
func splitParts(w string, f func(string)) {
	start := -1
	flush := func(end int) {
		if start >= 0 && end > start {
			f(strings.ToLower(w[start:end]))
		}
		start = -1
	}
	class := func(c byte) int { // 0 other, 1 lower, 2 upper, 3 digit
		switch {
		case c >= 'a' && c <= 'z':
			return 1
		case c >= 'A' && c <= 'Z':
			return 2
		case c >= '0' && c <= '9':
			return 3
		case c >= utf8.RuneSelf:
			return 1
		}
		return 0
	}
	for i := 0; i < len(w); i++ {
		c := class(w[i])
		if c == 0 {
			flush(i)
			continue
		}
		if start < 0 {
			start = i
			continue
		}
		p := class(w[i-1])
		switch {
		case c == 3 && p != 3, c != 3 && p == 3:
			flush(i)
			start = i
		case c == 2 && p == 1:
			flush(i)
			start = i
		case c == 1 && p == 2 && i-start > 1: // "HTTPRequest": the R starts "Request"
			flush(i - 1)
			start = i - 1
		}
	}
	flush(len(w))
}

// Stem strips the common English inflections, so that "retries",
// "retried", "retrying" and "retry" meet; -ation, -ate (-ated, -ating)
// and -ion after t or ss, with four letters or more before them, so that
// "validation", "validated" and "valid", "allocation" and "alloc",
// "configuration" and "configure", "deletion" and "delete", "creation"
// and "create" meet ("update", "version" are left whole); and the -y of a
// noun in -ery or -iry, so that "recovery" meets "recover" and "expiry"
// "expire". The same on both sides of a search is what matters, not the
// linguistics ("battery" meets "batter" too).
func Stem(t string) string {
	for _, suf := range []string{"ations", "ation", "ates", "ated", "ating", "ate"} {
		if b, ok := strings.CutSuffix(t, suf); ok && len(b) >= 4 {
			return b
		}
	}
	for _, suf := range []string{"ions", "ion"} {
		// After t or ss only: "version", "decision", "million" are no
		// verb with -ion.
		if b, ok := strings.CutSuffix(t, suf); ok && len(b) >= 4 && (strings.HasSuffix(b, "t") || strings.HasSuffix(b, "ss")) {
			return b
		}
	}
	t = inflection(t)
	if n := len(t); n > 4 && t[n-1] == 'e' && t[n-2] != 'e' {
		t = t[:n-1] // "parse", "parses", "parsed", "parsing" → "pars"
	}
	if n := len(t); n > 5 && (strings.HasSuffix(t, "ery") || strings.HasSuffix(t, "iry")) {
		t = t[:n-1] // the noun meets its verb: "recovery", "recover"; "expiry", "expire"
	}
	return t
}

func inflection(t string) string {
	n := len(t)
	switch {
	case n > 4 && strings.HasSuffix(t, "ies"):
		return t[:n-3] + "y"
	case n > 4 && strings.HasSuffix(t, "ied"):
		return t[:n-3] + "y"
	case n > 5 && strings.HasSuffix(t, "ing") && vowel(t[:n-3]):
		return undouble(t[:n-3])
	case n > 4 && strings.HasSuffix(t, "ed") && !strings.HasSuffix(t, "eed") && vowel(t[:n-2]):
		return undouble(t[:n-2])
	case n > 4 && (strings.HasSuffix(t, "sses") || strings.HasSuffix(t, "shes") || strings.HasSuffix(t, "ches") || strings.HasSuffix(t, "xes")):
		return t[:n-2]
	case n > 3 && t[n-1] == 's' && t[n-2] != 's' && t[n-2] != 'u' && t[n-2] != 'i':
		return t[:n-1]
	}
	return t
}

// vowel reports whether s has a vowel: "string" is no inflection of
// "str".
func vowel(s string) bool { return strings.ContainsAny(s, "aeiouy") }

// undouble drops the doubled consonant that "-ing" and "-ed" leave
// ("stopped", "stopping" → "stop").
func undouble(s string) string {
	n := len(s)
	if n >= 3 && s[n-1] == s[n-2] && !strings.ContainsRune("aeioulsz", rune(s[n-1])) {
		return s[:n-1]
	}
	return s
}

// stop holds the words that say nothing about which code is meant, as
// Stem leaves them: English function words, and the words agents use to
// ask ("the code that…", "where…", "function that…").
var stop = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`a an the and or but if then else of to in on at by for from with without
		into onto over under as is are was were be been being am do does did done this that these those it its
		there here which who whom whose what when where why how not no nor so than too very can could should would
		may might must shall will just only also any all each every some such other both either neither
		we you he she they them their our your my me us i
		code function func method part thing logic implementation one ones
		about again against between during through up down out off`) {
		m[Stem(w)] = true
	}
	return m
}()
