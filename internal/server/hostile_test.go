package server

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/notenrechner/notenrechner/internal/auth"
	"github.com/notenrechner/notenrechner/internal/grading"
	"github.com/notenrechner/notenrechner/internal/store"
)

// writeRoute is an endpoint that reads a JSON body, with a body it would
// accept: every hostile variant is derived from it.
type writeRoute struct {
	name, method, path, who string
	header                  map[string]string
	valid                   map[string]any // a body it accepts
	textField               string         // a member that must be a string
}

// hostileBody is one way to spoil a request, and the answer it must get.
type hostileBody struct {
	name       string
	body       func(rt writeRoute) string
	header     map[string]string
	wantStatus int
	wantCode   string
}

func jsonOf(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

func with(m map[string]any, k string, v any) map[string]any {
	out := map[string]any{}
	for k, v := range m {
		out[k] = v
	}
	out[k] = v
	return out
}

// withRaw puts a raw JSON literal (NaN, 1e308, …) at member k.
func withRaw(rt writeRoute, k, literal string) string {
	doc := jsonOf(with(rt.valid, k, "@@"))
	return strings.Replace(doc, `"@@"`, literal, 1)
}

var hostileBodies = []hostileBody{
	{"malformed JSON", func(writeRoute) string { return `{"email":` }, nil, 400, "invalid_json"},
	{"empty body", func(writeRoute) string { return "" }, map[string]string{"Content-Type": "application/json"}, 400, "invalid_json"},
	{"array at the top", func(rt writeRoute) string { return "[" + jsonOf(rt.valid) + "]" }, nil, 400, "invalid_json"},
	{"null", func(writeRoute) string { return "null" }, nil, 400, "invalid_json"},
	{"a second document", func(rt writeRoute) string { return jsonOf(rt.valid) + "{}" }, nil, 400, "invalid_json"},
	{"NaN", func(rt writeRoute) string { return withRaw(rt, rt.textField, "NaN") }, nil, 400, "invalid_json"},
	{"invalid UTF-8", func(rt writeRoute) string { return withRaw(rt, rt.textField, "\"\xff\xfe\"") }, nil, 400, "invalid_json"},
	{"unknown field", func(rt writeRoute) string { return jsonOf(with(rt.valid, "isAdmin", true)) }, nil, 422, "validation_failed"},
	{"field name in other case", func(rt writeRoute) string {
		return strings.Replace(jsonOf(rt.valid), `"`+rt.textField+`"`, `"`+strings.ToUpper(rt.textField)+`"`, 1)
	}, nil, 422, "validation_failed"},
	{"duplicate key", func(rt writeRoute) string {
		doc := jsonOf(rt.valid)
		return doc[:len(doc)-1] + `,"` + rt.textField + `":"zweiter"}`
	}, nil, 422, "validation_failed"},
	{"1e308", func(rt writeRoute) string { return withRaw(rt, rt.textField, "1e308") }, nil, 422, "validation_failed"},
	{"5 decimals", func(rt writeRoute) string { return withRaw(rt, rt.textField, "33.12345") }, nil, 422, "validation_failed"},
	{"an object for a string", func(rt writeRoute) string { return withRaw(rt, rt.textField, `{"$ne":""}`) }, nil, 422, "validation_failed"},
	{"10,000 characters", func(rt writeRoute) string { return jsonOf(with(rt.valid, rt.textField, strings.Repeat("ä", 10_000))) }, nil, 422, "validation_failed"},
	{"no content type", func(rt writeRoute) string { return jsonOf(rt.valid) }, map[string]string{"Content-Type": ""}, 415, "unsupported_media_type"},
	{"text/plain", func(rt writeRoute) string { return jsonOf(rt.valid) }, map[string]string{"Content-Type": "text/plain"}, 415, "unsupported_media_type"},
	{"form", func(rt writeRoute) string { return "email=a%40b.de&password=x" }, map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, 415, "unsupported_media_type"},
	{"other charset", func(rt writeRoute) string { return jsonOf(rt.valid) }, map[string]string{"Content-Type": "application/json; charset=latin1"}, 415, "unsupported_media_type"},
	{"over 64 KiB", func(rt writeRoute) string { return jsonOf(with(rt.valid, rt.textField, strings.Repeat("x", 65<<10))) }, nil, 413, "too_large"},
	{"cross-site", func(rt writeRoute) string { return jsonOf(rt.valid) }, map[string]string{"Sec-Fetch-Site": "cross-site"}, 403, "cross_origin"},
	{"foreign origin", func(rt writeRoute) string { return jsonOf(rt.valid) }, map[string]string{"Origin": "https://evil.example"}, 403, "cross_origin"},
}

// TestHostileRequests sends every hostile body to every endpoint that reads
// one, and over-long addresses to every write endpoint and GET /grade. Each
// must get its 4xx with the JSON error shape, and the database must be
// exactly as before (failed sign-ins aside, which are meant to be counted).
func TestHostileRequests(t *testing.T) {
	e := newAPIEnv(t, "http://noten.test")
	e.addUser("admin", "admin@schule.de", store.RoleAdmin)
	e.addUser("user", "user@schule.de", store.RoleUser)
	setup, setupHash := auth.NewToken()
	if err := e.st.CreateToken(context.Background(), store.Token{Hash: setupHash, Kind: store.TokenSetup, ExpiresAt: e.now.Add(1e12)}); err != nil {
		t.Fatal(err)
	}
	rec := e.do("POST", "/api/v1/users", `{"email":"neu@schule.de","role":"user"}`, "admin", nil)
	link, _ := url.Parse(decode[struct{ InviteLink string }](t, rec).InviteLink)
	invite := link.Query().Get("invite")
	if invite == "" {
		t.Fatalf("no invite: %s", rec.Body)
	}

	routes := []writeRoute{
		{"login", "POST", "/api/v1/auth/login", "", nil, map[string]any{"email": "admin@schule.de", "password": goodPassword}, "email"},
		{"change password", "POST", "/api/v1/auth/password", "user", nil, map[string]any{"currentPassword": goodPassword, "newPassword": "Neues-Passwort-99"}, "newPassword"},
		{"setup", "POST", "/api/v1/auth/setup/" + setup, "", nil, map[string]any{"email": "chefin@schule.de", "password": goodPassword}, "password"},
		{"accept invitation", "POST", "/api/v1/auth/invite/" + invite, "", nil, map[string]any{"password": goodPassword}, "password"},
		{"invite user", "POST", "/api/v1/users", "admin", nil, map[string]any{"email": "zwei@schule.de", "role": "user"}, "email"},
		{"change role", "PATCH", "/api/v1/users/2", "admin", nil, map[string]any{"role": "admin"}, "role"},
		{"save config", "PUT", "/api/v1/config", "admin", ifMatch(`"1"`), configDoc(), "name"},
		// Notenschlüssel
		{"create scale", "POST", "/api/v1/scales", "admin", nil, map[string]any{"slug": "neu", "config": configDoc()}, "slug"},
		{"save scale", "PUT", "/api/v1/scales/mathe", "admin", ifMatch(`"1"`), configDoc(), "name"},
		{"archive scale", "PATCH", "/api/v1/scales/mathe", "admin", nil, map[string]any{"archived": true}, "archived"},
		{"school's Land", "PUT", "/api/v1/school", "admin", nil, map[string]any{"land": "HE"}, "land"},
	}
	if _, err := e.st.CreateScale(context.Background(), "mathe", grading.Default(), "admin@schule.de"); err != nil {
		t.Fatal(err)
	}
	before := e.snapshot(t)
	for _, rt := range routes {
		t.Run(rt.name, func(t *testing.T) {
			for _, hb := range hostileBodies {
				t.Run(hb.name, func(t *testing.T) {
					header := map[string]string{}
					for k, v := range rt.header {
						header[k] = v
					}
					for k, v := range hb.header {
						header[k] = v
					}
					e.checkError(t, rt.method+" "+rt.path+" "+hb.name, rt.method, rt.path, hb.body(rt), rt.who, header, hb.wantStatus, hb.wantCode)
				})
			}
		})
	}

	long := "?q=" + strings.Repeat("a", MaxURLBytes)
	for _, rt := range append(routes,
		writeRoute{name: "logout", method: "POST", path: "/api/v1/auth/logout", who: "admin"},
		writeRoute{name: "restore config", method: "POST", path: "/api/v1/config/history/1/restore", who: "admin"},
		writeRoute{name: "remove user", method: "DELETE", path: "/api/v1/users/2", who: "admin"},
		writeRoute{name: "restore scale", method: "POST", path: "/api/v1/scales/mathe/history/1/restore", who: "admin"},
	) {
		t.Run(rt.name+", long query and cross-site", func(t *testing.T) {
			body := ""
			if rt.valid != nil {
				body = jsonOf(rt.valid)
			}
			e.checkError(t, rt.method+" "+rt.path+" with a long query", rt.method, rt.path+long, body, rt.who, rt.header, 414, "uri_too_long")
			e.checkError(t, rt.method+" "+rt.path+" cross-site", rt.method, rt.path, body, rt.who,
				map[string]string{"Sec-Fetch-Site": "cross-site", "If-Match": `"1"`}, 403, "cross_origin")
		})
	}
	for _, path := range []string{"/api/v1/users/1e308", "/api/v1/users/NaN", "/api/v1/users/-1", "/api/v1/users/99999999999999999999"} {
		e.checkError(t, "PATCH "+path, "PATCH", path, `{"role":"user"}`, "admin", nil, 404, "not_found")
		e.checkError(t, "DELETE "+path, "DELETE", path, "", "admin", nil, 404, "not_found")
	}
	for _, path := range []string{"/api/v1/config/history/1e308/restore", "/api/v1/config/history/0.5/restore", "/api/v1/config/history/NaN/restore"} {
		e.checkError(t, "POST "+path, "POST", path, "", "admin", nil, 404, "not_found")
	}
	if after := e.snapshot(t); after != before {
		t.Errorf("hostile requests changed the database:\nbefore %s\nafter  %s", before, after)
	}
	if v := e.current("").Version; v != 1 {
		t.Errorf("the live configuration moved to version %d", v)
	}
}

// TestHostileGradeQueries: GET /grade answers a missing, repeated or
// over-long parameter with a JSON 4xx, and any value at all with 200 and a
// result (cleared for what is not a number), never a 5xx.
func TestHostileGradeQueries(t *testing.T) {
	e := newAPIEnv(t, "http://noten.test")
	for _, c := range []struct {
		name       string
		query      string
		wantStatus int
		wantBody   string
	}{
		{"NaN", "total=NaN&achieved=1", 200, `{"percentage":"","grade":""}`},
		{"1e308", "total=1e308&achieved=1e308", 200, `{"percentage":"","grade":""}`},
		{"Infinity", "total=Infinity&achieved=-Infinity", 200, `{"percentage":"","grade":""}`},
		{"hexadecimal", "total=0x10&achieved=1", 200, `{"percentage":"","grade":""}`},
		{"five decimals", "total=3,12345&achieved=1,12345", 200, `{"percentage":"36,0%","grade":"`},
		{"2000 digits", "total=" + strings.Repeat("9", 2000) + "&achieved=1", 200, `{"percentage":"","grade":""}`},
		{"NUL and invalid UTF-8", "total=%00&achieved=%FF%FE", 200, `{"percentage":"","grade":""}`},
		{"broken escape", "total=%zz&achieved=1", 400, `"code":"bad_request"`},
		{"repeated parameter", "total=1&achieved=1&achieved=2", 400, `"code":"bad_request"`},
		{"missing total", "achieved=1", 400, `"code":"bad_request"`},
		{"10000 digits", "total=10&achieved=" + strings.Repeat("1", 10_000), 414, `"code":"uri_too_long"`},
		{"long padding", "total=10&achieved=5&pad=" + strings.Repeat("x", MaxURLBytes), 414, `"code":"uri_too_long"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			rec := e.doAs(t, "GET", "/api/v1/grade?"+c.query, "", "", nil)
			if rec.Code != c.wantStatus || !strings.Contains(rec.Body.String(), c.wantBody) {
				t.Errorf("%d %s, want %d with %s", rec.Code, rec.Body, c.wantStatus, c.wantBody)
			}
			if rec.Code >= 400 {
				checkErrorShape(t, c.name, rec)
			} else if !json.Valid(rec.Body.Bytes()) {
				t.Errorf("body is not JSON: %q", rec.Body)
			}
		})
	}
}

func configDoc() map[string]any {
	var m map[string]any
	if err := json.Unmarshal([]byte(standardDoc("Hostil")), &m); err != nil {
		panic(err)
	}
	return m
}

// checkError sends one request and checks status, code and error shape, reporting to t.
func (e *apiEnv) checkError(t testing.TB, name, method, path, body, who string, header map[string]string, wantStatus int, wantCode string) {
	t.Helper()
	rec := e.doAs(t, method, path, body, who, header)
	if rec.Code != wantStatus {
		t.Errorf("%s: status %d, want %d; body %.300s", name, rec.Code, wantStatus, rec.Body)
		return
	}
	if code := checkErrorShape(t, name, rec); code != wantCode {
		t.Errorf("%s: code %q, want %q", name, code, wantCode)
	}
}

// checkErrorShape asserts the JSON error of docs/spec.md §6 and returns its code.
func checkErrorShape(t testing.TB, name string, rec *httptest.ResponseRecorder) string {
	t.Helper()
	if rec.Code >= 500 {
		t.Errorf("%s: a server error %d", name, rec.Code)
	}
	if ct := rec.Header().Get("Content-Type"); ct != "application/json; charset=utf-8" {
		t.Errorf("%s: Content-Type %q", name, ct)
	}
	if strings.Contains(rec.Body.String(), "$argon2id$") || strings.Contains(rec.Body.String(), goodPassword) {
		t.Errorf("%s: an error body shows a password or its hash: %s", name, rec.Body)
	}
	dec := json.NewDecoder(rec.Body)
	dec.DisallowUnknownFields()
	var body struct {
		Error struct {
			Code    string            `json:"code"`
			Message string            `json:"message"`
			Fields  map[string]string `json:"fields"`
		} `json:"error"`
	}
	if err := dec.Decode(&body); err != nil || body.Error.Code == "" || body.Error.Message == "" {
		t.Errorf("%s: not a JSON error with code and message (%v)", name, err)
	}
	for k, v := range body.Error.Fields {
		if v == "" {
			t.Errorf("%s: field %q without a message", name, k)
		}
	}
	if body.Error.Code == "validation_failed" && len(body.Error.Fields) == 0 {
		t.Errorf("%s: a validation error that names no field", name)
	}
	return body.Error.Code
}

// snapshot is every row the API could have written, as text. Failed
// sign-ins (login_failures) are left out: counting them is the point.
func (e *apiEnv) snapshot(t testing.TB) string {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+e.dbPath+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var out strings.Builder
	for _, table := range []string{"config_versions", "scales", "users", "sessions", "tokens", "school_settings"} {
		rows, err := db.Query("SELECT * FROM " + table + " ORDER BY 1")
		if err != nil {
			t.Fatal(err)
		}
		cols, _ := rows.Columns()
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&out, "%s%v\n", table, vals)
		}
		rows.Close()
	}
	return out.String()
}
