package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/constant"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// Log records are English, message and keys alike, whatever the logger is
// called: operators and their log collectors grep for them, and the code
// and the docs around them are English. What people read (the UI, the
// command line's messages) stays German. The test type-checks every
// package of the module, so that it finds each call of log/slog by what it
// calls, not by the name of the logger.
func TestLogsAreEnglish(t *testing.T) {
	own, exports := modulePackages(t)
	calls := 0
	for _, pkg := range own {
		for _, c := range slogCalls(t, pkg, exports) {
			calls++
			for _, p := range c.problems() {
				t.Errorf("%s: %s", c.pos, p)
			}
		}
	}
	if calls < 40 { // the test must see the calls it guards
		t.Fatalf("found %d log calls; the test no longer finds them", calls)
	}
}

func TestGermanWords(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"Noch kein Admin-Konto: Einrichtungslink", true},
		{"Notenrechner läuft", true},
		{"je_adresse", true},
		{"offene_dateien", true},
		{"Limit offener Dateien nicht lesbar", true},
		{"--oidc-issuer ist http, nicht https", true},
		{"live streams refused (limits per address and in total; docs/operations.md)", false},
		{"pruning expired sessions", false},
		{"per_address_from", false},
		{"no admin account yet: setup link (valid for 1 hour, usable once; or notenrechner admin create)", false},
	} {
		t.Run(tc.text, func(t *testing.T) {
			if _, got := german(tc.text); got != tc.want {
				t.Errorf("german(%q) = %v, want %v", tc.text, got, tc.want)
			}
		})
	}
}

// germanWords are words that English log text does not use; with ä, ö, ü
// and ß they give a German message or key away.
var germanWords = func() map[string]bool {
	words := map[string]bool{}
	for _, w := range strings.Fields(`der die das den dem des ein eine einen einem einer und oder nicht kein keine
		noch ist sind wird werden mit für auf nur wenn dann bei aus je von zu zum zur im auch über nach
		gesamt konto anmeldung verbindungen begrenzt beendet offene offener dateien adresse adressen vorgabe
		rechner geeignet bereich lesbar ohne einrichtungslink einladungslink fehler`) {
		words[w] = true
	}
	return words
}()

// german returns what gives text away as German: a letter or a word.
func german(text string) (string, bool) {
	if i := strings.IndexAny(text, "äöüßÄÖÜ"); i >= 0 {
		return strings.SplitN(text[i:], "", 2)[0], true
	}
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !unicode.IsLetter(r) }) {
		if germanWords[w] {
			return w, true
		}
	}
	return "", false
}

var snakeCase = regexp.MustCompile(`^[a-z][a-z0-9]*(_[a-z0-9]+)*$`)

// A slogCall is one call of log/slog: its message and keys, and the text
// that string constants and local string variables give to its values.
type slogCall struct {
	pos    token.Position
	msg    []string // the message's text parts (empty: the call has none)
	keys   []string // keys; "" for a key that is not a constant
	values []string
}

func (c slogCall) problems() []string {
	var out []string
	for _, m := range c.msg {
		if w, ok := german(m); ok {
			out = append(out, fmt.Sprintf("message %q is German (%q)", m, w))
		}
	}
	for _, k := range c.keys {
		if !snakeCase.MatchString(k) {
			out = append(out, fmt.Sprintf("key %q is not a snake_case constant", k))
		} else if w, ok := german(k); ok {
			out = append(out, fmt.Sprintf("key %q is German (%q)", k, w))
		}
	}
	for _, v := range c.values {
		if w, ok := german(v); ok {
			out = append(out, fmt.Sprintf("value %q is German (%q)", v, w))
		}
	}
	return out
}

type listedPackage struct {
	ImportPath, Dir, Export string
	GoFiles                 []string
	Module                  *struct{ Main bool }
}

// modulePackages lists the module's packages, and where the export data of
// every package they import is (built as for any test run), so that each
// can be type-checked. The patterns are the module's own folders, as in the
// Makefile: "./..." would also list Go files that npm packages ship in
// web/node_modules.
func modulePackages(t *testing.T) (own []listedPackage, exports map[string]string) {
	t.Helper()
	cmd := exec.Command("go", "list", "-export", "-deps", "-json=ImportPath,Dir,Export,GoFiles,Module",
		"./api", "./cmd/...", "./internal/...", "./tools/...", "./web")
	cmd.Dir = filepath.Join("..", "..")
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	exports = map[string]string{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p listedPackage
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		exports[p.ImportPath] = p.Export
		if p.Module != nil && p.Module.Main {
			own = append(own, p)
		}
	}
	return own, exports
}

type checked struct {
	fset  *token.FileSet
	files []*ast.File
	info  *types.Info
}

func typeCheck(t *testing.T, p listedPackage, exports map[string]string) checked {
	t.Helper()
	c := checked{fset: token.NewFileSet(), info: &types.Info{
		Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}}}
	for _, name := range p.GoFiles {
		f, err := parser.ParseFile(c.fset, filepath.Join(p.Dir, name), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		c.files = append(c.files, f)
	}
	imp := importer.ForCompiler(c.fset, "gc", func(path string) (io.ReadCloser, error) {
		if exports[path] == "" {
			return nil, fmt.Errorf("no export data for %s", path)
		}
		return os.Open(exports[path])
	})
	conf := types.Config{Importer: imp}
	if _, err := conf.Check(p.ImportPath, c.fset, c.files, c.info); err != nil {
		t.Fatalf("type-check %s: %v", p.ImportPath, err)
	}
	return c
}

