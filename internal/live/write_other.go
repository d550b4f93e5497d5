//go:build !unix

package live

import (
	"errors"
	"syscall"
)

// canWriteNow is false where writeNow cannot be written with the standard library (Windows): every
// stream then runs in a goroutine of its own (writeEvents).
const canWriteNow = false

func writeNow(syscall.RawConn, []byte) (int, error) {
	return 0, errors.New("live: no non-blocking write on this system")
}
