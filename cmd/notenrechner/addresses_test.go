package main

import (
	"net/netip"
	"slices"
	"testing"
)

// --trusted-proxies takes addresses and prefixes, with spaces and empty
// entries; an address is a prefix of itself alone, IPv4-mapped ones unmapped.
func TestParseTrustedProxies(t *testing.T) {
	for _, tc := range []struct {
		name string
		list string
		want []string
	}{
		{"empty", "", nil},
		{"addresses and a prefix with spaces", "10.0.0.0/8, 192.168.1.5 ,::1", []string{"10.0.0.0/8", "192.168.1.5/32", "::1/128"}},
		{"host bits and empty entries", "10.1.2.3/8,,", []string{"10.0.0.0/8"}},
		{"IPv4-mapped", "::ffff:10.1.2.3", []string{"10.1.2.3/32"}},
		{"IPv6 prefix", "2001:db8::1/56", []string{"2001:db8::/56"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := parseTrustedProxies(tc.list)
			if err != nil {
				t.Fatalf("%q: %v", tc.list, err)
			}
			var want []netip.Prefix
			for _, p := range tc.want {
				want = append(want, netip.MustParsePrefix(p))
			}
			if !slices.Equal(got, want) {
				t.Errorf("%q: %v, want %v", tc.list, got, want)
			}
		})
	}
	for _, bad := range []string{"10.0.0.0/33", "nonsense", "10.0.0.1, schule.de"} {
		if _, err := parseTrustedProxies(bad); err == nil {
			t.Errorf("%q was accepted", bad)
		}
	}
}
