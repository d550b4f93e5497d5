package grading

import (
	"fmt"
	"math/big"
	"math/rand"
	"slices"
	"testing"
)

// plusMinusLabels are the 16 bands of the original's rule from best to worst (docs/spec.md §4).
var plusMinusLabels = [16]string{"1", "1-", "2+", "2", "2-", "3+", "3", "3-", "4+", "4", "4-", "5+", "5", "5-", "6+", "6"}

var pointSteps = []*big.Rat{big.NewRat(1, 1), big.NewRat(1, 2), big.NewRat(1, 4)}

// TestTablePointsVectors compares PointsTable with the brute-force oracle of generate.py.
func TestTablePointsVectors(t *testing.T) {
	configs := loadConfigs(t)
	var file struct {
		Tables []struct {
			Config, Total, Step string
			Bands               []struct {
				Grade    string
				Min, Max *float64
			}
		}
	}
	readVectors(t, "points-tables.json", &file)
	if len(file.Tables) < 100 {
		t.Fatalf("points-tables.json has %d tables, want at least 100", len(file.Tables))
	}
	for _, tc := range file.Tables {
		t.Run(tc.Config+"/"+tc.Total+"/"+tc.Step, func(t *testing.T) {
			total, _ := ParseNumber(tc.Total)
			step, _ := ParseNumber(tc.Step)
			got, err := PointsTable(configs[tc.Config].Key(), total, step)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(tc.Bands) {
				t.Fatalf("%d bands, want %d", len(got), len(tc.Bands))
			}
			for i, want := range tc.Bands {
				g := got[i]
				if g.Grade != want.Grade || !sameBound(g.Min, want.Min) || !sameBound(g.Max, want.Max) {
					t.Errorf("band %d = %s %v–%v, want %s %v–%v", i, g.Grade, g.Min, g.Max, want.Grade, deref(want.Min), deref(want.Max))
				}
			}
		})
	}
}

func sameBound(got *big.Rat, want *float64) bool {
	if got == nil || want == nil {
		return got == nil && want == nil
	}
	return got.Cmp(new(big.Rat).SetFloat64(*want)) == 0
}

func deref(f *float64) any {
	if f == nil {
		return nil
	}
	return *f
}

// TestTablePointsProperty checks PointsTable against the key's grade of a percentage (Find) for many totals and every step: each
// multiple of the step in [0, total] lies in exactly one band's range, the band of its own grade, and
// each range's ends have that grade (so the ranges are tight). Small totals check every multiple;
// large ones check the bounds, their neighbours and random multiples.
func TestTablePointsProperty(t *testing.T) {
	rng := rand.New(rand.NewSource(8))
	totals := []*big.Rat{big.NewRat(1, 4), big.NewRat(1, 2), big.NewRat(3, 4), big.NewRat(373, 10), big.NewRat(2001, 100)}
	for i := int64(1); i <= 40; i++ {
		totals = append(totals, big.NewRat(i, 1))
	}
	for range 10 {
		totals = append(totals, big.NewRat(rng.Int63n(20000)+1, 100)) // fractional, up to 200
	}
	large := []*big.Rat{big.NewRat(10000, 1), big.NewRat(123457, 1), big.NewRat(99999999999, 7), new(big.Rat).SetFrac(new(big.Int).Exp(big.NewInt(10), big.NewInt(30), nil), big.NewInt(1))}
	for name, c := range loadConfigs(t) {
		for _, step := range pointSteps {
			for _, total := range totals {
				checkPointsTable(t, name, c, total, step, nil)
			}
			for _, total := range large {
				checkPointsTable(t, name, c, total, step, rng)
			}
		}
	}
}

// TestTablePointsPresets checks PointsTable on the key of every preset, every system, against the
// key's own grading of each multiple (Key.Find): the ranges cover every multiple once, in its band,
// and are tight; the labels are the key's bands in order.
func TestTablePointsPresets(t *testing.T) {
	totals := []*big.Rat{big.NewRat(1, 4), big.NewRat(373, 10), big.NewRat(2001, 100)}
	for i := int64(1); i <= 60; i += 3 {
		totals = append(totals, big.NewRat(i, 1))
	}
	for _, preset := range Presets() {
		k := preset.Config.Key()
		labels := make([]string, len(k.Bands))
		for i, b := range k.Bands {
			labels[i] = b.Text
		}
		for _, step := range pointSteps {
			for _, total := range totals {
				checkPoints(t, preset.ID, k, labels, total, step, nil, func(p *big.Rat) string {
					_, label := k.Find(p)
					return label
				})
			}
		}
	}
}

func checkPointsTable(t *testing.T, name string, c Config, total, step *big.Rat, rng *rand.Rand) {
	t.Helper()
	k := c.Key()
	checkPoints(t, name, k, plusMinusLabels[:], total, step, rng, func(p *big.Rat) string {
		_, label := k.Find(p)
		return label
	})
}

// checkPoints checks the Punkteschlüssel of k against grade, the oracle of a percentage.
func checkPoints(t *testing.T, name string, k Key, labels []string, total, step *big.Rat, rng *rand.Rand, grade func(*big.Rat) string) {
	t.Helper()
	bands, err := PointsTable(k, total, step)
	if err != nil {
		t.Fatal(err)
	}
	where := fmt.Sprintf("%s total %s step %s", name, total.RatString(), step.RatString())
	if len(bands) != len(labels) {
		t.Fatalf("%s: %d bands, want %d", where, len(bands), len(labels))
	}
	gradeOf := func(points *big.Rat) string {
		return grade(new(big.Rat).Mul(new(big.Rat).Quo(points, total), big.NewRat(100, 1)))
	}
	check := func(points *big.Rat) {
		want := gradeOf(points)
		var in []string
		for _, b := range bands {
			if b.Min != nil && b.Min.Cmp(points) <= 0 && points.Cmp(b.Max) <= 0 {
				in = append(in, b.Grade)
			}
		}
		if !slices.Equal(in, []string{want}) {
			t.Fatalf("%s: %s points (grade %s) lie in the ranges of %v", where, points.RatString(), want, in)
		}
	}
	for i, b := range bands {
		if b.Grade != labels[i] {
			t.Fatalf("%s: band %d is %s", where, i, b.Grade)
		}
		if b.Min == nil {
			continue
		}
		if gradeOf(b.Min) != b.Grade || gradeOf(b.Max) != b.Grade {
			t.Fatalf("%s: %s range %s–%s has ends of grade %s and %s", where, b.Grade, b.Min.RatString(), b.Max.RatString(), gradeOf(b.Min), gradeOf(b.Max))
		}
		for _, p := range []*big.Rat{new(big.Rat).Sub(b.Min, step), new(big.Rat).Add(b.Max, step)} {
			if p.Sign() >= 0 && p.Cmp(total) <= 0 {
				check(p)
			}
		}
	}
	n := new(big.Rat).Quo(total, step)
	last := new(big.Int).Div(n.Num(), n.Denom())
	if rng == nil {
		for k := int64(0); k <= last.Int64(); k++ {
			check(new(big.Rat).Mul(big.NewRat(k, 1), step))
		}
		return
	}
	for range 200 {
		k := new(big.Int).Rand(rng, new(big.Int).Add(last, big.NewInt(1)))
		check(new(big.Rat).Mul(new(big.Rat).SetInt(k), step))
	}
}
