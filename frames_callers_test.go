package scout_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/scoutcode/scout"
	"github.com/scoutcode/scout/internal/fixture"
)

// TestCallersOfPackagedMethod: callers, refs and callees of a type's
// method named with its package keep the definitions of that package's
// type alone, and drop the calls on the other package's type of the same
// name; the same name with a closure's suffix and a frame's arguments is
// the same search; a package that has no such type is refused with where
// the type's method is.
func TestCallersOfPackagedMethod(t *testing.T) {
	fixture.Enter(t, "testdata/cli/frames.txtar")
	want := methodCalls(t, ".go")
	ask := usesPage
	for _, name := range []string{"example.com/m/a.(*T).Run", "example.com/m/a.(*T).Run.func1(0xc000012345, {0x1, 0x2})", "a.T.Run"} {
		for _, mode := range []string{"callers", "refs"} {
			p := ask(t, mode, name)
			if defs := places(p.Definitions); !slices.Equal(defs, []string{"a/a.go:7"}) {
				t.Errorf("%s %s: definitions %v, want a/a.go:7 alone\n%s", mode, name, defs, p.Text)
			}
			got := map[string][]string{}
			for _, f := range p.Files {
				for _, l := range f.Lines {
					if l.Kind != "" && l.Kind != "call" {
						continue
					}
					k := "unknown"
					if l.Receiver != "" {
						k = "known"
					}
					got[k] = append(got[k], fmt.Sprintf("%s:%d", f.Path, l.Number))
				}
			}
			for _, k := range []string{"known", "unknown"} {
				if !slices.Equal(sorted(got[k]), sorted(want[k])) {
					t.Errorf("%s %s: %s calls %v, want %v\n%s", mode, name, k, got[k], want[k], p.Text)
				}
			}
		}
	}
	// b's T.Run: the call on y alone is known; x's are a's, left out.
	p := ask(t, "callers", "example.com/m/b.(*T).Run")
	if defs := places(p.Definitions); !slices.Equal(defs, []string{"b/b.go:5"}) {
		t.Errorf("callers b.(*T).Run: definitions %v, want b/b.go:5 alone\n%s", defs, p.Text)
	}
	for _, f := range p.Files {
		for _, l := range f.Lines {
			if strings.Contains(l.Text, "x.Run()") {
				t.Errorf("callers b.(*T).Run keeps a call on a's T: %s:%d %s\n%s", f.Path, l.Number, l.Text, p.Text)
			}
		}
	}
	// callees: the calls in a's T.Run alone.
	p = ask(t, "callees", "example.com/m/a.(*T).Run")
	var callees []string
	for _, f := range p.Files {
		for _, l := range f.Lines {
			callees = append(callees, fmt.Sprintf("%s:%d", f.Path, l.Number))
		}
	}
	if !slices.Equal(callees, []string{"a/a.go:8"}) {
		t.Errorf("callees a.(*T).Run: calls at %v, want a/a.go:8 (t.step) alone\n%s", callees, p.Text)
	}
	// A generic type's method, as a trace prints it, in a major version's
	// directory.
	p = ask(t, "callers", "example.com/m/gen/v2.(*Set[...]).Add")
	if defs := places(p.Definitions); !slices.Equal(defs, []string{"gen/v2/set.go:5"}) || p.Total.Matches != 1 {
		t.Errorf("callers gen/v2.(*Set[...]).Add: definitions %v, %d calls; want gen/v2/set.go:5 and its one call\n%s", defs, p.Total.Matches, p.Text)
	}
	// Python: the package that exports the class names it too.
	if noParser(t, "pkg2.Queue.put") {
		return
	}
	for name, def := range map[string]string{"pkg2.Queue.put": "pkg2/queues.py:2", "pkg.queue.Queue.put": "pkg/queue.py:2", "pkg2.queues.Queue.put": "pkg2/queues.py:2"} {
		p := ask(t, "callers", name)
		if defs := places(p.Definitions); !slices.Equal(defs, []string{def}) {
			t.Errorf("callers %s: definitions %v, want %s alone\n%s", name, defs, def, p.Text)
		}
	}
	// A call on a receiver its own module (JVM package) says is its own
	// class of the name is no call of the other's.
	for name, want := range map[string][]string{
		"pkg2.Queue.put":                     {"pkg2/queues.py:7", "use.py:11", "use.py:13"}, // pkg2.Queue(), and Queue from pkg2
		"pkg.queue.Queue.put":                {"pkg/queue.py:7", "use.py:9", "use.py:23"},    // queue.Queue() of pkg's queue, and an attribute made one
		"com.example.Pool.join(Pool.java:7)": {"src/com/example/Pool.java:7"},
		"org.example.Pool.join":              {"src/org/example/Pool.java:7"},
		"Shop.Billing.Pool.Join":             {"cs/Billing.cs:6"},
	} {
		var got, unmarked []string
		for _, f := range ask(t, "callers", name).Files {
			for _, l := range f.Lines {
				if l.Receiver == "" {
					unmarked = append(unmarked, fmt.Sprintf("%s:%d", f.Path, l.Number))
					continue
				}
				got = append(got, fmt.Sprintf("%s:%d", f.Path, l.Number))
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("callers %s: calls marked %v, want %v", name, got, want)
		}
		// pkg3.Queue is made where its imports cannot follow: a Queue of
		// no module known, kept and not marked.
		if wantUnmarked := map[bool][]string{true: {"use.py:15"}}[strings.HasSuffix(name, "Queue.put")]; !slices.Equal(unmarked, wantUnmarked) {
			t.Errorf("callers %s: calls kept unmarked %v, want %v", name, unmarked, wantUnmarked)
		}
	}
	// Rust's Type::method, with its module or without.
	for name, want := range map[string][]string{
		"Server::run":                  {"rs/src/client.rs:4", "rs/src/server.rs:4"},
		"crate::server::Server::run":   {"rs/src/server.rs:4"},
		"myapp::client::Server::run()": {"rs/src/client.rs:4"},
	} {
		p := ask(t, "callers", name)
		if defs := places(p.Definitions); !slices.Equal(sorted(defs), want) {
			t.Errorf("callers %s: definitions %v, want %v\n%s", name, defs, want, p.Text)
		}
	}
	// Rust's receivers: a let, a parameter declared &Server and &'a mut
	// Server.
	var marked []string
	for _, f := range ask(t, "callers", "myapp::client::Server::run").Files {
		for _, l := range f.Lines {
			if l.Receiver == "myapp::client::Server" {
				marked = append(marked, fmt.Sprintf("%s:%d", f.Path, l.Number))
			}
		}
	}
	if want := []string{"rs/src/client.rs:9", "rs/src/client.rs:13", "rs/src/client.rs:14"}; !slices.Equal(marked, want) {
		t.Errorf("callers myapp::client::Server::run: marked %v, want %v", marked, want)
	}
	// No such type in the package: refused, with where it is.
	_, err := scout.Callers(context.Background(), scout.CallersOptions{Name: "example.com/m/c.(*T).Run"})
	if !errors.Is(err, scout.ErrPattern) || !strings.Contains(err.Error(), "no type T of a package or module example.com/m/c has a method Run (T.Run is defined in a/a.go and b/b.go)") {
		t.Errorf("callers c.(*T).Run: %v; want it refused, saying where T.Run is", err)
	}
	// C++: a method defined outside its class is its name's, its
	// namespaces those around it and those its name is written with; a
	// frame as gdb prints it.
	for name, want := range map[string][]string{
		"join":                              {"cc/db/pool.h:5", "cc/net/pool.cc:3", "cc/net2/pool.cc:1", "src/com/example/Pool.java:4", "src/org/example/Pool.java:4"},
		"net::Pool::join":                   {"cc/net/pool.cc:3"},
		"net2::Pool::join(int)":             {"cc/net2/pool.cc:1"},
		"db::detail::Pool::join(int) const": {"cc/db/pool.h:5"},
		"detail::Pool::join":                {"cc/db/pool.h:5"},
		"Shop.Orders.Pool.Join":             {"cs/Orders.cs:5"},
		"Billing.Pool.Join":                 {"cs/Billing.cs:5"},
	} {
		p := ask(t, "callers", name)
		if defs := places(p.Definitions); !slices.Equal(sorted(defs), want) {
			t.Errorf("callers %s: definitions %v, want %v\n%s", name, defs, want, p.Text)
		}
	}
	for name, want := range map[string][]string{"net::Pool::join": {"cc/net/pool.cc:4"}, "net2::Pool::join": {"cc/net2/pool.cc:2"}, "Box::stow": {"cc/net2/pool.cc:8"}} {
		var calls []string
		for _, f := range ask(t, "callees", name).Files {
			for _, l := range f.Lines {
				calls = append(calls, fmt.Sprintf("%s:%d", f.Path, l.Number))
			}
		}
		if !slices.Equal(calls, want) {
			t.Errorf("callees %s: calls at %v, want %v", name, calls, want)
		}
	}
	// refs: a name defined outside its class is a definition, no use.
	for _, f := range ask(t, "refs", "join").Files {
		for _, l := range f.Lines {
			if strings.Contains(l.Text, "::join") {
				t.Errorf("refs join: %s:%d %q is a use; want it a definition", f.Path, l.Number, l.Text)
			}
		}
	}
	// db's Pool is db::detail's: db::Pool is no type.
	_, err = scout.Callers(context.Background(), scout.CallersOptions{Name: "db::Pool::join"})
	if !errors.Is(err, scout.ErrPattern) || !strings.Contains(err.Error(), "no type Pool of a package or module db has a method join") {
		t.Errorf("callers db::Pool::join: %v; want it refused", err)
	}
}
