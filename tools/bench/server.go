package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// server is one notenrechner process on a fresh SQLite database and a free loopback port.
type server struct {
	cmd  *exec.Cmd
	addr string
	db   string
	log  bytes.Buffer
}

func freeAddr() (string, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer l.Close()
	return l.Addr().String(), nil
}

// newServer prepares a server on a fresh database in dir; start runs it.
func newServer(dir string) (*server, error) {
	addr, err := freeAddr()
	if err != nil {
		return nil, err
	}
	return &server{addr: addr, db: "sqlite:" + filepath.Join(dir, "notenrechner.db")}, nil
}

// start runs `bin serve` and returns once /healthz answers 200, with the time from exec to that.
func (s *server) start(bin string) (time.Duration, error) {
	// Every subscriber of the fan-out comes from this one address: lift the per-address bound.
	s.cmd = exec.Command(bin, "serve", "--addr", s.addr, "--db", s.db, "--base-url", "http://"+s.addr,
		"--max-streams-per-address", "50000", "--max-streams", "50000")
	s.cmd.Stdout, s.cmd.Stderr = &s.log, &s.log
	begin := time.Now()
	if err := s.cmd.Start(); err != nil {
		return 0, err
	}
	url := "http://" + s.addr + "/healthz"
	client := &http.Client{Timeout: time.Second}
	for deadline := begin.Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		res, err := client.Get(url)
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return time.Since(begin), nil
			}
		}
	}
	s.stop()
	return 0, fmt.Errorf("server on %s not healthy within 20 s:\n%s", s.addr, s.log.String())
}

func (s *server) pid() int { return s.cmd.Process.Pid }

// stop ends the server with SIGTERM (graceful shutdown) and waits for it.
func (s *server) stop() {
	if s.cmd == nil || s.cmd.Process == nil {
		return
	}
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan struct{})
	go func() { _ = s.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(15 * time.Second):
		_ = s.cmd.Process.Kill()
		<-done
	}
	s.cmd = nil
}

const benchEmail, benchPassword = "bench@example.org", "benchmark passwort 1"

// admin creates an admin account with the CLI (before start) and returns a client signed in as it.
func (s *server) createAdmin(bin string) error {
	cmd := exec.Command(bin, "admin", "create", "--email", benchEmail, "--db", s.db)
	cmd.Stdin = strings.NewReader(benchPassword + "\n")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("admin create: %v: %s", err, out)
	}
	return nil
}

func (s *server) signIn() (*http.Client, error) {
	jar, _ := cookiejar.New(nil)
	return s.signInWith(&http.Client{Jar: jar, Timeout: 30 * time.Second})
}

// signInWith signs c in at s.addr, which may be a school's host that c's transport dials elsewhere.
func (s *server) signInWith(c *http.Client) (*http.Client, error) {
	body, _ := json.Marshal(map[string]string{"email": benchEmail, "password": benchPassword})
	res, err := c.Post("http://"+s.addr+"/api/v1/auth/login", "application/json", bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		msg, _ := io.ReadAll(res.Body)
		return nil, fmt.Errorf("sign-in: %s: %s", res.Status, msg)
	}
	return c, nil
}

// liveConfig is GET /api/v1/config; the config is kept as its JSON to send it back changed.
type liveConfig struct {
	Version int64                      `json:"version"`
	Config  map[string]json.RawMessage `json:"config"`
}

// save stores the current configuration under a new name through PUT /api/v1/config and
// returns the new version and the moments the request was sent and its response arrived.
func (s *server) save(c *http.Client, name string) (version int64, sent, answered time.Time, err error) {
	res, err := c.Get("http://" + s.addr + "/api/v1/config")
	if err != nil {
		return 0, sent, answered, err
	}
	var cur liveConfig
	err = json.NewDecoder(res.Body).Decode(&cur)
	res.Body.Close()
	if err != nil {
		return 0, sent, answered, err
	}
	cur.Config["name"], _ = json.Marshal(name)
	body, _ := json.Marshal(cur.Config)
	req, _ := http.NewRequest(http.MethodPut, "http://"+s.addr+"/api/v1/config", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("If-Match", fmt.Sprintf(`"%d"`, cur.Version))
	sent = time.Now()
	res, err = c.Do(req)
	if err != nil {
		return 0, sent, answered, err
	}
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	answered = time.Now()
	if res.StatusCode != http.StatusOK {
		return 0, sent, answered, errors.New("save: " + res.Status)
	}
	return cur.Version + 1, sent, answered, nil
}

func mustTempDir() string {
	dir, err := os.MkdirTemp("", "notenrechner-bench-")
	if err != nil {
		panic(err)
	}
	return dir
}
