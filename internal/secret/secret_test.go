package secret

import (
	"strings"
	"testing"
)

func TestLine(t *testing.T) {
	tok := strings.Repeat("a1B2c3D4e5F6", 3)
	for _, c := range []struct {
		style     Style
		line, out string
	}{
		// Assignments, in each spelling.
		{Config, "DB_PASSWORD=correct-horse", "DB_PASSWORD=[REDACTED:password]"},
		{Config, "  password: hunter2-long", "  password: [REDACTED:password]"},
		{Config, `"api_key": "abcdef123456",`, `"api_key": "[REDACTED:api-key]",`},
		{Code, `dbPassword := "go-literal"`, `dbPassword := "[REDACTED:password]"`},
		{Code, `self.client_secret = 'abcdefgh'`, `self.client_secret = '[REDACTED:secret]'`},
		{Code, `{:auth_token => "abcdefgh"}`, `{:auth_token => "[REDACTED:token]"}`},
		// Not secrets.
		{Code, `password := getPassword()`, `password := getPassword()`},
		{Code, `token := p.next()`, `token := p.next()`},
		{Config, `PASSWORD=${DB_PASSWORD}`, `PASSWORD=${DB_PASSWORD}`},
		{Config, `password: <your password>`, `password: <your password>`},
		{Config, `"js-tokens": "4.0.0"`, `"js-tokens": "4.0.0"`},
		{Code, `const tokenizer = "bpe-model"`, `const tokenizer = "bpe-model"`},
		{Code, `token.ADD: "+",`, `token.ADD: "+",`},
		{Code, `api_key = "xxxxxxxx"`, `api_key = "xxxxxxxx"`},
		{Code, `x := a.b // no secret here`, `x := a.b // no secret here`},
		// Token formats keep their public prefix.
		{Code, `gh := "ghp_` + tok + `"`, `gh := "ghp_[REDACTED:github-token]"`},
		{Code, "key: AKIAIOSFODNN7EXAMPLE", "key: AKIA[REDACTED:aws-access-key]"},
		{Code, "see https://user:p4ssw0rd@example.com/x", "see https://user:[REDACTED:url-password]@example.com/x"},
		{Code, "-----BEGIN RSA PRIVATE KEY-----", "-----BEGIN RSA PRIVATE KEY-----"},
	} {
		got, changed := Line(c.line, c.style)
		if got != c.out || changed != (c.line != c.out) {
			t.Errorf("Line(%q) = %q, %v; want %q", c.line, got, changed, c.out)
		}
	}
}

func TestBlocks(t *testing.T) {
	data := "a\n-----BEGIN EC PRIVATE KEY-----\nMHcCAQEE\nIDRX\n-----END EC PRIVATE KEY-----\nb\n"
	got := Blocks([]byte(data), 10)
	if len(got) != 2 || !got[12] || !got[13] {
		t.Errorf("Blocks = %v, want lines 12 and 13", got)
	}
	if Blocks([]byte("-----BEGIN CERTIFICATE-----\nMII\n"), 1) != nil {
		t.Error("a certificate is not a private key")
	}
}

func TestStyleOf(t *testing.T) {
	for p, want := range map[string]Style{".env": Config, "x/.env.local": Config, "a.yaml": Config, "c/app.json": Config, "main.go": Code, "a.py": Code} {
		if got := StyleOf(p); got != want {
			t.Errorf("StyleOf(%q) = %v", p, got)
		}
	}
}

// FuzzLine: masking never panics, is idempotent, and never makes a line
// longer by more than its masks.
func FuzzLine(f *testing.F) {
	f.Add("password = \"abcdefgh\"", true)
	f.Add("https://u:p@h", false)
	f.Add("ghp_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", false)
	f.Fuzz(func(t *testing.T, line string, config bool) {
		style := Code
		if config {
			style = Config
		}
		once, _ := Line(line, style)
		twice, _ := Line(once, style)
		if once != twice {
			t.Fatalf("not idempotent: %q -> %q -> %q", line, once, twice)
		}
	})
}

// TestLongValuesMaskedWhole: a value longer than 200 bytes is masked to
// its end, quoted or bare (a bound of 200 once showed a long secret's tail
// and left a long quoted one whole; FuzzLine found it).
func TestLongValuesMaskedWhole(t *testing.T) {
	long := strings.Repeat("0a1b2c3d", 40) // 320 bytes
	for _, c := range []struct {
		line  string
		style Style
	}{
		{"pwd=" + long, Config},
		{`password = "` + long + `"`, Code},
		{"api_key: " + long, Config},
	} {
		got, masked := Line(c.line, c.style)
		if !masked || strings.Contains(got, "0a1b") {
			t.Errorf("%.30q…: %q", c.line, got)
		}
	}
}
