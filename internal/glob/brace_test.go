package glob

import (
	"slices"
	"strings"
	"testing"
)

func TestExpand(t *testing.T) {
	cases := map[string]string{
		"*.go":             "*.go",
		"*.{ts,tsx}":       "*.ts *.tsx",
		"{a,b}/{c,d}":      "a/c a/d b/c b/d",
		"src/{x,{y,z}w}.c": "src/x.c src/yw.c src/zw.c",
		"{,x}y":            "y xy",
		"{a}":              "{a}",
		"a{b":              "a{b",
		`\{a,b}`:           `\{a,b}`,
		"[{]a,b}":          "[{]a,b}",
		"!*.{md,txt}":      "!*.md !*.txt",
	}
	for in, want := range cases {
		if got := strings.Join(Expand(in), " "); got != want {
			t.Errorf("Expand(%q) = %q, want %q", in, got, want)
		}
	}
	big := strings.Repeat("{a,b}", 9) // 512 patterns: kept as written
	if got := Expand(big); !slices.Equal(got, []string{big}) {
		t.Errorf("a huge expansion gave %d patterns", len(got))
	}
}
