package grading

import (
	"math/big"
)

// Result is what the calculator shows; all fields are "" when the outputs are cleared.
type Result struct {
	Percentage string `json:"percentage"`
	Grade      string `json:"grade"`
	// Alt is the grade in the system's other words where it has them: "1-" for 13 Notenpunkte,
	// "Gut" for Austria's 2, "befriedigend" for a whole 3.
	Alt string `json:"alt,omitempty"`
}

// Calculate is the whole calculator of docs/spec.md §3 on a key: the two raw inputs in, the outputs
// out. Either input empty, zero or not a number clears them; nothing else does (a negative total is
// allowed and simply gives a negative or positive percentage). Most inputs are answered on machine
// integers (fast.go), the rest in big.Rat arithmetic; both read the same bands.
func (k Key) Calculate(total, achieved string) Result {
	if r, done := k.calculateFast(total, achieved); done {
		return r
	}
	return k.calculateExact(total, achieved)
}

// calculateExact is Calculate in big.Rat arithmetic, for any input: the tests hold the fast path
// against it.
func (k Key) calculateExact(total, achieved string) Result {
	p, ok := Percentage(total, achieved)
	if !ok {
		return Result{}
	}
	band, label := k.Find(p)
	return Result{Percentage: k.ShowPercentage(p), Grade: label, Alt: band.Alt}
}

// Percentage is p = 100 / total × achieved, exact; ok is false when either input is empty, zero or
// not a number, which clears the calculator.
func Percentage(total, achieved string) (*big.Rat, bool) {
	t, ok := ParseNumber(total)
	if !ok || t.Sign() == 0 {
		return nil, false
	}
	a, ok := ParseNumber(achieved)
	if !ok || a.Sign() == 0 {
		return nil, false
	}
	p := new(big.Rat).Quo(a, t)
	return p.Mul(p, big.NewRat(100, 1)), true
}
