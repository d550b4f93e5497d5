package server

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// maxMakerParams bounds what a handler maker takes: at most this many
// parameters, so that routes.go reads as the map of what each route touches.
const maxMakerParams = 4

// Every handler maker (a function named handle… that returns an
// http.Handler) takes exactly what it touches: at most maxMakerParams
// parameters, and never the whole Deps. The maker that needs more is doing
// more than HTTP: that work belongs to the package that owns it (sign-in is
// auth.SignIn).
func TestHandlerMakersTakeWhatTheyTouch(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	makers := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Recv != nil || !strings.HasPrefix(fn.Name.Name, "handle") || !returnsHandler(fn.Type) {
				continue
			}
			makers++
			n := 0
			for _, field := range fn.Type.Params.List {
				n += max(len(field.Names), 1)
				if isDeps(field.Type) {
					t.Errorf("%s: %s takes the whole Deps; pass what it touches", fset.Position(fn.Pos()), fn.Name.Name)
				}
			}
			if n > maxMakerParams {
				t.Errorf("%s: %s takes %d parameters, at most %d", fset.Position(fn.Pos()), fn.Name.Name, n, maxMakerParams)
			}
		}
	}
	if makers < 20 { // the test must see the makers it guards
		t.Fatalf("found %d handler makers; the test no longer finds them", makers)
	}
}

// returnsHandler reports whether a function returns http.Handler alone.
func returnsHandler(ft *ast.FuncType) bool {
	if ft.Results == nil || len(ft.Results.List) != 1 {
		return false
	}
	sel, ok := ft.Results.List[0].Type.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	pkg, ok := sel.X.(*ast.Ident)
	return ok && pkg.Name == "http" && sel.Sel.Name == "Handler"
}

// isDeps reports whether a parameter's type is Deps or *Deps.
func isDeps(e ast.Expr) bool {
	if star, ok := e.(*ast.StarExpr); ok {
		e = star.X
	}
	id, ok := e.(*ast.Ident)
	return ok && id.Name == "Deps"
}
