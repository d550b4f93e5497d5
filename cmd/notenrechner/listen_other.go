//go:build !unix

package main

import (
	"errors"
	"net"
	"syscall"
)

// bindUnix makes the socket file at path and listens on it. Windows has no umask: the access list the
// file inherits from its folder decides who may connect, so give the folder to the server and the proxy.
func bindUnix(path string) (net.Listener, error) { return net.Listen("unix", path) }

// wsaeConnRefused is Windows' "connection refused" (WSAECONNREFUSED), which connect returns where
// Unix returns ECONNREFUSED.
const wsaeConnRefused = syscall.Errno(10061)

// connRefused reports whether dialling a socket file failed because nothing listens on it.
func connRefused(err error) bool {
	return errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, wsaeConnRefused)
}
