// Package secret masks values that look like secrets in the lines scout
// shows an agent: what an agent is shown goes to a model provider, and
// keys and tokens do not belong there. Searching is unchanged (a line with
// a token still matches); only what is shown is masked.
//
// # Masks
//
// A secret is replaced by "[REDACTED:kind]", keeping what is not secret
// around it: the name it is assigned to, its quotes, and the public prefix
// of a token format, so the line stays readable and the prefix findable:
//
//	AWS_SECRET_ACCESS_KEY=[REDACTED:aws-secret-key]
//	token: "ghp_[REDACTED:github-token]"
//	-----BEGIN RSA PRIVATE KEY-----
//	[REDACTED:private-key]
//
// # Rules
//
// Token formats, recognised anywhere by their shape (the de facto rule set
// is gitleaks'; these are written for scout after its rules): AWS access
// key ids and secret keys, GitHub tokens (classic and fine-grained),
// GitLab, Slack tokens and webhooks, Stripe secret and restricted keys,
// Google API keys, OpenAI, Anthropic, npm, PyPI, SendGrid, Twilio,
// Mailgun, Shopify and DigitalOcean tokens, Azure storage keys, JWTs,
// passwords in URLs, and the lines of a PEM private key block (see Blocks:
// they need the lines around them).
//
// Assignments: a value assigned to a name that says it is secret (password,
// passwd, pwd, secret, token, api_key, apikey, access_key, private_key,
// client_secret, auth, credentials, …), in .env files, YAML, JSON, TOML,
// INI, properties and code: NAME=value, name: value, "name": "value",
// name = "value", name := "value". In code the value must be a string
// literal (password := getPassword() is not a secret); placeholders
// (${VAR}, <token>, {{token}}, xxx, ***, changeme, empty) are left alone.
package secret

import (
	"bytes"
	"regexp"
	"strings"
	"sync"
)

// Mask returns the mask for a secret of a kind.
func Mask(kind string) string { return "[REDACTED:" + kind + "]" }

// rule is a token format: re matches it, and the submatch named "s" (else
// the whole match) is what is masked.
type rule struct {
	kind  string
	hints []string // literals one of which every match holds, to skip the regexp cheaply
	re    string
}

