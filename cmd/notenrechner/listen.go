package main

import (
	"errors"
	"fmt"
	"io/fs"
	"net"
	"os"
	"strconv"
	"strings"
	"time"
)

// systemdAddr is the --addr that takes the socket systemd passes (socket activation): the unit
// deploy/notenrechner.socket makes it, so that only the proxy's group may connect.
const systemdAddr = "systemd"

// listenSocket describes where serve listens: host:port (TCP), unix:PATH (a Unix socket the server
// makes for a proxy on the same machine) or systemd. The Unix forms carry only the proxy's requests:
// the socket's permissions let no other process connect, so every request through it comes from the
// trusted hop (internal/server, clientAddress), and no local process can pick its own address for the
// sign-in limits as it could through a trusted 127.0.0.1.
type listenSocket struct {
	addr string
	// listenPID and listenFDs are systemd's LISTEN_PID and LISTEN_FDS.
	listenPID, listenFDs string
}

func (s listenSocket) listen() (net.Listener, error) {
	switch {
	case s.addr == systemdAddr:
		return s.systemd()
	case strings.HasPrefix(s.addr, "unix:"):
		return listenUnix(strings.TrimPrefix(s.addr, "unix:"))
	}
	ln, err := net.Listen("tcp", s.addr)
	if err != nil {
		return nil, fmt.Errorf("lauschen an %s: %w", s.addr, err)
	}
	return ln, nil
}

// systemd is the first socket systemd passed (file descriptor 3), when the process is the one it
// passed it to.
func (s listenSocket) systemd() (net.Listener, error) {
	n, err := strconv.Atoi(s.listenFDs)
	if s.listenPID != strconv.Itoa(os.Getpid()) || err != nil || n < 1 {
		return nil, fmt.Errorf("%w: --addr systemd: systemd hat keinen Socket übergeben (LISTEN_FDS, LISTEN_PID); "+
			"den Dienst über seine .socket-Unit starten (deploy/notenrechner.socket)", errUsage)
	}
	f := os.NewFile(3, "systemd-socket")
	defer f.Close() // FileListener duplicates it
	ln, err := net.FileListener(f)
	if err != nil {
		return nil, fmt.Errorf("--addr systemd: der übergebene Socket lässt sich nicht lesen: %w", err)
	}
	return ln, nil
}

// listenUnix makes a Unix socket at path, readable and writable by the owner and the group only
// (0660; no other user has access at any moment, bindUnix): give the proxy's user the server's group,
// or the server the proxy's. A socket left from an earlier run (nobody answers on it) is replaced; a
// socket on which a server answers, and any file that is not a socket, are kept and the start refused.
func listenUnix(path string) (net.Listener, error) {
	if path == "" {
		return nil, fmt.Errorf("%w: --addr unix: braucht einen Pfad, z. B. unix:/run/notenrechner/http.sock", errUsage)
	}
	if err := removeStaleSocket(path); err != nil {
		return nil, err
	}
	ln, err := bindUnix(path)
	if err != nil {
		return nil, fmt.Errorf("lauschen an unix:%s: %w", path, err)
	}
	if err := os.Chmod(path, 0o660); err != nil {
		ln.Close()
		return nil, fmt.Errorf("Rechte des Sockets %s: %w", path, err)
	}
	return ln, nil
}

// removeStaleSocket removes the socket file at path when nothing listens on it (connecting is refused):
// it was left by a server that ended without removing it. A socket on which a server answers is
// another server's, and a file that is not a socket (or a symbolic link, whatever it points to) is not
// ours to remove.
func removeStaleSocket(path string) error {
	fi, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("lauschen an unix:%s: %w", path, err)
	}
	if fi.Mode().Type() != fs.ModeSocket {
		return fmt.Errorf("%w: --addr %s: dort liegt schon eine Datei, die kein Socket ist", errUsage, "unix:"+path)
	}
	c, err := net.DialTimeout("unix", path, 2*time.Second)
	if err == nil {
		c.Close()
		return fmt.Errorf("lauschen an unix:%s: dort lauscht schon ein Server (ein anderer notenrechner?); "+
			"erst ihn beenden oder einen anderen Pfad wählen", path)
	}
	if !connRefused(err) {
		return fmt.Errorf("lauschen an unix:%s: ob dort noch ein Server lauscht, ließ sich nicht prüfen: %w", path, err)
	}
	if err := os.Remove(path); err != nil {
		return fmt.Errorf("alten Socket %s entfernen: %w", path, err)
	}
	return nil
}
