package scout

import (
	"reflect"
	"strings"
	"testing"
	"time"
)

// Options that may differ between a cursor's first page and the next
// without changing which results there are or their order, and why. Every
// other option must change the fingerprint: a new option that changes
// results but is not hashed would let a cursor continue another search.
var notInFingerprint = map[string]string{
	"Now":         "a cursor carries the first page's clock",
	"StateDir":    "a cursor carries the first page's frecency",
	"ShowSecrets": "changes the text shown, not the hits",
	"CountOnly":   "a page sets it",
	"NoSpans":     "a page sets it",
	"Workers":     "the order is total whatever the parallelism",
	"MaxFiles":    "a page's size: the cursor continues in the same order",
	"Budget":      "a page's size: the cursor continues in the same order",
	"Cursor":      "the cursor itself",
	"Timeout":     "a partial page gives no cursor",
	"Explain":     "changes the text shown, not the order",
	"Face":        "changes the text shown, not the order",
	"Mode":        "checked against the cursor's own mode",
	"NoSignals":   "FindAll only, which has no cursor",
	"NoCollapse":  "changes how copies are shown, not which hits a page holds",
}

func TestFingerprintCoversOptions(t *testing.T) {
	t.Run("grep", func(t *testing.T) {
		base := GrepOptions{Options: Options{Patterns: []string{"p"}}}
		checkFingerprint(t, reflect.ValueOf(&base).Elem(), "", func() uint64 { return fingerprint(base) })
	})
	t.Run("find", func(t *testing.T) {
		base := FindOptions{Pattern: "p"}
		checkFingerprint(t, reflect.ValueOf(&base).Elem(), "", func() uint64 { return findFingerprint(base) })
	})
}

// checkFingerprint sets each exported field below v, one at a time, to a
// value other than the one it has, and asks that fp changes.
func checkFingerprint(t *testing.T, v reflect.Value, prefix string, fp func() uint64) {
	t.Helper()
	for i := range v.NumField() {
		f, sf := v.Field(i), v.Type().Field(i)
		if !sf.IsExported() {
			continue
		}
		if sf.Anonymous {
			checkFingerprint(t, f, prefix+sf.Name+".", fp)
			continue
		}
		name := prefix + sf.Name
		if why, ok := notInFingerprint[sf.Name]; ok {
			if why == "" {
				t.Errorf("%s: say why it is left out", name)
			}
			continue
		}
		was := reflect.New(f.Type()).Elem()
		was.Set(f)
		before := fp()
		if !other(f) {
			t.Errorf("%s: the test cannot make a value of type %s; teach it", name, f.Type())
			continue
		}
		if fp() == before {
			t.Errorf("%s changes results but is not in the fingerprint (or list it in notInFingerprint with the reason)", name)
		}
		f.Set(was)
	}
}

// other sets v to a value other than its own.
func other(v reflect.Value) bool {
	switch {
	case v.Type() == reflect.TypeFor[time.Time]():
		v.Set(reflect.ValueOf(time.Unix(1_800_000_000, 0)))
	case v.Kind() == reflect.String:
		v.SetString(v.String() + "x")
	case v.Kind() == reflect.Bool:
		v.SetBool(!v.Bool())
	case v.CanInt():
		v.SetInt(v.Int() + 7)
	case v.CanUint():
		v.SetUint(v.Uint() + 1)
	case v.Kind() == reflect.Slice && v.Type().Elem().Kind() == reflect.String:
		v.Set(reflect.Append(v, reflect.ValueOf(strings.Repeat("y", v.Len()+1))))
	default:
		return false
	}
	return true
}
