package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func runHealthcheck(t *testing.T, env map[string]string, args ...string) (string, error) {
	t.Helper()
	var out bytes.Buffer
	err := run(context.Background(), append([]string{"healthcheck"}, args...), func(k string) string { return env[k] }, nil, &out, &out)
	return out.String(), err
}

func TestHealthcheckAgainstServer(t *testing.T) {
	base, stop := startServer(t, "sqlite:"+filepath.Join(t.TempDir(), "n.db"), nil)
	addr := strings.TrimPrefix(base, "http://")
	// The port from the environment, as in the image, and from --addr.
	out, err := runHealthcheck(t, map[string]string{"NOTENRECHNER_ADDR": addr})
	if err != nil || !strings.Contains(out, "ok: "+base+"/healthz (Datenbank: ok)") {
		t.Fatalf("healthcheck of a running server = %q, %v; want ok", out, err)
	}
	if out, err := runHealthcheck(t, nil, "--addr", addr); err != nil {
		t.Fatalf("healthcheck --addr %s = %q, %v", addr, out, err)
	}
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	_, err = runHealthcheck(t, nil, "--addr", addr, "--timeout", "2s")
	if err == nil || errors.Is(err, errUsage) || !strings.Contains(err.Error(), "Server nicht erreichbar unter "+base+"/healthz") {
		t.Fatalf("healthcheck of a stopped server: err = %v; want a German message naming the address", err)
	}
}

func TestHealthcheckFailures(t *testing.T) {
	down := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusServiceUnavailable)
		w.Write([]byte(`{"status":"down","database":"down"}`))
	}))
	defer down.Close()
	release := make(chan struct{})
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { <-release }))
	defer slow.Close()
	defer close(release)
	for _, tc := range []struct {
		name, addr, timeout, want string
	}{
		{"database down", strings.TrimPrefix(down.URL, "http://"), "2s", "nicht gesund: Antwort 503 (Datenbank: down)"},
		{"no answer in time", strings.TrimPrefix(slow.URL, "http://"), "200ms", "antwortet nicht innerhalb von 200ms"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			_, err := runHealthcheck(t, nil, "--addr", tc.addr, "--timeout", tc.timeout)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v; want it to contain %q", err, tc.want)
			}
			if took := time.Since(start); took > 5*time.Second {
				t.Errorf("took %s, more than its timeout allows", took)
			}
		})
	}
	for _, args := range [][]string{{"--addr", "8080"}, {"--timeout", "0s"}, {"extra"}} {
		if _, err := runHealthcheck(t, nil, args...); !errors.Is(err, errUsage) {
			t.Errorf("healthcheck %v: err = %v, want a usage error", args, err)
		}
	}
}

func TestHealthURL(t *testing.T) {
	for addr, want := range map[string]string{
		":8080":          "http://127.0.0.1:8080/healthz", // every interface: ask loopback
		"0.0.0.0:9000":   "http://127.0.0.1:9000/healthz",
		"[::]:9000":      "http://127.0.0.1:9000/healthz",
		"127.0.0.1:8081": "http://127.0.0.1:8081/healthz",
		"[::1]:8081":     "http://[::1]:8081/healthz",
		"10.0.0.5:8080":  "http://10.0.0.5:8080/healthz", // only there: ask there
	} {
		if got, err := healthURL(addr); err != nil || got != want {
			t.Errorf("healthURL(%q) = %q, %v; want %q", addr, got, err, want)
		}
	}
}

// TestHealthcheckEscapesTheAnswer: whatever answers on the port (another program, a compromised
// process) cannot write terminal control sequences through the health check's output: its words
// are printed as `admin list` prints stored text, with every non-printable character escaped.
func TestHealthcheckEscapesTheAnswer(t *testing.T) {
	const hostile = "ok\x1b]0;gekapert\x07\x1b[2J\u202e"
	for _, status := range []int{http.StatusOK, http.StatusServiceUnavailable} {
		fake := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(status)
			_ = json.NewEncoder(w).Encode(map[string]string{"status": "ok", "database": hostile})
		}))
		out, err := runHealthcheck(t, nil, "--addr", strings.TrimPrefix(fake.URL, "http://"))
		fake.Close()
		text := out
		if err != nil {
			text += err.Error()
		}
		if strings.ContainsAny(text, "\x1b\x07\u202e") {
			t.Errorf("status %d: output %q carries control characters", status, text)
		}
		if !strings.Contains(text, `ok\x1b]0;gekapert\a\x1b[2J\u202e`) {
			t.Errorf("status %d: output %q does not show the answer escaped", status, text)
		}
	}
}
