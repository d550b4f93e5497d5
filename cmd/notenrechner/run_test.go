package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

func noEnv(string) string { return "" }

// syncBuffer is a bytes.Buffer safe for the server's logger and the test.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// startServer runs `notenrechner serve` in-process and waits on /healthz.
func startServer(t *testing.T, db string, env map[string]string) (base string, stop func() error) {
	t.Helper()
	return startServerWith(t, db, env, &syncBuffer{})
}

func startServerLogging(t *testing.T, db string, logs *syncBuffer) (base string, stop func() error) {
	t.Helper()
	return startServerWith(t, db, nil, logs)
}

func startServerWith(t *testing.T, db string, env map[string]string, logs *syncBuffer) (base string, stop func() error) {
	t.Helper()
	addr := freeAddr(t)
	getenv := func(k string) string { return env[k] }
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- run(ctx, []string{"serve", "--addr", addr, "--db", db}, getenv, nil, io.Discard, logs) }()
	base = "http://" + addr
	deadline := time.Now().Add(15 * time.Second)
	for {
		resp, err := http.Get(base + "/healthz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				break
			}
		}
		select {
		case err := <-done:
			t.Fatalf("serve ended before it was healthy: %v\n%s", err, logs)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("not healthy after 15 s\n%s", logs)
		}
		time.Sleep(20 * time.Millisecond)
	}
	stopped := false
	stop = func() error {
		if stopped {
			return nil
		}
		stopped = true
		cancel()
		select {
		case err := <-done:
			return err
		case <-time.After(15 * time.Second):
			return errors.New("serve did not shut down within 15 s")
		}
	}
	t.Cleanup(func() { stop() })
	return base, stop
}

func TestServeStartsAndStopsGracefully(t *testing.T) {
	db := "sqlite:" + filepath.Join(t.TempDir(), "n.db")
	base, stop := startServer(t, db, map[string]string{"NOTENRECHNER_LOG_FORMAT": "json"})
	// An open event stream must not hold up the shutdown.
	resp, err := http.Get(base + "/api/v1/config/events")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if err := stop(); err != nil {
		t.Fatalf("graceful shutdown: %v", err)
	}
}

// A change written by another process (here: the import command on the
// same file) reaches an open event stream of the running server.
func TestImportWhileServingReachesStream(t *testing.T) {
	dir := t.TempDir()
	db := "sqlite:" + filepath.Join(dir, "n.db")
	base, _ := startServer(t, db, nil)
	resp, err := http.Get(base + "/api/v1/config/events")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	events := make(chan string, 10)
	go func() {
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			if strings.HasPrefix(sc.Text(), "id: ") {
				events <- eventVersion(strings.TrimPrefix(sc.Text(), "id: "))
			}
		}
		close(events)
	}()
	select {
	case id := <-events:
		if id != "1" {
			t.Fatalf("first event id %q, want 1", id)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no first event within 10 s")
	}
	file := writeFile(t, dir, "neu.json", strings.Replace(aliasDoc, "Original", "Neu", 1))
	var out, errOut bytes.Buffer
	if err := run(context.Background(), []string{"config", "import", "--db", db, file}, noEnv, nil, &out, &errOut); err != nil {
		t.Fatalf("import: %v\n%s", err, errOut.String())
	}
	select {
	case id := <-events:
		if id != "2" {
			t.Fatalf("event after import has id %q, want 2", id)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the import did not reach the open stream")
	}
}

func writeFile(t *testing.T, dir, name, content string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// eventVersion is the version an event id names: "mathe.3" and "mathe.3.archiviert" name 3 (the
// server's tests check the whole id; these follow versions through the processes).
func eventVersion(id string) string {
	if fields := strings.Split(id, "."); len(fields) > 1 {
		return fields[1]
	}
	return id
}
