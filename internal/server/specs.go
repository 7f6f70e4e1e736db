package server

import (
	"slices"
	"sync"
)

// The tools' arguments: canonical names first (the schema shows them),
// then the names other tools send for the same thing, which are accepted
// too.

// caseAlias returns an alias that sets case from a boolean: when true to
// onTrue, when false to onFalse ("" leaves it alone).
func caseAlias(name, onTrue, onFalse string) alias {
	return alias{name: name, kind: kBool, set: func(a args, v any) error {
		c := onFalse
		if v.(bool) {
			c = onTrue
		}
		if c == "" {
			return nil
		}
		return a.put("case", c, name)
	}}
}

// appendAlias adds to a list argument (exclude adds "!" globs).
func appendAlias(name, p, prefix string) alias {
	return alias{name: name, kind: kStrings, set: func(a args, v any) error {
		prev := a[p]
		list, _ := prev.v.([]string)
		for _, s := range v.([]string) {
			list = append(list, prefix+s)
		}
		from := name
		if prev.from != "" {
			from = prev.from
		}
		a[p] = arg{list, from}
		return nil
	}}
}

// ignored accepts an argument that changes nothing here.
func ignored(name string, k kind) alias {
	return alias{name: name, kind: k, set: func(args, any) error { return nil }}
}

// excludeKey holds the globs sent as exclude, which follow the others.
const excludeKey = "exclude (as !glob)"

func concat[T any](lists ...[]T) []T {
	var out []T
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}

// specs are the tools' arguments.
type specs struct{ grep, find, read, outline, callers, callees, refs, implementations, related, concept, touch *spec }

