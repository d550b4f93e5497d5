package server

import (
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestRoutesMatchTheContract: every route of routes.go is a path and method of the contract,
// and the contract names no route the server lacks.
func TestRoutesMatchTheContract(t *testing.T) {
	// Not API routes: the fallback that answers unknown /api/ paths (described in the
	// contract's introduction) and the web app.
	notAPI := []string{"/api/", "/"}
	var inCode []string
	for _, pattern := range routePatterns(t) {
		if !slices.Contains(notAPI, pattern) {
			inCode = append(inCode, pattern)
		}
	}
	var inSpec []string
	for path, item := range contract(t).doc.Paths.Map() {
		for method := range item.Operations() {
			if method == http.MethodHead && item.Get != nil {
				continue // a GET route serves HEAD too (net/http); the contract may describe it
			}
			inSpec = append(inSpec, method+" "+path)
		}
	}
	slices.Sort(inCode)
	slices.Sort(inSpec)
	for _, r := range inCode {
		if !slices.Contains(inSpec, r) {
			t.Errorf("route %q of routes.go is not in api/openapi.yaml", r)
		}
	}
	for _, r := range inSpec {
		if !slices.Contains(inCode, r) {
			t.Errorf("api/openapi.yaml names %q, which routes.go does not serve", r)
		}
	}
	if len(inCode) < 20 {
		t.Fatalf("found only %d routes in routes.go: %v", len(inCode), inCode)
	}
}

// routePatterns reads the patterns of every mux.Handle call in routes.go.
func routePatterns(t *testing.T) []string {
	t.Helper()
	file, err := parser.ParseFile(token.NewFileSet(), "routes.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var patterns []string
	ast.Inspect(file, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) != 2 {
			return true
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Handle" {
			return true
		}
		lit, ok := call.Args[0].(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			t.Errorf("a route whose pattern is not a literal: %#v", call.Args[0])
			return true
		}
		p, err := strconv.Unquote(lit.Value)
		if err != nil {
			t.Fatal(err)
		}
		patterns = append(patterns, p)
		return true
	})
	return patterns
}

// recordingTB collects what checkContract reports, to prove that it reports.
type recordingTB struct {
	testing.TB
	errs []string
}

func (r *recordingTB) Helper()                   {}
func (r *recordingTB) Errorf(f string, a ...any) { r.errs = append(r.errs, fmt.Sprintf(f, a...)) }
func (r *recordingTB) Fatal(a ...any)            { r.errs = append(r.errs, fmt.Sprint(a...)) }

