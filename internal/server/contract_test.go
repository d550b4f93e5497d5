package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"
	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/notenrechner/notenrechner/api"
)

// The contract (api/openapi.yaml) is checked on every request the API tests send: checkContract
// validates the request and the answer it got with kin-openapi's openapi3filter, so that a status,
// a body field, a content type or a header the contract does not name fails the test that
// produced it.

type contractDoc struct {
	doc    *openapi3.T
	router routers.Router
	// Bodies are validated with schemas compiled once each (JSON Schema 2020-12, as OpenAPI 3.1
	// has it): openapi3filter compiles a body's schema again on every call, which made the
	// server's tests ten times slower under -race. Parameters, headers, security and statuses
	// are openapi3filter's.
	compiler *jsonschema.Compiler
	mu       sync.Mutex
	schemas  map[string]*jsonschema.Schema
}

const contractURL = "file:///api/openapi.json"

var loadContract = sync.OnceValues(func() (*contractDoc, error) {
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromData(api.YAML)
	if err != nil {
		return nil, fmt.Errorf("load api/openapi.yaml: %w", err)
	}
	if err := doc.Validate(loader.Context); err != nil {
		return nil, fmt.Errorf("api/openapi.yaml is not valid OpenAPI: %w", err)
	}
	router, err := gorillamux.NewRouter(doc)
	if err != nil {
		return nil, err
	}
	asJSON, err := OpenAPIJSON(api.YAML)
	if err != nil {
		return nil, err
	}
	whole, err := jsonschema.UnmarshalJSON(bytes.NewReader(asJSON))
	if err != nil {
		return nil, err
	}
	compiler := jsonschema.NewCompiler()
	compiler.DefaultDraft(jsonschema.Draft2020)
	compiler.AssertFormat()
	if err := compiler.AddResource(contractURL, whole); err != nil {
		return nil, err
	}
	return &contractDoc{doc: doc, router: router, compiler: compiler, schemas: map[string]*jsonschema.Schema{}}, nil
})

// schema compiles the schema at a JSON pointer of the contract, once.
func (c *contractDoc) schema(pointer string) (*jsonschema.Schema, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if s, ok := c.schemas[pointer]; ok {
		return s, nil
	}
	s, err := c.compiler.Compile(contractURL + pointer)
	if err != nil {
		return nil, err
	}
	c.schemas[pointer] = s
	return s, nil
}

func contract(t testing.TB) *contractDoc {
	t.Helper()
	c, err := loadContract()
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// everyResponse are the headers the middlewares put on every answer (the spec's introduction
// names them) and those of HTTP itself; any other header must be declared on the response.
var everyResponse = map[string]bool{
	"Content-Type": true, "Content-Length": true, "Date": true,
	"Content-Security-Policy": true, "X-Content-Type-Options": true, "Referrer-Policy": true,
	"X-Frame-Options": true, "Strict-Transport-Security": true,
}

// checkContract validates one exchange. req is a fresh copy of the request with its body.
// A request the contract refuses may only be answered with a refusal (4xx); API paths that the
// contract does not know must answer the JSON 404 or 405 of its introduction.
func checkContract(t testing.TB, req *http.Request, status int, header http.Header, body []byte) {
	t.Helper()
	c := contract(t)
	name := req.Method + " " + abbreviate(req.URL.RequestURI())
	route, params, err := c.router.FindRoute(req)
	if err != nil {
		if !strings.HasPrefix(req.URL.Path, "/api/") {
			return // the web app's pages and files are not part of the API
		}
		checkUnrouted(t, c, name, status, header, body)
		return
	}
	ctx := context.Background()
	opts := &openapi3filter.Options{IncludeResponseStatus: true, AuthenticationFunc: sessionCookiePresent,
		ExcludeRequestBody: true, ExcludeResponseBody: true}
	in := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route, Options: opts}
	reqErr := openapi3filter.ValidateRequest(ctx, in)
	if reqErr == nil {
		reqErr = c.checkRequestBody(route, req)
	}
	if reqErr != nil && status < 400 {
		t.Errorf("%s: answered %d to a request the contract refuses: %v", name, status, reqErr)
	}
	resp := route.Operation.Responses.Status(status)
	if resp == nil {
		t.Errorf("%s: status %d is not in the contract", name, status)
		return
	}
	for key := range header {
		if !everyResponse[key] && !declaredHeader(resp.Value, key) {
			t.Errorf("%s: header %s of the %d answer is not in the contract", name, key, status)
		}
	}
	out := &openapi3filter.ResponseValidationInput{RequestValidationInput: in, Status: status, Header: header,
		Body: io.NopCloser(bytes.NewReader(body)), Options: opts}
	if err := openapi3filter.ValidateResponse(ctx, out); err != nil {
		t.Errorf("%s: the %d answer breaks the contract: %v", name, status, err)
	}
	base := resp.Ref // a shared response: its schema lives under components
	if base == "" {
		base = "#/paths/" + pointerEscape(route.Path) + "/" + strings.ToLower(route.Method) + "/responses/" + strconv.Itoa(status)
	}
	if err := c.checkBody(base, resp.Value.Content, header.Get("Content-Type"), body); err != nil {
		t.Errorf("%s: the %d answer breaks the contract: %v\nbody: %.300s", name, status, err, body)
	}
}

