// Package ignore parses gitignore-format files and answers whether a path is
// ignored by one of them.
//
// A file's lines are read as git reads them:
//
//   - blank lines and lines starting with "#" are skipped ("\#" is a literal #);
//   - trailing spaces are dropped unless escaped ("trail\ " keeps one space);
//   - a leading "!" negates: a matching path is whitelisted ("\!" is literal);
//   - a trailing "/" makes the pattern match directories only;
//   - a pattern with a "/" at its start or in its middle is anchored: it is
//     matched against the whole path relative to the file's directory (a
//     leading "/" is then dropped); any other pattern is matched against the
//     base name at any depth.
//
// The last matching line of a file decides. Which file wins among several
// (.rgignore over .ignore over .gitignore, deeper over shallower) is the
// walker's business, not this package's.
//
// Two small liberties, both ripgrep's: a UTF-8 byte-order mark at the start
// of a file and a "\r" before each newline are ignored.
package ignore

import (
	"bytes"
	"fmt"
	"path"
	"strings"

	"github.com/scoutcode/scout/internal/glob"
)

// Decision is what a set of rules says about a path.
type Decision int8

const (
	None      Decision = iota // no rule matched
	Ignore                    // the last matching rule ignores the path
	Whitelist                 // the last matching rule is a negation ("!pattern")
)

func (d Decision) String() string {
	switch d {
	case Ignore:
		return "ignore"
	case Whitelist:
		return "whitelist"
	}
	return "none"
}

// Rule is one pattern line of an ignore file.
type Rule struct {
	Source  string // the file the rule came from, as given to Parse
	Line    int    // 1-based line number in Source
	Text    string // the line as written, without trailing spaces
	glob    *glob.Glob
	negate  bool
	dirOnly bool
	base    bool // matched against the base name, not the whole relative path
}

func (r *Rule) String() string { return fmt.Sprintf("%s:%d:%s", r.Source, r.Line, r.Text) }

// Rules is the parsed content of one ignore file. The zero value and nil
// hold no rules.
type Rules struct {
	rules []Rule
}

// Parse reads the content of an ignore file. source names the file in
// explanations; it is not opened.
func Parse(source string, data []byte) *Rules {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	r := &Rules{}
	for n, line := range strings.Split(string(data), "\n") {
		if rule, ok := parseLine(strings.TrimSuffix(line, "\r")); ok {
			rule.Source, rule.Line = source, n+1
			r.rules = append(r.rules, rule)
		}
	}
	return r
}

// FromPatterns builds rules from patterns given one per element, as a
// command line supplies them, with gitignore meaning.
func FromPatterns(source string, patterns []string) *Rules {
	r := &Rules{}
	for i, p := range patterns {
		if rule, ok := parseLine(p); ok {
			rule.Source, rule.Line = source, i+1
			r.rules = append(r.rules, rule)
		}
	}
	return r
}

func parseLine(line string) (Rule, bool) {
	line = trimTrailingSpaces(line)
	rule := Rule{Text: line}
	if line == "" || line[0] == '#' {
		return rule, false
	}
	if line[0] == '!' {
		rule.negate = true
		line = line[1:]
	}
	if strings.HasSuffix(line, "/") {
		rule.dirOnly = true
		line = strings.TrimRight(line, "/")
	}
	if line == "" {
		return rule, false
	}
	if strings.HasPrefix(line, "/") {
		line = line[1:]
	} else if !strings.Contains(line, "/") {
		rule.base = true
	}
	rule.glob = glob.Compile(line)
	return rule, true
}

// trimTrailingSpaces drops the trailing run of spaces that is not escaped,
// as git's trim_trailing_spaces does.
func trimTrailingSpaces(s string) string {
	lastSpace := -1
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ':
			if lastSpace < 0 {
				lastSpace = i
			}
		case '\\':
			i++
			if i >= len(s) {
				return s
			}
			lastSpace = -1
		default:
			lastSpace = -1
		}
	}
	if lastSpace >= 0 {
		return s[:lastSpace]
	}
	return s
}

// Len returns the number of rules.
func (r *Rules) Len() int {
	if r == nil {
		return 0
	}
	return len(r.rules)
}

// Negations reports how many rules are negations ("!pattern").
func (r *Rules) Negations() int {
	n := 0
	if r != nil {
		for i := range r.rules {
			if r.rules[i].negate {
				n++
			}
		}
	}
	return n
}

// Match returns the decision of the last rule that matches rel, a
// slash-separated path relative to the ignore file's directory, and that
// rule (nil with None).
func (r *Rules) Match(rel string, isDir bool) (Decision, *Rule) {
	if r == nil {
		return None, nil
	}
	base := path.Base(rel)
	for i := len(r.rules) - 1; i >= 0; i-- {
		rule := &r.rules[i]
		if rule.dirOnly && !isDir {
			continue
		}
		target := rel
		if rule.base {
			target = base
		}
		if !rule.glob.Match(target) {
			continue
		}
		if rule.negate {
			return Whitelist, rule
		}
		return Ignore, rule
	}
	return None, nil
}
