//go:build cgo

package syntax

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"runtime/debug"
	"strings"
	"sync"
)

// The definition rules, one table per grammar: which node kinds define a
// name, of what kind, and where the name is. They start from the
// @definition captures of each grammar's queries/tags.scm and add what
// those leave out (Go type aliases, Rust impls, traits and modules, C and
// C++ structs, unions, enums, typedefs and namespaces, TypeScript
// interfaces, enums, aliases and signatures, C# and Java records, PHP
// traits and namespaces…). A function directly inside a class, impl or
// trait becomes a method once the definitions are nested (see nest).
//
// They are rules rather than tree-sitter queries because a query is slow
// to compile (it analyses the whole grammar: a millisecond and some
// hundreds of page faults, a third of a small file's outline) and slower
// to run than one walk over the tree in C (walk.go).

// rule says how a node kind defines a name.
type rule struct {
	kind string // the definition's kind
	// name is the field that holds the name; "declarator" follows C's
	// declarator chain (pointers, parentheses, function declarators) down
	// to the name.
	name string
	need string // a field the node must have (a C struct with a body, not a mention)
	// values, when set, is for a binding (JavaScript's const f = …): the
	// kind of its "value" decides the definition's kind, and any other
	// value is no definition.
	values map[string]string
}

var (
	fn      = rule{kind: "function", name: "name"}
	method  = rule{kind: "method", name: "name"}
	class   = rule{kind: "class", name: "name"}
	iface   = rule{kind: "interface", name: "name"}
	enum    = rule{kind: "enum", name: "name"}
	typ     = rule{kind: "type", name: "name"}
	module  = rule{kind: "module", name: "name"}
	nspace  = rule{kind: "namespace", name: "name"}
	strct   = rule{kind: "struct", name: "name"}
	record  = rule{kind: "record", name: "name"}
	ctor    = rule{kind: "constructor", name: "name"}
	trait   = rule{kind: "trait", name: "name"}
	binding = rule{name: "name", values: map[string]string{
		"arrow_function": "function", "function_expression": "function", "function": "function",
		"generator_function": "function", "class": "class",
	}}
)

var jsRules = map[string]rule{
	"function_declaration":           fn,
	"generator_function_declaration": fn,
	"class_declaration":              class,
	"method_definition":              method,
	"variable_declarator":            binding,
}

var tsRules = with(jsRules, map[string]rule{
	"abstract_class_declaration": class,
	"interface_declaration":      iface,
	"type_alias_declaration":     typ,
	"enum_declaration":           enum,
	"internal_module":            nspace,
	"module":                     module,
	"function_signature":         fn,
	"method_signature":           method,
	"abstract_method_signature":  method,
})

var cRules = map[string]rule{
	"function_definition": {kind: "function", name: "declarator"},
	"struct_specifier":    {kind: "struct", name: "name", need: "body"},
	"union_specifier":     {kind: "union", name: "name", need: "body"},
	"enum_specifier":      {kind: "enum", name: "name", need: "body"},
	"type_definition":     {kind: "type", name: "declarator"},
}

var rules = map[string]map[string]rule{
	"go": {
		"function_declaration": fn,
		"method_declaration":   method,
		"type_spec":            typ,
		"type_alias":           typ,
	},
	"python": {
		"class_definition":    class,
		"function_definition": fn,
	},
	"javascript": jsRules,
	"typescript": tsRules,
	"tsx":        tsRules,
	"rust": {
		"function_item":           fn,
		"function_signature_item": fn,
		"struct_item":             strct,
		"enum_item":               enum,
		"union_item":              {kind: "union", name: "name"},
		"trait_item":              trait,
		"impl_item":               {kind: "impl", name: "type"},
		"mod_item":                module,
		"type_item":               typ,
		"macro_definition":        {kind: "macro", name: "name"},
	},
	"java": {
		"class_declaration":           class,
		"interface_declaration":       iface,
		"enum_declaration":            enum,
		"record_declaration":          record,
		"annotation_type_declaration": iface,
		"method_declaration":          method,
		"constructor_declaration":     ctor,
	},
	"c": cRules,
	"cpp": with(cRules, map[string]rule{
		"class_specifier":      {kind: "class", name: "name", need: "body"},
		"namespace_definition": nspace,
	}),
	"csharp": {
		"class_declaration":       class,
		"interface_declaration":   iface,
		"struct_declaration":      strct,
		"enum_declaration":        enum,
		"record_declaration":      record,
		"method_declaration":      method,
		"constructor_declaration": ctor,
		"namespace_declaration":   nspace,
		"property_declaration":    {kind: "property", name: "name"},
	},
	"ruby": {
		"class":            class,
		"module":           module,
		"method":           method,
		"singleton_method": method,
	},
	"php": {
		"class_declaration":     class,
		"interface_declaration": iface,
		"trait_declaration":     trait,
		"enum_declaration":      enum,
		"function_definition":   fn,
		"method_declaration":    method,
		"namespace_definition":  nspace,
	},
	"bash": {
		"function_definition": fn,
	},
}

