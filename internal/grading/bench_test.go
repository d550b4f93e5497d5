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
