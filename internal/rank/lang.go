package rank

import "github.com/scoutcode/scout/internal/filetype"

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

// byName maps internal/filetype's language names to Lang.
var byName = func() map[string]Lang {
	m := make(map[string]Lang, len(langNames))
	for l, name := range langNames {
		m[name] = Lang(l)
	}
	return m
}()

// LangOf returns the language of a file from its name, as the type table
// (internal/filetype) says.
func LangOf(p string) Lang {
	return byName[filetype.LangOf(p)]
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

// LangOfText is LangOf, and for a file whose name has no extension and no
// language, the language its first lines name (filetype.Sniff): head is
// its source, or its start.
func LangOfText(p string, head []byte) Lang {
	return byName[filetype.LangOfText(p, head)]
}