// checkRequestBody: a body the operation takes, of a documented type, valid against its schema.
func (c *contractDoc) checkRequestBody(route *routers.Route, req *http.Request) error {
	body, err := io.ReadAll(req.Body)
	if err != nil {
		return err
	}
	rb := route.Operation.RequestBody
	if rb == nil {
		if len(body) > 0 {
			return errors.New("a body for an operation that takes none")
		}
		return nil
	}
	if len(body) == 0 && rb.Value.Required {
		return errors.New("the request body is missing")
	}
	base := rb.Ref
	if base == "" {
		base = "#/paths/" + pointerEscape(route.Path) + "/" + strings.ToLower(route.Method) + "/requestBody"
	}
	return c.checkBody(base, rb.Value.Content, req.Header.Get("Content-Type"), body)
}

// checkBody validates a body against the media type of content that its Content-Type names;
// no content means no body.
func (c *contractDoc) checkBody(base string, content openapi3.Content, contentType string, body []byte) error {
	if len(content) == 0 {
		if len(body) > 0 {
			return errors.New("a body where the contract has none")
		}
		return nil
	}
	mt, _, err := mime.ParseMediaType(contentType)
	if err != nil || content[mt] == nil {
		return fmt.Errorf("Content-Type %q is not one of the contract's", contentType)
	}
	var v any
	switch mt {
	case "application/json":
		v, err = jsonschema.UnmarshalJSON(bytes.NewReader(body))
	case "text/event-stream":
		v, err = sseEvents(bytes.NewReader(body))
	default:
		v = string(body)
	}
	if err != nil {
		return fmt.Errorf("%s body: %w", mt, err)
	}
	schema, err := c.schema(base + "/content/" + pointerEscape(mt) + "/schema")
	if err != nil {
		return err
	}
	return schema.Validate(v)
}

func pointerEscape(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// checkUnrouted: a path or method the contract does not list gets 404 or 405 (with Allow), or
// 414 for an over-long address, each with the one error body.
func checkUnrouted(t testing.TB, c *contractDoc, name string, status int, header http.Header, body []byte) {
	t.Helper()
	switch status {
	case http.StatusNotFound, http.StatusRequestURITooLong:
	case http.StatusMethodNotAllowed:
		if header.Get("Allow") == "" {
			t.Errorf("%s: 405 without Allow", name)
		}
	default:
		t.Errorf("%s: answered %d to a request the contract does not list; want 404 or 405", name, status)
		return
	}
	if err := c.checkErrorBody(header.Get("Content-Type"), body); err != nil {
		t.Errorf("%s: the %d answer is not the contract's error body: %v", name, status, err)
	}
}

func (c *contractDoc) checkErrorBody(contentType string, body []byte) error {
	if mt, _, err := mime.ParseMediaType(contentType); err != nil || mt != "application/json" {
		return fmt.Errorf("Content-Type %q", contentType)
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(body))
	if err != nil {
		return err
	}
	schema, err := c.schema("#/components/schemas/Error")
	if err != nil {
		return err
	}
	return schema.Validate(v)
}

func declaredHeader(resp *openapi3.Response, key string) bool {
	for name := range resp.Headers {
		if http.CanonicalHeaderKey(name) == key {
			return true
		}
	}
	return false
}

// sessionCookiePresent is the check of the sessionCookie scheme: the request carries the cookie
// (under its name behind TLS too). Whether the session is valid is the server's business.
func sessionCookiePresent(_ context.Context, in *openapi3filter.AuthenticationInput) error {
	name := in.SecurityScheme.Name
	for _, n := range []string{name, "__Host-" + name} {
		if c, err := in.RequestValidationInput.Request.Cookie(n); err == nil && c.Value != "" {
			return nil
		}
	}
	return errors.New("no session cookie")
}

// sseEvents reads a text/event-stream body into the list of events the contract's
// ConfigEventStream describes: {"retry":1000}, {"event":"config","id":"7","data":{…}} with the
// data read as JSON, {"event":"ping","data":""}; comments are skipped.
func sseEvents(body io.Reader) (any, error) {
	var events []any
	ev := map[string]any{}
	var data []string
	flush := func() error {
		if len(data) > 0 {
			joined := strings.Join(data, "\n")
			var v any = joined
			if ev["event"] != "ping" {
				var err error
				if v, err = jsonschema.UnmarshalJSON(strings.NewReader(joined)); err != nil {
					return fmt.Errorf("event data is not JSON: %w", err)
				}
			}
			ev["data"] = v
		}
		if len(ev) > 0 {
			events = append(events, ev)
		}
		ev, data = map[string]any{}, nil
		return nil
	}
	sc := bufio.NewScanner(body)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		field, value, _ := strings.Cut(line, ":")
		value = strings.TrimPrefix(value, " ")
		switch {
		case line == "":
			if err := flush(); err != nil {
				return nil, err
			}
		case field == "": // a comment
		case field == "data":
			data = append(data, value)
		case field == "retry":
			n, err := strconv.Atoi(value)
			if err != nil {
				return nil, fmt.Errorf("retry %q", value)
			}
			ev["retry"] = json.Number(strconv.Itoa(n))
		default:
			ev[field] = value
		}
	}
	if err := flush(); err != nil {
		return nil, err
	}
	return events, sc.Err()
}

// contractRequest copies a test request with its body, for the validator to read.
func contractRequest(method, target, body string, header http.Header) *http.Request {
	req := httptest.NewRequest(method, target, strings.NewReader(body))
	req.Header = header.Clone()
	return req
}

func abbreviate(s string) string {
	if len(s) > 80 {
		return s[:80] + "…"
	}
	return s
}
