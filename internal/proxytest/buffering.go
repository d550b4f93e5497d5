// Package proxytest holds reverse proxies that misbehave the way real ones do, for the browser
// tests (web/e2e/fallback.spec.ts): Buffering holds back event streams, as a proxy with response
// buffering on does (nginx's default, unless the application says X-Accel-Buffering: no and the
// proxy honours it; some appliances and virus scanners buffer whatever they are told).
package proxytest

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httputil"
	"net/url"
	"strings"
)

// MaxHeld bounds what Buffering keeps of one event stream; a stream that sends more is cut off.
const MaxHeld = 1 << 20

// Buffering proxies every request to upstream. Answers of type text/event-stream get their status
// and headers at once, but their body only when the upstream ends it: a page sees its stream open
// and then nothing, however long it stays open. Everything else passes as Go's reverse proxy
// passes it (which would flush an event stream at once, hence this).
func Buffering(upstream *url.URL) http.Handler {
	proxy := httputil.NewSingleHostReverseProxy(upstream)
	proxy.ModifyResponse = func(res *http.Response) error {
		if strings.HasPrefix(res.Header.Get("Content-Type"), "text/event-stream") {
			res.Body = &heldBody{body: res.Body}
		}
		return nil
	}
	return proxy
}

// heldBody reads its stream to the end (or MaxHeld, or an error such as the client leaving) before
// it gives the proxy a single byte. Its first Read returns only then, so the proxy, which flushes
// after each Read of an event stream, has written only the head.
type heldBody struct {
	body io.ReadCloser
	held io.Reader
}

func (h *heldBody) Read(p []byte) (int, error) {
	if h.held == nil {
		all, err := io.ReadAll(io.LimitReader(h.body, MaxHeld))
		h.held = io.MultiReader(bytes.NewReader(all), errReader{err})
	}
	return h.held.Read(p)
}

func (h *heldBody) Close() error { return h.body.Close() }

// errReader ends the held body with the upstream's error, or io.EOF when it ended cleanly.
type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) {
	if e.err == nil {
		return 0, io.EOF
	}
	return 0, e.err
}
