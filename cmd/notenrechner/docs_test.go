package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The tests of this file read the repository, not the binary: they keep
// the docs true to the code and readable by someone who has only the
// repository.

// repoRoot is the top of the repository, seen from this package.
var repoRoot = filepath.Join("..", "..")

// issueNumber finds a reference to an issue by its number: "issue" or
// "issues", then the number, with or without "#". A reader of the repository has no issue tracker:
// a comment or a doc must say the reason itself. Links to other projects'
// trackers (go.dev/issue/NNN) name a place, not a number in prose, and pass.
var issueNumber = regexp.MustCompile(`\b[Ii]ssues? ?#?[0-9]+`)

// TestNoIssueNumbers fails on any such reference in the code, its comments,
// the tests, the contract, the scripts and the docs.
func TestNoIssueNumbers(t *testing.T) {
	files := textFiles(t, "README.md", "Makefile", ".ci", "api", "cmd", "docs", "internal", "scripts", "testdata", "tools", "web")
	if len(files) < 300 {
		t.Fatalf("found only %d files: the walk missed the repository", len(files))
	}
	for _, path := range files {
		text, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(text), "\n") {
			if m := issueNumber.FindString(line); m != "" {
				rel, _ := filepath.Rel(repoRoot, path)
				t.Errorf("%s:%d: %q: say the reason itself, not the issue's number", filepath.ToSlash(rel), i+1, m)
			}
		}
	}
}

// textFiles lists the hand-written text files under the given paths of the
// repository: sources, scripts, docs, the contract. It skips what is
// installed, built or generated (node_modules, dist, the API types, the
// lock file), fuzz corpora, and files of other kinds (images, fonts).
func textFiles(t *testing.T, paths ...string) []string {
	t.Helper()
	var out []string
	for _, p := range paths {
		err := filepath.WalkDir(filepath.Join(repoRoot, p), func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			name := d.Name()
			if d.IsDir() {
				switch {
				case name == "node_modules", name == "dist", name == "test-results", name == "playwright-report",
					name == "fuzz" && filepath.Base(filepath.Dir(path)) == "testdata":
					return filepath.SkipDir
				}
				return nil
			}
			if isHandWrittenText(name) {
				out = append(out, path)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return out
}

var textExtensions = map[string]bool{
	".go": true, ".ts": true, ".tsx": true, ".js": true, ".mjs": true, ".css": true, ".html": true,
	".json": true, ".yaml": true, ".yml": true, ".md": true, ".sql": true, ".sh": true, ".py": true,
}

func isHandWrittenText(name string) bool {
	if strings.HasSuffix(name, ".gen.ts") || name == "package-lock.json" {
		return false
	}
	return textExtensions[filepath.Ext(name)] || name == "Makefile" || name == "run"
}
