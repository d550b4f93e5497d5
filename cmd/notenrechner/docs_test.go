package main

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// The tests of this file read the repository, not the binary: they keep
// the docs true to the code and readable by someone who has only the
// repository.

// repoRoot is the top of the repository, seen from this package.
var repoRoot = filepath.Join("..", "..")

// issueNumber finds a reference to an issue by its number: "issue" or
// "issues", then the number, with or without "#". A reader of the
// repository has no issue tracker: a comment or a doc must say the reason
// itself. Links to other projects' trackers (go.dev/issue/NNN) name a
// place, not a number in prose, and pass.
var issueNumber = regexp.MustCompile(`\b[Ii]ssues? ?#?[0-9]+`)

// TestNoIssueNumbers fails on any such reference in the code, its comments,
// the tests, the contract, the scripts and the docs. third_party holds
// others' data as it was published and is not read. Migrations that have
// landed are never edited, their comments included (a database may have run
// them): the numbers in their comments stay as history.
func TestNoIssueNumbers(t *testing.T) {
	files := textFiles(t, "README.md", "Makefile", ".ci", "api", "cmd", "deploy", "docs", "internal", "scripts", "testdata", "tools", "web")
	if len(files) < 300 {
		t.Fatalf("found only %d files: the walk missed the repository", len(files))
	}
	for _, path := range files {
		if filepath.Base(filepath.Dir(path)) == "migrations" {
			continue
		}
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
	".service": true, ".env": true,
}

func isHandWrittenText(name string) bool {
	if strings.HasSuffix(name, ".gen.ts") || name == "package-lock.json" {
		return false
	}
	return textExtensions[filepath.Ext(name)] || name == "Makefile" || name == "run" || strings.HasPrefix(name, "Caddyfile")
}

// TestArchitectureMapsEveryPackage keeps the package table of
// docs/architecture.md true: one row per package of the module (as go list
// sees it), no row for a package that is gone, and for each its imports of
// this module, so that the arrows the map promises are the code's.
func TestArchitectureMapsEveryPackage(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join(repoRoot, "docs", "architecture.md"))
	if err != nil {
		t.Fatal(err)
	}
	mapped := packageTable(t, string(doc))
	actual := moduleImports(t)
	for pkg, imports := range actual {
		row, ok := mapped[pkg]
		switch {
		case !ok:
			t.Errorf("package %s has no row in the table", pkg)
		case !slices.Equal(row, imports):
			t.Errorf("package %s imports %s of this module; the table says %s", pkg, listOrNone(imports), listOrNone(row))
		}
	}
	for pkg := range mapped {
		if _, ok := actual[pkg]; !ok {
			t.Errorf("the table has a row for %s, which is no package of the module", pkg)
		}
	}
}

// packageTable reads the table whose header starts with "| Package |": the
// first cell of a row names one package in backticks, the third its imports
// of this module (in backticks, or "none").
func packageTable(t *testing.T, doc string) map[string][]string {
	t.Helper()
	rows := map[string][]string{}
	inTable := false
	for line := range strings.Lines(doc) {
		line = strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(line, "| Package |"):
			inTable = true
			continue
		case !inTable || strings.HasPrefix(line, "|---"):
			continue
		case !strings.HasPrefix(line, "|"):
			inTable = false
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		names := backticked.FindAllStringSubmatch(cells[0], -1)
		if len(names) != 1 || len(cells) < 3 {
			t.Errorf("docs/architecture.md: a row must name one package and its imports: %s", line)
			continue
		}
		var imports []string
		for _, m := range backticked.FindAllStringSubmatch(cells[2], -1) {
			imports = append(imports, m[1])
		}
		slices.Sort(imports)
		rows[names[0][1]] = imports
	}
	if len(rows) == 0 {
		t.Fatal("docs/architecture.md has no package table (a header starting with \"| Package |\")")
	}
	return rows
}

var backticked = regexp.MustCompile("`([^`]+)`")