var rules = []rule{
	{"aws-access-key", []string{"AKIA", "ASIA", "ABIA", "ACCA", "AGPA", "AIDA", "AROA", "AIPA", "ANPA", "ANVA"}, `\b(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA)(?P<s>[A-Z0-9]{16})\b`},
	{"github-token", []string{"ghp_", "gho_", "ghu_", "ghs_", "ghr_"}, `\bgh[pousr]_(?P<s>[A-Za-z0-9]{36,255})\b`},
	{"github-token", []string{"github_pat_"}, `\bgithub_pat_(?P<s>[A-Za-z0-9_]{60,255})\b`},
	{"gitlab-token", []string{"glpat-", "gldt-", "glrt-", "glptt-", "glft-", "glsoat-"}, `\bgl(?:pat|dt|rt|ptt|ft|soat)-(?P<s>[A-Za-z0-9_-]{20,})`},
	{"slack-token", []string{"xox"}, `\bxox[abposr]-(?P<s>[A-Za-z0-9-]{10,})`},
	{"slack-token", []string{"xapp-"}, `\bxapp-(?P<s>\d-[A-Za-z0-9]+-\d+-[a-z0-9]+)`},
	{"slack-webhook", []string{"hooks.slack.com"}, `hooks\.slack\.com/(?:services|workflows)/(?P<s>[A-Za-z0-9+/_-]{20,})`},
	{"stripe-key", []string{"k_live_"}, `\b(?:sk|rk)_live_(?P<s>[A-Za-z0-9]{10,99})\b`},
	{"stripe-key", []string{"k_test_"}, `\b(?:sk|rk)_test_(?P<s>[A-Za-z0-9]{10,99})\b`},
	{"google-api-key", []string{"AIza"}, `\bAIza(?P<s>[0-9A-Za-z_-]{35})`},
	{"openai-key", []string{"sk-"}, `\bsk-(?:proj-|svcacct-|admin-)?(?P<s>[A-Za-z0-9_-]{20,}T3BlbkFJ[A-Za-z0-9_-]{20,}|[A-Za-z0-9_-]{40,})`},
	{"anthropic-key", []string{"sk-ant-"}, `\bsk-ant-(?:api|admin)\d\d-(?P<s>[A-Za-z0-9_-]{40,})`},
	{"npm-token", []string{"npm_"}, `\bnpm_(?P<s>[A-Za-z0-9]{36})\b`},
	{"pypi-token", []string{"pypi-"}, `\bpypi-(?P<s>AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,})`},
	{"sendgrid-key", []string{"SG."}, `\bSG\.(?P<s>[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43})\b`},
	{"twilio-key", []string{"SK"}, `\bSK(?P<s>[0-9a-f]{32})\b`},
	{"mailgun-key", []string{"key-"}, `\bkey-(?P<s>[0-9a-f]{32})\b`},
	{"shopify-token", []string{"shpat_", "shpca_", "shppa_", "shpss_"}, `\bshp(?:at|ca|pa|ss)_(?P<s>[a-fA-F0-9]{32})\b`},
	{"digitalocean-token", []string{"_v1_"}, `\bdo[opr]_v1_(?P<s>[a-f0-9]{64})\b`},
	{"azure-storage-key", []string{"AccountKey="}, `AccountKey=(?P<s>[A-Za-z0-9+/]{86}==)`},
	{"jwt", []string{"eyJ"}, `\beyJ(?P<s>[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,})`},
	{"url-password", []string{"://"}, `\b[a-zA-Z][a-zA-Z0-9+.-]{1,20}://[^\s:/@"'` + "`" + `]{1,64}:(?P<s>[^\s@/"'` + "`" + `]{3,128})@[A-Za-z0-9.-]+`},
	{"private-key", []string{"PRIVATE KEY"}, `-----BEGIN[A-Z0-9 ]{0,30} PRIVATE KEY(?: BLOCK)?-----(?P<s>[A-Za-z0-9+/=\\\s]{20,})-----END`},
}

// secretName matches a name whose value is a secret.
var secretName = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)^[A-Za-z0-9_.-]*?(?:passwd|password|passphrase|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|client[_-]?secret|auth[_-]?key|credentials?|connection[_-]?string|dsn)[A-Za-z0-9_.-]*$`)
})

// value matches what follows a name in an assignment, in its usual
// spellings (=, :=, :, =>): a string literal (the value in submatch 2) or,
// in config files, a bare word (submatch 3). Neither has an upper bound: a
// bound of 200 bytes left a longer secret's tail shown ("[REDACTED]0"),
// and a longer quoted one unmasked.
var value = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^["']?\s*(?:=|:=|:|=>)\s*(?:(["'` + "`" + `])([^"'` + "`" + `\s]{4,}?)["'` + "`" + `]|([^\s"'` + "`" + `,;#]{6,}))`)
})

type compiled struct {
	rule
	re *regexp.Regexp
	s  int // the submatch to mask
}

var compiledRules = sync.OnceValue(func() []compiled {
	out := make([]compiled, len(rules))
	for i, r := range rules {
		re := regexp.MustCompile(r.re)
		out[i] = compiled{rule: r, re: re, s: re.SubexpIndex("s")}
	}
	return out
})

// Style says how a file writes assignments: where an unquoted value is a
// value (a config file) and where it is code (an expression).
type Style uint8

const (
	Code   Style = iota // a value must be a string literal
	Config              // .env, YAML, TOML, INI, properties: a bare word is a value
)

// StyleOf returns the style of a file by its name.
func StyleOf(path string) Style {
	base := path[strings.LastIndexByte(path, '/')+1:]
	lower := strings.ToLower(base)
	switch {
	case lower == ".env" || strings.HasPrefix(lower, ".env.") || strings.HasSuffix(lower, ".env"),
		lower == ".npmrc", lower == ".pypirc", lower == ".netrc", lower == "credentials":
		return Config
	}
	for _, ext := range []string{".yaml", ".yml", ".toml", ".ini", ".cfg", ".conf", ".properties", ".json", ".env"} {
		if strings.HasSuffix(lower, ext) {
			return Config
		}
	}
	return Code
}