// TestContractCatchesDrift feeds checkContract exchanges that break the contract in one way
// each, and ones that keep it: a check that cannot fail would let every handler drift.
func TestContractCatchesDrift(t *testing.T) {
	jsonType := http.Header{"Content-Type": {"application/json; charset=utf-8"}}
	with := func(h http.Header, k, v string) http.Header { h = h.Clone(); h.Set(k, v); return h }
	cookie := http.Header{"Cookie": {"notenrechner_session=abc"}, "Content-Type": {"application/json"}, "If-Match": {`"1"`}}
	version := `{"version":2,"savedAt":"2026-11-22T08:00:00Z","savedBy":"a@schule.de","config":` + standardDoc("A") + `}`
	public := `{"version":2,"savedAt":"2026-11-22T08:00:00Z","config":` + standardDoc("A") + `}`
	stream := "retry: 1000\n\nid: standard.2\nevent: config\ndata: " + public + "\n\n: ping\nevent: ping\ndata:\n\n"
	for _, c := range []struct {
		name, method, target, body string
		reqHeader                  http.Header
		status                     int
		header                     http.Header
		answer                     string
		wantErr                    string // "" when the exchange keeps the contract
	}{
		{"grade kept", "GET", "/api/v1/grade?total=1&achieved=1", "", nil, 200, jsonType, `{"percentage":"100,0%","grade":"1+"}`, ""},
		{"an extra field", "GET", "/api/v1/grade?total=1&achieved=1", "", nil, 200, jsonType, `{"percentage":"100,0%","grade":"1+","debug":1}`, "breaks the contract"},
		{"a grade that does not exist", "GET", "/api/v1/grade?total=1&achieved=1", "", nil, 200, jsonType, `{"percentage":"100,0%","grade":"1++"}`, "breaks the contract"},
		{"a grade of no system", "GET", "/api/v1/grade?total=1&achieved=1", "", nil, 200, jsonType, `{"percentage":"100,0%","grade":"16"}`, "breaks the contract"},
		{"Notenpunkte with their grade", "GET", "/api/v1/grade?total=1&achieved=1", "", nil, 200, jsonType, `{"percentage":"86,0%","grade":"13","alt":"1-"}`, ""},
		{"an empty second label", "GET", "/api/v1/grade?total=1&achieved=1", "", nil, 200, jsonType, `{"percentage":"86,0%","grade":"13","alt":""}`, "breaks the contract"},
		{"an undocumented status", "GET", "/api/v1/grade?total=1&achieved=1", "", nil, 418, jsonType, `{"error":{"code":"internal","message":"x"}}`, "not in the contract"},
		{"an undocumented header", "GET", "/api/v1/grade?total=1&achieved=1", "", nil, 200, with(jsonType, "X-Debug", "1"), `{"percentage":"","grade":""}`, "header X-Debug"},
		{"success for a request without a parameter", "GET", "/api/v1/grade?total=1", "", nil, 200, jsonType, `{"percentage":"","grade":""}`, "a request the contract refuses"},
		{"an error body of another shape", "GET", "/api/v1/grade?total=1", "", nil, 400, jsonType, `{"error":"bad"}`, "breaks the contract"},
		{"an error code not in the list", "GET", "/api/v1/grade?total=1", "", nil, 400, jsonType, `{"error":{"code":"oops","message":"x"}}`, "breaks the contract"},
		{"a body on a 204", "POST", "/api/v1/auth/logout", "", nil, 204, http.Header{"Set-Cookie": {"notenrechner_session=; Path=/; Max-Age=0"}}, `{}`, "a body where the contract has none"},
		{"a 204 without clearing the cookie", "POST", "/api/v1/auth/logout", "", nil, 204, http.Header{}, ``, "breaks the contract"},
		{"saved without a session", "PUT", "/api/v1/config", standardDoc("A"), http.Header{"Content-Type": {"application/json"}, "If-Match": {`"1"`}}, 200, with(jsonType, "ETag", `"2"`), version, "a request the contract refuses"},
		{"saved with a session", "PUT", "/api/v1/config", standardDoc("A"), cookie, 200, with(jsonType, "ETag", `"2"`), version, ""},
		{"an unknown API path answered", "GET", "/api/v1/nichts", "", nil, 200, jsonType, `{}`, "does not list"},
		{"an unknown API path refused", "GET", "/api/v1/nichts", "", nil, 404, jsonType, `{"error":{"code":"not_found","message":"x"}}`, ""},
		{"405 without Allow", "DELETE", "/api/v1/config", "", nil, 405, jsonType, `{"error":{"code":"method_not_allowed","message":"x"}}`, "without Allow"},
		{"stream kept", "GET", "/api/v1/config/events", "", nil, 200, http.Header{"Content-Type": {"text/event-stream; charset=utf-8"}, "Cache-Control": {"no-cache"}}, stream, ""},
		{"stream event without its version", "GET", "/api/v1/config/events", "", nil, 200, http.Header{"Content-Type": {"text/event-stream; charset=utf-8"}, "Cache-Control": {"no-cache"}},
			strings.Replace(stream, `"version":2,`, "", 1), "breaks the contract"},
		{"stream event naming who saved it", "GET", "/api/v1/config/events", "", nil, 200, http.Header{"Content-Type": {"text/event-stream; charset=utf-8"}, "Cache-Control": {"no-cache"}},
			strings.Replace(stream, public, version, 1), "breaks the contract"},
		{"public version naming who saved it", "GET", "/api/v1/config", "", nil, 200, with(with(jsonType, "ETag", `"standard.2"`), "Cache-Control", "no-cache"), version, "breaks the contract"},
	} {
		t.Run(c.name, func(t *testing.T) {
			rec := &recordingTB{TB: t}
			header := c.reqHeader
			if header == nil {
				header = http.Header{}
			}
			checkContract(rec, contractRequest(c.method, c.target, c.body, header), c.status, c.header, []byte(c.answer))
			got := strings.Join(rec.errs, "\n")
			if c.wantErr == "" && got != "" {
				t.Errorf("reported a kept contract: %s", got)
			}
			if c.wantErr != "" && !strings.Contains(got, c.wantErr) {
				t.Errorf("want a report with %q, got %q", c.wantErr, got)
			}
		})
	}
}

// TestConfigEventsKeepTheContract reads the live stream for a moment (the current version and
// heartbeats) and validates it against ConfigEventStream.
func TestConfigEventsKeepTheContract(t *testing.T) {
	_, b := newTestServer(t, fakeStore{})
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	h := New(Deps{Logger: logger, Store: fakeStore{}, Broker: b, Assets: testAssets, Heartbeat: 5 * time.Millisecond})
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Millisecond)
	defer cancel()
	req := httptest.NewRequest("GET", "/api/v1/config/events", nil).WithContext(ctx)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	body := rec.Body.String()
	if !strings.Contains(body, "event: config\n") || !strings.Contains(body, "event: ping\n") {
		t.Fatalf("stream without a config event and a ping: %q", body)
	}
	checkContract(t, contractRequest("GET", "/api/v1/config/events", "", http.Header{}), rec.Code, rec.Header(), rec.Body.Bytes())
}