// slogCalls finds every call of a log/slog function or *slog.Logger method
// that takes a message, keys or an attribute's key.
func slogCalls(t *testing.T, p listedPackage, exports map[string]string) []slogCall {
	c := typeCheck(t, p, exports)
	var calls []slogCall
	for _, f := range c.files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			if sc, ok := c.slogCall(f, call); ok {
				calls = append(calls, sc)
			}
			return true
		})
	}
	return calls
}

// slogCall reads a call of log/slog (a function of the package or a
// method of *slog.Logger): where its message is, where its key-value pairs
// start, and where an attribute's or a group's key is.
func (c checked) slogCall(f *ast.File, call *ast.CallExpr) (slogCall, bool) {
	var id *ast.Ident
	switch fun := ast.Unparen(call.Fun).(type) {
	case *ast.SelectorExpr:
		id = fun.Sel
	case *ast.Ident:
		id = fun
	}
	fn, ok := c.info.Uses[id].(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg().Path() != "log/slog" {
		return slogCall{}, false
	}
	recv := fn.Signature().Recv()
	if recv != nil && recv.Type().String() != "*log/slog.Logger" {
		return slogCall{}, false // Value.String, Level.String and the like
	}
	msg, pairs, key := -1, -1, -1
	switch name := fn.Name(); name {
	case "Debug", "Info", "Warn", "Error":
		msg, pairs = 0, 1
	case "DebugContext", "InfoContext", "WarnContext", "ErrorContext":
		msg, pairs = 1, 2
	case "Log":
		msg, pairs = 2, 3
	case "LogAttrs":
		msg = 2 // its attributes are checked at their constructors
	case "With":
		pairs = 0
	case "Group", "String", "Int", "Int64", "Uint64", "Float64", "Bool", "Time", "Duration", "Any":
		if recv != nil {
			return slogCall{}, false
		}
		key = 0
		if name == "Group" {
			pairs = 1
		}
	default:
		return slogCall{}, false
	}
	sc := slogCall{pos: c.fset.Position(call.Pos())}
	if msg >= 0 && msg < len(call.Args) {
		sc.msg = c.texts(f, call.Args[msg], map[types.Object]bool{})
	}
	if key >= 0 && key < len(call.Args) {
		sc.keys = append(sc.keys, c.constant(call.Args[key]))
	}
	return c.withPairs(f, call, pairs, sc), true
}

// withPairs adds the keys and values of the key-value arguments from index
// from on (-1: none). An slog.Attr takes one place; its key is checked at
// its own constructor call.
func (c checked) withPairs(f *ast.File, call *ast.CallExpr, from int, sc slogCall) slogCall {
	if from < 0 || call.Ellipsis.IsValid() {
		return sc
	}
	for i := from; i < len(call.Args); i++ {
		if t := c.info.Types[call.Args[i]].Type; t != nil && t.String() == "log/slog.Attr" {
			continue
		}
		sc.keys = append(sc.keys, c.constant(call.Args[i]))
		if i+1 < len(call.Args) {
			i++
			sc.values = append(sc.values, c.texts(f, call.Args[i], map[types.Object]bool{})...)
		}
	}
	return sc
}

// constant is a string constant's value, or "" where e is none.
func (c checked) constant(e ast.Expr) string {
	if v := c.info.Types[e].Value; v != nil && v.Kind() == constant.String {
		return constant.StringVal(v)
	}
	return ""
}

// texts is the text an expression brings into a log record: its value
// where it is a string constant; else the texts of its parts, of a
// conversion's or a call's arguments (fmt.Sprintf), and of whatever a
// local string variable is assigned in its file.
func (c checked) texts(f *ast.File, e ast.Expr, seen map[types.Object]bool) []string {
	if s := c.constant(e); s != "" {
		return []string{s}
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.BinaryExpr:
		return append(c.texts(f, e.X, seen), c.texts(f, e.Y, seen)...)
	case *ast.CallExpr:
		var out []string
		for _, a := range e.Args {
			out = append(out, c.texts(f, a, seen)...)
		}
		return out
	case *ast.Ident:
		v, ok := c.info.Uses[e].(*types.Var)
		if !ok || v.IsField() || seen[v] || v.Parent() == nil || v.Parent() == v.Pkg().Scope() {
			return nil
		}
		seen[v] = true
		return c.assigned(f, v, seen)
	}
	return nil
}

// assigned is the text of everything a local variable is assigned in f.
func (c checked) assigned(f *ast.File, v *types.Var, seen map[types.Object]bool) []string {
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != len(as.Rhs) {
			return true
		}
		for i, l := range as.Lhs {
			id, ok := l.(*ast.Ident)
			if ok && (c.info.Defs[id] == v || c.info.Uses[id] == v) {
				out = append(out, c.texts(f, as.Rhs[i], seen)...)
			}
		}
		return true
	})
	return out
}
