// Package glob matches slash-separated paths against git-style glob patterns.
//
// The semantics are git's wildmatch with WM_PATHNAME, the matcher behind
// .gitignore, so a pattern means here what it means to git:
//
//   - any run of bytes except '/'
//     ?        one byte except '/'
//     [...]    one byte from a set, never '/'; [!...] or [^...] negates; ranges
//     a-z; POSIX classes [:alpha:] and friends; \ escapes inside
//     **       only when it is a whole path component: "**/" matches zero or
//     more directories, "/**" at the end matches everything below,
//     "/**/" matches one slash or any directories between; elsewhere
//     ** is the same as *
//     \x       the byte x, literally
//
// Matching is byte-wise: '?' matches one byte, not one UTF-8 character (as in
// git). A malformed pattern (an unterminated [ or an unknown [:class:])
// compiles, and matches nothing, as in git.
//
// Worked example: "src/**/*_test.go" matches "src/a_test.go" (the "**/" eats
// zero directories), "src/x/y/b_test.go", but not "src/a_test.go/c" (the
// last "*" cannot cross a '/') nor "lib/src/a_test.go" (the pattern is
// matched against the whole path).
//
// Compile classifies a pattern so that the common shapes, a plain name, "*.ext"
// and "prefix*", are tested with a string comparison instead of the general
// backtracking matcher. Both paths give the same answers (see the fuzz test).
package glob

import (
	"fmt"
	"strings"
)

// Glob is a compiled pattern. The zero value matches nothing.
type Glob struct {
	pattern string
	kind    kind
	lit     string // the literal for kindLiteral, the suffix for kindSuffix, the prefix for kindPrefix
}

type kind uint8

const (
	kindNone    kind = iota // matches nothing
	kindLiteral             // no special bytes: equality
	kindSuffix              // "*" followed by a literal without '/'
	kindPrefix              // a literal without '/' followed by "*"
	kindAny                 // "*" alone: any path without '/'
	kindGeneral             // everything else: wildmatch
)

// Compile returns the glob for pattern. It never fails: a malformed pattern
// matches nothing, which is what git does with it.
func Compile(pattern string) *Glob {
	g := &Glob{pattern: pattern, kind: kindGeneral}
	switch {
	case !hasMeta(pattern):
		g.kind, g.lit = kindLiteral, pattern
	case pattern == "*":
		g.kind = kindAny
	case len(pattern) > 1 && pattern[0] == '*' && !hasMeta(pattern[1:]) && !strings.Contains(pattern, "/"):
		g.kind, g.lit = kindSuffix, pattern[1:]
	case len(pattern) > 1 && pattern[len(pattern)-1] == '*' && !hasMeta(pattern[:len(pattern)-1]) && !strings.Contains(pattern, "/"):
		g.kind, g.lit = kindPrefix, pattern[:len(pattern)-1]
	}
	return g
}

// String returns the pattern the glob was compiled from.
func (g *Glob) String() string { return g.pattern }

// Literal reports the pattern's text and true when the pattern has no special
// bytes, so that callers can index such patterns by name.
func (g *Glob) Literal() (string, bool) {
	return g.lit, g.kind == kindLiteral
}

// Match reports whether path matches the whole pattern.
func (g *Glob) Match(path string) bool {
	switch g.kind {
	case kindLiteral:
		return path == g.lit
	case kindAny:
		return !strings.Contains(path, "/")
	case kindSuffix:
		return strings.HasSuffix(path, g.lit) && !strings.Contains(path, "/")
	case kindPrefix:
		return strings.HasPrefix(path, g.lit) && !strings.Contains(path[len(g.lit):], "/")
	case kindGeneral:
		return wildmatch(g.pattern, path) == matched
	}
	return false
}

func hasMeta(s string) bool {
	return strings.ContainsAny(s, `*?[\`)
}

// result is wildmatch's answer. The two abort values prune the search, as in
// git: abortAll means no shorter or longer split can match either;
// abortToStarStar means only an enclosing "**" may still try further.
type result uint8

const (
	matched result = iota
	noMatch
	abortAll
	abortToStarStar
)

// wildmatch matches text against pattern p from their starts. It follows the
// structure of git's dowild: a loop over the pattern that recurses only at
// stars.
func wildmatch(p, text string) result {
	pi, ti := 0, 0
	for ; pi < len(p); pi, ti = pi+1, ti+1 {
		pc := p[pi]
		if ti >= len(text) && pc != '*' {
			return abortAll
		}
		switch pc {
		case '\\':
			pi++
			if pi >= len(p) || text[ti] != p[pi] {
				return noMatch
			}
		case '?':
			if text[ti] == '/' {
				return noMatch
			}
		case '*':
			return star(p, pi, text, ti)
		case '[':
			n, ok, malformed := matchClass(p[pi:], text[ti])
			if malformed {
				return abortAll
			}
			if !ok || text[ti] == '/' {
				return noMatch
			}
			pi += n - 1
		default:
			if text[ti] != pc {
				return noMatch
			}
		}
	}
	if ti < len(text) {
		return noMatch
	}
	return matched
}

// star handles a '*' at p[pi] against text[ti:].
func star(p string, pi int, text string, ti int) result {
	matchSlash := false
	if pi+1 < len(p) && p[pi+1] == '*' {
		prev := pi - 1
		pi++
		for pi+1 < len(p) && p[pi+1] == '*' {
			pi++
		}
		// pi is now the last '*' of the run.
		rest := p[pi+1:]
		if (prev < 0 || p[prev] == '/') && (rest == "" || rest[0] == '/' || strings.HasPrefix(rest, `\/`)) {
			if rest != "" && rest[0] == '/' && wildmatch(rest[1:], text[ti:]) == matched {
				return matched // "**/" matching zero directories
			}
			matchSlash = true
		}
	}
	rest := p[pi+1:]
	if rest == "" {
		if !matchSlash && strings.Contains(text[ti:], "/") {
			return noMatch
		}
		return matched
	}
	if !matchSlash && rest[0] == '/' {
		// A single '*' followed by '/' matches the rest of this component.
		slash := strings.IndexByte(text[ti:], '/')
		if slash < 0 {
			return noMatch
		}
		return wildmatch(rest, text[ti+slash:])
	}
	for ; ti < len(text); ti++ {
		r := wildmatch(rest, text[ti:])
		if r != noMatch {
			if !matchSlash || r != abortToStarStar {
				return r
			}
		} else if !matchSlash && text[ti] == '/' {
			return abortToStarStar
		}
	}
	return abortAll
}

// Check returns an error naming the first malformed part of pattern: a [
// that starts a set which is not closed or names an unknown [:class:], or
// a \ with nothing after it. Compile accepts such a pattern and matches
// nothing with it, as git does in ignore files; a pattern a person typed
// should be refused instead.
func Check(pattern string) error {
	for i := 0; i < len(pattern); i++ {
		switch pattern[i] {
		case '\\':
			if i+1 >= len(pattern) {
				return fmt.Errorf("it ends in a lone \\ (escape a backslash as \\\\)")
			}
			i++
		case '[':
			n, _, malformed := matchClass(pattern[i:], 0)
			if malformed {
				return fmt.Errorf("the [ at byte %d starts a set that is not closed or names an unknown [:class:] (to match a [ itself, escape it: \\[)", i)
			}
			i += n - 1
		}
	}
	return nil
}
