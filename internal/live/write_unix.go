//go:build unix

package live

import (
	"errors"
	"syscall"
)

const canWriteNow = true

// nowWriter writes without waiting for room: one write system call on the non-blocking socket.
// Its callback is made once per stream (newNowWriter), so a write allocates nothing.
type nowWriter struct {
	raw  syscall.RawConn
	fn   func(fd uintptr) bool
	p    []byte
	n    int
	werr error
}

func newNowWriter(raw syscall.RawConn) *nowWriter {
	w := &nowWriter{raw: raw}
	w.fn = w.write
	return w
}

func (w *nowWriter) write(fd uintptr) bool {
	for {
		w.n, w.werr = syscall.Write(int(fd), w.p)
		if !errors.Is(w.werr, syscall.EINTR) {
			break
		}
	}
	if errors.Is(w.werr, syscall.EAGAIN) {
		w.werr = nil
	}
	w.n = max(w.n, 0)
	return true // never wait: a slow socket is the caller's to handle
}

// writeNow writes as much of p as the socket takes at once and returns how much that was (a full
// socket gives n = 0). Not safe for concurrent use: the stream's lock guards it.
func (w *nowWriter) writeNow(p []byte) (n int, err error) {
	w.p = p
	err = w.raw.Write(w.fn)
	w.p = nil
	if err == nil {
		err = w.werr
	}
	return w.n, err
}
