package grading

import (
	"errors"
	"math/big"
)

// PointsBand is one line of the Punkteschlüssel: the smallest and the largest multiple of the step,
// in points, whose grade is Grade (Alt its second label, if the system has one). Both are nil when
// no multiple of the step reaches the band: an empty band, or one narrower than the step (on the
// IHK's decimal key, 20 points in whole points never give 1,1).
type PointsBand struct {
	Grade, Alt string
	Min, Max   *big.Rat
}

// PointsTable gives one line per band of the key, best first, for a total and a point step (both
// > 0). It never decides a grade itself: every multiple k·step in [0, total] is graded by the key on
// 100·k·step/total, so the ranges agree with the calculator by construction. Because the band only
// gets better as the points rise (every basis is monotone), each band's multiples are one run of
// consecutive k, found by binary search (2 searches a band) instead of grading every multiple of a
// large total. 0 points get the last band, the grade of p = 0.
func PointsTable(k Key, total, step *big.Rat) ([]PointsBand, error) {
	if total.Sign() <= 0 || step.Sign() <= 0 {
		return nil, errors.New("grading: total and step must be positive")
	}
	if len(k.Bands) == 0 {
		return nil, errors.New("grading: a key without bands")
	}
	// n = floor(total/step), the last multiple inside [0, total]
	q := new(big.Rat).Quo(total, step)
	n := new(big.Int).Div(q.Num(), q.Denom())
	rank := func(m *big.Int) int {
		p := new(big.Rat).SetInt(m)
		p.Mul(p, step)
		p.Quo(p, total)
		p.Mul(p, big.NewRat(100, 1))
		return k.index(k.Basis.On(p))
	}
	bands := make([]PointsBand, len(k.Bands))
	for b, band := range k.Bands {
		// ranks fall (grades improve) as m rises: rank ≤ b holds on a suffix, rank ≥ b on a prefix
		lo := firstTrue(n, func(m *big.Int) bool { return rank(m) <= b })
		hi := firstTrue(n, func(m *big.Int) bool { return rank(m) < b })
		hi.Sub(hi, big.NewInt(1))
		bands[b] = PointsBand{Grade: band.Text, Alt: band.Alt}
		if lo.Cmp(hi) <= 0 {
			bands[b].Min = new(big.Rat).Mul(new(big.Rat).SetInt(lo), step)
			bands[b].Max = new(big.Rat).Mul(new(big.Rat).SetInt(hi), step)
		}
	}
	return bands, nil
}

// firstTrue is the smallest k in [0, n] for which the monotone pred holds, or n+1 when none does.
func firstTrue(n *big.Int, pred func(*big.Int) bool) *big.Int {
	lo, hi := new(big.Int), new(big.Int).Add(n, big.NewInt(1))
	for lo.Cmp(hi) < 0 {
		mid := new(big.Int).Add(lo, hi)
		mid.Rsh(mid, 1)
		if pred(mid) {
			hi = mid
		} else {
			lo = mid.Add(mid, big.NewInt(1))
		}
	}
	return lo
}
