//go:build !unix

package live

import (
	"errors"
	"syscall"
)

// canWriteNow is false where a write without waiting needs more than the standard library
// (Windows): every stream then is a writerStream, written by a goroutine of its own.
const canWriteNow = false

type nowWriter struct{}

func newNowWriter(syscall.RawConn) *nowWriter { return &nowWriter{} }

func (*nowWriter) writeNow([]byte) (int, error) {
	return 0, errors.New("live: no non-blocking write on this system")
}
