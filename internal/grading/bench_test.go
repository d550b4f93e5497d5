package grading

import "testing"

func BenchmarkCalculate(b *testing.B) {
	k := Default().Key()
	for b.Loop() {
		k.Calculate("30", "23,5")
	}
}

func BenchmarkParseConfig(b *testing.B) {
	doc := []byte(defaultDocument)
	for b.Loop() {
		if _, err := ParseConfig(doc); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTable makes the key of the original's rule and its table, as a page does once per version.
func BenchmarkTable(b *testing.B) {
	c := Default()
	for b.Loop() {
		keyTable(c.Key())
	}
}

// BenchmarkKey makes the keys a server makes once per version of a scale: the original's rule, a
// table of "ab" bounds and the Swiss formula's 51 bands.
func BenchmarkKey(b *testing.B) {
	for _, id := range []string{"standard", "ihk-dezimal", "schweiz-zehntel"} {
		p, _ := PresetByID(id)
		b.Run(id, func(b *testing.B) {
			for b.Loop() {
				p.Config.Key()
			}
		})
	}
}

// BenchmarkCalculateExact is the big.Rat path that Calculate takes for inputs beyond the fast path.
func BenchmarkCalculateExact(b *testing.B) {
	k := Default().Key()
	for b.Loop() {
		k.calculateExact("30", "23,5")
	}
}

// BenchmarkCalculatePresets grades on the presets a new installation or a school starts from: a table
// of "ab" bounds on the exact percentage, on the rounded one, and the Swiss formula.
func BenchmarkCalculatePresets(b *testing.B) {
	for _, id := range []string{"standard-ab", "ihk", "ihk-dezimal", "schweiz-zehntel"} {
		p, _ := PresetByID(id)
		k := p.Config.Key()
		b.Run(id, func(b *testing.B) {
			for b.Loop() {
				k.Calculate("30", "23,5")
			}
		})
	}
}
