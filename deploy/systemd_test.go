package deploy

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

const (
	unitFile   = "notenrechner.service"
	socketFile = "notenrechner.socket"
)

func readUnit(t *testing.T) string { return readFile(t, unitFile) }

func readFile(t *testing.T, name string) string {
	t.Helper()
	text, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(text)
}

// unit is a unit file read as systemd does for the keys checked here:
// section → key → every value given, in order (a key may repeat).
type unit map[string]map[string][]string

func parseUnit(text string) unit {
	u := unit{}
	section := ""
	text = strings.ReplaceAll(text, "\\\n", " ") // continued lines
	for line := range strings.Lines(text) {
		line = strings.TrimSpace(line)
		switch {
		case line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, ";"):
		case strings.HasPrefix(line, "["):
			section = strings.Trim(line, "[]")
			u[section] = map[string][]string{}
		default:
			key, value, _ := strings.Cut(line, "=")
			u[section][strings.TrimSpace(key)] = append(u[section][strings.TrimSpace(key)], strings.TrimSpace(value))
		}
	}
	return u
}

// unitFlag is the value of a flag of ExecStart ("--max-streams 10000").
func unitFlag(t *testing.T, text, flag string) string {
	t.Helper()
	exec := parseUnit(text)["Service"]["ExecStart"]
	if len(exec) != 1 {
		t.Fatalf("want one ExecStart, have %d", len(exec))
	}
	args := strings.Fields(exec[0])
	if i := slices.Index(args, flag); i >= 0 && i+1 < len(args) {
		return args[i+1]
	}
	t.Fatalf("ExecStart has no %s", flag)
	return ""
}

// hardening is what the unit must say, exactly; an empty value (a
// CapabilityBoundingSet= with nothing) takes every capability away.
var hardening = map[string]string{
	"DynamicUser": "yes", "StateDirectory": "notenrechner", "Restart": "on-failure",
	"ProtectSystem": "strict", "ProtectHome": "yes", "NoNewPrivileges": "yes",
	"PrivateTmp": "yes", "PrivateDevices": "yes", "CapabilityBoundingSet": "", "AmbientCapabilities": "",
	"RestrictAddressFamilies": "AF_INET AF_INET6 AF_UNIX", "SystemCallFilter": "@system-service",
}

// unitProblems lists what is wrong with a unit file: a hardening directive
// missing or weakened, the database outside the state directory, the
// server on a public address, or fewer open files than the streams need.
func unitProblems(text string) []string {
	var problems []string
	service := parseUnit(text)["Service"]
	for key, want := range hardening {
		if values := service[key]; len(values) == 0 || values[0] != want {
			problems = append(problems, fmt.Sprintf("%s=%s missing (have %q)", key, want, values))
		}
	}
	args := strings.Fields(strings.Join(service["ExecStart"], " "))
	flag := func(name string) string {
		if i := slices.Index(args, name); i >= 0 && i+1 < len(args) {
			return args[i+1]
		}
		return ""
	}
	if db, dir := flag("--db"), "sqlite:/var/lib/"+strings.Join(service["StateDirectory"], "")+"/"; !strings.HasPrefix(db, dir) {
		problems = append(problems, fmt.Sprintf("--db %q is not in the state directory %s, the only place the service may write", db, dir))
	}
	// The one way in is the socket systemd makes, which only the proxy's group may use: a TCP port on
	// loopback would let every local process in, and a trusted 127.0.0.1 would let it choose its address.
	if flag("--addr") != "systemd" || !slices.Contains(parseUnit(text)["Unit"]["Requires"], socketFile) {
		problems = append(problems, fmt.Sprintf("--addr %q: want systemd, the socket of %s (Requires=)", flag("--addr"), socketFile))
	}
	if slices.Contains(args, "--trusted-proxies") {
		problems = append(problems, "--trusted-proxies: through the socket only the proxy comes; a trusted address lets local processes in")
	}
	// The server's own rule: streams get at most half the open files, the
	// rest keeps /healthz and sign-in answering (cmd/notenrechner, streamBounds).
	streams, err1 := strconv.Atoi(flag("--max-streams"))
	files, err2 := strconv.Atoi(strings.Join(service["LimitNOFILE"], ""))
	if err1 != nil || err2 != nil || streams < 1 || files < 2*streams {
		problems = append(problems, fmt.Sprintf("--max-streams %q needs LimitNOFILE of at least twice as many, have %q",
			flag("--max-streams"), service["LimitNOFILE"]))
	}
	return problems
}

