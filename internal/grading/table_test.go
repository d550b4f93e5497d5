package grading

import (
	"math/big"
	"testing"
)

// TestTableAgreesWithGrade walks every threshold of every configuration in testdata/grading and reads
// the table as a person would: a cell (over, upTo] promises its grade to every percentage above its
// first number up to its second, and to none at or below the first or above the second. Each
// promise is checked against Grade at the threshold itself and the smallest step beside it (10^-12,
// finer than any threshold, which are multiples of 10^-10).
func TestTableAgreesWithGrade(t *testing.T) {
	step := big.NewRat(1, 1_000_000_000_000)
	for name, c := range loadConfigs(t) {
		t.Run(name, func(t *testing.T) {
			seen := 0
			for _, cell := range Table(c) {
				if cell.Over == Empty {
					continue // a band no percentage gets; its neighbours' cells cover its threshold
				}
				upTo := readBound(t, cell.UpTo)
				expect(t, c, cell, upTo, true, "at its upper end")
				expect(t, c, cell, new(big.Rat).Add(upTo, step), false, "just above its upper end")
				if cell.Over == None {
					expect(t, c, cell, big.NewRat(-1, 1), true, "below everything (the lowest band)")
					continue
				}
				over := readBound(t, cell.Over)
				expect(t, c, cell, over, false, "at its lower end, which it excludes")
				expect(t, c, cell, new(big.Rat).Add(over, step), true, "just above its lower end")
				seen++
			}
			if seen < 5 {
				t.Fatalf("only %d cells with two bounds: the walk checked too little", seen)
			}
		})
	}
}

func readBound(t *testing.T, text string) *big.Rat {
	t.Helper()
	x, ok := ParseNumber(text)
	if !ok {
		t.Fatalf("table bound %q is not a number a person can type", text)
	}
	return x
}

func expect(t *testing.T, c Config, cell Cell, p *big.Rat, gets bool, where string) {
	t.Helper()
	if got := Grade(c, p); (got == cell.Grade) != gets {
		t.Errorf("%s: %s (%s) gives %q; the cell %s: über %s bis %s says otherwise",
			c.Name, p.FloatString(12), where, got, cell.Grade, cell.Over, cell.UpTo)
	}
}
