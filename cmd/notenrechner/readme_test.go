package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

var envName = regexp.MustCompile(`NOTENRECHNER_[A-Z0-9_]*[A-Z0-9]`)

// TestReadmeNamesEveryVariable keeps the README's list of environment
// variables complete: every NOTENRECHNER_* name that the code, the scripts
// or the browser tests read must be in README.md, so an operator finds every
// setting from the first page.
func TestReadmeNamesEveryVariable(t *testing.T) {
	root := filepath.Join("..", "..")
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	used := map[string]string{} // name -> a file that uses it
	for _, dir := range []string{"cmd", "internal", "tools", "scripts", ".ci", "web/e2e", "web/scripts"} {
		err := filepath.WalkDir(filepath.Join(root, dir), func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			if !strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, ".ts") &&
				!strings.HasSuffix(path, ".mjs") && !strings.HasSuffix(path, ".sh") && d.Name() != "run" {
				return nil
			}
			text, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			for _, name := range envName.FindAllString(string(text), -1) {
				used[name] = path
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(used) < 20 {
		t.Fatalf("found only %d variable names: the walk missed the code", len(used))
	}
	var missing []string
	for name, path := range used {
		if !regexp.MustCompile(`\b` + name + `\b`).Match(readme) {
			missing = append(missing, name+" (used in "+path+")")
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("README.md does not name:\n%s", strings.Join(missing, "\n"))
	}
}
