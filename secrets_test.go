package scout_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scoutcode/scout"
)

// planted is a secret planted in the corpus: the line that holds it, the
// part of it that must never be shown, and what an agent would search for
// to find it: the name it is assigned to, and its public prefix.
type planted struct {
	kind   string
	file   string
	line   string // with {S} where the secret goes
	secret string
	key    string // a word of the line before the secret
	prefix string // the start of the value as written ("" when it is all secret)
}

// rep builds a token body without writing it out in the source (no
// scanner should flag these test files).
func rep(s string, n int) string { return strings.Repeat(s, n)[:n] }

// corpus returns the planted secrets: at least 40, of at least 20 kinds.
func corpus() []planted {
	hex32 := rep("0f3a9c1e", 32)
	b64 := rep("Zx9Qw3Er7Ty1Ui5Op2As6Df8", 40)
	jwt := "eyJ" + rep("hbGciOiJIUzI1NiJ9", 20) + ".eyJ" + rep("zdWIiOiIxMjM0NTY3ODkwIn0", 24) + "." + rep("SflKxwRJSMeKKF2QT4fw", 30)
	var out []planted
	add := func(kind, file, line, secret, key, prefix string) {
		out = append(out, planted{kind, file, line, secret, key, prefix})
	}
	add("aws-access-key", "config/aws.ini", "aws_access_key_id = AKIA{S}", rep("IOSFODNN7EXAMPLEQ", 16), "aws_access_key_id", "AKIA")
	add("aws-secret-key", "config/aws.ini", "aws_secret_access_key = {S}", rep("wJalrXUtnFEMIK7MDENGbPxRfiCY", 40), "aws_secret_access_key", "")
	add("aws-secret-key", ".env", "AWS_SECRET_ACCESS_KEY={S}", rep("k7MDENGbPxRfiCYwJalrXUtnFEMI", 40), "AWS_SECRET_ACCESS_KEY", "")
	add("github-token", "ci/deploy.sh", `export GITHUB_TOKEN="ghp_{S}"`, rep("a1B2c3D4e5F6", 36), "GITHUB_TOKEN", "ghp_")
	add("github-token", "src/client.py", `TOKEN_FALLBACK = "gho_{S}"`, rep("Zz9Yy8Xx7Ww6", 36), "TOKEN_FALLBACK", "gho_")
	add("github-token", "docs/setup.md", "Use github_pat_{S} for the bot.", rep("11ABCDEFG0_abcdefghijklmn", 82), "bot", "github_pat_")
	add("gitlab-token", ".env", "GITLAB_TOKEN=glpat-{S}", rep("xY7zW9vU3tS1", 20), "GITLAB_TOKEN", "glpat-")
	add("slack-token", "config/slack.yaml", "bot_token: xoxb-{S}", "123456789012-1234567890123-"+rep("AbCdEfGhIjKl", 24), "bot_token", "xoxb-")
	add("slack-token", "src/notify.go", `const slackUser = "xoxp-{S}"`, "123456789012-"+rep("a1b2c3d4", 30), "slackUser", "xoxp-")
	add("slack-webhook", "src/notify.go", `const hook = "https://hooks.slack.com/services/{S}"`, "T00000000/B00000000/"+rep("XXXXXXXXXXXXXXXXXXXXXXXX", 24), "hook", "https://hooks.slack.com")
	add("stripe-key", "billing/keys.js", `const stripe = require('stripe')('sk_live_{S}');`, rep("4eC39HqLyjWDarjtT1zdp7dc", 24), "stripe", "sk_live_")
	add("stripe-key", ".env", "STRIPE_RESTRICTED=rk_live_{S}", rep("51H8qZm2eZvKYlo2C", 30), "STRIPE_RESTRICTED", "rk_live_")
	add("google-api-key", "web/maps.html", `<script src="https://maps.example/api.js?key=AIza{S}"></script>`, rep("SyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY", 35), "maps", "AIza")
	add("openai-key", "ml/settings.py", `openai.api_key = "sk-proj-{S}"`, rep("abcDEF123ghiJKL456mnoPQR789stuVWX0", 48), "api_key", "sk-proj-")
	add("anthropic-key", ".env", "ANTHROPIC_API_KEY=sk-ant-api03-{S}", rep("Ab3Cd5Ef7Gh9-Ij1Kl3Mn5_", 90), "ANTHROPIC_API_KEY", "sk-ant-")
	add("npm-token", ".npmrc", "//registry.npmjs.org/:_authToken=npm_{S}", rep("abcdEFGH1234ijkl", 36), "_authToken", "npm_")
	add("pypi-token", ".pypirc", "password = pypi-AgEIcHlwaS5vcmc{S}", rep("CJGFiZGNkZWYtMTIzNC01Njc4", 60), "password", "pypi-")
	add("sendgrid-key", "mail/send.rb", `SENDGRID = "SG.{S}"`, rep("ngeVfQFYQlKU0ufo8x5d1A", 22)+"."+rep("TwL2iGABf9DHoTf-09kqeF8tAmbihYzrnopKc-1s5cr", 43), "SENDGRID", "SG.")
	add("twilio-key", "sms/twilio.py", `TWILIO_SID = "SK{S}"`, hex32, "TWILIO_SID", "SK")
	add("mailgun-key", "mail/mailgun.php", `$mg = Mailgun::create('key-{S}');`, rep("3a96fd4c3730e1b2", 32), "Mailgun", "key-")
	add("shopify-token", "shop/app.rb", `SHOPIFY = "shpat_{S}"`, hex32, "SHOPIFY", "shpat_")
	add("digitalocean-token", "infra/do.tf", `token = "dop_v1_{S}"`, rep(hex32, 64), "token", "dop_v1_")
	add("azure-storage-key", "config/azure.json", `"connection": "DefaultEndpointsProtocol=https;AccountName=acct;AccountKey={S};EndpointSuffix=core.windows.net"`, rep(b64, 86)+"==", "AccountName", "DefaultEndpointsProtocol")
	add("jwt", "tests/fixtures/auth.json", `"bearer": "eyJ{S}"`, jwt[3:], "bearer", "eyJ")
	add("url-password", "config/db.yaml", "url: postgres://app:{S}@db.internal:5432/app", "s3cr3t-Passw0rd-9", "postgres", "postgres://app")
	add("url-password", "README.md", "Clone with https://deploy:{S}@git.example.com/repo.git", "Tr0ub4dor-and-3", "Clone", "https://deploy")
	add("password", ".env", "DB_PASSWORD={S}", "correct-horse-battery", "DB_PASSWORD", "")
	add("password", "config/app.yaml", "  password: {S}", "hunter2-but-longer", "password", "")
	add("password", "config/app.json", `  "password": "{S}",`, "pa55w0rd-json-value", "password", "")
	add("password", "src/db.go", `	dbPassword := "{S}"`, "go-literal-pass-42", "dbPassword", "")
	add("password", "src/settings.py", `DATABASE_PASSWORD = '{S}'`, "py-single-quoted-7", "DATABASE_PASSWORD", "")
	add("password", "config/app.properties", "spring.datasource.password={S}", "props-Passw0rd-1", "spring", "")
	add("password", "config/app.toml", `admin_password = "{S}"`, "toml-pass-value-3", "admin_password", "")
	add("token", ".env", "SESSION_TOKEN={S}", rep("f00dfacecafe", 32), "SESSION_TOKEN", "")
	add("token", "src/app.ts", `const authToken = "{S}";`, rep("ts9token8value7", 30), "authToken", "")
	add("api-key", "config/app.yaml", "api_key: {S}", rep("k3y-v4lue-", 32), "api_key", "")
	add("api-key", "src/Main.java", `private static final String API_KEY = "{S}";`, rep("JavaKeyValue123", 28), "API_KEY", "")
	add("secret", "config/oauth.ini", "client_secret = {S}", rep("OaUtHsEcReT99", 30), "client_secret", "")
	add("secret", ".env.production", "JWT_SECRET={S}", rep("jwtSigningSecret", 40), "JWT_SECRET", "")
	add("secret", "src/config.rb", `config.secret_key_base = "{S}"`, rep("rubySecretKeyBase0", 64), "secret_key_base", "")
	add("connection-string", "config/app.yaml", "connection_string: {S}", rep("Server=db;Uid=sa;Pwd=Yukon900", 29), "connection_string", "")
	add("credentials", "deploy/values.yaml", "credentials: {S}", rep("Y3JlZGVudGlhbHMtdmFsdWU", 40), "credentials", "")
	add("private-key", "keys/id_rsa", "-----BEGIN RSA PRIVATE KEY-----\n{S}\n-----END RSA PRIVATE KEY-----", rep("MIIEpAIBAAKCAQEA7bq98s/", 64), "RSA", "")
	add("private-key", "keys/id_ed25519", "-----BEGIN OPENSSH PRIVATE KEY-----\n{S}\n-----END OPENSSH PRIVATE KEY-----", rep("b3BlbnNzaC1rZXktdjEAAAAABG5vbmU", 64), "OPENSSH", "")
	add("private-key", "config/gcp.json", `  "private_key": "-----BEGIN PRIVATE KEY-----\n{S}\n-----END PRIVATE KEY-----\n",`, rep("MIIEvQIBADANBgkqhkiG9w0BAQEFAASC", 64), "private_key", "")
	return out
}

