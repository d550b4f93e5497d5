package server

import (
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestErrorCodesMatchArchitecture reads every apiError literal of the package:
// all must be in errors.go, ordered by status, and the (status, code) pairs
// must be exactly the list in docs/architecture.md, in the same order.
func TestErrorCodesMatchArchitecture(t *testing.T) {
	inCode := apiErrors(t)
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

// apiErrors reads every apiError literal of the package as "412 config_conflict", in source order;
// a literal outside errors.go is an error.
func apiErrors(t *testing.T) []string {
	t.Helper()
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
	return inCode
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

// TestErrorCodesMatchTheContract: the contract's Error schema names exactly
// the codes errors.go makes, so a client can rely on the list.
func TestErrorCodesMatchTheContract(t *testing.T) {
	var inContract []string
	for _, v := range contract(t).doc.Components.Schemas["Error"].Value.Properties["error"].Value.Properties["code"].Value.Enum {
		inContract = append(inContract, v.(string))
	}
	codes := map[string]bool{}
	for _, e := range apiErrors(t) {
		codes[e[4:]] = true
	}
	inCode := slices.Sorted(maps.Keys(codes))
	slices.Sort(inContract)
	if !slices.Equal(inCode, inContract) {
		t.Errorf("errors.go makes:\n%s\n\nthe contract's Error.code lists:\n%s", strings.Join(inCode, "\n"), strings.Join(inContract, "\n"))
	}
}

// TestSSOCodesMatchOperations: the codes a refused sign-in at the provider
// sends to the page (ssoFailure) are exactly the table in
// docs/operations.md, where an operator looks them up.
func TestSSOCodesMatchOperations(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "errors.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var inCode []string
	ast.Inspect(f, func(n ast.Node) bool {
		spec, ok := n.(*ast.ValueSpec)
		if !ok || !isIdent(spec.Type, "ssoFailure") {
			return true
		}
		for _, v := range spec.Values {
			lit, ok := v.(*ast.BasicLit)
			if !ok {
				t.Fatalf("an ssoFailure constant must be a string literal")
			}
			code, err := strconv.Unquote(lit.Value)
			if err != nil {
				t.Fatal(err)
			}
			inCode = append(inCode, code)
		}
		return true
	})
	doc, err := os.ReadFile("../../docs/operations.md")
	if err != nil {
		t.Fatal(err)
	}
	_, table, ok := strings.Cut(string(doc), "| sso_error | When |")
	if !ok {
		t.Fatal("docs/operations.md has no table of sso_error codes")
	}
	table, _, _ = strings.Cut(table, "\n\n")
	var inDoc []string
	for _, m := range regexp.MustCompile("(?m)^\\| `([a-z_]+)` \\|").FindAllStringSubmatch(table, -1) {
		inDoc = append(inDoc, m[1])
	}
	slices.Sort(inCode)
	slices.Sort(inDoc)
	if !slices.Equal(inCode, inDoc) {
		t.Errorf("errors.go (ssoFailure):\n%s\n\ndocs/operations.md:\n%s", strings.Join(inCode, "\n"), strings.Join(inDoc, "\n"))
	}
}
