// Command scout searches code for AI coding agents. See "scout --help".
package main

import (
	"context"
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"

	"github.com/scoutcode/scout/internal/cli"
)

func main() {
	// Searching is a storm of short system calls (open, read, close per
	// file). Go's scheduler hands a P stuck in a system call to another
	// thread after ~20µs, which on a busy machine means a thread wake-up
	// and a context switch per slow call. One P more than the CPUs that
	// search leaves a P idle, and the runtime then lets calls finish in
	// place: measured on 2 CPUs, 4-8% less wall time over Go's source tree
	// (see bench/vsrg). The search itself still uses one worker per CPU.
	if os.Getenv("GOMAXPROCS") == "" {
		cpus := runtime.GOMAXPROCS(0) // the CPUs this process may use, cgroup limits included
		cli.DefaultThreads = cpus
		runtime.GOMAXPROCS(cpus + 1)
	}
	// A command lives for a fraction of a second and holds a few MB: at
	// Go's default the collector runs several times in a large search for
	// little memory back. Twice the default halves those runs (measured:
	// ~10% less wall time listing Go's source tree). The soft limit keeps
	// a huge search from taking three times what it holds: a search of a
	// million files holds ~150 MB (a record per file with hits), and at
	// GOGC=200 its heap grew to 450 MB; near the limit the collector runs
	// more often instead. GOGC or GOMEMLIMIT in the environment win.
	if os.Getenv("GOGC") == "" && os.Getenv("GOMEMLIMIT") == "" {
		debug.SetGCPercent(200)
		debug.SetMemoryLimit(192 << 20)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := cli.Main(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
