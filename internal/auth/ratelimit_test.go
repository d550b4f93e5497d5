package auth

import "testing"

func TestAddressKey(t *testing.T) {
	for addr, want := range map[string]string{
		"203.0.113.7":               "addr:203.0.113.7",
		"::ffff:203.0.113.7":        "addr:203.0.113.7",
		"2001:db8:1:2:aaaa::1":      "addr:2001:db8:1::/56",
		"2001:db8:1:2:bbbb:cccc::9": "addr:2001:db8:1::/56",
		"2001:db8:1:ff::1":          "addr:2001:db8:1::/56", // one /56 is 256 /64s, still one client
		"2001:db8:1:100::1":         "addr:2001:db8:1:100::/56",
		"not an address":            "addr:not an address",
	} {
		if got := addressKey(addr); got != want {
			t.Errorf("addressKey(%q) = %q, want %q", addr, got, want)
		}
	}
}
