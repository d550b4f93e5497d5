package server

import (
	"go/ast"
	"go/parser"
	"go/token"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestErrorCodesMatchArchitecture reads every apiError literal of the package:
// all must be in errors.go, ordered by status, and the (status, code) pairs
// must be exactly the list in docs/architecture.md, in the same order.
func TestErrorCodesMatchArchitecture(t *testing.T) {
	fset := token.NewFileSet()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var inCode []string
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok || !isIdent(lit.Type, "apiError") {
				return true
			}
			if name != "errors.go" {
				t.Errorf("%s: an apiError outside errors.go", fset.Position(lit.Pos()))
			}
			inCode = append(inCode, statusAndCode(t, lit))
			return true
		})
	}

	doc, err := os.ReadFile("../../docs/architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	var inDoc []string
	for _, m := range regexp.MustCompile("(?m)^\\| (\\d{3}) \\| `([a-z_]+)` \\|").FindAllSubmatch(doc, -1) {
		inDoc = append(inDoc, string(m[1])+" "+string(m[2]))
	}
	if len(inDoc) == 0 {
		t.Fatal("docs/architecture.md has no table of error codes")
	}
	want := uniq(inCode)
	if strings.Join(want, "\n") != strings.Join(inDoc, "\n") {
		t.Errorf("errors.go (by status):\n%s\n\ndocs/architecture.md:\n%s", strings.Join(want, "\n"), strings.Join(inDoc, "\n"))
	}
	for i := 1; i < len(inCode); i++ {
		if inCode[i] < inCode[i-1] && inCode[i][:3] != inCode[i-1][:3] {
			t.Errorf("errors.go: %q comes after %q; order them by status", inCode[i], inCode[i-1])
		}
	}
}

func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}

// statusAndCode reads "412 config_conflict" from &apiError{http.StatusPreconditionFailed, "config_conflict", …}.
func statusAndCode(t *testing.T, lit *ast.CompositeLit) string {
	t.Helper()
	if len(lit.Elts) < 2 {
		t.Fatalf("apiError literal with %d elements", len(lit.Elts))
	}
	sel, ok := lit.Elts[0].(*ast.SelectorExpr)
	code, ok2 := lit.Elts[1].(*ast.BasicLit)
	if !ok || !ok2 {
		t.Fatalf("apiError literal must name an http.Status… constant and a code string")
	}
	status, ok := statusByName[sel.Sel.Name]
	if !ok {
		t.Fatalf("unknown status constant %s", sel.Sel.Name)
	}
	c, err := strconv.Unquote(code.Value)
	if err != nil {
		t.Fatal(err)
	}
	return strconv.Itoa(status) + " " + c
}

var statusByName = func() map[string]int {
	m := map[string]int{}
	for s := 100; s < 600; s++ {
		if text := http.StatusText(s); text != "" {
			m["Status"+strings.NewReplacer(" ", "", "-", "", "'", "").Replace(text)] = s
		}
	}
	m["StatusRequestURITooLong"] = http.StatusRequestURITooLong
	m["StatusRequestEntityTooLarge"] = http.StatusRequestEntityTooLarge
	return m
}()

func uniq(xs []string) []string {
	var out []string
	for i, x := range xs {
		if i == 0 || x != xs[i-1] {
			out = append(out, x)
		}
	}
	return out
}
