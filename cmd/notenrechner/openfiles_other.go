//go:build !unix

package main

// raiseOpenFileLimit has nothing to raise where there is no RLIMIT_NOFILE;
// 0 means "unknown", and the stream limit keeps its default.
func raiseOpenFileLimit() (uint64, error) { return 0, nil }
