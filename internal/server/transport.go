package server

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// MaxMessage bounds a message a client sends (a JSON-RPC line): 4 MiB is
// far more than any call to these tools needs.
const MaxMessage = 4 << 20

// Transport is scout mcp's stdio transport: newline-delimited JSON-RPC,
// like the SDK's, except that a bad line does not end the session. A line
// that is not JSON, or not a JSON-RPC message, is answered with a JSON-RPC
// error (-32700 parse error, -32600 invalid request) and the server reads
// on; so is a line over MaxMessage bytes, which is skipped without being
// kept in memory. (The SDK's transport closes the connection on either,
// and every later call of the host fails with "not connected".)
type Transport struct {
	Reader io.Reader
	Writer io.Writer
	// MaxMessage bounds a line; 0: MaxMessage.
	MaxMessage int
}

// Connect implements mcp.Transport.
func (t *Transport) Connect(context.Context) (mcp.Connection, error) {
	limit := t.MaxMessage
	if limit <= 0 {
		limit = MaxMessage
	}
	c := &conn{w: t.Writer, incoming: make(chan line), closed: make(chan struct{})}
	go c.readLines(bufio.NewReaderSize(t.Reader, 64<<10), limit)
	return c, nil
}

// line is a line read, or how reading stopped.
type line struct {
	data []byte
	over int // > 0: the line was this long, over the limit, and skipped
	err  error
}

type conn struct {
	w         io.Writer
	writeMu   sync.Mutex
	incoming  chan line
	closed    chan struct{}
	closeOnce sync.Once
}

// readLines sends each line of r to c.incoming, until r ends or c closes.
func (c *conn) readLines(r *bufio.Reader, limit int) {
	for {
		l := readLine(r, limit)
		select {
		case c.incoming <- l:
		case <-c.closed:
			return
		}
		if l.err != nil {
			return
		}
	}
}

// readLine reads a line without its end, keeping at most limit bytes of
// it.
func readLine(r *bufio.Reader, limit int) line {
	var buf []byte
	n := 0
	for {
		chunk, err := r.ReadSlice('\n')
		n += len(chunk)
		if n <= limit+1 { // +1: the '\n'
			buf = append(buf, chunk...)
		} else {
			buf = nil
		}
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case err != nil && n == 0:
			return line{err: err}
		case n > limit+1:
			return line{over: n}
		}
		if len(buf) > 0 && buf[len(buf)-1] == '\n' {
			buf = buf[:len(buf)-1]
		}
		return line{data: buf}
	}
}

// Read returns the next message; bad lines are answered here and skipped.
func (c *conn) Read(ctx context.Context) (jsonrpc.Message, error) {
	for {
		var l line
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-c.closed:
			return nil, io.EOF
		case l = <-c.incoming:
		}
		switch {
		case l.err != nil:
			return nil, l.err
		case l.over > 0:
			c.reply(nil, -32600, fmt.Sprintf("message too large: %d bytes; the limit is %d", l.over, MaxMessage))
			continue
		}
		data := trimSpace(l.data)
		if len(data) == 0 {
			continue
		}
		if data[0] == '[' {
			c.reply(nil, -32600, "batches are not supported: send one message a line")
			continue
		}
		msg, err := jsonrpc.DecodeMessage(data)
		if err == nil {
			return msg, nil
		}
		var probe struct {
			ID json.RawMessage `json:"id"`
		}
		switch {
		case !json.Valid(data):
			c.reply(nil, -32700, "parse error: the line is not JSON")
		case json.Unmarshal(data, &probe) == nil && len(probe.ID) > 0:
			c.reply(probe.ID, -32600, "invalid request: "+err.Error())
		default:
			c.reply(nil, -32600, "invalid request: "+err.Error())
		}
	}
}

func trimSpace(b []byte) []byte {
	for len(b) > 0 && (b[0] == ' ' || b[0] == '\t' || b[0] == '\r') {
		b = b[1:]
	}
	for len(b) > 0 && (b[len(b)-1] == ' ' || b[len(b)-1] == '\t' || b[len(b)-1] == '\r') {
		b = b[:len(b)-1]
	}
	return b
}

// reply writes a JSON-RPC error response (id null when unknown).
func (c *conn) reply(id json.RawMessage, code int, msg string) {
	if len(id) == 0 || !json.Valid(id) {
		id = json.RawMessage("null")
	}
	b, _ := json.Marshal(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}{JSONRPC: "2.0", ID: id, Error: struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	}{code, msg}})
	c.writeLine(b)
}

// Write implements mcp.Connection.
func (c *conn) Write(ctx context.Context, msg jsonrpc.Message) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	data, err := jsonrpc.EncodeMessage(msg)
	if err != nil {
		return fmt.Errorf("encoding a message: %w", err)
	}
	return c.writeLine(data)
}

func (c *conn) writeLine(data []byte) error {
	c.writeMu.Lock()
	defer c.writeMu.Unlock()
	_, err := c.w.Write(append(data, '\n'))
	return err
}

// Close implements mcp.Connection.
func (c *conn) Close() error {
	c.closeOnce.Do(func() { close(c.closed) })
	return nil
}

// SessionID implements mcp.Connection.
func (c *conn) SessionID() string { return "" }