// socketProblems lists what is wrong with the socket unit: it must be a path under /run that only
// root and the proxy's group may use.
func socketProblems(text string) []string {
	var problems []string
	sock := parseUnit(text)["Socket"]
	want := map[string]string{"SocketMode": "0660", "SocketUser": "root", "SocketGroup": "caddy", "Accept": "no"}
	for key, value := range want {
		if got := strings.Join(sock[key], ""); got != value {
			problems = append(problems, fmt.Sprintf("%s=%s missing (have %q)", key, value, got))
		}
	}
	if listen := sock["ListenStream"]; len(listen) != 1 || !strings.HasPrefix(listen[0], "/run/") {
		problems = append(problems, fmt.Sprintf("ListenStream %q: want one Unix socket under /run (a TCP port lets every local process in)", listen))
	}
	return problems
}

func TestSystemdSocket(t *testing.T) {
	text := readFile(t, socketFile)
	for _, p := range socketProblems(text) {
		t.Error(p)
	}
	for _, b := range []struct{ old, new string }{
		{"SocketMode=0660", "SocketMode=0666"},
		{"ListenStream=/run/notenrechner/http.sock", "ListenStream=127.0.0.1:8080"},
		{"SocketGroup=caddy\n", ""},
	} {
		if !strings.Contains(text, b.old) {
			t.Errorf("the socket unit no longer contains %q: adapt this case", b.old)
			continue
		}
		if len(socketProblems(strings.Replace(text, b.old, b.new, 1))) == 0 {
			t.Errorf("replacing %q with %q went unnoticed", b.old, b.new)
		}
	}
}

func TestSystemdUnit(t *testing.T) {
	text := readUnit(t)
	for _, p := range unitProblems(text) {
		t.Error(p)
	}
	// Each change makes the unit weaker: the checks above must see it.
	broken := []struct{ old, new string }{
		{"LimitNOFILE=20000", "LimitNOFILE=15000"},
		{"--max-streams 10000", "--max-streams 12000"},
		{"ProtectSystem=strict", "ProtectSystem=full"},
		{"CapabilityBoundingSet=\n", "CapabilityBoundingSet=CAP_NET_BIND_SERVICE\n"},
		{"NoNewPrivileges=yes\n", ""},
		{"--addr systemd \\\n", "--addr 127.0.0.1:8080 \\\n"},
		{"--addr systemd \\\n", "--addr systemd \\\n    --trusted-proxies 127.0.0.1 \\\n"},
		{"Requires=notenrechner.socket\n", ""},
		{"--db sqlite:/var/lib/notenrechner/", "--db sqlite:/srv/"},
	}
	for _, b := range broken {
		if !strings.Contains(text, b.old) {
			t.Errorf("the unit no longer contains %q: adapt this case", b.old)
			continue
		}
		if len(unitProblems(strings.Replace(text, b.old, b.new, 1))) == 0 {
			t.Errorf("replacing %q with %q went unnoticed", b.old, b.new)
		}
	}
}

// TestSystemdAnalyze lets systemd read the unit: verify reports unknown or
// misspelt directives, and security scores the sandbox (0 is the most
// confined, 10 not at all; 2.0 or less is what systemd calls "OK").
func TestSystemdAnalyze(t *testing.T) {
	analyze, err := exec.LookPath("systemd-analyze")
	if err != nil {
		t.Skip("systemd-analyze is not installed (Debian package systemd): the unit is checked by TestSystemdUnit only")
	}
	// verify wants ExecStart's program to exist: a stand-in, in a copy.
	dir := t.TempDir()
	stub := filepath.Join(dir, "notenrechner")
	if err := os.WriteFile(stub, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	copied := filepath.Join(dir, unitFile)
	text := strings.Replace(readUnit(t), "ExecStart=/usr/local/bin/notenrechner ", "ExecStart="+stub+" ", 1)
	if err := os.WriteFile(copied, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	socket := filepath.Join(dir, socketFile)
	if err := os.WriteFile(socket, []byte(readFile(t, socketFile)), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"verify", "--man=no", copied, socket},
		{"security", "--offline=yes", "--threshold=20", "--no-pager", copied},
	} {
		out, err := exec.Command(analyze, args...).CombinedOutput()
		if err != nil || (args[0] == "verify" && len(out) > 0) {
			t.Errorf("systemd-analyze %s: %v\n%s", args[0], err, out)
		}
	}
}