// Line returns line with its secrets masked, and whether it masked any.
func Line(line string, style Style) (string, bool) {
	if !maybe(line) {
		return line, false
	}
	type cut struct {
		start, end int
		kind       string
	}
	var cuts []cut
	for _, r := range compiledRules() {
		if !containsAny(line, r.hints) {
			continue
		}
		for _, m := range r.re.FindAllStringSubmatchIndex(line, -1) {
			s, e := m[0], m[1]
			if r.s > 0 && m[2*r.s] >= 0 {
				s, e = m[2*r.s], m[2*r.s+1]
			}
			cuts = append(cuts, cut{s, e, r.kind})
		}
	}
	if strings.ContainsAny(line, "=:") {
		assignments(line, style, func(s, e int, kind string) { cuts = append(cuts, cut{s, e, kind}) })
	}
	if len(cuts) == 0 {
		return line, false
	}
	// Mask from the right, skipping cuts inside one already made.
	sortCuts := func() {
		for i := 1; i < len(cuts); i++ {
			for j := i; j > 0 && (cuts[j].start < cuts[j-1].start || cuts[j].start == cuts[j-1].start && cuts[j].end > cuts[j-1].end); j-- {
				cuts[j], cuts[j-1] = cuts[j-1], cuts[j]
			}
		}
	}
	sortCuts()
	var b strings.Builder
	at := 0
	for _, c := range cuts {
		if c.start < at {
			continue
		}
		b.WriteString(line[at:c.start])
		b.WriteString(Mask(c.kind))
		at = c.end
	}
	b.WriteString(line[at:])
	return b.String(), true
}

// maybe reports whether a line may hold a secret: it holds a character
// every rule needs. Most lines of code are ruled out here, in one pass.
func maybe(line string) bool {
	return strings.ContainsAny(line, "=:_-.")
}

