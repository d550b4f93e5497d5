package server

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/notenrechner/notenrechner/internal/store"
)

// Every /auth and /users route answers with Cache-Control: no-store, read
// from routes.go itself so that a route added later is covered too, in
// every outcome the test can reach (success, refusal, bad token).
func TestAccountAnswersAreNotStored(t *testing.T) {
	src, err := os.ReadFile("routes.go")
	if err != nil {
		t.Fatal(err)
	}
	routes := regexp.MustCompile(`mux\.Handle\("([A-Z]+) (/api/v1/(?:auth|users)[^"]*)"`).FindAllStringSubmatch(string(src), -1)
	if len(routes) < 12 {
		t.Fatalf("found %d account routes in routes.go, want at least 12", len(routes))
	}
	e := newAPIEnv(t, "https://noten.schule.de")
	e.addUser("admin", "admin@schule.de", store.RoleAdmin)
	e.addUser("user", "user@schule.de", store.RoleUser)
	bodies := map[string]string{
		"POST /api/v1/auth/login":          loginBody("admin@schule.de", goodPassword),
		"POST /api/v1/auth/password":       `{"currentPassword":"falsch-falsch","newPassword":"Ganz-neues-Passwort-77"}`,
		"POST /api/v1/auth/setup/{token}":  `{"email":"x@schule.de","password":"Ganz-neues-Passwort-77"}`,
		"POST /api/v1/auth/invite/{token}": `{"password":"Ganz-neues-Passwort-77"}`,
		"POST /api/v1/users":               `{"email":"neu@schule.de","role":"user"}`,
		"PATCH /api/v1/users/{id}":         `{"role":"user"}`,
		"POST /api/v1/auth/logout":         "",
		"DELETE /api/v1/users/{id}":        "",
		"GET /api/v1/auth/invite/{token}":  "",
		"GET /api/v1/auth/setup/{token}":   "",
	}
	for _, rt := range routes {
		method, pattern := rt[1], rt[2]
		path := strings.NewReplacer("{token}", "kein-gueltiger-token", "{id}", "2").Replace(pattern)
		for _, who := range []string{"", "admin"} {
			if method+" "+pattern == "POST /api/v1/auth/logout" && who == "admin" {
				continue // would end the session the other cases use
			}
			rec := e.do(method, path, bodies[method+" "+pattern], who, nil)
			if got := rec.Header().Get("Cache-Control"); got != "no-store" {
				t.Errorf("%s %s as %q: %d with Cache-Control %q, want no-store", method, path, who, rec.Code, got)
			}
		}
	}
}

// /metrics in the app is for admins (serve --metrics-addr serves it to a
// scraper on its own address).
func TestMetricsAreForAdmins(t *testing.T) {
	e := newAPIEnv(t, "http://noten.test")
	e.addUser("admin", "admin@schule.de", store.RoleAdmin)
	e.addUser("user", "user@schule.de", store.RoleUser)
	e.run([]apiCase{
		{"anyone", "GET", "/metrics", "", "", nil, 401, []string{`"code":"unauthenticated"`}},
		{"user", "GET", "/metrics", "", "user", nil, 403, nil},
		{"admin", "GET", "/metrics", "", "admin", nil, 200, []string{"notenrechner_sse_streams_open 0\n"}},
	})
}
