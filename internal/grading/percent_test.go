package grading

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
)

func TestPercentString(t *testing.T) {
	tests := []struct {
		p    Percent
		want string
	}{
		{850000, "85"},
		{333300, "33.33"},
		{1, "0.0001"},
		{-35000, "-3.5"},
		{0, "0"},
		{1000000, "100"},
		{625, "0.0625"},
		{123456789, "12345.6789"},
		{-1, "-0.0001"},
		{math.MaxInt64, "922337203685477.5807"},
		{math.MinInt64, "-922337203685477.5808"},
	}
	for _, tc := range tests {
		t.Run(tc.want, func(t *testing.T) {
			if got := tc.p.String(); got != tc.want {
				t.Errorf("Percent(%d).String() = %q, want %q", int64(tc.p), got, tc.want)
			}
			b, err := tc.p.MarshalJSON()
			if err != nil || string(b) != tc.want {
				t.Errorf("MarshalJSON = %s, %v; want %s", b, err, tc.want)
			}
			if r := tc.p.Rat(); r.FloatString(4) != floatString4(tc.want) {
				t.Errorf("Rat() = %s, want %s", r.FloatString(4), tc.want)
			}
		})
	}
}

// floatString4 pads a decimal to four places, the form big.Rat.FloatString(4) gives.
func floatString4(s string) string {
	intPart, frac, _ := strings.Cut(s, ".")
	return intPart + "." + frac + strings.Repeat("0", 4-len(frac))
}

func TestPercentFromLiteral(t *testing.T) {
	tests := []struct {
		lit  string
		want Percent
		msg  string
	}{
		{"85", 850000, ""},
		{"33.33", 333300, ""},
		{"-3.5", -35000, ""},
		{"0.0001", 1, ""},
		{"1E2", 1000000, ""},
		{"8.5e+1", 850000, ""},
		{"3333e-2", 333300, ""},
		{"85.000000", 850000, ""},
		{"-0", 0, ""},
		{"0e999999999999", 0, ""},
		{"0.00001", 0, msgDecimals},
		{"1e-5", 0, msgDecimals},
		{"1e-999999999999", 0, msgDecimals},
		{"1e999999999999", 0, msgRange},
		{"150.12345", 0, msgDecimals},
		{"100000000000000", 0, msgRange}, // 10^14 would overflow ten-thousandths
		{"99999999999999", 999999999999990000, ""},
		{strings.Repeat("1", 32), 0, msgRange},
		{strings.Repeat("1", 33), 0, msgNumber},
		{"85." + strings.Repeat("0", 29), 850000, ""}, // 32 characters
		{"85." + strings.Repeat("0", 30), 0, msgNumber},
		{`"85"`, 0, msgNumber},
		{"null", 0, msgNumber},
		{"true", 0, msgNumber},
		{"", 0, msgNumber},
		{"01", 0, msgNumber},
		{"1.", 0, msgNumber},
		{".5", 0, msgNumber},
		{"1e", 0, msgNumber},
		{"1e+-5", 0, msgNumber},
		{"--1", 0, msgNumber},
		{"+1", 0, msgNumber},
		{"1.2.3", 0, msgNumber},
	}
	for _, tc := range tests {
		t.Run(tc.lit, func(t *testing.T) {
			got, msg := percentFromLiteral(tc.lit)
			if got != tc.want || msg != tc.msg {
				t.Errorf("percentFromLiteral(%q) = %d, %q; want %d, %q", tc.lit, got, msg, tc.want, tc.msg)
			}
		})
	}
}

func TestPercentUnmarshalJSON(t *testing.T) {
	var r Range
	if err := json.Unmarshal([]byte(`{"min": 85, "max": 1e2}`), &r); err != nil || r != (Range{850000, 1000000}) {
		t.Errorf("Unmarshal Range = %+v, %v", r, err)
	}
	for _, bad := range []string{`{"min": "85"}`, `{"min": null}`, `{"min": 0.00001}`} {
		if err := json.Unmarshal([]byte(bad), &r); err == nil {
			t.Errorf("Unmarshal(%s) accepted", bad)
		}
	}
	out, err := json.Marshal(Range{Min: 333300, Max: 1})
	if err != nil || string(out) != `{"min":33.33,"max":0.0001}` {
		t.Errorf("Marshal Range = %s, %v", out, err)
	}
}
