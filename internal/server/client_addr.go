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
// forged by the client).
func clientAddress(r *http.Request, trusted []netip.Prefix) string {
	peer := peerAddr(r)
	if !isTrusted(peer, trusted) {
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
