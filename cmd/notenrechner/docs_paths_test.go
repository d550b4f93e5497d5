package main

import (
	"io/fs"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// codePath is inline code that names a file or folder of the repository: path characters only, at least
// one "/", and a file name with an extension of the code, data and docs kept here, or a trailing "/".
var codePath = regexp.MustCompile("`([A-Za-z0-9_.-]+(?:/[A-Za-z0-9_.-]+)*(?:\\.(?:go|ts|tsx|js|mjs|css|json|sql|sh|md|yaml|yml|html|py|conf|txt)|/))`")

// builtPrefixes are the folders that builds write; a doc may name their files, which exist only after a build.
var builtPrefixes = []string{"web/dist/", "web/ssr-dist/", "dist/", "bin/", "data/", "/"}

// TestDocsNamePathsThatExist: every repository path a doc names in inline code (`internal/live/broker.go`,
// `lib/config.ts`, `web/e2e/`) is the end of the path of a file or folder that exists, so a doc cannot go
// on citing a file after it was renamed or removed. A path may be written from any folder down
// (`lib/key.ts` for web/src/lib/key.ts), as the docs write them beside their context.
func TestDocsNamePathsThatExist(t *testing.T) {
	tails := repositoryPaths(t)
	docs := []string{"README.md", "docs/architecture.md", "docs/decisions.md", "docs/spec.md", "docs/operations.md",
		"docs/benchmarks.md", "docs/privacy.md", "docs/grading-systems.md"}
	checked := 0
	for _, doc := range docs {
		for i, line := range markdownLines(t, filepath.Join(repoRoot, doc)) {
			for _, m := range codePath.FindAllStringSubmatch(line, -1) {
				path := strings.TrimPrefix(m[1], "./")
				if !strings.Contains(strings.TrimSuffix(path, "/"), "/") || hasBuiltPrefix(path) {
					continue
				}
				checked++
				if !tails[strings.TrimSuffix(path, "/")] {
					t.Errorf("%s:%d: `%s` names no file or folder of the repository", doc, i+1, path)
				}
			}
		}
	}
	if checked < 100 {
		t.Fatalf("checked only %d paths: the reader of paths is broken", checked)
	}
}

func hasBuiltPrefix(path string) bool {
	for _, p := range builtPrefixes {
		if strings.HasPrefix(path, p) {
			return true
		}
	}
	return false
}

// repositoryPaths is every ending of every path of a file or folder in the repository, slash-separated:
// web/src/lib/key.ts gives "web/src/lib/key.ts", "src/lib/key.ts", "lib/key.ts" and "key.ts".
func repositoryPaths(t *testing.T) map[string]bool {
	t.Helper()
	tails := map[string]bool{}
	err := filepath.WalkDir(repoRoot, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "node_modules" || d.Name() == ".git") {
			return filepath.SkipDir
		}
		rel, err := filepath.Rel(repoRoot, path)
		if err != nil || rel == "." {
			return err
		}
		parts := strings.Split(filepath.ToSlash(rel), "/")
		for i := range parts {
			tails[strings.Join(parts[i:], "/")] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if !tails["internal/grading/key.go"] {
		t.Fatal("the walk missed the repository")
	}
	return tails
}
