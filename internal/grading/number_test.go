package grading

import (
	"math/big"
	"strings"
	"testing"
)

func TestParseNumber(t *testing.T) {
	tests := []struct {
		in   string
		want string // big.Rat RatString, "" for not a number
	}{
		{"12", "12"},
		{"12,5", "25/2"},
		{"12.5", "25/2"},
		{"12,", "12"},
		{"12.", "12"},
		{",5", "1/2"},
		{".5", "1/2"},
		{"-3", "-3"},
		{"+30", "30"},
		{"-0", "0"},
		{"007", "7"},
		{"  7\t", "7"},
		{"\u00a07\u3000", "7"},
		{"\u00857\u2029", "7"},
		{"-,25", "-1/4"},
		{"0,0001", "1/10000"},
		{strings.Repeat("9", 32), strings.Repeat("9", 32)},
		{" " + strings.Repeat("9", 32) + " ", strings.Repeat("9", 32)},
		{"-" + strings.Repeat("9", 31), "-" + strings.Repeat("9", 31)},
		{strings.Repeat("9", 33), ""},
		{"", ""},
		{"   ", ""},
		{"abc", ""},
		{"12abc", ""},
		{"1,2,3", ""},
		{"1.000,5", ""},
		{"1e3", ""},
		{"0x10", ""},
		{".", ""},
		{",", ""},
		{"+", ""},
		{"-", ""},
		{"--1", ""},
		{"+-1", ""},
		{"1 2", ""},
		{"١٢", ""},
		{"１２", ""},
		{"\ufeff12", ""},
		{"\u200b12", ""},
		{"12-", ""},
		{"- 12", ""},
		{"Inf", ""},
		{"NaN", ""},
		{"1_000", ""},
		{"\xff12", ""},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			got, ok := ParseNumber(tc.in)
			if tc.want == "" {
				if ok {
					t.Fatalf("ParseNumber(%q) = %v, true; want not a number", tc.in, got)
				}
				return
			}
			if !ok || got.RatString() != tc.want {
				t.Fatalf("ParseNumber(%q) = %v, %v; want %s", tc.in, got, ok, tc.want)
			}
		})
	}
}

// One decimal rounded half away from zero, a comma, "%"; zero has no sign (docs/spec.md §3).
func TestFormatPlacesOneDecimal(t *testing.T) {
	tests := []struct {
		p    string // a big.Rat literal
		want string
	}{
		{"2300/30", "76,7%"},
		{"100", "100,0%"},
		{"-50", "-50,0%"},
		{"0", "0,0%"},
		{"1/20", "0,1%"},     // 0.05: half away from zero
		{"-1/20", "-0,1%"},   // -0.05
		{"49/1000", "0,0%"},  // 0.049
		{"-49/1000", "0,0%"}, // rounds to zero: no sign (docs/spec.md §3)
		{"1/100", "0,0%"},
		{"-1/100", "0,0%"}, // -0,01 of 100 is "0,0%", not "-0,0%"
		{"-1/20", "-0,1%"}, // -0.05 rounds away from zero: the sign is back
		{"7665/100", "76,7%"},
		{"-7665/100", "-76,7%"},
		{"7664999/100000", "76,6%"},
		{"99999/1000", "100,0%"},
		{"1/3", "0,3%"},
		{"200/3", "66,7%"},
		{"1000000000000000000000000000000000", "1000000000000000000000000000000000,0%"},
	}
	for _, tc := range tests {
		t.Run(tc.p, func(t *testing.T) {
			p, ok := new(big.Rat).SetString(tc.p)
			if !ok {
				t.Fatalf("bad test literal %q", tc.p)
			}
			if got := formatPlaces(p, 1); got != tc.want {
				t.Errorf("formatPlaces(%s, 1) = %q, want %q", tc.p, got, tc.want)
			}
		})
	}
}

func TestFormatExact(t *testing.T) {
	tests := []struct{ x, want string }{
		{"85", "85"},
		{"899995/10000", "89,9995"},
		{"79999/1000", "79,999"},
		{"625/10", "62,5"},
		{"0", "0"},
		{"1/10000000000", "0,0000000001"},
		{"780555286111/10000000000", "78,0555286111"},
		{"100", "100"},
		{"-1/200", "-0,005"},
		{"1/3", "0,3333333333"}, // defensive: cut after 10 decimals
	}
	for _, tc := range tests {
		t.Run(tc.x, func(t *testing.T) {
			x, _ := new(big.Rat).SetString(tc.x)
			if got := formatExact(x); got != tc.want {
				t.Errorf("formatExact(%s) = %q, want %q", tc.x, got, tc.want)
			}
		})
	}
}

// TestGradeEdges reads the original's rule (docs/spec.md §4) off the key at its edges: each band
// takes what is above its threshold, 100 % and everything at or below 0 % have a grade.
func TestGradeEdges(t *testing.T) {
	k := Default().Key()
	tests := []struct {
		name string
		p    string
		want string
	}{
		{"zero is grade 6", "0", "6"},
		{"just above 100", "1000000001/10000000", "1+"},
		{"exactly 100", "100", "1"},
		{"just below 0", "-1/1000000000", "6"},
		{"t1 itself", "899995/10000", "1-"},
		{"grade 2 minus threshold", "749995/10000", "2-"},
		{"grade 2 plus threshold", "79999/1000", "2"},
		{"above grade 2 plus threshold", "79999001/1000000", "2+"},
		{"t6 itself", "10", "6"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, _ := new(big.Rat).SetString(tc.p)
			if _, got := k.Find(p); got != tc.want {
				t.Errorf("Find(%s) = %q, want %q", tc.p, got, tc.want)
			}
		})
	}
}

// A key is read, never changed, by grading on it: one key serves every request of a version.
func TestCalculateDoesNotMutateTheKey(t *testing.T) {
	k := Default().Key()
	for _, in := range [][2]string{{"30", "23"}, {"1234567890123456789", "1"}, {"10000", "8996"}} {
		first := k.Calculate(in[0], in[1])
		for range 3 {
			if got := k.Calculate(in[0], in[1]); got != first {
				t.Fatalf("Calculate%q is not repeatable: %+v then %+v", in, first, got)
			}
		}
	}
	for i, b := range Default().Key().Bands {
		if (b.From == nil) != (k.Bands[i].From == nil) || b.From != nil && b.From.Cmp(k.Bands[i].From) != 0 {
			t.Fatalf("band %s changed: %v, want %v", b.Text, k.Bands[i].From, b.From)
		}
	}
}
