package server

import (
	"net/http/httptest"
	"net/netip"
	"testing"
)

func TestClientAddress(t *testing.T) {
	trusted := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("192.168.1.5/32"), netip.MustParsePrefix("::1/128")}
	for _, tc := range []struct {
		name, peer, xff, want string
	}{
		{"direct", "203.0.113.7:5000", "", "203.0.113.7"},
		{"untrusted peer cannot claim another address", "203.0.113.7:5000", "198.51.100.1", "203.0.113.7"},
		{"through the balancer", "10.1.2.3:443", "198.51.100.1", "198.51.100.1"},
		{"forged left entries are ignored", "10.1.2.3:443", "1.2.3.4, 198.51.100.1", "198.51.100.1"},
		{"several trusted hops", "192.168.1.5:80", "198.51.100.1, 10.9.9.9", "198.51.100.1"},
		{"balancer without header", "10.1.2.3:443", "", "10.1.2.3"},
		{"garbage header", "10.1.2.3:443", "nonsense", "10.1.2.3"},
		{"IPv6 loopback proxy", "[::1]:8080", "2001:db8::1", "2001:db8::1"},
		{"IPv4-mapped peer", "[::ffff:10.1.2.3]:443", "198.51.100.1", "198.51.100.1"},
		{"entry with a port", "10.1.2.3:443", "198.51.100.1:5000", "198.51.100.1"},
		{"IPv6 entry with a port", "10.1.2.3:443", "[2001:db8::1]:443", "2001:db8::1"},
		// Through the Unix socket only the proxy connects (net/http writes its peer as "@" or "").
		{"the proxy through a Unix socket", "@", "198.51.100.1", "198.51.100.1"},
		{"the proxy through an unnamed Unix socket", "", "2001:db8::1", "2001:db8::1"},
		{"the proxy's own request through the socket", "@", "", "unix"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest("POST", "/", nil)
			r.RemoteAddr = tc.peer
			if tc.xff != "" {
				r.Header.Set("X-Forwarded-For", tc.xff)
			}
			if got := clientAddress(r, trusted); got != tc.want {
				t.Fatalf("clientAddress = %q, want %q", got, tc.want)
			}
		})
	}
}
