package postgres

import (
	"cmp"
	"context"
	"fmt"
	"net"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/notenrechner/notenrechner/internal/store/postgres/pgtest"
)

// secret is a password that must never appear in an error.
const secret = "Geheimes-Passwort-93f1"

func TestConnectTimeout(t *testing.T) {
	for _, tc := range []struct {
		dsn  string
		want time.Duration
	}{
		{"postgres://u@db.example:5432/n", 10 * time.Second},
		{"postgres://u@db.example:5432/n?connect_timeout=3", 3 * time.Second},
	} {
		cfg, err := poolConfig(tc.dsn)
		if err != nil {
			t.Fatal(err)
		}
		if got := cfg.ConnConfig.ConnectTimeout; got != tc.want {
			t.Errorf("%s: connect time-out %v, want %v", tc.dsn, got, tc.want)
		}
	}
}

func TestInvalidAddressHidesPassword(t *testing.T) {
	for _, dsn := range []string{
		"postgres://postgres:" + secret + "@127.0.0.1:notaport/x",
		"postgres://postgres:" + secret + "%zz@127.0.0.1:5432/x",
		"postgres://postgres@127.0.0.1:5432/x?sslmode=bogus&password=" + secret,
	} {
		_, err := Open(context.Background(), dsn, Options{})
		if err == nil {
			t.Fatalf("Open(%q) succeeded", dsn)
		}
		if msg := fmt.Sprint(err); strings.Contains(msg, secret) || !strings.Contains(msg, "postgres:") {
			t.Errorf("error for an invalid address: %q", msg)
		}
	}
}

// Connection failures name host, port and cause, and never the password:
// once refused by the server (wrong password, unknown database) and once
// with nobody listening. The server may trust every connection, so the
// unknown database is what makes it refuse for sure.
func TestConnectErrorNamesHostNotPassword(t *testing.T) {
	server, err := url.Parse(pgtest.Server(t))
	if err != nil {
		t.Fatal(err)
	}
	refused := *server
	refused.User = url.UserPassword(server.User.Username(), secret)
	refused.Path = "/nr_missing_database"
	closed := refused
	closed.Host = "127.0.0.1:1"
	for _, tc := range []struct {
		url             *url.URL
		host, port, why string
	}{
		{&refused, refused.Hostname(), cmp.Or(refused.Port(), "5432"), "nr_missing_database"},
		{&closed, "127.0.0.1", "1", "refused"},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		_, err := Open(ctx, tc.url.String(), Options{})
		cancel()
		if err == nil {
			t.Fatalf("Open(%s) succeeded", tc.url.Redacted())
		}
		msg := fmt.Sprintf("%v | %+v | %#v", err, err, err)
		if strings.Contains(msg, secret) {
			t.Fatalf("the error shows the password: %s", msg)
		}
		for _, want := range []string{"host " + tc.host, "port " + tc.port, tc.why} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("error %q does not contain %q", err, want)
			}
		}
	}
}

// A server that accepts the connection but never answers must not hold up
// a start for longer than the connect time-out.
func TestConnectTimesOutOnASilentServer(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			defer conn.Close() // held open, silent, until the test ends
		}
	}()
	port := ln.Addr().(*net.TCPAddr).Port
	start := time.Now()
	_, err = Open(context.Background(), fmt.Sprintf("postgres://u:%s@127.0.0.1:%d/x?sslmode=disable&connect_timeout=1", secret, port), Options{})
	if err == nil {
		t.Fatal("Open succeeded against a silent server")
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Fatalf("Open gave up after %v, want about 1 s", took)
	}
	if msg := err.Error(); !strings.Contains(msg, fmt.Sprintf("host 127.0.0.1 port %d", port)) || strings.Contains(msg, secret) {
		t.Fatalf("error %q", msg)
	}
	t.Log(err)
}
