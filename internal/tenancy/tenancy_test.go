package tenancy

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestCanonicalURL(t *testing.T) {
	for raw, want := range map[string]string{
		"https://GS-Nord.Schultraeger.de/": "https://gs-nord.schultraeger.de",
		" https://a.schule.example ":       "https://a.schule.example",
		"https://a.schule.example:443":     "https://a.schule.example",
		"https://a.schule.example.:8443":   "https://a.schule.example:8443",
		"http://127.0.0.1:8080":            "http://127.0.0.1:8080",
		"http://[::1]:8080/":               "http://[::1]:8080",
		"https://www.grundschule-nord.de/": "https://www.grundschule-nord.de",
		"https://a.schule.example:0443":    "https://a.schule.example",
		"http://[::1]:08080":               "http://[::1]:8080",
		"https://a.schule.example:65535":   "https://a.schule.example:65535",
		"https://a.schule.example:":        "https://a.schule.example",
	} {
		if got, err := CanonicalURL(raw); err != nil || got != want {
			t.Errorf("CanonicalURL(%q) = %q, %v; want %q", raw, got, err, want)
		}
	}
	for _, raw := range []string{"", "a.schule.example", "ftp://a.schule.example", "https://a.schule.example/gs-nord",
		"https://user@a.schule.example", "https://a.schule.example/?school=1", "https://:443", "mailto:x@y.de",
		"https://schüle.example", "https://a.schule.example:0", "https://a.schule.example:65536",
		"https://a.schule.example:99999999999999999999", "https://a.schule.example:-1", "https://:8443", "https://[fe80::1%25eth0]:8443",
		"https://a.schule.example..", "https://a..schule.example", "https://a!b.schule.example", "https://-a.schule.example", "https://[::g]:8443"} {
		if got, err := CanonicalURL(raw); err == nil {
			t.Errorf("CanonicalURL(%q) = %q; want refused", raw, got)
		}
	}
}

func TestHostKeyMatchesTheAddress(t *testing.T) {
	for host, want := range map[string]string{
		"A.Schule.Example": "a.schule.example", "a.schule.example:443": "a.schule.example",
		"a.schule.example:80": "a.schule.example", "a.schule.example.:8443": "a.schule.example:8443",
		"[::1]:8080": "[::1]:8080", "": "",
	} {
		if got := HostKey(host); got != want {
			t.Errorf("HostKey(%q) = %q; want %q", host, got, want)
		}
	}
	if got := HostOfURL("https://a.schule.example"); got != "a.schule.example" {
		t.Errorf("HostOfURL = %q", got)
	}
}

func answering(name string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, name) })
}

func get(t *testing.T, h http.Handler, host, path string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, path, nil)
	req.Host = host
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// TestRouterFindsTheSchoolByHost: without schools one handler answers every host; with schools each
// host its own, and a host of none gets 404 in German with nothing of any school, /healthz the
// deployment's health.
func TestRouterFindsTheSchoolByHost(t *testing.T) {
	r := NewRouter(answering("single"), answering("health"))
	if got := get(t, r, "irgendwas.example", "/").Body.String(); got != "single" {
		t.Fatalf("without schools: %q", got)
	}
	r.Set(nil, map[string]http.Handler{"a.schule.example": answering("A"), "b.schule.example": answering("B")})
	for host, want := range map[string]string{"A.schule.example:443": "A", "b.schule.example": "B"} {
		if got := get(t, r, host, "/api/v1/config").Body.String(); got != want {
			t.Errorf("host %s answered %q; want %q", host, got, want)
		}
	}
	page := get(t, r, "c.schule.example", "/admin")
	if page.Code != http.StatusNotFound || !strings.Contains(page.Body.String(), NotFoundMessage) ||
		strings.Contains(page.Body.String(), "single") || !strings.HasPrefix(page.Header().Get("Content-Type"), "text/html") {
		t.Errorf("unknown host: %d %q", page.Code, page.Body.String())
	}
	api := get(t, r, "c.schule.example", "/api/v1/config")
	if api.Code != http.StatusNotFound || !strings.Contains(api.Body.String(), `"code":"school_not_found"`) {
		t.Errorf("unknown host, API: %d %q", api.Code, api.Body.String())
	}
	if got := get(t, r, "127.0.0.1:8080", "/healthz").Body.String(); got != "health" {
		t.Errorf("/healthz of an unknown host: %q", got)
	}
	r.Set(nil, map[string]http.Handler{})
	if got := get(t, r, "a.schule.example", "/"); got.Code != http.StatusNotFound {
		t.Errorf("with schools listed but none open, a host got %d %q; want 404", got.Code, got.Body.String())
	}
	r.Set(nil, map[string]http.Handler{"a.schule.example": Unavailable})
	if got := get(t, r, "a.schule.example", "/api/v1/config"); got.Code != http.StatusServiceUnavailable ||
		!strings.Contains(got.Body.String(), "school_unavailable") {
		t.Errorf("a school that does not open: %d %q", got.Code, got.Body.String())
	}
	r.Set(answering("single again"), nil)
	if got := get(t, r, "c.schule.example", "/").Body.String(); got != "single again" {
		t.Errorf("after the last school left: %q", got)
	}
}
