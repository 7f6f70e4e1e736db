package cli

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/scoutcode/scout"
)

const outlineLong = `Print the definitions in files: for each file, its functions, methods,
classes, types… in order, nested (a class, then its methods indented), each
as its line range and its signature on one line, and its top-level
constants and variables (Go's package-level const and var, Python's
module-level names, JavaScript's and TypeScript's top-level const, let and
var, Rust's const and static, C's #define and globals, Ruby's and PHP's
constants, a shell script's variables; where first set, by a statement
that begins its line), a Go interface's methods, and the functions a C or
C++ file declares but does not define (prototypes: a header's functions, a
class's methods). A
directory outlines the files below it, walked as grep walks (ignore rules,
-g, -t), in path order.

Parsed with go/parser (Go) and tree-sitter: TypeScript, TSX, JavaScript/JSX,
Python, Rust, Java, C, C++, C#, Ruby, PHP and Bash (and Go where go/parser
finds a syntax error). The answer is syntactic (names as
written, not resolved by type), and the page says so; a scout built without
cgo has no parser and says that it fell back to the lines that declare a
name. Files in other languages, too big (over 4 MiB), too dense (over 2.5 M
tokens of code, or brackets nested 100,000 deep) or binary are counted as
not parsed. Pages fit --budget (default 4000 tokens, as read) and give
the cursor to the next; --json prints the page as one JSON object, each
definition with kind, name, line, end, depth and signature (text).`

func (e *env) outlineCommand() *cobra.Command {
	var f scopeFlags
	var pf pageFlags
	var asJSON, showSecrets bool
	cmd := &cobra.Command{
		Use:     "outline PATH...",
		Short:   "List the definitions in files, nested, with their line ranges",
		Long:    outlineLong,
		Example: "  scout outline net/http/server.go\n  scout outline -t py src/",
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usagef("outline takes the files or directories to outline; usage: scout outline [flags] PATH...")
			}
			if pf.budget != 0 && pf.budget < scout.MinBudget {
				return usagef("--budget %d is too small for a page: use at least %d", pf.budget, scout.MinBudget)
			}
			o := scout.OutlineOptions{
				Scope:       f.scope(args),
				PageOptions: scout.PageOptions{Budget: pf.budget, Cursor: pf.cursor, Timeout: pf.timeout, Face: scout.CLIFace},
				ShowSecrets: showSecrets,
			}
			p, err := scout.Outline(e.ctx, o)
			if err != nil {
				return pageError(err)
			}
			return e.printPage(p, p.Total.Matches > 0, asJSON)
		},
	}
	parsedFlags(cmd, &f, &pf, &showSecrets, &asJSON, "in directories, only outline", 0, fmt.Sprintf("fit a page in `TOKENS` tokens (default %d; at least %d)", scout.DefaultOutlineBudget, scout.MinBudget))
	return cmd
}