// toolSpecs builds the specs once, when a server starts: built at package
// init they would cost every scout command, MCP or not.
var toolSpecs = sync.OnceValue(func() specs {
	caseParam := param{name: "case", kind: kString, enum: []string{"smart", "sensitive", "insensitive"},
		desc: "smart (default): insensitive unless the pattern has upper case"}

	caseAliases := []alias{
		caseAlias("-i", "insensitive", ""),
		caseAlias("-s", "sensitive", ""),
		caseAlias("ignore_case", "insensitive", "sensitive"),
		caseAlias("ignoreCase", "insensitive", "sensitive"),
		caseAlias("case_insensitive", "insensitive", "sensitive"),
		caseAlias("caseInsensitive", "insensitive", "sensitive"),
		caseAlias("case_sensitive", "sensitive", "insensitive"),
		caseAlias("caseSensitive", "sensitive", "insensitive"),
		caseAlias("smart_case", "smart", ""),
	}

	// walkParams are the scope arguments grep and find share.
	walkParams := []param{
		{name: "path", kind: kStrings, desc: "files or directories, relative to the root (default: the root)"},
		{name: "glob", kind: kStrings, desc: `gitignore-style globs below the root; "!" excludes: "*.go", "!vendor/**"`},
		{name: "type", kind: kStrings, desc: "only files of these types: go, ts, py, rs, java, c, md, …"},
		{name: "not_type", kind: kStrings, desc: "never files of these types"},
		caseParam,
		{name: "max_depth", kind: kInt, desc: "descend at most this many directories; 0: no limit"},
		{name: "no_ignore", kind: kBool, desc: "also search files .gitignore, .ignore and .rgignore exclude"},
		{name: "no_hidden", kind: kBool, desc: "skip hidden files and directories"},
	}

	pageParams := []param{
		{name: "max_files", kind: kInt, desc: "files a page shows at most"},
		{name: "budget", kind: kInt, desc: "tokens (bytes/4) a page may take; default 1500"},
		{name: "cursor", kind: kString, desc: "the cursor a page printed, with the same other arguments"},
		{name: "explain", kind: kBool, desc: "show each hit's score and the signals behind it"},
		{name: "sort", kind: kString, enum: []string{"rank", "path"}, desc: "rank (default): best first; path: by path"},
		{name: "timeout_ms", kind: kInt, desc: "stop after this long; counts are then partial"},
	}

	// selectAliases choose files below the paths (grep, find and the
	// parsing tools share them).
	selectAliases := concat(
		aliases("glob", kStrings, "globs", "include", "file_pattern", "-g"),
		aliases("type", kStrings, "types", "-t", "file_type"),
		aliases("not_type", kStrings, "-T"),
		aliases("max_depth", kInt, "maxDepth", "depth"),
		aliases("no_ignore", kBool, "noIgnore"),
		aliases("no_hidden", kBool, "noHidden"),
	)
	walkAliases := concat(
		aliases("path", kStrings, "paths", "dir", "directory", "search_path"),
		selectAliases,
		[]alias{appendAlias("exclude", excludeKey, "!")}, // after every glob: the last match wins
	)

	// pagedAliases are the page arguments every paged tool takes.
	pagedAliases := concat(
		aliases("budget", kInt, "max_tokens", "token_budget"),
		aliases("cursor", kString, "next_cursor", "nextCursor", "page_token"),
		aliases("timeout_ms", kInt, "timeout"),
	)
	// unlistedTimeout is timeout_ms for the tools that do not list it
	// (the tool list's tokens are scarce): a limit an agent sends is
	// kept, not refused with a name that would then be ignored.
	unlistedTimeout := aliases("timeout_ms", kInt, "timeout_ms")
	pageAliases := concat(
		aliases("max_files", kInt, "head_limit", "limit", "maxResults", "max_results", "maxFiles"),
		pagedAliases,
	)

	grepSpec := &spec{
		tool: "grep",
		params: concat([]param{
			{name: "pattern", kind: kString, desc: "RE2 regex, or plain text with literal: true"},
		}, walkParams[:4], []param{
			caseParam,
			{name: "literal", kind: kBool, desc: "the pattern is plain text, not a regex"},
			{name: "word", kind: kBool, desc: "match whole words only"},
			{name: "context", kind: kInt, desc: "lines of context around each match"},
			{name: "before", kind: kInt, desc: "lines of context before each match"},
			{name: "after", kind: kInt, desc: "lines of context after each match"},
			{name: "output_mode", kind: kString, enum: []string{"auto", "content", "files", "count", "map"},
				desc: "auto (default): content, or files or map when too broad"},
		}, pageParams[:1], []param{
			{name: "per_file", kind: kInt, desc: "hits per file a page shows; default 3"},
		}, pageParams[1:], walkParams[5:], []param{
			{name: "text", kind: kBool, desc: "search binary files as text"},
			{name: "no_collapse", kind: kBool, desc: "show copies of a line under each path"},
			{name: "max_filesize", kind: kInt, desc: "skip files over this many bytes; default 10 MB"},
			{name: "all", kind: kStrings, desc: "more patterns a result must hold too, within scope"},
			{name: "any", kind: kStrings, desc: "patterns a result must hold one of"},
			{name: "none", kind: kStrings, desc: "patterns a result must not hold, within scope"},
			{name: "near", kind: kInt, desc: "all patterns within this many lines of each other"},
			{name: "scope", kind: kString, enum: []string{"line", "def", "file"}, desc: "where they must occur together; default file"},
		}),
		aliases: concat(
			aliases("pattern", kString, "query", "regex", "search", "-e"),
			aliases("all", kStrings, "and", "all_of", "allOf", "must"),
			aliases("any", kStrings, "or", "any_of", "anyOf", "patterns"),
			aliases("none", kStrings, "not", "none_of", "noneOf", "without", "must_not"),
			aliases("near", kInt, "within", "within_lines", "distance", "proximity"),
			aliases("literal", kBool, "fixed", "fixed_strings", "fixedStrings", "-F"),
			aliases("word", kBool, "-w", "whole_word", "wholeWord", "word_regexp"),
			aliases("context", kInt, "-C", "context_lines", "contextLines"),
			aliases("before", kInt, "-B", "before_context"),
			aliases("after", kInt, "-A", "after_context"),
			aliases("output_mode", kString, "mode", "outputMode"),
			aliases("per_file", kInt, "perFile", "max_per_file"),
			aliases("max_filesize", kInt, "maxFilesize", "max_file_size"),
			[]alias{
				ignored("-n", kBool),
				ignored("line_numbers", kBool),
				{name: "multiline", kind: kBool, set: func(a args, v any) error {
					if v.(bool) {
						return errMultiline
					}
					return nil
				}},
			},
			caseAliases, walkAliases, pageAliases,
		),
		values: map[string]map[string]string{
			"output_mode": {"files_with_matches": "files", "files_with_match": "files", "filenames": "files", "count_matches": "count", "lines": "content"},
			"case":        {"ignore": "insensitive", "smart_case": "smart", "exact": "sensitive"},
		},
	}

	findSpec := &spec{
		tool: "find",
		params: concat([]param{
			{name: "pattern", kind: kString, desc: `a glob ("*.go", "src/**/*.spec.ts") or name words ("http handler"); none lists everything`},
		}, walkParams, []param{
			{name: "type_of", kind: kString, enum: []string{"f", "d"}, desc: "f (default): files; d: directories"},
		}, pageParams),
		aliases: concat(
			aliases("pattern", kString, "query", "name", "search"),
			aliases("type_of", kString, "kind"),
			caseAliases, walkAliases, pageAliases,
		),
		values: map[string]map[string]string{
			"type_of": {"file": "f", "files": "f", "dir": "d", "directory": "d", "directories": "d", "dirs": "d"},
			"case":    {"ignore": "insensitive", "smart_case": "smart", "exact": "sensitive"},
		},
	}

	readSpec := &spec{
		tool: "read",
		params: []param{
			{name: "path", kind: kString, required: true, desc: "the file, relative to the root (or its lines: a.go:120-140)"},
			{name: "offset", kind: kInt, desc: "the first line to read, 1-based (default 1)"},
			{name: "limit", kind: kInt, desc: "lines to read at most (default: to the end, in pages)"},
			{name: "end_line", kind: kInt, desc: "the last line to read, instead of limit"},
			{name: "budget", kind: kInt, desc: "tokens (bytes/4) a page may take; default 4000"},
			{name: "cursor", kind: kString, desc: "the cursor a page printed, with the same path"},
		},
		aliases: concat(
			aliases("path", kString, "file", "file_path", "filePath", "filename"),
			aliases("offset", kInt, "start_line", "startLine", "line", "from"),
			aliases("limit", kInt, "max_lines", "lines"),
			aliases("end_line", kInt, "endLine", "to"),
			aliases("budget", kInt, "max_tokens"),
			aliases("cursor", kString, "next_cursor", "nextCursor"),
		),
	}

	// shortScope are walkParams[:4] as the tools after grep describe
	// them: shortly, as grep's schema, in the same list, says the rest.
	shortScope := []param{
		{name: "path", kind: kStrings, desc: "files or directories (default: the root)"},
		{name: "glob", kind: kStrings, desc: `globs, as grep's`},
		{name: "type", kind: kStrings, desc: "file types: go, py, ts, …"},
		{name: "not_type", kind: kStrings, desc: "file types to leave out"},
	}

	outlineSpec := &spec{
		tool: "outline",
		params: concat([]param{
			{name: "path", kind: kStrings, required: true, desc: "files, or directories whose files to outline, relative to the root"},
		}, shortScope[1:4], []param{
			{name: "max_depth", kind: kInt, desc: "directories to descend at most (0: all)"},
			{name: "no_ignore", kind: kBool, desc: "also files .gitignore excludes"},
			walkParams[7],
		}, []param{
			{name: "budget", kind: kInt, desc: "tokens (bytes/4) a page may take; default 4000"},
			{name: "cursor", kind: kString, desc: "the cursor a page printed, with the same other arguments"},
			{name: "timeout_ms", kind: kInt, desc: "give up after this long; default 30000"},
		}),
		aliases: concat(
			aliases("path", kStrings, "paths", "file", "files", "file_path", "filePath", "dir", "directory"),
			selectAliases, pagedAliases,
		),
	}

	// The tools that take a name (callers, callees, refs) keep the
	// choices of files an agent narrows them with (path, glob, type), and
	// leave out the walk's rarer knobs: each of these three costs the
	// model's context its schema.
	nameParams := func(desc string) []param {
		return concat([]param{{name: "name", kind: kString, required: true, desc: desc}}, shortScope, []param{
			{name: "budget", kind: kInt, desc: "tokens a page may take (1500)"},
			{name: "cursor", kind: kString, desc: "the cursor a page printed"},
		})
	}
	nameAliases := concat(
		aliases("name", kString, "symbol", "function", "method", "pattern", "query"),
		aliases("path", kStrings, "paths", "dir", "directory", "search_path"),
		selectAliases, pagedAliases, unlistedTimeout,
	)
	callersSpec := &spec{
		tool: "callers",
		params: append(nameParams("the function or method called (Serve, pkg.Func, Type.Method, pkg.(*Type).Method)"),
			param{name: "depth", kind: kInt, desc: "levels of callers of callers to follow (1-5)"}),
		aliases: slices.DeleteFunc(slices.Clone(nameAliases), func(al alias) bool { return al.name == "depth" }), // its own parameter, not max_depth's alias
	}
	calleesSpec := &spec{
		tool:    "callees",
		params:  nameParams("the function or method (Serve, Type.Method, pkg.(*Type).Method)"),
		aliases: nameAliases,
	}
	refsSpec := &spec{
		tool:    "refs",
		params:  nameParams("the name whose uses to list, as written in the code"),
		aliases: nameAliases,
	}

	implementationsSpec := &spec{
		tool: "implementations",
		params: append(nameParams("the interface, class or trait (Reader, not io.Reader)"),
			param{name: "depth", kind: kInt, desc: "levels of subtypes to follow (1-5)"}),
		aliases: slices.DeleteFunc(slices.Clone(nameAliases), func(al alias) bool { return al.name == "depth" }),
	}

	relatedSpec := &spec{
		tool: "related",
		params: []param{
			{name: "path", kind: kString, required: true, desc: "the file, relative to the root"},
			{name: "budget", kind: kInt, desc: "tokens (bytes/4) a page may take; default 1500"},
			{name: "cursor", kind: kString, desc: "the cursor a page printed, with the same path"},
		},
		aliases: concat(aliases("path", kString, "file", "file_path", "filePath"), pagedAliases, unlistedTimeout),
	}

	conceptSpec := &spec{
		tool: "concept",
		params: concat([]param{
			{name: "description", kind: kString, required: true, desc: `what the code does, in words: "retries after a timeout"`},
			{name: "tests", kind: kBool, desc: "rank tests, examples, vendored code as high as the rest"},
		}, shortScope[:1], shortScope[2:3], []param{
			{name: "budget", kind: kInt, desc: "tokens a page may take; default 1500"},
			{name: "cursor", kind: kString, desc: "the cursor a page printed, with the same other arguments"},
		}),
		aliases: concat(
			aliases("description", kString, "query", "q", "text", "concept", "what", "pattern"),
			aliases("path", kStrings, "paths", "dir", "directory", "search_path"),
			selectAliases, pagedAliases, unlistedTimeout,
		),
	}

	touchSpec := &spec{
		tool: "touch",
		params: []param{
			{name: "paths", kind: kStrings, required: true, desc: "the files used, relative to the root"},
		},
		aliases: aliases("paths", kStrings, "path", "files", "file", "file_path", "filePath"),
	}
	return specs{grepSpec, findSpec, readSpec, outlineSpec, callersSpec, calleesSpec, refsSpec, implementationsSpec, relatedSpec, conceptSpec, touchSpec}
})
