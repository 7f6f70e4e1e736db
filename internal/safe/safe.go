// Package safe carries a panic from the goroutine it happened on to the
// goroutine that waits for that work, and raises it there.
//
// Why: a panic on a goroutine of its own ends the process, whoever
// recovers elsewhere. The MCP server recovers each call's panic on the
// call's goroutine, so that a bug costs one call, not the session; but a
// search does its work on goroutines it starts (the walk's, the parsers',
// the workers of a fold), and a panic there, such as find's over a file
// name of invalid UTF-8, killed the server. Work started with this
// package raises its panic where it is waited for, once every goroutine
// of it has stopped, and a pool keeps draining its work so nothing waits
// for ever.
package safe

import (
	"fmt"
	"runtime/debug"
	"sync"
	"sync/atomic"
)

// Panic is a panic caught on one goroutine, with that goroutine's stack.
type Panic struct {
	Value any
	Stack []byte
}

// Error gives the value and the stack where it was raised first: a
// process that ends with this panic prints it, so the stack that matters
// is not lost.
func (p *Panic) Error() string { return fmt.Sprintf("%v\n\n%s", p.Value, p.Stack) }

// Origin returns the panic's value and the stack where it was raised, for
// a recover that reports them apart (the MCP server tells the model the
// value and writes the stack to its log) without importing this package.
func (p *Panic) Origin() (any, []byte) { return p.Value, p.Stack }

// Unwrap returns the panic's value when it is an error.
func (p *Panic) Unwrap() error {
	if err, ok := p.Value.(error); ok {
		return err
	}
	return nil
}

// Catch calls fn and returns the panic it raised, or nil. A panic that
// already is a *Panic (raised again from a goroutine further in) is
// returned as it is, keeping the stack where it happened.
func Catch(fn func()) (p *Panic) {
	defer func() {
		if v := recover(); v != nil {
			p = Recovered(v)
		}
	}()
	fn()
	return nil
}

// Recovered is the *Panic of a value recover returned (not nil), for a
// deferred function that must clean up before the panic goes on: called
// there, the stack is the panicking goroutine's.
func Recovered(v any) *Panic {
	if p, ok := v.(*Panic); ok {
		return p
	}
	return &Panic{Value: v, Stack: debug.Stack()}
}

// Raise panics with p on the calling goroutine; a nil p does nothing.
func Raise(p *Panic) {
	if p != nil {
		panic(p)
	}
}

// First keeps the first panic of several goroutines.
type First struct {
	mu     sync.Mutex
	p      *Panic
	failed atomic.Bool // p is set: read without the lock, once per item of a pool
}

// Keep keeps p if it is the first; it reports whether p was not nil.
func (f *First) Keep(p *Panic) bool {
	if p == nil {
		return false
	}
	f.mu.Lock()
	if f.p == nil {
		f.p = p
		f.failed.Store(true)
	}
	f.mu.Unlock()
	return true
}

// Failed reports whether a panic was kept.
func (f *First) Failed() bool { return f.failed.Load() }

// Raise raises the panic kept, if any (see Raise).
func (f *First) Raise() {
	f.mu.Lock()
	p := f.p
	f.mu.Unlock()
	Raise(p)
}

// Group is a sync.WaitGroup whose Wait raises, on the waiting goroutine,
// the first panic of the goroutines it started.
type Group struct {
	wg    sync.WaitGroup
	first First
}

// Go calls fn on a new goroutine.
func (g *Group) Go(fn func()) {
	g.wg.Go(func() { g.first.Keep(Catch(fn)) })
}

// Wait waits for every goroutine started, then raises the first panic.
func (g *Group) Wait() {
	g.wg.Wait()
	g.first.Raise()
}
