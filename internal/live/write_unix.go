//go:build unix

package live

import (
	"errors"
	"syscall"
)

const canWriteNow = true

// writeNow writes as much of p as the socket takes at once and returns how much that was: one
// write system call on the non-blocking socket, no waiting for room (a full socket gives n = 0).
func writeNow(raw syscall.RawConn, p []byte) (n int, err error) {
	var werr error
	err = raw.Write(func(fd uintptr) bool {
		for {
			n, werr = syscall.Write(int(fd), p)
			if !errors.Is(werr, syscall.EINTR) {
				break
			}
		}
		if errors.Is(werr, syscall.EAGAIN) {
			werr = nil
		}
		n = max(n, 0)
		return true // never wait: a slow socket is the caller's to handle
	})
	if err == nil {
		err = werr
	}
	return n, err
}