func containsAny(s string, subs []string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// assignments calls add for the value of each assignment in line to a
// name that says it is secret. It looks only where such a word is.
func assignments(line string, style Style, add func(start, end int, kind string)) {
	for i := 0; i < len(line); {
		j := secretWord(line, i)
		if j < 0 {
			return
		}
		a, b := j, j
		for a > 0 && identChar(line[a-1]) {
			a--
		}
		for b < len(line) && identChar(line[b]) {
			b++
		}
		i = b
		name := line[a:b]
		if !secretName().MatchString(name) || notSecretName(name) {
			continue
		}
		m := value().FindStringSubmatchIndex(line[b:])
		if m == nil {
			continue
		}
		s, e := m[4], m[5]
		if s < 0 {
			if style == Code {
				continue // a bare word in code is an expression, not a value
			}
			s, e = m[6], m[7]
		}
		if placeholder(line[b+s : b+e]) {
			continue
		}
		add(b+s, b+e, kindOf(name))
		i = b + e
	}
}

func identChar(c byte) bool {
	return c == '_' || c == '.' || c == '-' || (c|0x20 >= 'a' && c|0x20 <= 'z') || (c >= '0' && c <= '9')
}

// secretWords are the words a secret's name is made of, by their first
// letter, so that most bytes are passed over with one comparison.
var secretWords = [...][]string{
	'c' - 'a': {"cred", "connection"}, 'd' - 'a': {"dsn"}, 'k' - 'a': {"key"},
	'p' - 'a': {"pass", "pwd"}, 's' - 'a': {"secret"}, 't' - 'a': {"token"},
}

// secretWord returns the offset of the first word a secret's name is made
// of (secretWords), in any case, at or after from; -1 for none.
func secretWord(s string, from int) int {
	for i := from; i < len(s); i++ {
		c := s[i] | 0x20
		if c < 'c' || c > 't' {
			continue
		}
		for _, w := range secretWords[c-'a'] {
			if hasFold(s[i:], w) {
				return i
			}
		}
	}
	return -1
}

// hasFold reports whether s starts with word (lower case ASCII), in any
// case.
func hasFold(s, word string) bool {
	if len(s) < len(word) {
		return false
	}
	for i := 0; i < len(word); i++ {
		if s[i]|0x20 != word[i] {
			return false
		}
	}
	return true
}

// placeholder reports whether a value only stands for a secret.
func placeholder(v string) bool {
	lower := strings.ToLower(strings.Trim(v, `"'`))
	switch {
	case lower == "", strings.HasPrefix(lower, "${"), strings.HasPrefix(lower, "$"), strings.HasPrefix(lower, "<") && strings.HasSuffix(lower, ">"),
		strings.HasPrefix(lower, "{{"), strings.HasPrefix(lower, "%("), strings.HasPrefix(lower, "process.env"), strings.HasPrefix(lower, "os.getenv"),
		strings.Trim(lower, "x*.-_") == "", lower == "changeme", lower == "password", lower == "secret", lower == "none", lower == "null",
		lower == "true", lower == "false", lower == "required", lower == "optional", lower == "string",
		version(lower):
		return true
	}
	return false
}

// version reports whether v reads as a version number (4.0.0, ^1.2, ~3).
func version(v string) bool {
	v = strings.TrimLeft(v, "^~>=<v")
	dots := 0
	for i := 0; i < len(v); i++ {
		switch c := v[i]; {
		case c == '.':
			dots++
		case c < '0' || c > '9':
			return false
		}
	}
	return v != "" && dots > 0
}

// notSecretName reports whether a name that holds a secret's word names
// something about secrets, not one: tokenizer, tokens, token_type,
// password_length, secret_name.
func notSecretName(name string) bool {
	n := strings.ToLower(name)
	for _, w := range []string{"token", "secret", "password", "passwd", "key"} {
		i := strings.LastIndex(n, w)
		if i < 0 {
			continue
		}
		if strings.HasPrefix(n[i+len(w):], ".") {
			return true // a selector: token.ADD
		}
		rest := strings.TrimLeft(n[i+len(w):], "_-")
		switch {
		case rest == "" || rest == "value" || rest == "base" || rest == "hash" || rest == "fallback":
			return false
		case strings.HasPrefix(rest, "s") && !strings.HasPrefix(rest, "sec"), strings.HasPrefix(rest, "iz"),
			strings.HasPrefix(rest, "type"), strings.HasPrefix(rest, "kind"), strings.HasPrefix(rest, "name"),
			strings.HasPrefix(rest, "len"), strings.HasPrefix(rest, "count"), strings.HasPrefix(rest, "size"),
			strings.HasPrefix(rest, "file"), strings.HasPrefix(rest, "path"), strings.HasPrefix(rest, "url"),
			strings.HasPrefix(rest, "id"), strings.HasPrefix(rest, "field"), strings.HasPrefix(rest, "header"):
			return true
		}
		return false
	}
	return false
}

// kindOf names the kind of an assigned secret by the name it is assigned
// to.
func kindOf(name string) string {
	n := strings.ToLower(name)
	switch {
	case strings.Contains(n, "aws") && strings.Contains(n, "secret"):
		return "aws-secret-key"
	case strings.Contains(n, "pass") || strings.Contains(n, "pwd"):
		return "password"
	case strings.Contains(n, "private"):
		return "private-key"
	case strings.Contains(n, "token"):
		return "token"
	case strings.Contains(n, "key"):
		return "api-key"
	case strings.Contains(n, "connection") || strings.Contains(n, "dsn"):
		return "connection-string"
	case strings.Contains(n, "cred"):
		return "credentials"
	}
	return "secret"
}

// Blocks returns the line numbers (firstLine for data's first line) of the
// lines inside PEM private key blocks of data, between their BEGIN and END
// lines: each is masked whole, since alone a line of base64 says nothing.
func Blocks(data []byte, firstLine int) map[int]bool {
	if !bytes.Contains(data, []byte("PRIVATE KEY")) {
		return nil
	}
	out := map[int]bool{}
	in := false
	n := firstLine
	for len(data) > 0 {
		i := bytes.IndexByte(data, '\n')
		line := data
		if i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		switch {
		case bytes.Contains(line, []byte("-----BEGIN")) && bytes.Contains(line, []byte("PRIVATE KEY")):
			in = !bytes.Contains(line, []byte("-----END"))
		case in && bytes.Contains(line, []byte("-----END")):
			in = false
		case in:
			out[n] = true
		}
		n++
	}
	return out
}
