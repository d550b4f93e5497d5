package grading

import (
	"math/big"
	"strconv"
)

// Cell is one entry of the grade table: a grade label and its band, "low - high".
type Cell struct {
	Grade string `json:"grade"`
	Range string `json:"range"`
}

// Table gives the 16 cells 1, 1-, 2+, 2, 2-, … 5-, 6+, 6. Each bound is a threshold of the rule Grade
// applies (threshold is shared), so the table and the calculator cannot disagree; bounds are shown
// with two decimals, rounded outward (low down, high up). A typed Config always has the special entries of
// grades 1 and 6, so the "? - ?" cells of SPEC §4 exist only in the web app's defensive path.
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
	return append(cells, cell("6+", t6, g6.Max.Rat()), cell("6", g6.Min.Rat(), t6))
}

func cell(grade string, low, high *big.Rat) Cell {
	return Cell{Grade: grade, Range: formatBound(low, false) + " - " + formatBound(high, true)}
}
