package web

import "testing"

func TestETagMatches(t *testing.T) {
	for _, tc := range []struct {
		header string
		want   bool
	}{
		{`"7"`, true},
		{`W/"7"`, true},
		{`"6", "7"`, true},
		{`"6",W/"7" `, true},
		{`*`, true},
		{``, false},
		{`"6"`, false},
		{`"77"`, false},
		{`7`, false},
		{`"6", "8",`, false},
	} {
		if got := ETagMatches(tc.header, `"7"`); got != tc.want {
			t.Errorf("ETagMatches(%q, %q) = %v, want %v", tc.header, `"7"`, got, tc.want)
		}
	}
	if n := testing.AllocsPerRun(100, func() { ETagMatches(`"1", "2", W/"3", "7"`, `"7"`) }); n != 0 {
		t.Errorf("ETagMatches allocates %.0f times per call, want 0", n)
	}
}
