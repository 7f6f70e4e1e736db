// Package cli is scout's command line: flags in, library calls, bytes out,
// an exit status back. It holds no search logic of its own.
//
// Exit status, as grep: 0 when something matched, 1 when nothing did, 2 on
// an error (a bad pattern or flag, or a path that could not be searched;
// the search still runs over the other paths, and its results are printed).
package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"syscall"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"golang.org/x/term"

	"github.com/scoutcode/scout"
	"github.com/scoutcode/scout/internal/suggest"
)

// Exit statuses.
const (
	ExitMatch   = 0
	ExitNoMatch = 1
	ExitError   = 2
	// ExitInterrupted is the shell's status for a command ended by SIGINT
	// (128+2): the search stopped, it did not fail.
	ExitInterrupted = 130
)

// Version is the version string printed by "scout version".
var Version = "0.1.0-dev"

// DefaultThreads is the number of files searched at once when -j is not
// given; 0 leaves it to the library (GOMAXPROCS). cmd/scout sets it.
var DefaultThreads = 0

// env is what a command needs from the process around it.
type env struct {
	ctx    context.Context
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
	getenv func(string) string
	isTTY  func(io.Writer) bool
	status int
}

// Main runs scout with args (without the program name) and returns the exit
// status.
func Main(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := &env{ctx: ctx, stdin: stdin, stdout: stdout, stderr: stderr, getenv: os.Getenv, isTTY: isTerminal}
	return e.run(args)
}

// commandNames are scout's commands, for the message about another.
var commandNames = []string{"grep", "find", "read", "outline", "callers", "callees", "refs", "implementations", "related", "concept", "cache", "touch", "mcp", "version", "completion"}

func (e *env) run(args []string) int {
	// __complete is cobra's hidden command that the completion scripts call.
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") && args[0] != "help" && !strings.HasPrefix(args[0], "__complete") && !slices.Contains(commandNames, args[0]) {
		near := ""
		if n := suggest.Closest(args[0], commandNames, 2); len(n) > 0 {
			near = " (did you mean " + strings.Join(n, " or ") + "?)"
		}
		fmt.Fprintf(e.stderr, "scout: unknown command %q%s; the commands are: %s (scout --help)\n", args[0], near, strings.Join(commandNames, ", "))
		return ExitError
	}
	root := e.rootCommand(args)
	root.SetArgs(args)
	root.SetIn(e.stdin)
	root.SetOut(e.stdout)
	root.SetErr(e.stderr)
	cmd, err := root.ExecuteC()
	if err != nil {
		if isBrokenPipe(err) {
			return e.status
		}
		if e.ctx.Err() != nil && errors.Is(err, context.Canceled) {
			// The process was interrupted (Ctrl-C): say so, not
			// "context canceled", which reads as a failure of scout's.
			fmt.Fprintf(e.stderr, "%s: interrupted", commandPath(cmd))
			if read, of, ok := scout.ConceptIndexKept(err); ok {
				fmt.Fprintf(e.stderr, "; the %d of %d files its index read are kept, and the next search goes on from there", read, of)
			}
			fmt.Fprintln(e.stderr)
			return ExitInterrupted
		}
		e.printError(cmd, err)
		return ExitError
	}
	return e.status
}

