package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/scoutcode/scout/internal/suggest"
)

// kind is the type of a parameter's value.
type kind uint8

const (
	kString  kind = iota
	kStrings      // a string or an array of strings
	kInt          // a non-negative integer, or a string holding one
	kBool         // a boolean, or "true"/"false"
)

// param is an argument a tool takes, under its canonical name.
type param struct {
	name     string
	kind     kind
	desc     string
	enum     []string // accepted values, for kString
	required bool
}

// alias is another name an argument is sent under: the names other tools
// use. set turns its value into canonical arguments.
type alias struct {
	name string
	kind kind
	set  func(a args, v any) error
}

// same returns an alias that is just another name for param p.
func same(name, p string, k kind) alias {
	return alias{name: name, kind: k, set: func(a args, v any) error { return a.put(p, v, name) }}
}

// spec is the arguments of one tool.
type spec struct {
	tool    string
	params  []param
	aliases []alias
	// values maps a canonical parameter to accepted spellings of its
	// values (output_mode "files_with_matches" is "files").
	values map[string]map[string]string
}

// args are decoded arguments by canonical name; each records the name it
// was sent under, for messages.
type args map[string]arg

type arg struct {
	v    any // string, []string, int or bool
	from string
}

// put sets a canonical argument, refusing a second value for it; lists
// sent under two names are joined.
func (a args) put(name string, v any, from string) error {
	if prev, ok := a[name]; ok {
		if l1, ok := prev.v.([]string); ok {
			if l2, ok := v.([]string); ok {
				a[name] = arg{append(l1, l2...), prev.from}
				return nil
			}
		}
		if prev.from == from {
			return fmt.Errorf("%s is given twice", from)
		}
		return fmt.Errorf("%s and %s both set %s; send it once, as %s", prev.from, from, name, name)
	}
	a[name] = arg{v, from}
	return nil
}

func (a args) str(name string) string {
	s, _ := a[name].v.(string)
	return s
}

func (a args) strs(name string) []string {
	s, _ := a[name].v.([]string)
	return s
}

func (a args) num(name string) int {
	n, _ := a[name].v.(int)
	return n
}

func (a args) flag(name string) bool {
	b, _ := a[name].v.(bool)
	return b
}

func (a args) has(name string) bool {
	_, ok := a[name]
	return ok
}

// decode reads a tool's raw arguments: canonical names, their aliases,
// numbers and booleans sent as strings. Anything else is refused with a
// message that names the accepted form.
func (s *spec) decode(raw json.RawMessage) (args, error) {
	a := args{}
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		raw = []byte("{}")
	}
	m, err := object(raw)
	if err != nil {
		return nil, fmt.Errorf("%v; the arguments must be a JSON object, such as %s", err, s.example())
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys) // one message for one input, whatever the map order
	for _, k := range keys {
		v := m[k]
		if string(bytes.TrimSpace(v)) == "null" {
			continue // a client that sends every field, unset ones as null
		}
		if p := s.param(k); p != nil {
			val, err := s.value(p.name, k, p.kind, v, p.enum)
			if err != nil {
				return nil, err
			}
			if err := a.put(p.name, val, k); err != nil {
				return nil, err
			}
			continue
		}
		if al := s.alias(k); al != nil {
			val, err := s.value("", k, al.kind, v, nil)
			if err != nil {
				return nil, err
			}
			if err := al.set(a, val); err != nil {
				return nil, err
			}
			continue
		}
		return nil, s.unknown(k)
	}
	for _, p := range s.params {
		if p.required && !a.has(p.name) {
			return nil, fmt.Errorf("%s is required: send it as a string, such as %s", p.name, s.example())
		}
	}
	return a, nil
}

// object decodes a JSON object's members, refusing a key given twice (a
// map would keep the last silently).
func object(raw []byte) (map[string]json.RawMessage, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, errors.New("not an object")
	}
	m := map[string]json.RawMessage{}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, errors.New("not valid JSON")
		}
		key, _ := t.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, errors.New("not valid JSON")
		}
		if _, ok := m[key]; ok {
			return nil, fmt.Errorf("%s is given twice", key)
		}
		m[key] = v
	}
	if t, err := dec.Token(); err != nil || t != json.Delim('}') || dec.More() {
		return nil, errors.New("not valid JSON")
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("not valid JSON: more after the object")
	}
	return m, nil
}

func (s *spec) param(name string) *param {
	for i := range s.params {
		if s.params[i].name == name {
			return &s.params[i]
		}
	}
	return nil
}

func (s *spec) alias(name string) *alias {
	for i := range s.aliases {
		if s.aliases[i].name == name {
			return &s.aliases[i]
		}
	}
	return nil
}

