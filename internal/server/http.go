package server

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ServeHTTP serves s to many clients at once over MCP's streamable HTTP
// transport at addr, until ctx is done; ready is told the endpoint's URL.
// Only a loopback address is accepted: the tools read files, and an address
// on the network would let anyone who reaches it read them.
func ServeHTTP(ctx context.Context, s *mcp.Server, addr string, ready func(url string)) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("--http %q: %v; give a loopback address and port, such as 127.0.0.1:7878", addr, err)
	}
	if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return fmt.Errorf("--http %q: scout serves HTTP on a loopback address only (127.0.0.1, ::1 or localhost): the tools read your files, and anyone who can reach the address could too", addr)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	handler := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s },
		&mcp.StreamableHTTPOptions{SessionTimeout: 30 * time.Minute, MaxRequestBodyBytes: MaxMessage})
	mux := http.NewServeMux()
	mux.Handle("/mcp", http.NewCrossOriginProtection().Handler(handler))
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(shut)
	}()
	ready("http://" + ln.Addr().String() + "/mcp")
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
