package embed

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"
	"unicode/utf8"
)

// Batch is how many texts go in one request to an HTTP provider.
const Batch = 64

// DefaultTimeout is how long one request to an HTTP provider may take
// when HTTP.Timeout is 0.
const DefaultTimeout = 30 * time.Second

// maxAnswer bounds an answer's size: 64 texts × 4096 dimensions as JSON
// is about 20 MiB.
const maxAnswer = 64 << 20

// Dialect is the request and answer shape an HTTP provider speaks.
type Dialect int

const (
	// OpenAI: POST {URL}/v1/embeddings {"model", "input": [...]} →
	// {"data": [{"index", "embedding"}]}. Many servers speak it
	// (llama.cpp, vLLM, LM Studio, LocalAI, and OpenAI itself).
	OpenAI Dialect = iota
	// Ollama: POST {URL}/api/embed {"model", "input": [...]} →
	// {"embeddings": [[...]]}.
	Ollama
)

// HTTP is an embedding provider behind an HTTP endpoint.
type HTTP struct {
	Dialect Dialect
	// URL is the server's base ("http://localhost:11434"); a URL that
	// already ends in the dialect's path is used as it is.
	URL   string
	Model string
	// Key, when set, is sent as a bearer token (OpenAI); it never
	// appears in an error.
	Key string
	// Timeout bounds each request; 0: DefaultTimeout.
	Timeout time.Duration
	// Client, when not nil, sends the requests (tests); else a client of
	// its own.
	Client *http.Client
}

// NewHTTP checks a provider's settings and returns it.
func NewHTTP(d Dialect, rawURL, model, key string, timeout time.Duration) (*HTTP, error) {
	u, err := url.Parse(rawURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("%w: %q is not an http:// or https:// address (e.g. http://localhost:11434)", ErrConfig, rawURL)
	}
	if model == "" {
		return nil, fmt.Errorf("%w: no model named (e.g. --embed-model nomic-embed-text)", ErrConfig)
	}
	return &HTTP{Dialect: d, URL: rawURL, Model: model, Key: key, Timeout: timeout}, nil
}

// ID implements Embedder: "openai:MODEL@HOST" or "ollama:MODEL@HOST".
func (h *HTTP) ID() string {
	host := h.URL
	if u, err := url.Parse(h.URL); err == nil {
		host = u.Host
	}
	return h.dialect() + ":" + h.Model + "@" + host
}

func (h *HTTP) dialect() string {
	if h.Dialect == Ollama {
		return "ollama"
	}
	return "openai"
}

// endpoint is the URL requests go to.
func (h *HTTP) endpoint() string {
	path := "/v1/embeddings"
	if h.Dialect == Ollama {
		path = "/api/embed"
	}
	base := strings.TrimRight(h.URL, "/")
	if strings.HasSuffix(base, path) {
		return base
	}
	if h.Dialect == OpenAI && strings.HasSuffix(base, "/v1") {
		return base + "/embeddings"
	}
	return base + path
}

// Embed implements Embedder, Batch texts to a request.
func (h *HTTP) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, 0, len(texts))
	for i := 0; i < len(texts); i += Batch {
		vs, err := h.embed(ctx, texts[i:min(i+Batch, len(texts))])
		if err != nil {
			return nil, err
		}
		out = append(out, vs...)
	}
	if err := checkVectors(out, len(texts)); err != nil {
		return nil, fmt.Errorf("%s: %w", h.ID(), err)
	}
	return out, nil
}

func (h *HTTP) embed(ctx context.Context, texts []string) ([][]float32, error) {
	in := make([]string, len(texts))
	for i, t := range texts {
		in[i] = Clip(t)
	}
	body, _ := json.Marshal(struct {
		Model string   `json:"model"`
		Input []string `json:"input"`
	}{h.Model, in})
	timeout := h.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, h.endpoint(), bytes.NewReader(body))
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrConfig, h.ID(), err)
	}
	req.Header.Set("Content-Type", "application/json")
	if h.Key != "" {
		req.Header.Set("Authorization", "Bearer "+h.Key)
	}
	client := h.Client
	if client == nil {
		client = &http.Client{}
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, h.failed(ctx, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxAnswer+1))
	if err != nil {
		return nil, h.failed(ctx, err)
	}
	if len(data) > maxAnswer {
		return nil, fmt.Errorf("%w: %s answered with more than %d MiB", ErrResponse, h.ID(), maxAnswer>>20)
	}
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%w: %s answered %s: %s", ErrResponse, h.ID(), resp.Status, serverMessage(data))
	}
	var vs [][]float32
	if h.Dialect == Ollama {
		var a struct {
			Embeddings [][]float32 `json:"embeddings"`
		}
		if err := json.Unmarshal(data, &a); err != nil {
			return nil, fmt.Errorf("%w: %s: %v", ErrResponse, h.ID(), err)
		}
		vs = a.Embeddings
	} else {
		var a struct {
			Data []struct {
				Index     int       `json:"index"`
				Embedding []float32 `json:"embedding"`
			} `json:"data"`
		}
		if err := json.Unmarshal(data, &a); err != nil {
			return nil, fmt.Errorf("%w: %s: %v", ErrResponse, h.ID(), err)
		}
		// The answer's order is its indexes', not the list's.
		slices.SortStableFunc(a.Data, func(x, y struct {
			Index     int       `json:"index"`
			Embedding []float32 `json:"embedding"`
		}) int {
			return x.Index - y.Index
		})
		for i, d := range a.Data {
			if d.Index != i {
				return nil, fmt.Errorf("%w: %s: the answer's indexes are not 0..%d", ErrResponse, h.ID(), len(texts)-1)
			}
			vs = append(vs, d.Embedding)
		}
	}
	if err := checkVectors(vs, len(texts)); err != nil {
		return nil, fmt.Errorf("%s: %w", h.ID(), err)
	}
	return vs, nil
}

// failed classifies a request's error: a timeout, or unreachable.
func (h *HTTP) failed(ctx context.Context, err error) error {
	var ne net.Error
	if errors.Is(ctx.Err(), context.DeadlineExceeded) || (errors.As(err, &ne) && ne.Timeout()) {
		timeout := h.Timeout
		if timeout <= 0 {
			timeout = DefaultTimeout
		}
		return fmt.Errorf("%w: %s gave no answer within %v", ErrTimeout, h.ID(), timeout)
	}
	if errors.Is(err, context.Canceled) {
		return err
	}
	// The URL error repeats the address; its cause says what failed.
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	return fmt.Errorf("%w: %s: %v", ErrUnreachable, h.ID(), err)
}

// serverMessage is the error a server put in its answer, short.
func serverMessage(data []byte) string {
	var a struct {
		Error json.RawMessage `json:"error"`
	}
	msg := strings.TrimSpace(string(data))
	if json.Unmarshal(data, &a) == nil && len(a.Error) > 0 {
		var s string
		var o struct {
			Message string `json:"message"`
		}
		switch {
		case json.Unmarshal(a.Error, &s) == nil:
			msg = s
		case json.Unmarshal(a.Error, &o) == nil && o.Message != "":
			msg = o.Message
		}
	}
	if len(msg) > 200 {
		n := 200
		for n > 0 && !utf8.RuneStart(msg[n]) {
			n--
		}
		msg = msg[:n] + "…"
	}
	if msg == "" {
		msg = "(no message)"
	}
	return msg
}