// value decodes one value of kind k, sent under key.
func (s *spec) value(canon, key string, k kind, raw json.RawMessage, enum []string) (any, error) {
	var x any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&x); err != nil {
		return nil, fmt.Errorf("%s: the value is not valid JSON", key)
	}
	switch k {
	case kString:
		str, ok := x.(string)
		if !ok {
			return nil, fmt.Errorf("%s must be a string, not %s", key, jsonType(x))
		}
		if canon != "" {
			if spell, ok := s.values[canon][str]; ok {
				str = spell
			}
		}
		if len(enum) > 0 && !slices.Contains(enum, str) {
			return nil, fmt.Errorf("%s %q is not one of the accepted values: %s", key, str, strings.Join(enum, ", "))
		}
		return str, nil
	case kStrings:
		switch v := x.(type) {
		case string:
			return []string{v}, nil
		case []any:
			out := make([]string, len(v))
			for i, e := range v {
				str, ok := e.(string)
				if !ok {
					return nil, fmt.Errorf("%s must be a string or an array of strings; item %d is %s", key, i, jsonType(e))
				}
				out[i] = str
			}
			return out, nil
		}
		return nil, fmt.Errorf("%s must be a string or an array of strings, not %s", key, jsonType(x))
	case kInt:
		var str string
		switch v := x.(type) {
		case json.Number:
			str = v.String()
		case string:
			str = strings.TrimSpace(v)
		default:
			return nil, fmt.Errorf("%s must be a whole number (such as 5), not %s", key, jsonType(x))
		}
		n, err := strconv.ParseInt(str, 10, 64)
		if err != nil {
			f, ferr := strconv.ParseFloat(str, 64)
			if ferr != nil || f != math.Trunc(f) || math.Abs(f) > 1<<31 {
				return nil, fmt.Errorf("%s must be a whole number (such as 5), not %q", key, str)
			}
			n = int64(f)
		}
		if n < 0 || n > 1<<31 {
			return nil, fmt.Errorf("%s must be a whole number from 0 to %d, not %d", key, 1<<31, n)
		}
		return int(n), nil
	case kBool:
		switch v := x.(type) {
		case bool:
			return v, nil
		case string:
			switch strings.ToLower(strings.TrimSpace(v)) {
			case "true", "1", "yes":
				return true, nil
			case "false", "0", "no", "":
				return false, nil
			}
		case json.Number:
			switch v.String() {
			case "1":
				return true, nil
			case "0":
				return false, nil
			}
		}
		return nil, fmt.Errorf("%s must be true or false, not %s", key, string(raw))
	}
	return nil, fmt.Errorf("%s: unknown kind", key)
}

func jsonType(x any) string {
	switch x.(type) {
	case nil:
		return "null"
	case string:
		return "a string"
	case json.Number:
		return "a number"
	case bool:
		return "a boolean"
	case []any:
		return "an array"
	}
	return "an object"
}

// unknown says that a tool takes no argument named k, and what it takes.
func (s *spec) unknown(k string) error {
	var names []string
	for _, p := range s.params {
		names = append(names, p.name)
	}
	for _, al := range s.aliases {
		names = append(names, al.name)
	}
	msg := fmt.Sprintf("unknown argument %q", k)
	if near := suggest.Closest(k, names, 2); len(near) > 0 {
		msg += fmt.Sprintf(" (did you mean %s?)", strings.Join(near, " or "))
	}
	var canon []string
	for _, p := range s.params {
		canon = append(canon, p.name)
	}
	return fmt.Errorf("%s; %s takes: %s", msg, s.tool, strings.Join(canon, ", "))
}

// example is a minimal call, for messages.
func (s *spec) example() string {
	for _, p := range s.params {
		if p.required {
			return fmt.Sprintf(`{"%s": "…"}`, p.name)
		}
	}
	return "{}"
}

// schema is the input schema the tool list shows: the canonical names
// only. The aliases are accepted, not advertised.
func (s *spec) schema() *jsonschema.Schema {
	sc := &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{}}
	for _, p := range s.params {
		ps := &jsonschema.Schema{Description: p.desc}
		switch p.kind {
		case kString:
			ps.Type = "string"
			for _, e := range p.enum {
				ps.Enum = append(ps.Enum, e)
			}
		case kStrings:
			// An array; a lone string is accepted too (see decode), but
			// saying so in every schema cost the model's context ~8
			// tokens a parameter, 30 of them.
			ps.Type, ps.Items = "array", &jsonschema.Schema{Type: "string"}
		case kInt:
			ps.Type = "integer"
			ps.Minimum = jsonschema.Ptr(0.0)
		case kBool:
			ps.Type = "boolean"
		}
		sc.Properties[p.name] = ps
		sc.PropertyOrder = append(sc.PropertyOrder, p.name)
		if p.required {
			sc.Required = append(sc.Required, p.name)
		}
	}
	return sc
}

// aliases returns the other names of param p, each an alias (see same).
func aliases(p string, k kind, names ...string) []alias {
	out := make([]alias, len(names))
	for i, n := range names {
		out[i] = same(n, p, k)
	}
	return out
}
