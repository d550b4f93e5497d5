package auth

import "testing"

func TestAddressKey(t *testing.T) {
	for addr, want := range map[string]string{
		"203.0.113.7":               "addr:203.0.113.7",
		"2001:db8:1:2:aaaa::1":      "addr:2001:db8:1:2::/64",
		"2001:db8:1:2:bbbb:cccc::9": "addr:2001:db8:1:2::/64",
		"2001:db8:1:3::1":           "addr:2001:db8:1:3::/64",
		"not an address":            "addr:not an address",
	} {
		if got := addressKey(addr); got != want {
			t.Errorf("addressKey(%q) = %q, want %q", addr, got, want)
		}
	}
}
