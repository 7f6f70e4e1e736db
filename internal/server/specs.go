package server

import "sync"

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

// specs are the four tools' arguments.
type specs struct{ grep, find, read, touch *spec }

// toolSpecs builds the specs once, when a server starts: built at package
// init they would cost every scout command, MCP or not.
var toolSpecs = sync.OnceValue(func() specs {
	caseParam := param{name: "case", kind: kString, enum: []string{"smart", "sensitive", "insensitive"},
		desc: "smart (default): insensitive unless the pattern has an upper-case letter"}

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
		{name: "path", kind: kStrings, desc: "files or directories to search, relative to the root (default: the root)"},
		{name: "glob", kind: kStrings, desc: `gitignore-style globs on paths below the search root, "!" excludes: "*.go", "src/**/*.{ts,tsx}", "!vendor/**"`},
		{name: "type", kind: kStrings, desc: "only files of these types: go, ts, js, py, rs, java, c, cpp, md, json, yaml, …"},
		{name: "not_type", kind: kStrings, desc: "never files of these types"},
		caseParam,
		{name: "max_depth", kind: kInt, desc: "descend at most this many directories (1: the path's own files); 0: no limit"},
		{name: "no_ignore", kind: kBool, desc: "also search files .gitignore, .ignore and .rgignore exclude"},
		{name: "no_hidden", kind: kBool, desc: "skip hidden files and directories (searched by default; .git never is)"},
	}

	pageParams := []param{
		{name: "max_files", kind: kInt, desc: "files a page shows at most (grep content: 20; grep files/count and find: 50)"},
		{name: "budget", kind: kInt, desc: "tokens (bytes/4) the page may take; default 1500, at least 300"},
		{name: "cursor", kind: kString, desc: "the cursor a page printed: send it with the same other arguments to get the next page"},
		{name: "explain", kind: kBool, desc: "show each hit's score and the signals behind it"},
		{name: "sort", kind: kString, enum: []string{"rank", "path"}, desc: "rank (default): best first; path: by path"},
		{name: "timeout_ms", kind: kInt, desc: "stop searching after this long and say the counts are partial; default 30000"},
	}

	walkAliases := []alias{
		same("paths", "path", kStrings),
		same("dir", "path", kStrings),
		same("directory", "path", kStrings),
		same("search_path", "path", kStrings),
		same("globs", "glob", kStrings),
		same("include", "glob", kStrings),
		same("file_pattern", "glob", kStrings),
		appendAlias("exclude", excludeKey, "!"), // after every glob: the last match wins
		same("-g", "glob", kStrings),
		same("types", "type", kStrings),
		same("-t", "type", kStrings),
		same("file_type", "type", kStrings),
		same("-T", "not_type", kStrings),
		same("maxDepth", "max_depth", kInt),
		same("depth", "max_depth", kInt),
		same("noIgnore", "no_ignore", kBool),
		same("noHidden", "no_hidden", kBool),
	}

	pageAliases := []alias{
		same("head_limit", "max_files", kInt),
		same("limit", "max_files", kInt),
		same("maxResults", "max_files", kInt),
		same("max_results", "max_files", kInt),
		same("maxFiles", "max_files", kInt),
		same("max_tokens", "budget", kInt),
		same("token_budget", "budget", kInt),
		same("next_cursor", "cursor", kString),
		same("nextCursor", "cursor", kString),
		same("page_token", "cursor", kString),
		same("timeout", "timeout_ms", kInt),
	}

	grepSpec := &spec{
		tool: "grep",
		params: concat([]param{
			{name: "pattern", kind: kString, required: true, desc: "RE2 regular expression (or text, with literal: true); a line matches when it matches"},
		}, walkParams[:4], []param{
			caseParam,
			{name: "literal", kind: kBool, desc: "the pattern is plain text, not a regex"},
			{name: "word", kind: kBool, desc: "match whole words only"},
			{name: "context", kind: kInt, desc: "lines of context around each match"},
			{name: "before", kind: kInt, desc: "lines of context before each match"},
			{name: "after", kind: kInt, desc: "lines of context after each match"},
			{name: "output_mode", kind: kString, enum: []string{"auto", "content", "files", "count", "map"},
				desc: "auto (default): content, or files/map when the hits are too broad; content: lines; files: paths; count: paths with counts; map: directories"},
		}, pageParams[:1], []param{
			{name: "per_file", kind: kInt, desc: "hits of one file a page shows at most; default 3 (100 when path is one file)"},
		}, pageParams[1:], walkParams[5:], []param{
			{name: "text", kind: kBool, desc: "search binary files as text"},
			{name: "max_filesize", kind: kInt, desc: "skip files larger than this many bytes (they are counted); default 10485760 (10 MB); 0: no limit"},
		}),
		aliases: concat([]alias{
			same("query", "pattern", kString),
			same("regex", "pattern", kString),
			same("search", "pattern", kString),
			same("-e", "pattern", kString),
			same("fixed", "literal", kBool),
			same("fixed_strings", "literal", kBool),
			same("fixedStrings", "literal", kBool),
			same("-F", "literal", kBool),
			same("-w", "word", kBool),
			same("whole_word", "word", kBool),
			same("wholeWord", "word", kBool),
			same("word_regexp", "word", kBool),
			same("-C", "context", kInt),
			same("context_lines", "context", kInt),
			same("contextLines", "context", kInt),
			same("-B", "before", kInt),
			same("before_context", "before", kInt),
			same("-A", "after", kInt),
			same("after_context", "after", kInt),
			same("mode", "output_mode", kString),
			same("outputMode", "output_mode", kString),
			same("perFile", "per_file", kInt),
			same("maxFilesize", "max_filesize", kInt),
			same("max_file_size", "max_filesize", kInt),
			same("max_per_file", "per_file", kInt),
			ignored("-n", kBool),
			ignored("line_numbers", kBool),
			{name: "multiline", kind: kBool, set: func(a args, v any) error {
				if v.(bool) {
					return errMultiline
				}
				return nil
			}},
		}, caseAliases, walkAliases, pageAliases),
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
		aliases: concat([]alias{
			same("query", "pattern", kString),
			same("name", "pattern", kString),
			same("search", "pattern", kString),
			same("kind", "type_of", kString),
		}, caseAliases, walkAliases, pageAliases),
		values: map[string]map[string]string{
			"type_of": {"file": "f", "files": "f", "dir": "d", "directory": "d", "directories": "d", "dirs": "d"},
			"case":    {"ignore": "insensitive", "smart_case": "smart", "exact": "sensitive"},
		},
	}

	readSpec := &spec{
		tool: "read",
		params: []param{
			{name: "path", kind: kString, required: true, desc: "the file, relative to the root"},
			{name: "offset", kind: kInt, desc: "the first line to read, 1-based (default 1)"},
			{name: "limit", kind: kInt, desc: "lines to read at most (default: to the end, in pages)"},
			{name: "end_line", kind: kInt, desc: "the last line to read, instead of limit"},
			{name: "budget", kind: kInt, desc: "tokens (bytes/4) a page may take; default 4000, at least 300"},
			{name: "cursor", kind: kString, desc: "the cursor a page printed: send it with the same path to read on"},
		},
		aliases: []alias{
			same("file", "path", kString),
			same("file_path", "path", kString),
			same("filePath", "path", kString),
			same("filename", "path", kString),
			same("start_line", "offset", kInt),
			same("startLine", "offset", kInt),
			same("line", "offset", kInt),
			same("from", "offset", kInt),
			same("max_lines", "limit", kInt),
			same("lines", "limit", kInt),
			same("endLine", "end_line", kInt),
			same("to", "end_line", kInt),
			same("max_tokens", "budget", kInt),
			same("next_cursor", "cursor", kString),
			same("nextCursor", "cursor", kString),
		},
	}

	touchSpec := &spec{
		tool: "touch",
		params: []param{
			{name: "paths", kind: kStrings, required: true, desc: "the files used, relative to the root"},
		},
		aliases: []alias{
			same("path", "paths", kStrings),
			same("files", "paths", kStrings),
			same("file", "paths", kStrings),
			same("file_path", "paths", kStrings),
			same("filePath", "paths", kStrings),
		},
	}
	return specs{grepSpec, findSpec, readSpec, touchSpec}
})