// moduleImports asks go list for the module's packages and their imports
// of the module, both relative to the module's path. Directories of npm
// packages that happen to hold Go files (web/node_modules) are no part of it.
func moduleImports(t *testing.T) map[string][]string {
	t.Helper()
	cmd := exec.Command("go", "list", "-f", "{{.Module.Path}} {{.ImportPath}}{{range .Imports}} {{.}}{{end}}", "./...")
	cmd.Dir = repoRoot
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	pkgs := map[string][]string{}
	for line := range strings.Lines(string(out)) {
		fields := strings.Fields(line)
		module, path := fields[0], fields[1]
		rel, ok := strings.CutPrefix(path, module+"/")
		if !ok || strings.Contains(rel, "node_modules/") {
			continue
		}
		imports := []string{}
		for _, imp := range fields[2:] {
			if dep, ok := strings.CutPrefix(imp, module+"/"); ok {
				imports = append(imports, dep)
			}
		}
		slices.Sort(imports)
		pkgs[rel] = imports
	}
	if len(pkgs) < 10 {
		t.Fatalf("go list found only %d packages", len(pkgs))
	}
	return pkgs
}

func listOrNone(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}

// TestDocLinksResolve: every relative link of the Markdown files (README,
// docs/, the READMEs beside code and vectors) names a file or folder that
// exists and, with #anchor, a heading of that file, as GitHub makes its
// anchors. Links to other sites are not followed.
func TestDocLinksResolve(t *testing.T) {
	var docs []string
	for _, path := range textFiles(t, "README.md", "api", "cmd", "docs", "internal", "scripts", "testdata", "tools", "web") {
		if strings.HasSuffix(path, ".md") {
			docs = append(docs, path)
		}
	}
	if len(docs) < 8 {
		t.Fatalf("found only %d Markdown files", len(docs))
	}
	checked := 0
	for _, path := range docs {
		for _, link := range relativeLinks(t, path) {
			target, anchor, _ := strings.Cut(link, "#")
			file := path
			if target != "" {
				file = filepath.Join(filepath.Dir(path), filepath.FromSlash(target))
			}
			rel, _ := filepath.Rel(repoRoot, path)
			if _, err := os.Stat(file); err != nil {
				t.Errorf("%s: link %q: no such file", filepath.ToSlash(rel), link)
				continue
			}
			if anchor != "" && !slices.Contains(headingAnchors(t, file), anchor) {
				t.Errorf("%s: link %q: no heading with that anchor", filepath.ToSlash(rel), link)
			}
			checked++
		}
	}
	if checked < 20 {
		t.Fatalf("checked only %d links: the reader of links is broken", checked)
	}
}

var (
	markdownLink = regexp.MustCompile(`\]\(([^)\s]+)\)|<img src="([^"]+)"`)
	inlineCode   = regexp.MustCompile("`[^`]*`")
)

// relativeLinks lists the link targets of a Markdown file, outside code
// blocks and inline code, that point into the repository.
func relativeLinks(t *testing.T, path string) []string {
	t.Helper()
	var links []string
	for _, line := range markdownLines(t, path) {
		for _, m := range markdownLink.FindAllStringSubmatch(inlineCode.ReplaceAllString(line, ""), -1) {
			link := m[1] + m[2]
			if !strings.Contains(link, "://") && !strings.HasPrefix(link, "mailto:") {
				links = append(links, link)
			}
		}
	}
	return links
}

// headingAnchors are the anchors GitHub gives a Markdown file's headings:
// lower case, letters, digits, "-" and "_" kept, spaces made "-", the rest
// (punctuation, symbols such as §, inline code's backticks) dropped; a
// repeated anchor gets "-1", "-2", …
func headingAnchors(t *testing.T, path string) []string {
	t.Helper()
	if !strings.HasSuffix(path, ".md") {
		return nil
	}
	var anchors []string
	seen := map[string]int{}
	for _, line := range markdownLines(t, path) {
		text, ok := strings.CutPrefix(strings.TrimLeft(line, "#"), " ")
		if !ok || !strings.HasPrefix(line, "#") {
			continue
		}
		var b strings.Builder
		for _, r := range strings.ToLower(text) {
			switch {
			case unicode.IsLetter(r), unicode.IsDigit(r), unicode.IsMark(r), r == '-', r == '_':
				b.WriteRune(r)
			case r == ' ':
				b.WriteByte('-')
			}
		}
		anchor := b.String()
		if n := seen[anchor]; n > 0 {
			anchors = append(anchors, anchor+"-"+strconv.Itoa(n))
		} else {
			anchors = append(anchors, anchor)
		}
		seen[anchor]++
	}
	return anchors
}

// markdownLines are a Markdown file's lines outside fenced code blocks.
func markdownLines(t *testing.T, path string) []string {
	t.Helper()
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	fenced := false
	for line := range strings.Lines(string(text)) {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
			continue
		}
		if !fenced {
			lines = append(lines, strings.TrimRight(line, "\r\n"))
		}
	}
	return lines
}
