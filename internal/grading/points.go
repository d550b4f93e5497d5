package grading

import (
	"errors"
	"math/big"
	"slices"
)

// tableBands are the 16 bands from best to worst, the order of the table (docs/spec.md §4); never modified.
var tableBands = [16]string{"1", "1-", "2+", "2", "2-", "3+", "3", "3-", "4+", "4", "4-", "5+", "5", "5-", "6+", "6"}

// PointsBand is one line of the Punkteschlüssel: the smallest and the largest multiple of the step,
// in points, whose grade is Grade. Both are nil when no multiple of the step reaches the band.
type PointsBand struct {
	Grade    string
	Min, Max *big.Rat
}

// PointsTable gives the 16 bands of the Punkteschlüssel for a total and a point step (both > 0).
// It never decides a grade itself: every multiple k·step in [0, total] is graded by Grade on
// 100·k·step/total, so the ranges agree with the calculator by construction. Because the grade
// only gets better as the points rise, each band's multiples are one run of consecutive k, found by
// binary search (16 × 2 searches) instead of grading every multiple of a large total. 0 points get
// "6", the grade of p = 0.
func PointsTable(c Config, total, step *big.Rat) ([]PointsBand, error) {
	if total.Sign() <= 0 || step.Sign() <= 0 {
		return nil, errors.New("grading: total and step must be positive")
	}
	// n = floor(total/step), the last multiple inside [0, total]
	q := new(big.Rat).Quo(total, step)
	n := new(big.Int).Div(q.Num(), q.Denom())
	rank := func(k *big.Int) int {
		p := new(big.Rat).SetInt(k)
		p.Mul(p, step)
		p.Quo(p, total)
		p.Mul(p, big.NewRat(100, 1))
		return slices.Index(tableBands[:], Grade(c, p)) // -1 only for a configuration with a gap
	}
	if rank(big.NewInt(0)) < 0 || rank(n) < 0 {
		return nil, errors.New("grading: the configuration leaves a gap")
	}
	bands := make([]PointsBand, len(tableBands))
	for b, label := range tableBands {
		// ranks fall (grades improve) as k rises: rank ≤ b holds on a suffix, rank ≥ b on a prefix
		lo := firstTrue(n, func(k *big.Int) bool { return rank(k) <= b })
		hi := firstTrue(n, func(k *big.Int) bool { return rank(k) < b })
		hi.Sub(hi, big.NewInt(1))
		bands[b] = PointsBand{Grade: label}
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