// nameKinds are the node kinds a C or C++ declarator chain ends in.
var nameKinds = []string{"identifier", "field_identifier", "type_identifier", "qualified_identifier", "destructor_name", "operator_name", "template_function"}

func with[V any](base, more map[string]V) map[string]V {
	m := make(map[string]V, len(base)+len(more))
	for k, v := range base {
		m[k] = v
	}
	for k, v := range more {
		m[k] = v
	}
	return m
}

// callRule says where a call names what it calls: the node in field, when
// its kind is a key of names, either is that name (value "") or holds it
// in the field the value names (a selector's field, a member's property).
type callRule struct {
	field string
	names map[string]string
}

func calls(field string, names map[string]string) callRule { return callRule{field, names} }

var jsCalls = map[string]callRule{
	"call_expression": calls("function", map[string]string{"identifier": "", "member_expression": "property"}),
	"new_expression":  calls("constructor", map[string]string{"identifier": "", "member_expression": "property"}),
}

var cCalls = map[string]callRule{
	"call_expression": calls("function", map[string]string{"identifier": "", "field_expression": "field"}),
}

// callRules are the calls of each grammar, from the @reference.call
// captures of its tags.scm, with constructors (new, object creation) and
// Rust's macros added.
var callRules = map[string]map[string]callRule{
	"go": {
		"call_expression": calls("function", map[string]string{"identifier": "", "selector_expression": "field"}),
	},
	"python": {
		"call": calls("function", map[string]string{"identifier": "", "attribute": "attribute"}),
	},
	"javascript": jsCalls,
	"typescript": jsCalls,
	"tsx":        jsCalls,
	"rust": {
		"call_expression":  calls("function", map[string]string{"identifier": "", "scoped_identifier": "name", "field_expression": "field"}),
		"macro_invocation": calls("macro", map[string]string{"identifier": "", "scoped_identifier": "name"}),
	},
	"java": {
		"method_invocation":          calls("name", map[string]string{"identifier": ""}),
		"object_creation_expression": calls("type", map[string]string{"type_identifier": ""}),
	},
	"c": cCalls,
	"cpp": {
		"call_expression": calls("function", map[string]string{"identifier": "", "field_expression": "field", "qualified_identifier": "name"}),
	},
	"csharp": {
		"invocation_expression":      calls("function", map[string]string{"identifier": "", "member_access_expression": "name"}),
		"object_creation_expression": calls("type", map[string]string{"identifier": ""}),
	},
	"ruby": {
		"call": calls("method", map[string]string{"identifier": ""}),
	},
	"php": {
		"function_call_expression": calls("function", map[string]string{"name": ""}),
		"member_call_expression":   calls("name", map[string]string{"name": ""}),
		"scoped_call_expression":   calls("name", map[string]string{"name": ""}),
	},
	"bash": {
		"command": calls("name", map[string]string{"command_name": ""}),
	},
}

// revision is bumped when what a parse gives changes other than by these
// tables or the grammars (the walk, the nesting, the labels).
const revision = 14 // 2: the cuts of goRegions and regions mended (a call in a function read as at the top level); 3: a comment after a head is not the signature's; 4: names that share one span (const A, B = 1, 2; int a, b;) are siblings, not nested; 5: refs takes a top-level constant or variable for a definition; 6: and a Ruby or PHP constant; 7: a JavaScript or TypeScript definition by "=" (const f = () => …) is found by callers; 8: a Go interface's methods are declarations (refs takes them for definitions), and C's prototypes are (refs does not); 9: C and C++ parsed again with their declarations' macros blanked when that has fewer errors (cmacros.go), and C's extern "C" blocks read for declarations; 10: a ".h" file that reads as C++ parsed as C++, and export macros in class heads blanked; 11: reserved macros in capitals (_GLIBCXX_NOEXCEPT) blanked as macros, and a macro call between a namespace's name and "{"; the masked parse kept when it has as much in error; 12: callees keeps the classes (structs, impls…) that hold the function, to say whose method it is; 13: a C++ method defined outside its class (void Pool::join(int n) { … }) is join's: callees keeps it, and the namespaces around it, and refs takes its name for a definition; 14: a name broken across lines (vector<_Tp>::\n  _M_insert) is spelled on one (vector<_Tp>::_M_insert), and a macro on a line of its own after a template's parameters (_GLIBCXX20_CONSTEXPR) blanked, and a long head shown by the line where its name ends

// Revision names what a parse gives in this build: the revision above,
// these tables, and the versions of the grammars linked in. An answer kept
// from a parse with another Revision is not to be used.
var Revision = sync.OnceValue(func() string {
	h := sha256.New()
	fmt.Fprintf(h, "%d %s %v %v", revision, By, rules, callRules)
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, m := range bi.Deps {
			if strings.Contains(m.Path, "tree-sitter") {
				fmt.Fprintf(h, " %s@%s", m.Path, m.Version)
			}
		}
	}
	return hex.EncodeToString(h.Sum(nil)[:8])
})
