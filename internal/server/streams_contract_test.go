package server

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/notenrechner/notenrechner/internal/auth"
	"github.com/notenrechner/notenrechner/internal/live"
)

// TestStreamRefusalsKeepTheContract: a stream past the limit per address (429) or in total
// (503), asked for with GET or with the page's HEAD, on the default's route and on a scale's,
// answers as api/openapi.yaml says, with Retry-After (the page polls until then). A real
// listener, so that HEAD answers carry no body, as net/http sends them.
// (cmd/notenrechner's TestStreamLimits proves the limits hold against the real process.)
func TestStreamRefusalsKeepTheContract(t *testing.T) {
	for _, path := range []string{"/api/v1/config/events", "/api/v1/scales/standard/events"} {
		t.Run(path, func(t *testing.T) { streamRefusalsKeepTheContract(t, path) })
	}
}

func streamRefusalsKeepTheContract(t *testing.T, path string) {
	_, b := newTestServer(t, fakeStore{})
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	guard := live.NewGuard(1, 2, logger)
	srv := httptest.NewServer(New(Deps{Logger: logger, Store: fakeStore{}, Broker: b, Assets: testAssets, Streams: guard}))
	t.Cleanup(srv.Close)

	exchange := func(method string, wantStatus int, wantRetry string) {
		t.Helper()
		req, err := http.NewRequest(method, srv.URL+path, nil)
		if err != nil {
			t.Fatal(err)
		}
		res, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != wantStatus || res.Header.Get("Retry-After") != wantRetry {
			t.Fatalf("%s: %d with Retry-After %q, want %d and %q; body %s",
				method, res.StatusCode, res.Header.Get("Retry-After"), wantStatus, wantRetry, body)
		}
		checkContract(t, contractRequest(method, path, "", http.Header{}), res.StatusCode, res.Header, body)
	}

	exchange("HEAD", 200, "") // a free slot: the head of a stream, and the slot stays free
	release, err := guard.Admit(auth.AddressGroup("127.0.0.1"))
	if err != nil {
		t.Fatal(err)
	}
	exchange("GET", 429, "30")
	exchange("HEAD", 429, "30")
	release()
	other, err := guard.Admit("198.51.100.7")
	if err != nil {
		t.Fatal(err)
	}
	defer other()
	more, err := guard.Admit("198.51.100.8")
	if err != nil {
		t.Fatal(err)
	}
	defer more()
	exchange("GET", 503, "60")
	exchange("HEAD", 503, "60")
}

// A server made without Deps.Streams bounds the streams as serve does by default: the total, and
// half of it per address, so that a school behind one address keeps its pages live.
func TestDefaultStreamLimits(t *testing.T) {
	perAddress, total := withDefaults(Deps{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}).Streams.Limits()
	if total != live.DefaultStreamsTotal || perAddress != 5000 {
		t.Fatalf("default limits: %d per address, %d in all; want 5000 and %d", perAddress, total, live.DefaultStreamsTotal)
	}
}
