package grading

import (
	"math/big"
	"testing"
)

// The grade table of docs/spec.md §4 as testdata/grading/tables.json writes it (and the web app's
// lib/grade-table.ts shows it), read off a key's bands: the vectors prove that the bands of the
// original's rule have exactly the published thresholds. The binary shows no such table; the page
// makes its own from the same key.

// Cell is one entry of the grade table: a grade label and its band (Over, UpTo] as the page shows
// it, the thresholds exact and never rounded. The lowest band has no lower end (Over is "–":
// everything at or below UpTo gets it); an empty band says "entfällt".
type Cell struct {
	Grade string `json:"grade"`
	Over  string `json:"over"`
	UpTo  string `json:"upTo"`
}

// What the table writes for a bound that does not exist and for a band no percentage gets.
const (
	None  = "–"
	Empty = "entfällt"
)

// keyTable gives a cell per band of k, best first: each band reaches from its lower bound up to the
// band above's (100 for the best); the last band reaches down to 0 %, so it is empty when the band
// above starts there.
func keyTable(k Key) []Cell {
	cells := make([]Cell, len(k.Bands))
	for i, b := range k.Bands {
		upTo := big.NewRat(100, 1)
		if i > 0 {
			upTo = k.Bands[i-1].From
		}
		from := b.From
		if from == nil {
			from = new(big.Rat)
		}
		c := from.Cmp(upTo)
		switch {
		case c > 0 || c == 0 && (i > 0 || !b.Included):
			cells[i] = Cell{Grade: b.Text, Over: Empty, UpTo: None}
		case b.From == nil:
			cells[i] = Cell{Grade: b.Text, Over: None, UpTo: formatExact(upTo)}
		default:
			cells[i] = Cell{Grade: b.Text, Over: formatExact(from), UpTo: formatExact(upTo)}
		}
	}
	return cells
}

// TestTableAgreesWithGrade walks every threshold of every configuration in testdata/grading and reads
// the table as a person would: a cell (over, upTo] promises its grade to every percentage above its
// first number up to its second, and to none at or below the first or above the second. Each
// promise is checked against the key's grade (Find) at the threshold itself and the smallest step
// beside it (10^-12, finer than any threshold, which are multiples of 10^-10), so the text of the
// bounds and their inclusion are what the calculator does.
func TestTableAgreesWithGrade(t *testing.T) {
	step := big.NewRat(1, 1_000_000_000_000)
	for name, c := range loadConfigs(t) {
		t.Run(name, func(t *testing.T) {
			seen := 0
			k := c.Key()
			for _, cell := range keyTable(k) {
				if cell.Over == Empty {
					continue // a band no percentage gets; its neighbours' cells cover its threshold
				}
				upTo := readBound(t, cell.UpTo)
				expect(t, k, cell, upTo, true, "at its upper end")
				expect(t, k, cell, new(big.Rat).Add(upTo, step), false, "just above its upper end")
				if cell.Over == None {
					expect(t, k, cell, big.NewRat(-1, 1), true, "below everything (the lowest band)")
					continue
				}
				over := readBound(t, cell.Over)
				expect(t, k, cell, over, false, "at its lower end, which it excludes")
				expect(t, k, cell, new(big.Rat).Add(over, step), true, "just above its lower end")
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

func expect(t *testing.T, k Key, cell Cell, p *big.Rat, gets bool, where string) {
	t.Helper()
	if _, got := k.Find(p); (got == cell.Grade) != gets {
		t.Errorf("%s (%s) gives %q; the cell %s: über %s bis %s says otherwise",
			p.FloatString(12), where, got, cell.Grade, cell.Over, cell.UpTo)
	}
}
