package rank

import (
	"path"
	"strings"
)

// Lang is a language family whose declarations the classifier knows.
type Lang uint8

const (
	Unknown Lang = iota
	Go
	JS // JavaScript and TypeScript
	Python
	Rust
	Java
	Kotlin
	CSharp
	C // C and C++
	Ruby
	PHP
	Swift
	Shell
	Markdown
	YAML
	JSON
	TOML
	Scala
	Lua
	SQL
)

var langNames = [...]string{"unknown", "go", "js", "python", "rust", "java", "kotlin", "csharp", "c", "ruby", "php", "swift", "shell", "markdown", "yaml", "json", "toml", "scala", "lua", "sql"}

func (l Lang) String() string { return langNames[l] }

var byExt = map[string]Lang{
	".go": Go,
	".js": JS, ".jsx": JS, ".mjs": JS, ".cjs": JS, ".ts": JS, ".tsx": JS, ".mts": JS, ".cts": JS, ".vue": JS, ".svelte": JS,
	".py": Python, ".pyi": Python,
	".rs":   Rust,
	".java": Java,
	".kt":   Kotlin, ".kts": Kotlin,
	".cs": CSharp,
	".c":  C, ".h": C, ".cc": C, ".cpp": C, ".cxx": C, ".hpp": C, ".hh": C, ".hxx": C, ".m": C, ".mm": C, ".inl": C,
	".rb": Ruby, ".rake": Ruby, ".gemspec": Ruby,
	".php":   PHP,
	".swift": Swift,
	".sh":    Shell, ".bash": Shell, ".zsh": Shell, ".ksh": Shell,
	".md": Markdown, ".markdown": Markdown, ".mdx": Markdown,
	".yaml": YAML, ".yml": YAML,
	".json": JSON, ".jsonc": JSON,
	".toml":  TOML,
	".scala": Scala, ".sc": Scala,
	".lua": Lua,
	".sql": SQL,
}

var byName = map[string]Lang{
	"Makefile": Shell, "Dockerfile": Shell, ".bashrc": Shell, ".zshrc": Shell, ".profile": Shell,
	"Gemfile": Ruby, "Rakefile": Ruby, "Cargo.lock": TOML,
}

// LangOf returns the language of a file from its name.
func LangOf(p string) Lang {
	base := path.Base(p)
	if l, ok := byName[base]; ok {
		return l
	}
	ext := strings.ToLower(path.Ext(base))
	return byExt[ext]
}

// lineComment returns the line-comment markers of l.
func lineComment(l Lang) []string {
	switch l {
	case Go, JS, Rust, Java, Kotlin, CSharp, C, Swift, Scala:
		return []string{"//"}
	case PHP:
		return []string{"//", "#"}
	case Python, Ruby, Shell, YAML, TOML:
		return []string{"#"}
	case Lua, SQL:
		return []string{"--"}
	case Unknown:
		return []string{"//", "#"}
	}
	return nil
}

// blockComments reports whether l has /* */ comments (and "*" lines
// continuing them).
func blockComments(l Lang) bool {
	switch l {
	case Go, JS, Rust, Java, Kotlin, CSharp, C, Swift, Scala, PHP, Unknown:
		return true
	}
	return false
}
