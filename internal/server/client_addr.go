package server

import (
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// clientAddress is the address the sign-in limits count against. Behind a
// load balancer every request comes from the balancer, so when the peer is a
// trusted proxy the address is taken from X-Forwarded-For: the rightmost
// entry that is not itself a trusted proxy (entries further left can be
// forged by the client). A peer without an IP address came through the Unix
// socket that serve listens on for the proxy on its machine (--addr unix:…
// or systemd), whose permissions let only the proxy connect: it is trusted.
func clientAddress(r *http.Request, trusted []netip.Prefix) string {
	peer := peerAddr(r)
	if peer.IsValid() && !isTrusted(peer, trusted) {
		return peer.String()
	}
	hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
	for i := len(hops) - 1; i >= 0; i-- {
		hop, err := parseHop(strings.TrimSpace(hops[i]))
		if err != nil {
			break
		}
		if !isTrusted(hop.Unmap(), trusted) {
			return hop.Unmap().String()
		}
	}
	if !peer.IsValid() {
		return "unix" // the proxy's own request (its health check): one address for the limits
	}
	return peer.String()
}

// parseHop reads an X-Forwarded-For entry, which some proxies write with a
// port ("203.0.113.7:5000", "[2001:db8::1]:443").
func parseHop(s string) (netip.Addr, error) {
	if ap, err := netip.ParseAddrPort(s); err == nil {
		return ap.Addr(), nil
	}
	return netip.ParseAddr(s)
}

func peerAddr(r *http.Request) netip.Addr {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	addr, err := netip.ParseAddr(host)
	if err != nil {
		return netip.Addr{}
	}
	return addr.Unmap()
}

func isTrusted(a netip.Addr, trusted []netip.Prefix) bool {
	for _, p := range trusted {
		if p.Contains(a) {
			return true
		}
	}
	return false
}
