//go:build unix

package main

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// unixClient asks the server behind the Unix socket at path.
func unixClient(path string) *http.Client {
	return &http.Client{Timeout: 5 * time.Second, Transport: &http.Transport{
		DialContext: func(ctx context.Context, _, _ string) (net.Conn, error) {
			var d net.Dialer
			return d.DialContext(ctx, "unix", path)
		},
	}}
}

func waitUnixHealthy(t *testing.T, path string, logs *syncBuffer) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if resp, err := unixClient(path).Get("http://unix/healthz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("not healthy on unix:%s after 20 s:\n%s", path, logs)
		}
	}
}

// TestServeOnAUnixSocket: --addr unix:PATH makes a socket only owner and group may use (the proxy's way
// in), replaces a socket left from an earlier run, keeps any other file, and the health check asks there.
func TestServeOnAUnixSocket(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "http.sock")
	stale, err := net.Listen("unix", path)
	if err != nil {
		t.Fatal(err)
	}
	stale.(*net.UnixListener).SetUnlinkOnClose(false)
	stale.Close() // the socket file stays, as after a crash

	db := "sqlite:" + filepath.Join(dir, "n.db")
	logs := &syncBuffer{}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"serve", "--addr", "unix:" + path, "--db", db}, func(string) string { return "" }, nil, io.Discard, logs)
	}()
	t.Cleanup(func() { cancel(); <-done })
	waitUnixHealthy(t, path, logs)

	fi, err := os.Stat(path)
	if err != nil || fi.Mode().Type() != os.ModeSocket || fi.Mode().Perm() != 0o660 {
		t.Fatalf("socket %s: %v, %v; want a socket with mode 0660", path, fi.Mode(), err)
	}
	out, err := runHealthcheck(t, nil, "--addr", "unix:"+path)
	if err != nil || !strings.Contains(out, "ok: ") {
		t.Fatalf("healthcheck --addr unix:%s = %q, %v", path, out, err)
	}
	if _, err := runHealthcheck(t, nil, "--addr", "systemd"); !errors.Is(err, errUsage) {
		t.Errorf("healthcheck --addr systemd: err = %v, want a usage error naming the socket's path", err)
	}

	other := filepath.Join(dir, "not-a-socket")
	if err := os.WriteFile(other, []byte("keep me"), 0o600); err != nil {
		t.Fatal(err)
	}
	err = run(context.Background(), []string{"serve", "--addr", "unix:" + other, "--db", "sqlite:" + filepath.Join(dir, "m.db")},
		func(string) string { return "" }, nil, io.Discard, &syncBuffer{})
	if !errors.Is(err, errUsage) || !strings.Contains(err.Error(), "kein Socket") {
		t.Errorf("serve on a regular file: err = %v, want a usage error", err)
	}
	if b, _ := os.ReadFile(other); string(b) != "keep me" {
		t.Errorf("the regular file was changed: %q", b)
	}
}

// TestServeOnTheSocketSystemdPasses: --addr systemd serves on the socket passed as file descriptor 3 with
// LISTEN_PID and LISTEN_FDS, as systemd's socket activation does, and refuses to start without one.
func TestServeOnTheSocketSystemdPasses(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "http.sock")
	ln, err := net.Listen("unix", path)
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	f, err := ln.(*net.UnixListener).File()
	if err != nil {
		t.Fatal(err)
	}
	logs := &syncBuffer{}
	// LISTEN_PID must be the server's own process id: the shell's, which exec keeps.
	cmd := exec.Command("sh", "-c", `LISTEN_PID=$$ LISTEN_FDS=1 exec "$0" "$@"`, os.Args[0], "serve", "--addr", "systemd",
		"--db", "sqlite:"+filepath.Join(dir, "n.db"))
	cmd.Env, cmd.Stderr, cmd.ExtraFiles = append(os.Environ(), "NOTENRECHNER_RUN_MAIN=1"), logs, []*os.File{f}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	t.Cleanup(func() { cmd.Process.Signal(os.Interrupt); cmd.Wait() })
	waitUnixHealthy(t, path, logs)

	err = run(context.Background(), []string{"serve", "--addr", "systemd", "--db", "sqlite:" + filepath.Join(dir, "m.db")},
		func(string) string { return "" }, nil, io.Discard, &syncBuffer{})
	if !errors.Is(err, errUsage) || !strings.Contains(err.Error(), "LISTEN_FDS") {
		t.Errorf("serve --addr systemd without a socket: err = %v, want a usage error", err)
	}
}

