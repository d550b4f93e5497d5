//go:build unix

package main

import (
	"errors"
	"net"
	"syscall"
)

// bindUnix makes the socket file at path and listens on it, with no access for other users from the
// moment it exists: bind gives the file 0777 less the umask, so the umask is 0007 while it runs (only
// other users' bits: whatever else the process makes at that moment can only come out more private,
// never unusable). listenUnix narrows the group's meaningless execute bit afterwards.
func bindUnix(path string) (net.Listener, error) {
	old := syscall.Umask(0o007)
	defer syscall.Umask(old)
	return net.Listen("unix", path)
}

// connRefused reports whether dialling a socket file failed because nothing listens on it.
func connRefused(err error) bool { return errors.Is(err, syscall.ECONNREFUSED) }
