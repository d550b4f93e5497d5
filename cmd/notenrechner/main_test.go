package main

import (
	"os"
	"testing"
)

// TestMain lets a test start this test binary as the real program in a
// process of its own (NOTENRECHNER_RUN_MAIN=1), for tests that need several
// server processes.
func TestMain(m *testing.M) {
	if os.Getenv("NOTENRECHNER_RUN_MAIN") == "1" {
		main()
		return
	}
	os.Exit(m.Run())
}
