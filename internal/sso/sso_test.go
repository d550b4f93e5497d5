package sso

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/notenrechner/notenrechner/internal/oidctest"
)

// TestDiscoveryRetries: a provider that is down is tried again with growing
// waits, and AuthURL refuses until discovery succeeded.
func TestDiscoveryRetries(t *testing.T) {
	var up atomic.Bool
	var attempts atomic.Int32
	var op atomic.Pointer[oidctest.Provider]
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/.well-known/openid-configuration" {
			attempts.Add(1)
		}
		if !up.Load() {
			http.Error(w, "down", http.StatusServiceUnavailable)
			return
		}
		op.Load().ServeHTTP(w, r)
	}))
	defer srv.Close()
	provider, err := oidctest.New(srv.URL, oidctest.Options{ClientID: "c", ClientSecret: "s"})
	if err != nil {
		t.Fatal(err)
	}
	op.Store(provider)

	p := New(Config{Issuer: srv.URL, ClientID: "c", ClientSecret: "s", RedirectURL: "http://rp.test/cb",
		RetryMin: time.Millisecond, RetryMax: 8 * time.Millisecond}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if _, err := p.AuthURL(NewLogin()); err != ErrUnavailable {
		t.Fatalf("AuthURL before discovery: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan struct{})
	go func() { p.Run(ctx); close(done) }()
	for attempts.Load() < 4 {
		time.Sleep(time.Millisecond)
	}
	if p.Reachable() {
		t.Fatal("reachable while the provider is down")
	}
	up.Store(true)
	<-done
	if !p.Reachable() {
		t.Fatal("Run ended without discovering the provider")
	}
	if _, err := p.AuthURL(NewLogin()); err != nil {
		t.Fatalf("AuthURL after discovery: %v", err)
	}
}

// TestRunEndsWithItsContext: a provider that never comes up does not keep
// a goroutine after shutdown.
func TestRunEndsWithItsContext(t *testing.T) {
	p := New(Config{Issuer: "http://127.0.0.1:1", ClientID: "c", RetryMin: time.Millisecond, RetryMax: time.Millisecond},
		slog.New(slog.NewTextHandler(io.Discard, nil)))
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	p.Run(ctx) // returns, or the test times out
	if p.Reachable() {
		t.Fatal("reachable without a provider")
	}
}