const callersLong = `Print the calls of a name: each call's line under the function or method
it sits in, file by file (the project's own first, then tests and examples,
vendored copies last), after where the name is defined. The files that
mention the name as a word are found with the search (as grep -w would) and
only those are parsed, with tree-sitter, in parallel.

Calls are matched by name, not resolved by type: when the name has several
definitions the page lists them, and a call may be of any of them. A call
that names a Go package, a Python module or a JavaScript/TypeScript module
by an import (sha256.Sum256, json.loads, fs.readFile) is marked with it
(→ crypto/sha256, → json/__init__.py, → fs (Node built-in)), as is one not
qualified at all where the name is defined; asked for sha256.Sum256, the
page keeps those of a package named sha256. Files in languages without
a parser are counted as not parsed. Pages fit --budget
(default 1500 tokens) and give the cursor to the next.

Type.Method (ServerSession.Close, Queue.join, Go's (*Buffer).Write;
Type::method and Ruby's Type#method are Type.method), where
no package or module is so named, keeps that type's definitions of the
method, and the calls but those known not to be on one: a function's call,
a package's or module's, one on a literal, on the receiver of another type
with the method (self in its methods, a parameter or a variable declared
or made one; not an interface or a base of Type), or in another language. A call known to be on a Type (its
own methods' receiver, a parameter or a variable declared or made one) is
marked → on a Type (so is self.attr.Method() where its class makes attr
a Type, and in Go a variable a call made, ss, err := srv.Connect(…),
when the heads of the calls in the tree say they return a Type), and the files with one come first among those of
their kind (the project's own, tests, vendored copies); the rest stay
matched by name.

The type's method may be named with its package or module, as a Go stack
trace, panic or profile prints it, or as docs write it:
github.com/x/mcp.(*ServerSession).Close, net/http.(*conn).serve.func1(0xc0…)
(a closure's frame is its function's, and a frame's arguments are left
out), mcp.ServerSession.Close, queue.Queue.put, a Java frame's
com.example.Pool.join(Pool.java:42), Rust's crate::server::Server::run,
C++'s net::Pool::join or a gdb frame's db::detail::Pool::join(int) const,
C#'s Shop.Orders.Pool.Join (a C++ or C# type is its namespaces'). Then
only the definitions
of that package's type count, and a Go call on a receiver known to be
another package's type of the name is left out.

--depth N follows callers of callers: level 2 lists the calls of the
functions the calls of level 1 sit in, and so on; each function is looked
for once, so recursion ends, and a level looks for at most 50.`

const refsLong = `Print the uses of a name: where it is defined, then each use's line under
the definition it sits in, labelled by what the parser says it is: call,
import, type or other. Mentions in comments and strings are counted, not
shown. As callers, only the files that mention the name as a word are
parsed, and in them only the regions around it.

Uses are matched by name, not resolved by type: when the name has several
definitions the page lists them, and a use may be of any of them. pkg.Name
and Type.Method narrow them as they do for callers (see scout callers
--help). Pages fit --budget (default 1500 tokens) and give the cursor to
the next.`

const calleesLong = `Print the calls inside a function or method: each definition of the name,
then every call in its body, with where what it calls is defined in the
files searched. The files that mention the name are found with the search
and only those are parsed, with tree-sitter; the definitions of the callees
come from one more search, whose ranker marks the lines that define a name.

Calls are matched by name, not resolved by type: a call of Close may be of
any Close, and the page says how many definitions it found and names the
best two. A call that names a Go package or a Python module (os.ReadFile,
json.loads) counts only its definitions (a JavaScript/TypeScript module's
too, when it defines the name), and one not qualified at all its
own package's (module's) when it has one; no method's. In Go, a call on a
receiver whose type the code around it says (the method's own receiver,
a parameter or variable declared one, a field, a variable a call made)
counts only that type's method in its package, named Type.Name
(→ Connection.Close). Type.Method
(Queue.join, Go's (*Buffer).Write, or with its package as a stack trace
prints it: net/http.(*conn).serve) lists the calls in that type's
definitions of the method alone. Pages fit --budget (default 1500 tokens)
and give the cursor to the next.`

func (e *env) calleesCommand() *cobra.Command {
	return e.nameCommand("callees", "List the calls inside a function or method, with where each callee is defined", calleesLong,
		"  scout callees Serve\n  scout callees -t py handle_timeout src/",
		func(o scout.RefsOptions) (*scout.Page, error) {
			return scout.Callees(e.ctx, scout.CalleesOptions(o))
		})
}

func (e *env) callersCommand() *cobra.Command {
	return e.depthCommand("callers", "List the calls of a function or method, under the definitions they sit in", callersLong,
		"  scout callers Serve\n  scout callers --depth 2 handle_timeout src/",
		"follow the callers of the callers `N` levels (1 to %d): each level lists the calls of the functions the level before sits in",
		"--depth %d: callers follows 1 to %d levels of callers",
		func(o scout.RefsOptions, depth int) (*scout.Page, error) {
			return scout.Callers(e.ctx, scout.CallersOptions{Name: o.Name, Scope: o.Scope, PageOptions: o.PageOptions, ShowSecrets: o.ShowSecrets, Depth: depth})
		})
}