// TestWarnsAboutAReadableDatabase: at the server's start, a database that other users of the machine may
// read (made by an earlier release, or copied by hand) is named, and a folder they may write; a new
// database is private and named nowhere, in a folder anyone may list (0755) too.
func TestWarnsAboutAReadableDatabase(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "n.db")
	logs := &syncBuffer{}
	_, stop := startServerLogging(t, "sqlite:"+path, logs)
	stop()
	if strings.Contains(logs.String(), "by other users") {
		t.Fatalf("a new database in a listable folder was named:\n%s", logs)
	}
	if err := os.Chmod(path, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	logs = &syncBuffer{}
	_, stop = startServerLogging(t, "sqlite:"+path, logs)
	stop()
	for _, want := range []string{"database readable or writable by other users", "path=" + path + "\n",
		"database folder writable by other users", "path=" + dir + "\n"} {
		if !strings.Contains(logs.String(), want) {
			t.Errorf("the start-up log does not say %q:\n%s", want, logs)
		}
	}
}

// TestTheUnixSocketIsNeverOpenToOthers: the socket file is made without access for other users, whatever
// the process's umask: a socket made open and narrowed afterwards would let any local process connect in
// between, and a connection through the socket counts as the trusted proxy's.
func TestTheUnixSocketIsNeverOpenToOthers(t *testing.T) {
	old := syscall.Umask(0) // the loosest umask: every bit the socket gets, it gets from the code
	defer syscall.Umask(old)
	path := filepath.Join(t.TempDir(), "http.sock")
	ln, err := bindUnix(path)
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	fi, err := os.Lstat(path)
	if err != nil {
		t.Fatal(err)
	}
	if perm := fi.Mode().Perm(); perm&0o007 != 0 {
		t.Errorf("the socket is made with mode %04o under umask 0: other users may connect until it is narrowed", perm)
	}
	if now := syscall.Umask(old); now != 0 {
		t.Errorf("the process's umask is %04o after the socket was made, want it restored to 0", now)
	}
}

// TestAUnixSocketInUseIsKept: a socket on which a server answers (another notenrechner started with the
// same --addr) is neither removed nor taken over: the start is refused and the other server keeps its
// socket. A socket nobody answers on (left by a crash) is replaced.
func TestAUnixSocketInUseIsKept(t *testing.T) {
	path := filepath.Join(t.TempDir(), "http.sock")
	other, err := net.Listen("unix", path)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	ln, err := listenUnix(path)
	if err == nil {
		ln.Close()
		t.Fatal("listenUnix took over a socket another server listens on")
	}
	if !strings.Contains(err.Error(), "lauscht schon") || !strings.Contains(err.Error(), path) {
		t.Errorf("err = %v, want it to say that a server listens on %s", err, path)
	}
	c, err := net.Dial("unix", path)
	if err != nil {
		t.Fatalf("the other server's socket is gone: %v", err)
	}
	c.Close()

	other.(*net.UnixListener).SetUnlinkOnClose(false)
	other.Close() // the file stays, nobody answers: as after a crash
	ln, err = listenUnix(path)
	if err != nil {
		t.Fatalf("a stale socket was not replaced: %v", err)
	}
	ln.Close()
}

// TestOnlyASocketIsEverRemoved: at the socket's path, a file that is not a socket (a regular file, a
// folder, a symbolic link, even one to a socket) is kept and the start refused.
func TestOnlyASocketIsEverRemoved(t *testing.T) {
	dir := t.TempDir()
	stale := filepath.Join(dir, "stale.sock")
	ln, err := net.Listen("unix", stale)
	if err != nil {
		t.Fatal(err)
	}
	ln.(*net.UnixListener).SetUnlinkOnClose(false)
	ln.Close()
	file, folder, link := filepath.Join(dir, "file"), filepath.Join(dir, "folder"), filepath.Join(dir, "link")
	if err := os.WriteFile(file, []byte("keep me"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(folder, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(stale, link); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{file, folder, link} {
		ln, err := listenUnix(p)
		if err == nil {
			ln.Close()
			t.Errorf("listenUnix(%s) replaced a file that is no socket", p)
			continue
		}
		if !errors.Is(err, errUsage) || !strings.Contains(err.Error(), "kein Socket") {
			t.Errorf("listenUnix(%s): err = %v, want a usage error saying it is no socket", p, err)
		}
	}
	if b, _ := os.ReadFile(file); string(b) != "keep me" {
		t.Errorf("the regular file was changed: %q", b)
	}
	for _, p := range []string{folder, link, stale} {
		if _, err := os.Lstat(p); err != nil {
			t.Errorf("%s was removed: %v", p, err)
		}
	}
}
