package server

import (
	"encoding/json"
	"testing"
	"time"
)

// allSpecs returns every tool's spec.
func allSpecs() []*spec {
	s := toolSpecs()
	return []*spec{s.grep, s.find, s.read, s.outline, s.callers, s.callees, s.refs, s.implementations, s.related, s.concept, s.touch}
}

// TestAliasesTarget: every alias sets a parameter its tool has (or one of
// the two hidden keys), and no alias shadows a parameter.
func TestAliasesTarget(t *testing.T) {
	for _, s := range allSpecs() {
		for _, al := range s.aliases {
			if s.param(al.name) != nil {
				t.Errorf("%s: alias %s shadows a parameter", s.tool, al.name)
			}
		}
		seen := map[string]bool{}
		for _, p := range s.params {
			if seen[p.name] {
				t.Errorf("%s: parameter %s twice", s.tool, p.name)
			}
			seen[p.name] = true
		}
	}
}

func TestDecode(t *testing.T) {
	a, err := toolSpecs().grep.decode(json.RawMessage(`{"query": "x", "-C": "3", "ignoreCase": "false", "glob": "*.go", "include": ["*.md"], "exclude": "vendor/**", "output_mode": "files_with_matches", "timeout": 2.0, "cursor": null}`))
	if err != nil {
		t.Fatal(err)
	}
	if a.str("pattern") != "x" || a.num("context") != 3 || a.str("case") != "sensitive" || a.str("output_mode") != "files" || a.num("timeout_ms") != 2 || a.has("cursor") {
		t.Errorf("decoded %v", a)
	}
	if g := globList(a); len(g) != 3 || g[2] != "!vendor/**" {
		t.Errorf("globs %v", g)
	}
}

// TestTimeoutTaken: every tool that searches takes a time limit as
// timeout_ms or timeout, whether its schema lists it or not (concept,
// callers, callees, refs and related do not, to save the tool list's
// tokens): an agent's limit is kept, never refused under one name with
// the other suggested, nor dropped.
func TestTimeoutTaken(t *testing.T) {
	for _, s := range allSpecs() {
		if s.tool == "read" || s.tool == "touch" {
			continue
		}
		for _, key := range []string{"timeout_ms", "timeout"} {
			call := map[string]any{key: 250}
			for _, p := range s.params {
				if p.required {
					call[p.name] = "x"
				}
			}
			raw, _ := json.Marshal(call)
			a, err := s.decode(raw)
			if err != nil {
				t.Errorf("%s: %s refused: %v", s.tool, key, err)
				continue
			}
			if got := sentTimeout(a); got != 250*time.Millisecond {
				t.Errorf("%s: %s gave a limit of %v, want 250ms", s.tool, key, got)
			}
			if got := limitOf(s, a); got != 250*time.Millisecond {
				t.Errorf("%s: %s: the wait for a turn counts toward %v, want 250ms", s.tool, key, got)
			}
		}
	}
}

// FuzzDecode: decoding any bytes never panics, and what it accepts holds
// only values of the parameter's kind.
func FuzzDecode(f *testing.F) {
	f.Add(`{"pattern": "x", "head_limit": "5", "-i": true}`)
	f.Add(`{"query": ["a"], "context": 1e3}`)
	f.Add(`{"path": "a", "offset": "-1"}`)
	f.Add(`{"paths": "a", "file": ["b"]}`)
	f.Add(`null`)
	f.Fuzz(func(t *testing.T, raw string) {
		for _, s := range allSpecs() {
			a, err := s.decode(json.RawMessage(raw))
			if err != nil {
				continue
			}
			for name, v := range a {
				p := s.param(name)
				if p == nil {
					continue // a hidden key (end_line, exclude)
				}
				ok := false
				switch p.kind {
				case kString:
					_, ok = v.v.(string)
				case kStrings:
					_, ok = v.v.([]string)
				case kInt:
					n, isInt := v.v.(int)
					ok = isInt && n >= 0
				case kBool:
					_, ok = v.v.(bool)
				}
				if !ok {
					t.Fatalf("%s: %s decoded as %#v from %s", s.tool, name, v.v, raw)
				}
			}
		}
	})
}