// writeCorpus writes the corpus under dir, each secret on its own line
// between lines of context, and one inside a long line.
func writeCorpus(t *testing.T, dir string, secrets []planted) {
	t.Helper()
	files := map[string][]string{}
	var order []string
	for i, s := range secrets {
		if _, ok := files[s.file]; !ok {
			order = append(order, s.file)
		}
		body := strings.ReplaceAll(s.line, "{S}", s.secret)
		if strings.HasSuffix(s.file, ".json") && s.kind == "private-key" {
			body = strings.ReplaceAll(s.line, "\n", `\n`)
			body = strings.ReplaceAll(body, "{S}", s.secret)
		}
		files[s.file] = append(files[s.file], fmt.Sprintf("# before %d", i), body, fmt.Sprintf("# after %d", i))
	}
	// A long line with a secret in its middle: pages show a window of it.
	long := strings.Repeat("filler ", 300) + "token = \"ghp_" + rep("LongLineToken9", 36) + "\" " + strings.Repeat("filler ", 300)
	files["src/long.py"] = []string{long}
	order = append(order, "src/long.py")
	for _, f := range order {
		p := filepath.Join(dir, filepath.FromSlash(f))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(strings.Join(files[f], "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestSecretsNeverShown: searching for each planted secret's name and
// prefix, in every output, shows none of the secret values, and the lines
// are still found. See: #14.
func TestSecretsNeverShown(t *testing.T) {
	secrets := corpus()
	kinds := map[string]bool{}
	for _, s := range secrets {
		kinds[s.kind] = true
	}
	if len(secrets) < 40 || len(kinds) < 20 {
		t.Fatalf("the corpus has %d secrets of %d kinds; the bar is 40 of 20", len(secrets), len(kinds))
	}
	dir := t.TempDir()
	writeCorpus(t, dir, secrets)
	t.Chdir(dir)
	ctx := context.Background()
	all := append(append([]planted{}, secrets...), planted{kind: "github-token", file: "src/long.py", secret: rep("LongLineToken9", 36), key: "token", prefix: "ghp_"})
	// leaks reports which secrets out holds.
	leaks := func(out string) []string {
		var found []string
		for _, s := range all {
			if strings.Contains(out, s.secret) {
				found = append(found, s.kind+" in "+s.file)
			}
			// Half a secret is a leak too (a window cut through it).
			if half := s.secret[:len(s.secret)/2]; len(half) >= 8 && strings.Contains(out, half) {
				found = append(found, "half of "+s.kind+" in "+s.file)
			}
		}
		return found
	}
	queries := map[string]bool{}
	for _, s := range all {
		queries[s.key] = true
		if s.prefix != "" {
			queries[s.prefix] = true
		}
	}
	for q := range queries {
		for _, o := range []scout.GrepOptions{
			{Options: scout.Options{Patterns: []string{q}, Fixed: true, RankOptions: scout.RankOptions{NoGit: true, NoFrecency: true}}},
			{Options: scout.Options{Patterns: []string{q}, Fixed: true, Before: 2, After: 2, RankOptions: scout.RankOptions{NoGit: true, NoFrecency: true}}, PageOptions: scout.PageOptions{Budget: 20000}},
			{Options: scout.Options{Patterns: []string{q}, Fixed: true, RankOptions: scout.RankOptions{NoGit: true, NoFrecency: true}}, PageOptions: scout.PageOptions{Explain: true, Budget: 20000}, PerFile: 50},
		} {
			p, err := scout.Grep(ctx, o)
			if err != nil {
				t.Fatalf("grep %q: %v", q, err)
			}
			js, _ := p.JSON()
			if l := leaks(p.Text + string(js)); len(l) > 0 {
				t.Errorf("grep %q (context %d, explain %v) shows %v:\n%s", q, o.Before, o.Explain, l, p.Text)
			}
			if p.Total.Matches == 0 {
				t.Errorf("grep %q found nothing: the line must stay findable", q)
			}
		}
		res, err := scout.Search(ctx, scout.Options{Patterns: []string{q}, Fixed: true, Before: 1, After: 1, RankOptions: scout.RankOptions{NoGit: true, NoFrecency: true}})
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(res.Files)
		if l := leaks(string(b)); len(l) > 0 {
			t.Errorf("Search %q shows %v", q, l)
		}
	}
	for _, s := range all {
		p, err := scout.Read(ctx, scout.ReadOptions{Path: s.file, NoRecord: true, NoGit: true})
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(p)
		if l := leaks(p.Text + string(b)); len(l) > 0 {
			t.Errorf("read %s shows %v", s.file, l)
		}
		if !strings.Contains(p.Text, "[REDACTED:") && s.file != "src/long.py" { // read cuts that line before its secret
			t.Errorf("read %s masks nothing:\n%s", s.file, p.Text)
		}
	}
	// Asked for, they show.
	p, err := scout.Read(ctx, scout.ReadOptions{Path: ".env", NoRecord: true, NoGit: true, ShowSecrets: true})
	if err != nil || !strings.Contains(p.Text, "correct-horse-battery") {
		t.Errorf("read .env with ShowSecrets: %v\n%s", err, p.Text)
	}
}
