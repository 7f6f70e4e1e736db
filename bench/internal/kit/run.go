//go:build unix

package kit

import (
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"syscall"
	"time"
)

// Sample is one timed run of a command.
type Sample struct {
	Wall time.Duration
	CPU  time.Duration // user + system
	RSS  int64         // peak resident KiB; -1 without GNU time
}

// GNUTime is GNU time's path, if installed (package "time"): the rusage of
// a child forked from a Go program also counts the parent's pages, so the
// peak memory comes from it.
var GNUTime, _ = exec.LookPath("/usr/bin/time")

// Run times one run of bin with args in dir, its output sent to
// /dev/null; env is added to the environment.
func Run(dir, bin string, args []string, env ...string) Sample {
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		Fail(err.Error())
	}
	defer null.Close()
	var rssFile string
	cmd := exec.Command(bin, args...)
	if GNUTime != "" {
		f, err := os.CreateTemp("", "bench-rss")
		if err != nil {
			Fail(err.Error())
		}
		f.Close()
		defer os.Remove(f.Name())
		rssFile = f.Name()
		cmd = exec.Command(GNUTime, append([]string{"-f", "%M", "-o", rssFile, bin}, args...)...)
	}
	cmd.Dir, cmd.Stdout, cmd.Stderr = dir, null, null
	cmd.Env = append(os.Environ(), env...)
	start := time.Now()
	err = cmd.Run()
	wall := time.Since(start)
	if err != nil && cmd.ProcessState == nil {
		Fail(err.Error())
	}
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	cpu := time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	rss := int64(-1)
	if rssFile != "" {
		data, _ := os.ReadFile(rssFile)
		s := strings.TrimSpace(string(data))
		fmt.Sscan(s[strings.LastIndexByte(s, '\n')+1:], &rss)
	}
	return Sample{Wall: wall, CPU: cpu, RSS: rss}
}

// Median returns the median wall and CPU time of the samples, and the
// highest peak memory.
func Median(s []Sample) Sample {
	walls := make([]time.Duration, len(s))
	cpus := make([]time.Duration, len(s))
	rss := make([]int64, len(s))
	for i, x := range s {
		walls[i], cpus[i], rss[i] = x.Wall, x.CPU, x.RSS
	}
	slices.Sort(walls)
	slices.Sort(cpus)
	slices.Sort(rss)
	m := len(s) / 2
	return Sample{Wall: walls[m], CPU: cpus[m], RSS: rss[len(rss)-1]}
}

// KiB formats a peak memory figure.
func KiB(n int64) string {
	if n < 0 {
		return "n/a"
	}
	return fmt.Sprintf("%d K", n)
}
