//go:build unix

package main

import "syscall"

// raiseOpenFileLimit lifts the soft limit on open files to the hard limit and
// returns the limit in force. Every live stream holds a connection, and so a
// file; the Go runtime raises the limit too (since Go 1.19), but saying so
// here makes the number the stream limits are derived from explicit.
func raiseOpenFileLimit() (uint64, error) {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		return 0, err
	}
	if lim.Cur < lim.Max {
		lim.Cur = lim.Max
		if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
			return 0, err
		}
	}
	return uint64(lim.Cur), nil
}