// rootCommand builds the command tree. When args name a command, only that
// one is built: building them all (their flags) took about a millisecond of
// every run.
func (e *env) rootCommand(args []string) *cobra.Command {
	root := &cobra.Command{
		Use:   "scout",
		Short: "Search code the way an AI coding agent needs it",
		Long: `scout searches code for agents: grep (contents) and find (file names) with
ripgrep's ignore rules, the best hit first, in pages that fit a token budget,
with a cursor to the next page and an account of everything not searched.`,
		Version:       Version,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetVersionTemplate("scout {{.Version}}\n")
	root.Flags().BoolP("version", "v", false, "print scout's version (as scout version does)")
	root.SetFlagErrorFunc(flagError)
	root.SetUsageTemplate(usageTemplate)
	commands := map[string]func() *cobra.Command{
		"grep": e.grepCommand, "find": e.findCommand, "read": e.readCommand, "outline": e.outlineCommand, "callers": e.callersCommand, "callees": e.calleesCommand, "refs": e.refsCommand, "implementations": e.implementationsCommand, "related": e.relatedCommand, "concept": e.conceptCommand, "cache": e.cacheCommand,
		"touch": e.touchCommand, "mcp": e.mcpCommand, "version": e.versionCommand,
	}
	if len(args) > 0 {
		if build, ok := commands[args[0]]; ok {
			root.AddCommand(build())
			return root
		}
	}
	root.AddCommand(e.grepCommand(), e.findCommand(), e.readCommand(), e.outlineCommand(), e.callersCommand(), e.calleesCommand(), e.refsCommand(), e.implementationsCommand(), e.relatedCommand(), e.conceptCommand(), e.cacheCommand(), e.touchCommand(), e.mcpCommand(), e.versionCommand())
	return root
}

func init() {
	cobra.AddTemplateFunc("flagUsages", flagUsages)
}

// usageTemplate is cobra's, with the flags listed by flagUsages.
const usageTemplate = `Usage:{{if .Runnable}}
  {{.UseLine}}{{end}}{{if .HasAvailableSubCommands}}
  {{.CommandPath}} [command]{{end}}{{if .HasExample}}

Examples:
{{.Example}}{{end}}{{if .HasAvailableSubCommands}}

Commands:{{range .Commands}}{{if (or .IsAvailableCommand (eq .Name "help"))}}
  {{rpad .Name .NamePadding }} {{.Short}}{{end}}{{end}}{{end}}{{if .HasAvailableLocalFlags}}

Flags:
{{flagUsages .LocalFlags}}{{end}}{{if .HasAvailableSubCommands}}

Run "{{.CommandPath}} [command] --help" for a command's flags.{{end}}
`

// flagUsages lists flags one per line, in the order they were defined:
// short and long name, the value's name when it takes one, the usage, and
// the default when it is not the zero value.
func flagUsages(fs *pflag.FlagSet) string {
	type row struct{ left, right string }
	var rows []row
	width := 0
	fs.VisitAll(func(f *pflag.Flag) {
		if f.Hidden {
			return
		}
		left := "      --" + f.Name
		if f.Shorthand != "" {
			left = "  -" + f.Shorthand + ", --" + f.Name
		}
		name, usage := pflag.UnquoteUsage(f)
		if name != "" && name != "bool" {
			left += " " + name
		}
		switch f.DefValue {
		case "", "false", "0", "[]":
		default:
			usage += fmt.Sprintf(" (default %s)", f.DefValue)
		}
		rows = append(rows, row{left, usage})
		width = max(width, len(left))
	})
	var b strings.Builder
	for _, r := range rows {
		fmt.Fprintf(&b, "%-*s  %s\n", width, r.left, r.right)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

func (e *env) versionCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print scout's version",
		Args:  noArgs("run scout version alone"),
		RunE: func(cmd *cobra.Command, args []string) error {
			_, err := fmt.Fprintf(e.stdout, "scout %s\n", Version)
			return err
		},
	}
}

// usageError is a mistake in how scout was called; the message says what
// to do instead.
type usageError struct{ msg string }

func (u *usageError) Error() string { return u.msg }

func usagef(format string, args ...any) error {
	return &usageError{msg: fmt.Sprintf(format, args...)}
}

// noArgs refuses arguments to a command that takes none, naming the fix
// (cobra's own words, "unknown command \"clear\" for \"scout cache\"",
// name none): "scout mcp ~/src/project" is a root given without --root.
func noArgs(fix string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) == 0 {
			return nil
		}
		return usagef("%s takes no argument, not %q: %s", cmd.Name(), args[0], fix)
	}
}

// flagError rewrites pflag's complaints so they name the fix.
func flagError(cmd *cobra.Command, err error) error {
	var ne *pflag.NotExistError
	if errors.As(err, &ne) && ne.GetSpecifiedShortnames() == "" {
		name := ne.GetSpecifiedName()
		if near := nearFlags(cmd, name); near != "" {
			return usagef("unknown flag --%s; did you mean %s? (%s --help lists every flag)", name, near, cmd.CommandPath())
		}
		return usagef("unknown flag --%s (%s --help lists every flag)", name, cmd.CommandPath())
	}
	return usagef("%s (%s --help lists every flag)", err, cmd.CommandPath())
}

func nearFlags(cmd *cobra.Command, name string) string {
	var names []string
	cmd.Flags().VisitAll(func(f *pflag.Flag) {
		if !f.Hidden {
			names = append(names, f.Name)
		}
	})
	near := suggest.Closest(name, names, 2)
	for i := range near {
		near[i] = "--" + near[i]
	}
	return strings.Join(near, " or ")
}

// printError writes err for a person or agent to act on.
// commandPath is the command's name for a message ("scout grep").
func commandPath(cmd *cobra.Command) string {
	if cmd == nil {
		return "scout"
	}
	return cmd.CommandPath()
}

func (e *env) printError(cmd *cobra.Command, err error) {
	prefix := commandPath(cmd)
	var ue *usageError
	if errors.As(err, &ue) {
		fmt.Fprintf(e.stderr, "%s: %s\n", prefix, ue.msg)
		return
	}
	fmt.Fprintf(e.stderr, "%s: %s\n", prefix, err)
}

func isBrokenPipe(err error) bool {
	return errors.Is(err, syscall.EPIPE)
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// unquote returns path arguments as the names they stand for: a name a
// page printed quoted (see scout.UnquotePath) is taken back.
func unquote(paths []string) []string {
	if len(paths) == 0 {
		return paths
	}
	out := make([]string, len(paths))
	for i, p := range paths {
		out[i] = scout.UnquotePath(p)
	}
	return out
}
