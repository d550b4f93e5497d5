package grading

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// The fast path must answer exactly as the big.Rat path, including where it hands over.

func TestCalculateFastAgreesWithExact(t *testing.T) {
	configs := []Config{oddConfig()}
	for _, c := range loadConfigs(t) {
		configs = append(configs, c)
	}
	for _, p := range Presets() { // tables on every basis take calculateTableFast
		configs = append(configs, p.Config)
	}
	inputs := []string{"30", "23,5", "0", "-0", "+7", "1", "100", "0,5", ".5", "5.", "1,2,3", "", " 40 ", "abc",
		"999999999999999999", "1000000000000000000", "0,000000000000000001", "123456789012345678,9",
		"-30", "4611686018427387904", "99999999999999999999999999999", "0,1", "3", "33,3333", "85", "84,99"}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 500 {
		inputs = append(inputs, randomInput(rng))
	}
	for _, c := range configs {
		for i, total := range inputs {
			// every fixed input against every other, random ones against a few
			for j, achieved := range inputs {
				if i >= 30 && j >= 30 && (i+j)%97 != 0 {
					continue
				}
				got, want := Calculate(c, total, achieved), calculateExact(c, total, achieved)
				if got != want {
					t.Fatalf("%s: Calculate(%q, %q) = %+v, the big.Rat path says %+v", c.Name, total, achieved, got, want)
				}
			}
		}
	}
}

// FuzzCalculateFast compares the two paths on any pair of inputs, with the default configuration and
// the tables of "ab" bounds on an exact and a rounded percentage.
func FuzzCalculateFast(f *testing.F) {
	f.Add("30", "23,5")
	f.Add("0,000000001", "999999999")
	f.Add("-7", "+0,5")
	f.Add("200", "183")
	configs := []Config{Default()}
	for _, id := range []string{"standard-ab", "ihk-dezimal"} {
		p, _ := PresetByID(id)
		configs = append(configs, p.Config)
	}
	f.Fuzz(func(t *testing.T, total, achieved string) {
		for _, c := range configs {
			if got, want := Calculate(c, total, achieved), calculateExact(c, total, achieved); got != want {
				t.Fatalf("%s: Calculate(%q, %q) = %+v, the big.Rat path says %+v", c.Name, total, achieved, got, want)
			}
		}
	})
}

// A table's fast path hands a negative percentage, and a shown one that would read as another band,
// to the big.Rat path, and answers the rest itself.
func TestCalculateTableFastHandsOver(t *testing.T) {
	p, _ := PresetByID("standard-ab")
	for _, tc := range []struct {
		total, achieved string
		done            bool
	}{
		{"30", "23,5", true},
		{"-30", "10", false},              // negative
		{"10000", "8996", false},          // 89,96 %: "90,0%" would read as a 1
		{"100", "90", true},               // exactly "1 ab 90"
		{"3", "1", true},                  // 33,3 %: "5+ ab 33"
		{"1", "99999999999999999", false}, // 100·a overflows the fast range
	} {
		if _, done := calculateTableFast(p.Config, tc.total, tc.achieved); done != tc.done {
			t.Errorf("calculateTableFast(%q, %q): done = %v, want %v", tc.total, tc.achieved, done, tc.done)
		}
	}
}

func TestCalculateFastHandsOver(t *testing.T) {
	for _, tc := range []struct{ total, achieved string }{
		{"1234567890123456789", "1"},          // 19 digits
		{"0,000000001", "999999999"},          // the percentage's tenths exceed a uint64
		{"4611686018427387904", "1"},          // 2^62
		{"1", "99999999999999999"},            // 100·a overflows the fast range
		{"0,00000000000000001", "0,00000001"}, // a·10^t.places overflows
	} {
		if _, done := calculateFast(Default(), tc.total, tc.achieved); done {
			t.Errorf("calculateFast(%q, %q) answered; want the big.Rat path", tc.total, tc.achieved)
		}
	}
	big := Default()
	big.Grades[0].Max = fastConfigLimit + 1
	if _, done := calculateFast(big, "30", "20"); done {
		t.Error("calculateFast answered for a Config beyond ±10,000 %; want the big.Rat path")
	}
	if _, done := calculateFast(Default(), "30", "23,5"); !done {
		t.Error("calculateFast handed a plain input over")
	}
}

// oddConfig is a Config that never passed Validate: negative and overlapping bounds, odd widths.
func oddConfig() Config {
	c := Default()
	c.Name = "odd"
	c.Grades[5].Min = -500000
	c.Grades[2].Max = 720001
	c.Schema = Schema{GeneralMinus: 1, GeneralNormal: 999999, OneMinus: 0, SixNormal: 1000000}
	return c
}

func randomInput(rng *rand.Rand) string {
	var b strings.Builder
	switch rng.IntN(8) {
	case 0:
		b.WriteByte('-')
	case 1:
		b.WriteByte('+')
	}
	b.WriteString(strconv.FormatUint(rng.Uint64N(pow10u[rng.IntN(19)]+1), 10))
	if rng.IntN(2) == 0 {
		b.WriteByte(",."[rng.IntN(2)])
		for range rng.IntN(12) {
			b.WriteByte(byte('0' + rng.IntN(10)))
		}
	}
	return b.String()
}
