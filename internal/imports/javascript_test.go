package imports

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
)

// TestJSONC: tsconfig's comments and trailing commas go, and what is
// inside strings stays ("//" in a URL, "/*" in a glob).
func TestJSONC(t *testing.T) {
	in := `{
  // a comment
  "a": "http://x/*y*/", /* another */
  "b": [1, 2,],
  "c": {"d": "e\"//",},
}`
	var got, want any
	if err := json.Unmarshal(jsonc([]byte(in)), &got); err != nil {
		t.Fatalf("%v: %s", err, jsonc([]byte(in)))
	}
	json.Unmarshal([]byte(`{"a": "http://x/*y*/", "b": [1, 2], "c": {"d": "e\"//"}}`), &want)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

// FuzzJSONC: jsonc never fails on any input, and leaves valid JSON as it
// is, byte for byte (JSON has no comments, and no comma before a closing
// bracket).
func FuzzJSONC(f *testing.F) {
	for _, s := range []string{`{"a": 1}`, `{"a": "//", "b": "/*"}`, `[1, 2,]`, `{"x": "\\"} // c`, "/* open", `"open`, `{"a":"\"}"}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		out := jsonc(data)
		if json.Valid(data) && !bytes.Equal(out, data) {
			t.Errorf("jsonc changed valid JSON %q to %q", data, out)
		}
	})
}
