package imports

import (
	"bufio"
	"encoding/json"
	"io"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// A C or C++ project built with CMake, Meson or Bear has a compilation
// database, compile_commands.json: each source file's compiler command,
// whose -I flags say where its includes are found. related reads it when
// the project's top (or its build/) holds one, so that an include resolves
// as the project's own build resolves it; without one, the directories up
// to the top and their include/ and src/ stand in (see cLookup.resolve).

// ccdb is what related takes from a compilation database: the include
// directories of each file it lists, and of all of them, in the order
// first given, for a file it does not list (a header).
type ccdb struct {
	byFile map[string][]string // absolute, clean file → its include directories
	all    []string
}

// ccdbMax is the largest compilation database read: a large C++ project's
// is tens of MiB, and reading one takes about a second per 40 MB, on every
// CLI call. A larger one is passed over (the other rules stand alone).
const ccdbMax = 64 << 20

// ccdbCache holds the databases read, by path, with the size and time they
// had: related reads a project's once for all the files it checks, and an
// MCP server once while it does not change. ccdbRead is held while one is
// read, so that calls at once read it once.
var (
	ccdbCache sync.Map // string → ccdbEntry
	ccdbRead  sync.Mutex
)

type ccdbEntry struct {
	size int64
	mod  time.Time
	db   *ccdb
}

// ccdbFor returns the compilation database of the project whose top is
// top (compile_commands.json there or in build/), or nil.
func ccdbFor(top string) *ccdb {
	for _, p := range [...]string{filepath.Join(top, "compile_commands.json"), filepath.Join(top, "build", "compile_commands.json")} {
		if db, ok := ccdbAt(p); ok {
			return db
		}
	}
	return nil
}

// ccdbAt reads the compilation database at p, or says there is none.
func ccdbAt(p string) (*ccdb, bool) {
	f, fi, err := openRegular(p)
	if err != nil {
		return nil, false
	}
	defer f.Close()
	kept := func() (*ccdb, bool) {
		e, ok := ccdbCache.Load(p)
		if ok && e.(ccdbEntry).size == fi.Size() && e.(ccdbEntry).mod.Equal(fi.ModTime()) {
			return e.(ccdbEntry).db, true
		}
		return nil, false
	}
	if db, ok := kept(); ok {
		return db, true
	}
	if fi.Size() > ccdbMax {
		return nil, false
	}
	ccdbRead.Lock()
	defer ccdbRead.Unlock()
	if db, ok := kept(); ok { // read by another call while this one waited
		return db, true
	}
	db := parseCCDB(bufio.NewReader(f), filepath.Dir(p))
	ccdbCache.Store(p, ccdbEntry{fi.Size(), fi.ModTime(), db})
	return db, true
}

// parseCCDB reads a compilation database found in base, an entry at a
// time (a large one is tens of MiB); one it cannot read is empty from
// where it cannot (the other rules then stand alone). An entry's directory
// should be absolute; a relative one is taken from base.
func parseCCDB(r io.Reader, base string) *ccdb {
	db := &ccdb{byFile: map[string][]string{}}
	dec := json.NewDecoder(r)
	if t, err := dec.Token(); err != nil || t != json.Delim('[') {
		return db
	}
	// The files of one target share their flags: each directory and each
	// list is kept once, whatever the number of files.
	seen := map[string]string{}
	lists := map[string][]string{}
	for dec.More() {
		var e struct {
			Directory string   `json:"directory"`
			File      string   `json:"file"`
			Command   string   `json:"command"`
			Arguments []string `json:"arguments"`
		}
		if dec.Decode(&e) != nil {
			break
		}
		if !filepath.IsAbs(e.Directory) {
			e.Directory = filepath.Join(base, e.Directory)
		}
		args := e.Arguments
		if len(args) == 0 {
			args = shellWords(e.Command)
		}
		dirs := includeFlags(args, e.Directory)
		for i, d := range dirs {
			if k, ok := seen[d]; ok {
				dirs[i] = k
			} else {
				seen[d] = d
				db.all = append(db.all, d)
			}
		}
		key := strings.Join(dirs, "\x00")
		if l, ok := lists[key]; ok {
			dirs = l
		} else {
			lists[key] = dirs
		}
		file := e.File
		if !filepath.IsAbs(file) {
			file = filepath.Join(e.Directory, file)
		}
		db.byFile[filepath.Clean(file)] = dirs
	}
	return db
}

// dirsFor returns the include directories of a file (absolute).
func (db *ccdb) dirsFor(file string) []string {
	if d, ok := db.byFile[filepath.Clean(file)]; ok {
		return d
	}
	return db.all
}

// includeFlags returns the directories a compiler's arguments add to the
// include path (-I, -iquote, -isystem, -idirafter), absolute, relative
// ones taken from dir. MSVC's /I is not read: on Unix, /Include/a.c is a
// path.
func includeFlags(args []string, dir string) []string {
	var out []string
	add := func(d string) {
		if d == "" {
			return
		}
		if !filepath.IsAbs(d) {
			d = filepath.Join(dir, d)
		}
		out = append(out, filepath.Clean(d))
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		for _, flag := range [...]string{"-I", "-iquote", "-isystem", "-idirafter"} {
			if rest, ok := strings.CutPrefix(a, flag); ok {
				if rest == "" && i+1 < len(args) {
					i++
					rest = args[i]
				}
				add(rest)
				break
			}
		}
	}
	return out
}

// shellWords splits a command line as a POSIX shell would its words:
// spaces part them, quotes and backslashes keep them whole.
func shellWords(s string) []string {
	var out []string
	var w strings.Builder
	in, quote, escaped := false, byte(0), false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case escaped:
			w.WriteByte(c)
			escaped = false
		case c == '\\' && quote != '\'':
			escaped, in = true, true
		case quote != 0 && c == quote:
			quote = 0
		case quote != 0:
			w.WriteByte(c)
		case c == '"' || c == '\'':
			quote, in = c, true
		case c == ' ' || c == '\t' || c == '\n':
			if in {
				out = append(out, w.String())
				w.Reset()
				in = false
			}
		default:
			w.WriteByte(c)
			in = true
		}
	}
	if in {
		out = append(out, w.String())
	}
	return out
}
