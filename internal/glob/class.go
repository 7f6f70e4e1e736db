package glob

// matchClass matches byte c against the bracket expression that starts p
// (p[0] == '['). It returns the length of the expression, whether c is in
// the set, and whether the expression is malformed (unterminated, or an
// unknown [:class:]), in which case git's wildmatch gives up on the whole
// pattern.
//
// The rules are git's: the first byte after "[" (or after "[!" / "[^") is
// taken literally even when it is ']'; "a-z" is a range unless '-' is the
// first or last byte of the set; "\x" is x; "[:name:]" is a POSIX class,
// and "[:" without a closing ":]" is an ordinary '['.
func matchClass(p string, c byte) (n int, ok bool, malformed bool) {
	i := 1
	if i >= len(p) {
		return 0, false, true
	}
	negated := false
	if p[i] == '!' || p[i] == '^' {
		negated = true
		i++
	}
	var prev byte // the previous set member, 0 after a range or a class
	first := true
	for {
		if i >= len(p) {
			return 0, false, true
		}
		pc := p[i]
		if pc == ']' && !first {
			break
		}
		first = false
		switch {
		case pc == '\\':
			i++
			if i >= len(p) {
				return 0, false, true
			}
			pc = p[i]
			if c == pc {
				ok = true
			}
		case pc == '-' && prev != 0 && i+1 < len(p) && p[i+1] != ']':
			i++
			hi := p[i]
			if hi == '\\' {
				i++
				if i >= len(p) {
					return 0, false, true
				}
				hi = p[i]
			}
			if c >= prev && c <= hi {
				ok = true
			}
			pc = 0
		case pc == '[' && i+1 < len(p) && p[i+1] == ':':
			end := i + 2
			for end < len(p) && p[end] != ']' {
				end++
			}
			if end >= len(p) {
				return 0, false, true
			}
			name := p[i+2 : end]
			if len(name) == 0 || name[len(name)-1] != ':' {
				// No ":]": an ordinary '[' member; continue after it.
				if c == '[' {
					ok = true
				}
				break
			}
			in, known := posixClass(name[:len(name)-1], c)
			if !known {
				return 0, false, true
			}
			if in {
				ok = true
			}
			i = end
			pc = 0
		default:
			if c == pc {
				ok = true
			}
		}
		prev = pc
		i++
	}
	return i + 1, ok != negated, false
}

// posixClass reports whether c is in the named POSIX class, and whether the
// name is known.
func posixClass(name string, c byte) (in, known bool) {
	lower := c >= 'a' && c <= 'z'
	upper := c >= 'A' && c <= 'Z'
	digit := c >= '0' && c <= '9'
	switch name {
	case "alnum":
		return lower || upper || digit, true
	case "alpha":
		return lower || upper, true
	case "blank":
		return c == ' ' || c == '\t', true
	case "cntrl":
		return c < 0x20 || c == 0x7f, true
	case "digit":
		return digit, true
	case "graph":
		return c > 0x20 && c < 0x7f, true
	case "lower":
		return lower, true
	case "print":
		return c >= 0x20 && c < 0x7f, true
	case "punct":
		return c > 0x20 && c < 0x7f && !lower && !upper && !digit, true
	case "space":
		return c == ' ' || (c >= '\t' && c <= '\r'), true
	case "upper":
		return upper, true
	case "xdigit":
		return digit || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'), true
	}
	return false, false
}
