package store_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestEveryStoreMethodHasACaller keeps the store's interfaces as small as
// what the program uses: every method of every interface of this package
// must be called (a selector `.Name(`) by a non-test file of the module
// outside internal/store. A method only tests call is one more thing each
// backend must write and keep right for nobody.
func TestEveryStoreMethodHasACaller(t *testing.T) {
	methods := interfaceMethods(t, ".")
	if len(methods) == 0 {
		t.Fatal("no interface methods found in internal/store")
	}
	called := calledNames(t, filepath.Join("..", ".."))
	for _, name := range slices.Sorted(maps.Keys(methods)) {
		if !called[name] {
			t.Errorf("%s (interface %s) has no caller outside internal/store and the tests: remove it, or use it",
				name, methods[name])
		}
	}
}

// interfaceMethods returns the methods declared in the interfaces of the
// package's non-test files in dir, each with its interface's name.
func interfaceMethods(t *testing.T, dir string) map[string]string {
	t.Helper()
	methods := map[string]string{}
	for _, f := range parseDir(t, dir) {
		ast.Inspect(f, func(n ast.Node) bool {
			spec, ok := n.(*ast.TypeSpec)
			if !ok {
				return true
			}
			iface, ok := spec.Type.(*ast.InterfaceType)
			if !ok {
				return false
			}
			for _, m := range iface.Methods.List {
				for _, name := range m.Names { // an embedded interface has none; its own methods count there
					methods[name.Name] = spec.Name.Name
				}
			}
			return false
		})
	}
	return methods
}

// calledNames returns the names called as `x.Name(…)` in the non-test Go
// files of the module at root, leaving out internal/store and its packages.
func calledNames(t *testing.T, root string) map[string]bool {
	t.Helper()
	storeDir := filepath.Join(root, "internal", "store")
	called := map[string]bool{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		name := d.Name()
		if path == storeDir || (path != root && (strings.HasPrefix(name, ".") || name == "node_modules" || name == "testdata")) {
			return filepath.SkipDir
		}
		for _, f := range parseDir(t, path) {
			ast.Inspect(f, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok {
					if sel, ok := call.Fun.(*ast.SelectorExpr); ok {
						called[sel.Sel.Name] = true
					}
				}
				return true
			})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if !called["ListenAndServe"] && !called["Serve"] && !called["Run"] {
		t.Fatalf("read no calls of the program under %s", root)
	}
	return called
}

// parseDir parses the non-test Go files directly in dir.
func parseDir(t *testing.T, dir string) []*ast.File {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, e.Name()), nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	return files
}
