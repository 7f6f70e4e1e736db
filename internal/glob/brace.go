package glob

import "strings"

// MaxExpansions bounds how many patterns Expand returns; braces that would
// make more are left as they are.
const MaxExpansions = 256

// Expand expands brace alternatives as ripgrep's -g does: "*.{ts,tsx}"
// becomes "*.ts" and "*.tsx"; braces nest, "\{" is a literal brace, and a
// brace with no comma at its level or no closing brace is kept as written.
// A pattern without braces comes back alone.
func Expand(pattern string) []string {
	if !strings.Contains(pattern, "{") {
		return []string{pattern}
	}
	out := expand(pattern)
	if len(out) == 0 || len(out) > MaxExpansions {
		return []string{pattern}
	}
	return out
}

func expand(p string) []string {
	open := -1
	for i := 0; i < len(p); i++ {
		switch p[i] {
		case '\\':
			i++
		case '[':
			// A bracket expression holds no braces.
			if j := classEnd(p, i); j > 0 {
				i = j
			}
		case '{':
			if close, alts := alternatives(p, i); close > 0 {
				open = i
				var out []string
				for _, alt := range alts {
					for _, rest := range expand(alt + p[close+1:]) {
						out = append(out, p[:open]+rest)
						if len(out) > MaxExpansions {
							return out
						}
					}
				}
				return out
			}
		}
	}
	return []string{p}
}

// alternatives returns the index of the brace that closes the one at i,
// and the alternatives between them split at top-level commas; close is -1
// when there is no closing brace or no comma.
func alternatives(p string, i int) (close int, alts []string) {
	depth, start := 0, i+1
	for j := i; j < len(p); j++ {
		switch p[j] {
		case '\\':
			j++
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				if alts == nil {
					return -1, nil
				}
				return j, append(alts, p[start:j])
			}
		case ',':
			if depth == 1 {
				alts = append(alts, p[start:j])
				start = j + 1
			}
		}
	}
	return -1, nil
}

// classEnd returns the index of the ']' closing the bracket expression at
// i, or -1.
func classEnd(p string, i int) int {
	j := i + 1
	if j < len(p) && (p[j] == '!' || p[j] == '^') {
		j++
	}
	if j < len(p) && p[j] == ']' {
		j++
	}
	for ; j < len(p); j++ {
		if p[j] == ']' {
			return j
		}
	}
	return -1
}
