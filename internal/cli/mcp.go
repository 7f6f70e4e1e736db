package cli

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/scoutcode/scout/internal/confine"
	"github.com/scoutcode/scout/internal/server"
)

const mcpLong = `Serve scout's tools over the Model Context Protocol on stdin and stdout:
grep (contents), find (file names), read (a file, in pages), outline,
callers, callees, refs, related (structure), concept (code by a description)
and touch (record files used with other tools). The --embed flags name the
embedding provider concept asks, as for scout concept.

The server searches and reads only inside its roots: --root, repeatable,
default the working directory. Relative paths are relative to the first
root; "..", absolute paths elsewhere and symbolic links that lead outside
are refused. It refuses to serve / or your home directory (or a directory
above it) unless --allow-broad-root is given.

Register it with your agent host as the command "scout mcp" (see the README
for Claude Code, opencode, Codex, Cursor and pi).`

func (e *env) mcpCommand() *cobra.Command {
	var roots []string
	var broad, show bool
	var addr, maxIndex string
	var ef embedFlags
	cmd := &cobra.Command{
		Use:     "mcp",
		Short:   "Serve scout's tools to an agent over MCP (stdio, or HTTP on loopback)",
		Long:    mcpLong,
		Example: "  scout mcp\n  scout mcp --root ~/src/project --root ~/src/library",
		Args:    noArgs("a project is named with --root (scout mcp --root DIR), once for each"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(roots) == 0 {
				roots = []string{"."}
			}
			eo, err := ef.options(e)
			if err != nil {
				return err
			}
			maxBytes, err := parseSize("--max-index", maxIndex)
			if err != nil {
				return err
			}
			raiseMemoryLimit(e, conceptMemoryLimit) // its concept tool builds indexes too
			home, _ := os.UserHomeDir()
			r, err := confine.New(roots, broad, home)
			if err != nil {
				return usagef("%v", err)
			}
			// The library resolves relative paths against the working
			// directory, and pages name paths relative to it.
			if err := os.Chdir(r.Dir()); err != nil {
				return err
			}
			s := server.New(server.Options{Roots: r, Version: Version, Workers: DefaultThreads, Log: e.stderr, ShowSecrets: show, Embed: eo, MaxIndexBytes: maxBytes})
			if addr != "" {
				return server.ServeHTTP(e.ctx, s, addr, func(url string) {
					fmt.Fprintf(e.stderr, "scout mcp: serving MCP (streamable HTTP) at %s\n", url)
				})
			}
			t := &server.Transport{Reader: e.stdin, Writer: e.stdout}
			if err := server.Serve(e.ctx, s, t); err != nil {
				return fmt.Errorf("mcp: %w", err)
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringArrayVar(&roots, "root", nil, "a directory the tools may search and read (repeatable; default: the working directory)")
	f.BoolVar(&broad, "allow-broad-root", false, "allow / or the home directory as a root")
	f.StringVar(&addr, "http", "", "serve many clients over streamable HTTP at `ADDR` (loopback only, such as 127.0.0.1:7878) instead of stdio")
	f.BoolVar(&show, "show-secrets", false, "show values that look like secrets instead of masking them (agents cannot ask for them)")
	maxIndexFlag(cmd, &maxIndex)
	ef.add(cmd)
	return cmd
}
