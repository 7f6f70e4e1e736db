package syntax

// The definition queries, one per grammar. Each pattern captures a
// definition as @def.KIND and its name as @name. They start from the
// @definition captures of each grammar's queries/tags.scm and add what
// those leave out (Go type aliases, Rust impls, traits and modules, C and
// C++ structs, unions, enums, typedefs and namespaces, TypeScript
// interfaces, enums, aliases and signatures, C# and Java records, PHP
// traits and namespaces…). A function directly inside a class, impl or
// trait becomes a method after the match (see nest).

const jsQuery = `
(function_declaration name: (_) @name) @def.function
(generator_function_declaration name: (_) @name) @def.function
(class_declaration name: (_) @name) @def.class
(method_definition name: (_) @name) @def.method
(variable_declarator name: (identifier) @name value: [(arrow_function) (function_expression) (generator_function)]) @def.function
(variable_declarator name: (identifier) @name value: (class)) @def.class
`

const tsQuery = jsQuery + `
(abstract_class_declaration name: (_) @name) @def.class
(interface_declaration name: (_) @name) @def.interface
(type_alias_declaration name: (_) @name) @def.type
(enum_declaration name: (_) @name) @def.enum
(internal_module name: (_) @name) @def.namespace
(module name: (_) @name) @def.module
(function_signature name: (_) @name) @def.function
(method_signature name: (_) @name) @def.method
(abstract_method_signature name: (_) @name) @def.method
`

// cFunc matches a function definition's name below up to two pointer or
// reference declarators. A name must be one (an identifier, a qualified or
// operator name…): a declarator in parentheses, as in a function returning
// a function pointer, is not taken for one.
func cFunc(name string) string {
	return `
(function_definition declarator: (function_declarator declarator: ` + name + `)) @def.function
(function_definition declarator: (_ (function_declarator declarator: ` + name + `))) @def.function
(function_definition declarator: (_ (_ (function_declarator declarator: ` + name + `)))) @def.function
`
}

const cTypes = `
(struct_specifier name: (_) @name body: (_)) @def.struct
(union_specifier name: (_) @name body: (_)) @def.union
(enum_specifier name: (_) @name body: (_)) @def.enum
(type_definition declarator: (type_identifier) @name) @def.type
`

var queries = map[string]string{
	"go": `
(function_declaration name: (identifier) @name) @def.function
(method_declaration name: (field_identifier) @name) @def.method
(type_spec name: (type_identifier) @name) @def.type
(type_alias name: (type_identifier) @name) @def.type
`,
	"python": `
(class_definition name: (identifier) @name) @def.class
(function_definition name: (identifier) @name) @def.function
`,
	"javascript": jsQuery,
	"typescript": tsQuery,
	"tsx":        tsQuery,
	"rust": `
(function_item name: (_) @name) @def.function
(function_signature_item name: (_) @name) @def.function
(struct_item name: (_) @name) @def.struct
(enum_item name: (_) @name) @def.enum
(union_item name: (_) @name) @def.union
(trait_item name: (_) @name) @def.trait
(impl_item type: (_) @name) @def.impl
(mod_item name: (_) @name) @def.module
(type_item name: (_) @name) @def.type
(macro_definition name: (_) @name) @def.macro
`,
	"java": `
(class_declaration name: (_) @name) @def.class
(interface_declaration name: (_) @name) @def.interface
(enum_declaration name: (_) @name) @def.enum
(record_declaration name: (_) @name) @def.record
(annotation_type_declaration name: (_) @name) @def.interface
(method_declaration name: (_) @name) @def.method
(constructor_declaration name: (_) @name) @def.constructor
`,
	"c": cFunc(`(identifier) @name`) + cTypes,
	"cpp": cFunc(`[(identifier) (field_identifier) (qualified_identifier) (destructor_name) (operator_name) (template_function)] @name`) + cTypes + `
(class_specifier name: (_) @name body: (_)) @def.class
(namespace_definition name: (_) @name) @def.namespace
`,
	"csharp": `
(class_declaration name: (_) @name) @def.class
(interface_declaration name: (_) @name) @def.interface
(struct_declaration name: (_) @name) @def.struct
(enum_declaration name: (_) @name) @def.enum
(record_declaration name: (_) @name) @def.record
(method_declaration name: (_) @name) @def.method
(constructor_declaration name: (_) @name) @def.constructor
(namespace_declaration name: (_) @name) @def.namespace
(property_declaration name: (_) @name) @def.property
`,
	"ruby": `
(class name: (_) @name) @def.class
(module name: (_) @name) @def.module
(method name: (_) @name) @def.method
(singleton_method name: (_) @name) @def.method
`,
	"php": `
(class_declaration name: (_) @name) @def.class
(interface_declaration name: (_) @name) @def.interface
(trait_declaration name: (_) @name) @def.trait
(enum_declaration name: (_) @name) @def.enum
(function_definition name: (_) @name) @def.function
(method_declaration name: (_) @name) @def.method
(namespace_definition name: (_) @name) @def.namespace
`,
	"bash": `
(function_definition name: (_) @name) @def.function
`,
}
