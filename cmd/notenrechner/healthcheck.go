package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"time"
)

const healthcheckHelp = `Aufruf: notenrechner healthcheck [--addr ADRESSE] [--timeout 3s]

Fragt /healthz des Servers auf diesem Rechner ab und endet mit 0, wenn er samt Datenbank
antwortet, sonst mit 1. Für den HEALTHCHECK eines Containers, der weder curl noch eine
Shell enthält. --addr ist dieselbe Adresse wie bei serve (NOTENRECHNER_ADDR).

Optionen:
`

func cmdHealthcheck(ctx context.Context, args []string, getenv func(string) string, stdout io.Writer) error {
	fs := flag.NewFlagSet("healthcheck", flag.ContinueOnError)
	addr := fs.String("addr", envOr(getenv, "NOTENRECHNER_ADDR", ":8080"), "Adresse, an der serve lauscht (NOTENRECHNER_ADDR)")
	timeout := fs.Duration("timeout", 3*time.Second, "so lange wird höchstens gewartet")
	if helped, err := parseFlags(fs, args, healthcheckHelp, stdout); helped || err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("%w: healthcheck erwartet keine Argumente, bekam %q", errUsage, fs.Args())
	}
	if *timeout <= 0 {
		return fmt.Errorf("%w: --timeout muss positiv sein, z. B. 3s", errUsage)
	}
	url, dial, err := healthTarget(*addr)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, *timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return fmt.Errorf("%w: --addr %q: %v", errUsage, *addr, err)
	}
	// Straight to the server: never through a proxy from HTTP_PROXY, never
	// to where a redirect points.
	client := &http.Client{
		Transport:     &http.Transport{Proxy: nil, DialContext: dial},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	resp, err := client.Do(req)
	if errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("Server unter %s antwortet nicht innerhalb von %s", url, *timeout)
	}
	if err != nil {
		return fmt.Errorf("Server nicht erreichbar unter %s: %w", url, err)
	}
	defer resp.Body.Close()
	var body struct{ Status, Database string }
	_ = json.NewDecoder(io.LimitReader(resp.Body, 4096)).Decode(&body) // the status decides; the body only explains
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("Server unter %s nicht gesund: Antwort %d (Datenbank: %s)", url, resp.StatusCode, orUnknown(body.Database))
	}
	_, err = fmt.Fprintf(stdout, "ok: %s (Datenbank: %s)\n", url, orUnknown(body.Database))
	return err
}

// healthTarget is where the health check asks: the URL to request, and for a Unix socket
// (--addr unix:PATH) a dialer that connects to it whatever the URL's host. --addr systemd names a
// socket only systemd holds: the check then asks on the socket's path, which it cannot know.
func healthTarget(addr string) (string, func(ctx context.Context, network, address string) (net.Conn, error), error) {
	if addr == systemdAddr {
		return "", nil, fmt.Errorf("%w: --addr systemd: den Pfad des Sockets angeben, z. B. --addr unix:/run/notenrechner/http.sock", errUsage)
	}
	if path, ok := strings.CutPrefix(addr, "unix:"); ok {
		var d net.Dialer
		return "http://unix/healthz", func(ctx context.Context, _, _ string) (net.Conn, error) {
			return d.DialContext(ctx, "unix", path)
		}, nil
	}
	url, err := healthURL(addr)
	return url, nil, err
}

// healthURL turns serve's listen address into the address to ask: a server
// that listens on every interface (":8080", "0.0.0.0:8080", "[::]:8080") is
// asked on loopback, which works in a container's own network namespace.
func healthURL(addr string) (string, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil || port == "" {
		return "", fmt.Errorf("%w: --addr %q ist keine Adresse wie :8080 oder 127.0.0.1:8080", errUsage, addr)
	}
	if ip := net.ParseIP(host); host == "" || (ip != nil && ip.IsUnspecified()) {
		host = "127.0.0.1"
	}
	return "http://" + net.JoinHostPort(host, port) + "/healthz", nil
}

// orUnknown is a word of the health answer as it is printed: "unbekannt" when missing, escaped by shown.
func orUnknown(s string) string {
	if s == "" {
		return "unbekannt"
	}
	return shown(s) // whatever answers on the port must not write to the operator's terminal
}
