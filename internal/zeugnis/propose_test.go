package zeugnis

import (
	"math/big"
	"strings"
	"testing"
)

// TestProposeClamps: no valid grade averages below 0,66 in de, so the clamp of
// docs/spec.md §9 cannot show in the vectors; it is checked on propose itself.
func TestProposeClamps(t *testing.T) {
	n := func(x int64) *big.Rat { return big.NewRat(x, 1) }
	de := Scale{Lo: n(1), Hi: n(6), Step: n(1)}
	np := Scale{Lo: n(0), Hi: n(15), Step: n(1), HigherBetter: true}
	for _, tc := range []struct {
		r    Scale
		cut  *big.Rat
		want string
	}{
		{de, big.NewRat(40, 100), "1"},  // nearest whole is 0
		{de, big.NewRat(670, 100), "6"}, // nearest whole is 7
		{np, big.NewRat(1560, 100), "15"},
	} {
		got, _, steps := propose(tc.cut, tc.r, false)
		if decimal(got) != tc.want || !strings.Contains(strings.Join(steps, " "), "außerhalb") {
			t.Errorf("propose(%s) = %s %q, want %s", fixedTwo(tc.cut), decimal(got), steps, tc.want)
		}
	}
}
