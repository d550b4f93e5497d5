package sso

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sync"
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

// TestKicksAreBoundedByRetryMin: every start of a sign-in kicks discovery
// while the provider is down. Kicks cut the doubling waits short, so that a
// provider that came back is used soon, but however many kick, attempts
// stay at least RetryMin apart: starts cannot make the server hammer the
// provider.
func TestKicksAreBoundedByRetryMin(t *testing.T) {
	const retryMin, attempts = 20 * time.Millisecond, 10
	var mu sync.Mutex
	var seen []time.Time
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, time.Now())
		mu.Unlock()
		http.Error(w, "down", http.StatusServiceUnavailable)
	}))
	defer srv.Close()
	count := func() int { mu.Lock(); defer mu.Unlock(); return len(seen) }

	p := New(Config{Issuer: srv.URL, ClientID: "c", RetryMin: retryMin, RetryMax: time.Hour},
		slog.New(slog.NewTextHandler(io.Discard, nil)))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	began := time.Now()
	go p.Run(ctx)
	kicks := 0
	for deadline := began.Add(10 * time.Second); count() < attempts; kicks++ {
		if time.Now().After(deadline) {
			t.Fatalf("%d attempts in 10 s while kicking; kicks do not shorten the waits", count())
		}
		if _, err := p.AuthURL(NewLogin()); err != ErrUnavailable { // kicks, as a start does
			t.Fatalf("AuthURL while the provider is down: %v", err)
		}
		time.Sleep(100 * time.Microsecond)
	}
	// Without kicks the doubling waits (20, 40, … ms) would take 10 s for 10 attempts.
	if took := time.Since(began); took > 5*time.Second {
		t.Fatalf("%d attempts took %v while kicking", attempts, took)
	}
	mu.Lock()
	defer mu.Unlock()
	for i := 1; i < len(seen); i++ {
		if gap := seen[i].Sub(seen[i-1]); gap < retryMin {
			t.Fatalf("attempts %d and %d were %v apart after %d kicks, want at least %v", i, i+1, gap, kicks, retryMin)
		}
	}
}
