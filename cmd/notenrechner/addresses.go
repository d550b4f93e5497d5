package main

import (
	"fmt"
	"log/slog"
	"net"
	"net/netip"
	"net/url"
	"strings"

	"github.com/notenrechner/notenrechner/internal/auth"
)

// The addresses serve starts with: its own public one, the trusted proxies, the database's (logged).

// warnAboutAddresses says at start what would quietly go wrong later: links
// that only work on this machine, and a proxy range so wide that clients
// inside it could name their own address for the limits.
func warnAboutAddresses(base *url.URL, trusted []netip.Prefix, logger *slog.Logger) {
	if auth.IsLocalURL(base) {
		logger.Warn("invitation and setup links point to localhost and work only on this machine: "+
			"set the public address with --base-url (NOTENRECHNER_BASE_URL)", "url", base.String())
	}
	for _, p := range trusted {
		if p.Bits() < p.Addr().BitLen()-8 { // more than 256 addresses
			logger.Warn("--trusted-proxies holds a wide range: devices in it can choose their own address for the sign-in limits "+
				"with X-Forwarded-For; list only the proxies' own addresses (docs/operations.md)", "range", p.String())
		}
	}
}

// parseTrustedProxies reads --trusted-proxies: a comma-separated list of
// addresses or CIDR prefixes (NOTENRECHNER_TRUSTED_PROXIES).
func parseTrustedProxies(list string) ([]netip.Prefix, error) {
	var prefixes []netip.Prefix
	for _, item := range strings.Split(list, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		if !strings.Contains(item, "/") {
			addr, err := netip.ParseAddr(item)
			if err != nil {
				return nil, notAProxy(item)
			}
			prefixes = append(prefixes, netip.PrefixFrom(addr.Unmap(), addr.Unmap().BitLen()))
			continue
		}
		p, err := netip.ParsePrefix(item)
		if err != nil {
			return nil, notAProxy(item)
		}
		prefixes = append(prefixes, p.Masked())
	}
	return prefixes, nil
}

func notAProxy(item string) error {
	return fmt.Errorf("%q ist weder eine Adresse wie 192.0.2.10 noch ein Netz wie 10.0.0.0/8", item)
}

// resolveBaseURL checks --base-url, or derives http://localhost:PORT.
func resolveBaseURL(raw string, addr net.Addr) (*url.URL, error) {
	if raw == "" {
		port := "8080"
		if tcp, ok := addr.(*net.TCPAddr); ok {
			port = fmt.Sprint(tcp.Port)
		}
		raw = "http://localhost:" + port
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("%w: --base-url muss eine absolute http(s)-Adresse sein, nicht %q", errUsage, raw)
	}
	if u.User != nil || (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.ForceQuery || u.Fragment != "" || strings.Contains(raw, "#") {
		// The app answers at the root: links are built at /admin, the provider's redirect under
		// the address, and the __Host- cookie holds for the whole host.
		return nil, fmt.Errorf("%w: --base-url: nur https:// (oder http://), Rechnername und Port, ohne Pfad, ?…, #… und Benutzer, "+
			"z. B. https://noten.schule.de", errUsage)
	}
	return u, nil
}

// redactDSN hides passwords in a database address before it is logged:
// in the user part and in the password and sslpassword parameters that
// PostgreSQL also accepts. An address it cannot read is not logged at all.
func redactDSN(dsn string) string {
	u, err := url.Parse(dsn)
	if err != nil {
		return "(nicht lesbar)"
	}
	q := u.Query()
	for _, key := range []string{"password", "sslpassword"} {
		if q.Has(key) {
			q.Set(key, "xxxxx")
		}
	}
	u.RawQuery = q.Encode()
	return u.Redacted()
}
