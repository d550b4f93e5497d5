package grading

import (
	"math/big"
	"strconv"
)

// Cell is one entry of the grade table: a grade label and its band (Over, UpTo] as the page shows
// it. The thresholds are exact (docs/spec.md §4), never rounded: a percentage gets the grade when it is above Over and at
// most UpTo, so a reader can tell the grade of every value, the thresholds included. The lowest band
// has no lower end (Over is "–": everything at or below UpTo gets it); an empty band, which some
// valid configurations have, says "entfällt".
type Cell struct {
	Grade string `json:"grade"`
	Over  string `json:"over"`
	UpTo  string `json:"upTo"`
}

// Table gives the 16 cells 1, 1-, 2+, 2, 2-, … 5-, 6+, 6. Each bound is a threshold of the rule Grade
// applies (threshold is shared), so the table and the calculator cannot disagree. A typed Config always
// has the special entries of grades 1 and 6, so the "?" cells of docs/spec.md §4 exist only in the web app's
// defensive path.
func Table(c Config) []Cell {
	s := c.Schema
	cells := make([]Cell, 0, 16)

	g1 := c.Grades[0]
	t1 := threshold(g1, s.OneMinus)
	cells = append(cells, cell("1", t1, g1.Max.Rat()), cell("1-", g1.Min.Rat(), t1))

	for g := 2; g <= 5; g++ {
		r := c.Grades[g-1]
		label := strconv.Itoa(g)
		m := threshold(r, s.GeneralMinus)
		n := threshold(r, s.GeneralMinus, s.GeneralNormal)
		cells = append(cells,
			cell(label+"+", n, r.Max.Rat()),
			cell(label, m, n),
			cell(label+"-", r.Min.Rat(), m))
	}

	g6 := c.Grades[5]
	t6 := threshold(g6, s.SixNormal)
	lowest := cell("6", g6.Min.Rat(), t6)
	if lowest.Over != Empty {
		lowest.Over = None
	}
	return append(cells, cell("6+", t6, g6.Max.Rat()), lowest)
}

// What the table writes for a bound that does not exist (the lowest band's lower end, an empty band's
// upper end) and for a band no percentage gets; the web app writes the same (lib/grade-table.ts).
const (
	None  = "–"
	Empty = "entfällt"
)

func cell(grade string, over, upTo *big.Rat) Cell {
	if over.Cmp(upTo) == 0 {
		return Cell{Grade: grade, Over: Empty, UpTo: None}
	}
	return Cell{Grade: grade, Over: formatExact(over), UpTo: formatExact(upTo)}
}
