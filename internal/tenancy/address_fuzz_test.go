package tenancy

import (
	"strconv"
	"strings"
	"testing"
)

// FuzzCanonicalURL: a school's address in its one form is a fixed point (adding it again finds the
// same school), its host is what HostKey makes of the Host header a browser sends for it, and a port
// in it is one a socket can have. (go test -fuzz FuzzCanonicalURL -fuzztime 10s)
func FuzzCanonicalURL(f *testing.F) {
	for _, seed := range []string{
		"https://GS-Nord.Schultraeger.de/", "https://a.de:0443", "http://[::1]:08080", "https://a.de:99999",
		"https://a.de.:8443", "https://:443", "https://user@a.de", "https://schüle.example", "https://a.de:",
		"http://127.0.0.1:80", "https://[fe80::1%25eth0]:8443", "https://a.de/?x", "HTTPS://A.DE",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		canonical, err := CanonicalURL(raw)
		if err != nil {
			return
		}
		again, err := CanonicalURL(canonical)
		if err != nil || again != canonical {
			t.Fatalf("%q → %q → %q, %v", raw, canonical, again, err)
		}
		host := strings.TrimPrefix(strings.TrimPrefix(canonical, "https://"), "http://")
		if HostKey(host) != host || HostOfURL(canonical) != host {
			t.Fatalf("%q: host %q, HostKey %q, HostOfURL %q", canonical, host, HostKey(host), HostOfURL(canonical))
		}
		if i := strings.LastIndex(host, ":"); i >= 0 && !strings.HasSuffix(host, "]") {
			if n, err := strconv.Atoi(host[i+1:]); err != nil || n < 1 || n > 65535 || n == 80 || n == 443 {
				t.Fatalf("%q: port %q", canonical, host[i+1:])
			}
		}
	})
}
