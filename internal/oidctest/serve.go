package oidctest

import (
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
)

// Serve runs a provider on loopback for the test's lifetime and returns it
// with its issuer URL.
func Serve(tb testing.TB, opts Options) (*Provider, string) {
	tb.Helper()
	var h atomic.Pointer[Provider]
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { h.Load().ServeHTTP(w, r) }))
	tb.Cleanup(srv.Close)
	p, err := New(srv.URL, opts)
	if err != nil {
		tb.Fatal(err)
	}
	h.Store(p)
	return p, srv.URL
}

// Standard is the test users of the Go and the browser tests: an admin and
// a teacher of the school, one whose email is not verified, and one from
// another domain.
func Standard() []User {
	return []User{
		{Username: "admin", Password: "admin-pw", Email: "admin@schule.de", EmailVerified: true, Groups: []string{"notenrechner-admins"}},
		{Username: "lehrer", Password: "lehrer-pw", Email: "lehrer@schule.de", EmailVerified: true, Groups: []string{"lehrkraefte"}},
		{Username: "unbestaetigt", Password: "unbestaetigt-pw", Email: "neu@schule.de", EmailVerified: false, Groups: []string{"lehrkraefte"}},
		{Username: "fremd", Password: "fremd-pw", Email: "jemand@andere-schule.de", EmailVerified: true, Groups: []string{"lehrkraefte"}},
	}
}