// depthCommand is a name command with --depth N, 1 to
// scout.MaxCallersDepth (flagUsage and badDepth are formats of the most
// levels, and of the depth given and the most).
func (e *env) depthCommand(use, short, long, example, flagUsage, badDepth string, run func(o scout.RefsOptions, depth int) (*scout.Page, error)) *cobra.Command {
	var depth int
	cmd := e.nameCommand(use, short, long, example, func(o scout.RefsOptions) (*scout.Page, error) {
		if depth < 1 || depth > scout.MaxCallersDepth {
			return nil, usagef(badDepth, depth, scout.MaxCallersDepth)
		}
		return run(o, depth)
	})
	cmd.Flags().IntVar(&depth, "depth", 1, fmt.Sprintf(flagUsage, scout.MaxCallersDepth))
	return cmd
}

const implementationsLong = `Print the definitions that implement a type: where the type is defined, then
each definition that names it as a base (a class that extends or implements
it, an interface or trait that extends it, a Rust impl of it, a Go struct or
interface that embeds it), and, for a Go interface, each named type that
declares each method of the interface's method set (the interfaces it
embeds resolved by name), and each Go struct that has them through the
types it embeds (Go's promoted methods). Each line says how it was found:
"base", "methods" or "promoted". The files that mention the names are
found with the search and only those are parsed.

A class that extends it by the name an import binds it to (from m import
Base as B) is one too. PKG.NAME (io.Reader) keeps the definitions in a
package or module so named, and the implementations whose base is
written so, or in that package's own files.

Matched by name, not type-checked: methods are compared by name and by
parameter and result types as written (package names dropped); an
embedded Name is the type of its own package, pkg.Name the one of a
directory named pkg, and an embedded interface gives its methods.
Pages fit --budget (default 1500 tokens) and give the cursor to the
next.

--depth N follows the implementations of the implementations: level 2
lists the subclasses of the classes of level 1, and so on.`

func (e *env) implementationsCommand() *cobra.Command {
	return e.depthCommand("implementations", "List the definitions that implement, extend or embed a type", implementationsLong,
		"  scout implementations Reader\n  scout implementations --depth 3 -t py BaseHandler src/",
		"follow the implementations of the implementations `N` levels (1 to %d)",
		"--depth %d: implementations follows 1 to %d levels",
		func(o scout.RefsOptions, depth int) (*scout.Page, error) {
			return scout.Implementations(e.ctx, scout.ImplementationsOptions{Name: o.Name, Scope: o.Scope, PageOptions: o.PageOptions, ShowSecrets: o.ShowSecrets, Depth: depth})
		})
}

func (e *env) refsCommand() *cobra.Command {
	return e.nameCommand("refs", "List the uses of a name (calls, imports, types, others), under the definitions they sit in", refsLong,
		"  scout refs Handler\n  scout refs -t py Session src/",
		func(o scout.RefsOptions) (*scout.Page, error) { return scout.Refs(e.ctx, o) })
}

// nameCommand is a command that takes a name and pages through what the
// parser finds of it (callers, refs).
func (e *env) nameCommand(use, short, long, example string, run func(scout.RefsOptions) (*scout.Page, error)) *cobra.Command {
	var f scopeFlags
	var pf pageFlags
	var asJSON, showSecrets bool
	cmd := &cobra.Command{
		Use:     use + " NAME [PATH...]",
		Short:   short,
		Long:    long,
		Example: example,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usagef("%s takes a name; usage: scout %s [flags] NAME [PATH...]", use, use)
			}
			p, err := run(scout.RefsOptions{
				Name:        args[0],
				Scope:       f.scope(args[1:]),
				PageOptions: scout.PageOptions{Budget: pf.budget, Cursor: pf.cursor, Timeout: pf.timeout, Face: scout.CLIFace},
				ShowSecrets: showSecrets,
			})
			if err != nil {
				if errors.Is(err, scout.ErrPattern) {
					return usagef("%v", err)
				}
				return pageError(err)
			}
			return e.printPage(p, p.Total.Matches > 0, asJSON)
		},
	}
	parsedFlags(cmd, &f, &pf, &showSecrets, &asJSON, "only search", scout.DefaultBudget, fmt.Sprintf("fit a page in `TOKENS` tokens (at least %d)", scout.MinBudget))
	return cmd
}

