package embed

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// fakeServer speaks both dialects the way the real servers do: vectors
// whose first value is the text's length, so a test can tell which text
// a vector belongs to. answer, when set, replaces the answer.
func fakeServer(t *testing.T, dim int, answer func(w http.ResponseWriter, texts []string) bool) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		var req struct {
			Model string   `json:"model"`
			Input []string `json:"input"`
		}
		body, _ := io.ReadAll(r.Body)
		if r.Method != http.MethodPost || json.Unmarshal(body, &req) != nil || req.Model == "" {
			http.Error(w, `{"error":"bad request"}`, http.StatusBadRequest)
			return
		}
		if answer != nil && answer(w, req.Input) {
			return
		}
		vec := func(s string) []float32 {
			v := make([]float32, dim)
			v[0] = float32(len(s))
			v[1] = 1
			return v
		}
		w.Header().Set("Content-Type", "application/json")
		switch r.URL.Path {
		case "/api/embed":
			var a struct {
				Model      string      `json:"model"`
				Embeddings [][]float32 `json:"embeddings"`
			}
			a.Model = req.Model
			for _, s := range req.Input {
				a.Embeddings = append(a.Embeddings, vec(s))
			}
			json.NewEncoder(w).Encode(a)
		case "/v1/embeddings":
			if r.Header.Get("Authorization") != "Bearer sk-test-key" {
				http.Error(w, `{"error":{"message":"Incorrect API key provided"}}`, http.StatusUnauthorized)
				return
			}
			type item struct {
				Object    string    `json:"object"`
				Index     int       `json:"index"`
				Embedding []float32 `json:"embedding"`
			}
			var a struct {
				Object string `json:"object"`
				Data   []item `json:"data"`
			}
			a.Object = "list"
			// In reverse: the answer's order is its indexes'.
			for i := len(req.Input) - 1; i >= 0; i-- {
				a.Data = append(a.Data, item{"embedding", i, vec(req.Input[i])})
			}
			json.NewEncoder(w).Encode(a)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	return srv, &calls
}

func texts(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = strings.Repeat("x", i+1)
	}
	return out
}

func TestHTTPDialects(t *testing.T) {
	srv, calls := fakeServer(t, 8, nil)
	for _, tc := range []struct {
		d   Dialect
		url string
	}{
		{OpenAI, srv.URL}, {OpenAI, srv.URL + "/v1"}, {OpenAI, srv.URL + "/v1/embeddings"},
		{Ollama, srv.URL}, {Ollama, srv.URL + "/api/embed"},
	} {
		calls.Store(0)
		h, err := NewHTTP(tc.d, tc.url, "m", "sk-test-key", 0)
		if err != nil {
			t.Fatal(err)
		}
		in := texts(Batch + 5) // two requests
		vs, err := h.Embed(context.Background(), in)
		if err != nil {
			t.Fatalf("%s %s: %v", h.ID(), tc.url, err)
		}
		if calls.Load() != 2 {
			t.Errorf("%s: %d requests for %d texts, want 2", h.ID(), calls.Load(), len(in))
		}
		for i, v := range vs {
			if len(v) != 8 || int(v[0]) != len(in[i]) {
				t.Fatalf("%s: vector %d is %v, want the one of text %d", h.ID(), i, v, i)
			}
		}
	}
}

// TestHTTPFailures: each way a provider fails is its own error, and a
// key never shows in one.
func TestHTTPFailures(t *testing.T) {
	refused := func() string { // an address nothing listens on
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		addr := l.Addr().String()
		l.Close()
		return "http://" + addr
	}()
	release := make(chan struct{})
	slow, _ := fakeServer(t, 8, func(w http.ResponseWriter, _ []string) bool {
		<-release // until the test is done: far beyond the timeout
		return false
	})
	t.Cleanup(func() { close(release) }) // before the server closes
	badJSON, _ := fakeServer(t, 8, func(w http.ResponseWriter, _ []string) bool {
		io.WriteString(w, `{"data": [{"index": 0, "embedding": [0.1, `)
		return true
	})
	status, _ := fakeServer(t, 8, func(w http.ResponseWriter, _ []string) bool {
		http.Error(w, `{"error":"model \"m\" not found, try pulling it first"}`, http.StatusNotFound)
		return true
	})
	ragged, _ := fakeServer(t, 8, func(w http.ResponseWriter, in []string) bool {
		var a struct {
			Embeddings [][]float32 `json:"embeddings"`
		}
		for i := range in {
			a.Embeddings = append(a.Embeddings, make([]float32, 4+i))
		}
		json.NewEncoder(w).Encode(a)
		return true
	})
	short, _ := fakeServer(t, 8, func(w http.ResponseWriter, in []string) bool {
		io.WriteString(w, `{"embeddings": [[1, 2, 3]]}`)
		return true
	})
	for _, tc := range []struct {
		name, url string
		d         Dialect
		timeout   time.Duration
		want      error
		says      string
	}{
		{"down", refused, Ollama, 0, ErrUnreachable, "connection refused"},
		{"timeout", slow.URL, Ollama, 100 * time.Millisecond, ErrTimeout, "within 100ms"},
		{"bad JSON", badJSON.URL, OpenAI, 0, ErrResponse, "unexpected end of JSON"},
		{"error status", status.URL, Ollama, 0, ErrResponse, `404 Not Found: model "m" not found`},
		{"wrong dimension", ragged.URL, Ollama, 0, ErrDimension, "vector 1 has 5 values, vector 0 has 4"},
		{"too few vectors", short.URL, Ollama, 0, ErrResponse, "1 vectors for 2 texts"},
	} {
		h, err := NewHTTP(tc.d, tc.url, "m", "sk-secret-key-123", tc.timeout)
		if err != nil {
			t.Fatal(err)
		}
		_, err = h.Embed(context.Background(), []string{"a", "b"})
		if !errors.Is(err, tc.want) || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("%s: got %v, want %v saying %q", tc.name, err, tc.want, tc.says)
		}
		if err != nil && strings.Contains(err.Error(), "sk-secret") {
			t.Errorf("%s: the key shows in the error: %v", tc.name, err)
		}
	}
}

func TestNewHTTPChecks(t *testing.T) {
	for _, tc := range []struct{ url, model string }{
		{"localhost:11434", "m"}, {"ftp://host/x", "m"}, {"http://", "m"}, {"http://localhost:1", ""},
	} {
		if _, err := NewHTTP(Ollama, tc.url, tc.model, "", 0); !errors.Is(err, ErrConfig) {
			t.Errorf("NewHTTP(%q, %q): %v, want ErrConfig", tc.url, tc.model, err)
		}
	}
}
