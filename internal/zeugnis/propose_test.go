package zeugnis

import (
	"math/big"
	"testing"
)

// TestProposeClamps: no valid grade averages below 0,66 in de, so only 1+ reaches past an end of the range
// in the vectors (working.json); the other ends are checked on propose itself. An average past an end is
// that end, and the working names no middle with a number that is no grade (0, 7, 16).
func TestProposeClamps(t *testing.T) {
	n := func(x int64) *big.Rat { return big.NewRat(x, 1) }
	de := Scale{Lo: n(1), Hi: n(6), Step: n(1)}
	np := Scale{Lo: n(0), Hi: n(15), Step: n(1), HigherBetter: true}
	for _, tc := range []struct {
		r    Scale
		cut  *big.Rat
		want string
		step string
	}{
		{de, big.NewRat(40, 100), "1", "0,40 ist besser als 1, die beste Note: Vorschlag 1."},
		{de, big.NewRat(670, 100), "6", "6,70 ist schlechter als 6, die schlechteste Note: Vorschlag 6."},
		{np, big.NewRat(1560, 100), "15", "15,60 ist besser als 15, die beste Note: Vorschlag 15."},
		{np, big.NewRat(-10, 100), "0", "-0,10 ist schlechter als 0, die schlechteste Note: Vorschlag 0."},
	} {
		got, borderline, steps := propose(tc.cut, tc.r, false)
		if decimal(got) != tc.want || borderline || len(steps) != 1 || steps[0] != tc.step {
			t.Errorf("propose(%s) = %s %v %q, want %s %q", fixedTwo(tc.cut), decimal(got), borderline, steps, tc.want, tc.step)
		}
	}
}
