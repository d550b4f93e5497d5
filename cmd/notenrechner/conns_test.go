//go:build unix

package main

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestIdleConnectionsCannotStarveTheServer: under a limit of 256 open files, 300 idle keep-alive
// connections from one address do not keep a health check out, and the server never runs out of files
// (accept would fail with "too many open files" and answer nobody). The server runs as a process of its
// own, with the limit set by the shell before it starts.
func TestIdleConnectionsCannotStarveTheServer(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a server process")
	}
	addr, logs := freeAddr(t), &syncBuffer{}
	db := "sqlite:" + filepath.Join(t.TempDir(), "n.db")
	cmd := exec.Command("sh", "-c", `ulimit -n 256 && exec "$0" "$@"`, os.Args[0], "serve", "--addr", addr, "--db", db)
	cmd.Env, cmd.Stderr = append(os.Environ(), "NOTENRECHNER_RUN_MAIN=1"), logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Signal(os.Interrupt); cmd.Wait() })
	base := "http://" + addr
	waitHealthy(t, base, logs)

	req := "GET /api/v1/config HTTP/1.1\r\nHost: " + addr + "\r\n\r\n"
	for i := range 300 {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatalf("connection %d: %v", i, err)
		}
		defer c.Close()
		c.SetDeadline(time.Now().Add(10 * time.Second))
		io.WriteString(c, req)
		if res, err := http.ReadResponse(bufio.NewReader(c), nil); err == nil {
			io.Copy(io.Discard, res.Body)
			res.Body.Close()
		} // a connection closed to make room is what the limit does
	}
	client := &http.Client{Timeout: 5 * time.Second, Transport: &http.Transport{DisableKeepAlives: true}}
	resp, err := client.Get(base + "/healthz")
	if err != nil {
		t.Fatalf("health check behind 300 idle connections: %v\n%s", err, logs)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("health check behind 300 idle connections: %d", resp.StatusCode)
	}
	if strings.Contains(logs.String(), "too many open files") {
		t.Errorf("the server ran out of files:\n%s", logs)
	}
	if !strings.Contains(logs.String(), "connection bound reached") {
		t.Errorf("the log does not say that idle connections gave way:\n%s", logs)
	}
}

func waitHealthy(t *testing.T, base string, logs *syncBuffer) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if resp, err := http.Get(base + "/healthz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("not healthy after 20 s:\n%s", logs)
		}
	}
}

func TestConnBounds(t *testing.T) {
	for _, tc := range []struct {
		files             uint64
		streams           int
		total, perAddress int
	}{
		{512, 256, 512 - 256 - 64 - 8, (512 - 256 - 64 - 8) / 2},
		{1048576, 10000, 1048576 - 10000 - 64 - 16384, (1048576 - 10000 - 64 - 16384) / 2},
		{0, 10000, connsUnknownFiles, connsUnknownFiles / 2},
		{100, 90, 25, 12},          // streams close to the limit: a quarter of the files, and serve warns
		{20000, 50000, 5000, 2500}, // more streams than files (the benchmarks): a quarter of the files
	} {
		total, perAddress := connBounds(tc.files, tc.streams)
		if total != tc.total || perAddress != tc.perAddress {
			t.Errorf("connBounds(%d, %d) = %d, %d; want %d, %d", tc.files, tc.streams, total, perAddress, tc.total, tc.perAddress)
		}
	}
}
