package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
)

// benchstatVersion pins benchstat (golang.org/x/perf has no tags; this is its newest pseudo-version
// when the tool was written).
const benchstatVersion = "v0.0.0-20260908200009-22c9c6c9d4da"

// goBench runs `go test -bench` in the repository and returns its output.
func goBench(repo string, args ...string) (string, error) {
	cmd := exec.Command("go", append([]string{"test", "-run=^$", "-benchmem"}, args...)...)
	cmd.Dir = repo
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, os.Stderr
	if err := cmd.Run(); err != nil {
		return out.String(), fmt.Errorf("go test %v: %w", args, err)
	}
	return out.String(), nil
}

// benchstat summarises raw `go test -bench` output (several -count runs) with benchstat.
func benchstat(repo, raw string) (string, error) {
	dir := mustTempDir()
	defer os.RemoveAll(dir)
	file := filepath.Join(dir, "grading.txt")
	if err := os.WriteFile(file, []byte(raw), 0o600); err != nil {
		return "", err
	}
	cmd := exec.Command("go", "run", "golang.org/x/perf/cmd/benchstat@"+benchstatVersion, file)
	cmd.Dir = repo
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, os.Stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("benchstat: %w", err)
	}
	return out.String(), nil
}
