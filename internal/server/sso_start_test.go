package server

import (
	"net/http"
	"net/netip"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/notenrechner/notenrechner/internal/auth"
)

// TestSSOStartIsLimitedPerAddress: every start stores a row until it is
// used or expires, so one address may start only so many sign-ins within
// the window. A refused start goes back to the sign-in card with its code
// (it is a browser navigation), sets no state cookie, and refuses nobody
// else; after the window the address may start again.
func TestSSOStartIsLimitedPerAddress(t *testing.T) {
	var ahead atomic.Int64 // how far the limiter's clock runs ahead of the real one
	e := newSSOEnv(t, func(_ *SSO, d *Deps) {
		// Behind a load balancer on loopback, so the test can speak from several addresses.
		d.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}
		d.Limiter = auth.NewLimiter(d.Store, func() time.Time { return time.Now().Add(time.Duration(ahead.Load())) })
		d.Limiter.StartsPerAddress = 3
	})
	noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	start := func(from string) (location string, stateCookie bool) {
		t.Helper()
		req, _ := http.NewRequest("GET", e.base+"/api/v1/auth/oidc/start", nil)
		req.Header.Set("X-Forwarded-For", from)
		resp, err := noFollow.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusFound {
			t.Fatalf("start from %s answered %d, want 302", from, resp.StatusCode)
		}
		for _, c := range resp.Cookies() {
			stateCookie = stateCookie || (c.Name == ssoCookieName(false) && c.Value != "")
		}
		return resp.Header.Get("Location"), stateCookie
	}
	toProvider := func(from string) {
		t.Helper()
		if loc, cookie := start(from); !strings.HasPrefix(loc, e.issuer+"/") || !cookie {
			t.Fatalf("start from %s went to %q (state cookie %v), want the provider", from, loc, cookie)
		}
	}
	const school, elsewhere = "198.51.100.7", "203.0.113.9"
	for range 3 {
		toProvider(school)
	}
	if loc, cookie := start(school); loc != ssoReturnPath+"?sso_error=too_many_attempts" || cookie {
		t.Fatalf("fourth start from one address went to %q (state cookie %v), want the sign-in card", loc, cookie)
	}
	toProvider(elsewhere)
	ahead.Store(int64(10*time.Minute + time.Second))
	toProvider(school)
}
