// Package tenancy lets one deployment serve several schools (docs/architecture.md, „Mehrere
// Schulen“): each school has its own public address, and a request finds its school by its host. A
// deployment without schools is one school, as before, and answers any host.
//
// Isolation is by construction, not by filters: every school has its own store (its own SQLite file,
// or its own PostgreSQL schema reached through a pool whose search_path names only it), its own live
// brokers, sessions, limits and metrics, and the router hands a request to exactly one school's
// handler. Nothing in a school's handler can name another school's data.
package tenancy

import (
	"errors"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"unicode"
)

// CanonicalURL checks a school's public address and writes it in the one form the registry keeps:
// scheme https (or http for a test on this machine), the host as HostKey writes it, no path, query, fragment or user. The German error names what is wrong.
func CanonicalURL(raw string) (string, error) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || u.Host == "" || u.Opaque != "" {
		return "", fmt.Errorf("%q ist keine Adresse wie https://schule.example", raw)
	}
	if u.Scheme != "https" && u.Scheme != "http" {
		return "", fmt.Errorf("%q: die Adresse beginnt mit https:// (http:// nur zum Ausprobieren)", raw)
	}
	if u.User != nil || (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" {
		return "", errors.New("eine Schule hat eine eigene Adresse ohne Pfad, z. B. https://gs-nord.schultraeger.de " +
			"(eine Schule je Pfad gibt es nicht: Anmeldung und Cookies gelten je Adresse)")
	}
	if strings.Contains(u.Hostname(), "%") {
		// An IPv6 zone (fe80::1%eth0) names a network card of one machine; no browser sends it.
		return "", fmt.Errorf("%q: eine IPv6-Adresse mit Zone (%%…) kann keine Schule sein", raw)
	}
	if port := u.Port(); port != "" {
		// The port as a browser writes it in Host: 0443 is 443, and a port no socket has would be an
		// address no request ever names.
		n, err := strconv.Atoi(port)
		if err != nil || n < 1 || n > 65535 {
			return "", fmt.Errorf("%q: der Port muss eine Zahl von 1 bis 65535 sein", raw)
		}
		u.Host = net.JoinHostPort(u.Hostname(), strconv.Itoa(n))
	}
	host := HostKey(u.Host)
	if host == "" {
		return "", fmt.Errorf("%q hat keinen Rechnernamen", raw)
	}
	if strings.IndexFunc(host, func(r rune) bool { return r > unicode.MaxASCII }) >= 0 {
		// Browsers send such a name as punycode (xn--…) in the Host header, so the school would never be found.
		return "", fmt.Errorf("%q: einen Rechnernamen mit Umlauten bitte in Punycode angeben (z. B. xn--schle-mva.example für schüle.example)", raw)
	}
	if !plainHost(host) {
		return "", fmt.Errorf("%q: ein Rechnername hat nur Buchstaben a–z, Ziffern und „-“, in Teilen zwischen einzelnen Punkten "+
			"(oder ist eine IP-Adresse)", raw)
	}
	return u.Scheme + "://" + host, nil
}

// plainHost reports whether a HostKey names a host as DNS writes it (labels of letters, digits, "-"
// and "_", none empty, none over 63) or an IP address; url.Parse also lets through "a..de", "a!b.de"
// and the like, which no school's address is and which are no fixed point of HostKey.
func plainHost(key string) bool {
	h, _, err := net.SplitHostPort(key)
	if err != nil {
		h = key
	}
	if strings.Contains(h, ":") || strings.HasPrefix(h, "[") {
		_, err := netip.ParseAddr(strings.Trim(h, "[]"))
		return err == nil
	}
	if len(h) > 253 {
		return false
	}
	for _, label := range strings.Split(h, ".") {
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		for _, r := range label {
			if !('a' <= r && r <= 'z' || '0' <= r && r <= '9' || r == '-' || r == '_') {
				return false
			}
		}
	}
	return true
}

// HostKey is the key a host is looked up by: lower case, without a trailing dot, and without the
// ports 80 and 443 (behind a load balancer the server cannot tell which scheme the visitor used, and
// neither port names another school).
func HostKey(host string) string {
	host = strings.ToLower(strings.TrimSpace(host))
	h, port, err := net.SplitHostPort(host)
	if err != nil {
		h, port = host, ""
	}
	h = strings.TrimSuffix(strings.Trim(h, "[]"), ".")
	if h == "" {
		return ""
	}
	if strings.Contains(h, ":") {
		h = "[" + h + "]" // IPv6
	}
	if port == "" || port == "80" || port == "443" {
		return h
	}
	return h + ":" + port
}

// HostOfURL is the key of a canonical address's host.
func HostOfURL(canonical string) string {
	u, err := url.Parse(canonical)
	if err != nil {
		return ""
	}
	return HostKey(u.Host)
}