// parsedFlags registers the flags of the commands that parse files
// (outline, callers, refs): the walk's (what introduces the file
// selection's help) and the page's.
func parsedFlags(cmd *cobra.Command, f *scopeFlags, pf *pageFlags, showSecrets, asJSON *bool, what string, budget int, budgetHelp string) {
	fl := cmd.Flags()
	fl.SortFlags = false
	fl.StringArrayVarP(&f.globs, "glob", "g", nil, what+" files matching `GLOB` (gitignore syntax); !GLOB excludes; repeatable")
	fl.StringArrayVarP(&f.types, "type", "t", nil, what+" files of `TYPE` (e.g. go, py, ts); repeatable")
	fl.StringArrayVarP(&f.notTypes, "type-not", "T", nil, "leave out files of `TYPE`; repeatable")
	fl.IntVar(&f.maxDepth, "max-depth", 0, "descend at most `N` directories below each directory; 0: no limit")
	fl.BoolVar(&f.noIgnore, "no-ignore", false, "do not obey .gitignore, .ignore, .rgignore, .git/info/exclude or the global excludes file")
	fl.BoolVar(&f.noHidden, "no-hidden", false, "skip hidden files and directories")
	fl.IntVar(&pf.budget, "budget", budget, budgetHelp)
	fl.StringVar(&pf.cursor, "cursor", "", "continue after the page that printed `CURSOR` (run the same command with it)")
	fl.DurationVar(&pf.timeout, "timeout", 0, "give up after `DURATION` (e.g. 5s); 0: no limit")
	fl.BoolVar(showSecrets, "show-secrets", false, "show values that look like secrets instead of masking them")
	fl.BoolVar(asJSON, "json", false, "print the page as one JSON object")
}

const relatedLong = `Print the files related to one: what it imports, each resolved to a file
or directory of the tree where it is one; the files that import it (in Go,
its package); and its tests, by the language's naming (Go: the package's
_test.go files; Python: test_NAME.py, NAME_test.py; JavaScript and
TypeScript: NAME.test.*, NAME.spec.*).

Go imports are read with go/parser, Python, JavaScript, TypeScript and C/C++
ones from their import lines. The importers are found with a search over
the PATHs (default: the current directory) for what would name the file,
and each is kept only when its own imports resolve to it. Pages fit
--budget (default 1500 tokens) and give the cursor to the next.`

func (e *env) relatedCommand() *cobra.Command {
	var f scopeFlags
	var pf pageFlags
	var asJSON, showSecrets bool
	cmd := &cobra.Command{
		Use:     "related FILE [PATH...]",
		Short:   "List what a file imports, the files that import it, and its tests",
		Long:    relatedLong,
		Example: "  scout related net/http/server.go\n  scout related src/app/session.py src/",
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usagef("related takes a file; usage: scout related [flags] FILE [PATH...]")
			}
			p, err := scout.Related(e.ctx, scout.RelatedOptions{
				Path:        args[0],
				Scope:       f.scope(args[1:]),
				PageOptions: scout.PageOptions{Budget: pf.budget, Cursor: pf.cursor, Timeout: pf.timeout, Face: scout.CLIFace},
				ShowSecrets: showSecrets,
			})
			if err != nil {
				return pageError(err)
			}
			return e.printPage(p, p.Total.Matches > 0, asJSON)
		},
	}
	parsedFlags(cmd, &f, &pf, &showSecrets, &asJSON, "only search", scout.DefaultBudget, fmt.Sprintf("fit a page in `TOKENS` tokens (at least %d)", scout.MinBudget))
	return cmd
}
