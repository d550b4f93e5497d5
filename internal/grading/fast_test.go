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
	for _, p := range Presets() { // tables on every basis, and the Swiss formula
		configs = append(configs, p.Config)
	}
	configs = append(configs, swissPass(), swissDown())
	inputs := []string{"30", "23,5", "0", "-0", "+7", "1", "100", "0,5", ".5", "5.", "1,2,3", "", " 40 ", "abc",
		"999999999999999999", "1000000000000000000", "0,000000000000000001", "123456789012345678,9",
		"-30", "4611686018427387904", "99999999999999999999999999999", "0,1", "3", "33,3333", "85", "84,99",
		"200", "201", "100,5", "1005", "9,95"}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 500 {
		inputs = append(inputs, randomInput(rng))
	}
	for _, c := range configs {
		k := c.Key()
		if k.fast == nil && c.Name != "odd" {
			t.Errorf("%s: the key has no fast path", c.Name)
		}
		for i, total := range inputs {
			// every fixed input against every other, random ones against a few
			for j, achieved := range inputs {
				if i >= 31 && j >= 31 && (i+j)%97 != 0 {
					continue
				}
				got, want := k.Calculate(total, achieved), k.calculateExact(total, achieved)
				if got != want {
					t.Fatalf("%s: Calculate(%q, %q) = %+v, the big.Rat path says %+v", c.Name, total, achieved, got, want)
				}
			}
		}
	}
}

// FuzzCalculateFast compares the two paths over the same key on any pair of inputs: the original's
// rule, tables of "ab" bounds on an exact, a rounded and a cut percentage, and the Swiss formula
// with a pass mark.
func FuzzCalculateFast(f *testing.F) {
	f.Add("30", "23,5")
	f.Add("0,000000001", "999999999")
	f.Add("-7", "+0,5")
	f.Add("200", "183")
	f.Add("200", "201")
	keys := map[string]Key{"standard": Default().Key(), "schweiz-pass": swissPass().Key()}
	for _, id := range []string{"standard-ab", "ihk-dezimal", "kmk-oberstufe-hessen"} {
		p, _ := PresetByID(id)
		keys[id] = p.Config.Key()
	}
	f.Fuzz(func(t *testing.T, total, achieved string) {
		for name, k := range keys {
			if got, want := k.Calculate(total, achieved), k.calculateExact(total, achieved); got != want {
				t.Fatalf("%s: Calculate(%q, %q) = %+v, the big.Rat path says %+v", name, total, achieved, got, want)
			}
		}
	})
}

// The fast path answers plain inputs itself, on every kind of rule, and hands to the big.Rat path
// what it cannot answer on machine integers.
func TestCalculateFastHandsOver(t *testing.T) {
	standardAB, _ := PresetByID("standard-ab")
	for _, tc := range []struct {
		name            string
		key             Key
		total, achieved string
		done            bool
	}{
		{"plain", Default().Key(), "30", "23,5", true},
		{"a table", standardAB.Config.Key(), "30", "23,5", true},
		{"the formula with a pass mark", swissPass().Key(), "30", "23,5", true},
		{"a cleared input", Default().Key(), "30", "", true},
		{"exactly a table's bound", standardAB.Config.Key(), "100", "90", true},
		{"19 digits", Default().Key(), "1234567890123456789", "1", false},
		{"tenths beyond a uint64", Default().Key(), "0,000000001", "999999999", false},
		{"2^62", Default().Key(), "4611686018427387904", "1", false},
		{"100·a beyond the fast range", Default().Key(), "1", "99999999999999999", false},
		{"a·10^t.places beyond the fast range", Default().Key(), "0,00000000000000001", "0,00000001", false},
		{"negative", standardAB.Config.Key(), "-30", "10", false},
		{"89,96 % would read as a 1 at one decimal", standardAB.Config.Key(), "10000", "8996", false},
		{"a bound beyond a uint64", hugeConfig().Key(), "30", "20", false},
	} {
		if _, done := tc.key.calculateFast(tc.total, tc.achieved); done != tc.done {
			t.Errorf("%s: calculateFast(%q, %q): done = %v, want %v", tc.name, tc.total, tc.achieved, done, tc.done)
		}
	}
}

// oddConfig is a Config that never passed Validate: negative and overlapping bounds, odd widths.
func oddConfig() Config {
	c := Default()
	c.Name = "odd"
	c.Rule.Grades[5].Min = -500000
	c.Rule.Grades[2].Max = 720001
	c.Rule.Schema = Schema{GeneralMinus: 1, GeneralNormal: 999999, OneMinus: 0, SixNormal: 1000000}
	return c
}

// hugeConfig is a Config that never passed Validate, with a threshold whose terms do not fit a uint64.
func hugeConfig() Config {
	c := Default()
	c.Rule.Grades[0].Max = 1 << 62
	return c
}

// swissPass and swissDown are Swiss formulas whose bounds are thirds (a pass mark) and excluded (a
// midpoint goes down), which no preset has.
func swissPass() Config {
	return Config{Name: "Schweiz mit Knick", Rule: Rule{System: SystemSwitzerland, Kind: RuleFormula,
		Step: 2500, Midpoint: MidpointUp, Pass: 550000}}
}

func swissDown() Config {
	return Config{Name: "Schweiz abwärts", Rule: Rule{System: SystemSwitzerland, Kind: RuleFormula,
		Step: 5000, Midpoint: MidpointDown, Pass: 600000}}
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
