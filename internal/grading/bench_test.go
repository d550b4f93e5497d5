package grading

import "testing"

func BenchmarkCalculate(b *testing.B) {
	c := Default()
	for b.Loop() {
		Calculate(c, "30", "23,5")
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

func BenchmarkTable(b *testing.B) {
	c := Default()
	for b.Loop() {
		Table(c)
	}
}

// BenchmarkCalculateExact is the big.Rat path that Calculate takes for inputs beyond the fast path.
func BenchmarkCalculateExact(b *testing.B) {
	c := Default()
	for b.Loop() {
		calculateExact(c, "30", "23,5")
	}
}

// BenchmarkCalculatePresets grades on the presets a new installation or a school starts from: a table
// of "ab" bounds on the exact percentage, on the rounded one, and the Swiss formula.
func BenchmarkCalculatePresets(b *testing.B) {
	for _, id := range []string{"standard-ab", "ihk", "ihk-dezimal", "schweiz-zehntel"} {
		p, _ := PresetByID(id)
		b.Run(id, func(b *testing.B) {
			for b.Loop() {
				Calculate(p.Config, "30", "23,5")
			}
		})
	}
}
