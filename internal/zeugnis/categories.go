package zeugnis

import (
	"math/big"
	"strings"
)

// Limits keep one request small: a term has a handful of categories and a
// few dozen grades each.
const (
	maxCategories = 50
	maxGrades     = 500
)

// category is a checked category: its grades' values and weights, and its
// weighted mean (nil when it has no grades).
type category struct {
	name    string
	weight  *big.Rat
	texts   []string
	values  []*big.Rat
	weights []*big.Rat
	mean    *big.Rat
}

// readCategories checks every category in order and stops at the first refusal.
func readCategories(req Request, r Scale, tendency *big.Rat) ([]category, error) {
	if len(req.Categories) > maxCategories {
		return nil, refuse("Höchstens %d Kategorien.", maxCategories)
	}
	seen := map[string]bool{}
	cats := make([]category, 0, len(req.Categories))
	for i, c := range req.Categories {
		name := strings.TrimSpace(c.Name)
		switch {
		case name == "":
			return nil, refuse("Kategorie %d hat keinen Namen.", i+1)
		case seen[name]:
			return nil, refuse("Die Kategorie %s kommt zweimal vor.", quoted(name))
		}
		seen[name] = true
		cat, err := readCategory(name, c, r, tendency)
		if err != nil {
			return nil, err
		}
		cats = append(cats, cat)
	}
	return cats, nil
}

func readCategory(name string, c Category, r Scale, tendency *big.Rat) (category, error) {
	shown := graphic(name)
	cat := category{name: name, weight: big.NewRat(1, 1)}
	if c.Weight != "" {
		w, ok := ParseWeight(c.Weight)
		if !ok {
			return category{}, refuse("%s: Gewicht %s ist keine Zahl größer als 0.", shown, quoted(c.Weight))
		}
		cat.weight = w
	}
	if len(c.Grades) > maxGrades {
		return category{}, refuse("%s: höchstens %d Noten.", shown, maxGrades)
	}
	sum, total := new(big.Rat), new(big.Rat)
	for _, g := range c.Grades {
		v, ok := gradeValue(r.Grammar, tendency, g.Text)
		if !ok {
			return category{}, refuse("%s: %s ist %s.", shown, quoted(g.Text), r.RangeText)
		}
		w := big.NewRat(1, 1)
		if g.Weight != "" {
			if w, ok = ParseWeight(g.Weight); !ok {
				return category{}, refuse("%s: Gewicht %s der Note %s ist keine Zahl größer als 0.",
					shown, quoted(g.Weight), quoted(g.Text))
			}
		}
		cat.texts = append(cat.texts, strings.Trim(g.Text, " \t"))
		cat.values = append(cat.values, v)
		cat.weights = append(cat.weights, w)
		sum.Add(sum, new(big.Rat).Mul(w, v))
		total.Add(total, w)
	}
	if total.Sign() > 0 {
		cat.mean = sum.Quo(sum, total)
	}
	return cat, nil
}

// propose turns the cut-off average into the proposal (docs/spec.md §9): the
// nearest multiple of the step, the middle to the better (or the worse)
// neighbour; borderline within a tenth of a step of that middle. An average
// outside the system's range (1+ alone is 0,70) is its best or worst grade, and
// no middle is named: the number beyond the end (0) is no grade of the system.
// more is the working of these steps.
func propose(cut *big.Rat, r Scale, worse bool) (proposal *big.Rat, borderline bool, more []string) {
	if cut.Cmp(r.Lo) < 0 || cut.Cmp(r.Hi) > 0 {
		end, below := r.Lo, true
		if cut.Cmp(r.Hi) > 0 {
			end, below = r.Hi, false
		}
		word := "schlechter als %s, die schlechteste Note"
		if below != r.HigherBetter { // below 1 in de, above 15 in np
			word = "besser als %s, die beste Note"
		}
		return end, false, []string{sprintf("%s ist "+word+": Vorschlag %s.", fixedTwo(cut), decimal(end), decimal(end))}
	}
	lower := floorTo(cut, r.Step)
	upper := new(big.Rat).Add(lower, r.Step)
	middle := new(big.Rat).Add(lower, new(big.Rat).Quo(r.Step, big.NewRat(2, 1)))
	better, worseOne := lower, upper
	if r.HigherBetter {
		better, worseOne = upper, lower
	}
	switch c := cut.Cmp(middle); {
	case cut.Cmp(lower) == 0:
		proposal = lower
		more = append(more, sprintf("%s ist genau %s: Vorschlag %s.", fixedTwo(cut), decimal(lower), decimal(lower)))
	case c < 0:
		proposal = lower
		more = append(more, sprintf("%s liegt unter der Mitte %s zwischen %s und %s: Vorschlag %s.",
			fixedTwo(cut), decimal(middle), decimal(lower), decimal(upper), decimal(lower)))
	case c > 0:
		proposal = upper
		more = append(more, sprintf("%s liegt über der Mitte %s zwischen %s und %s: Vorschlag %s.",
			fixedTwo(cut), decimal(middle), decimal(lower), decimal(upper), decimal(upper)))
	default:
		which := "bessere"
		proposal = better
		if worse {
			which, proposal = "schlechtere", worseOne
		}
		more = append(more, sprintf("%s liegt genau auf der Mitte zwischen %s und %s: Vorschlag die %s Note, %s.",
			fixedTwo(cut), decimal(lower), decimal(upper), which, decimal(proposal)))
	}
	// Inside the range both neighbours are grades of the system: Lo and Hi are multiples of every step.
	// Within a tenth of a step of the middle: 2,40–2,60 in de.
	half := new(big.Rat).Quo(r.Step, big.NewRat(10, 1))
	distance := new(big.Rat).Sub(cut, middle)
	if distance.Abs(distance).Cmp(half) <= 0 {
		borderline = true
		more = append(more, sprintf("%s liegt höchstens %s von der Mitte %s entfernt: ein Grenzfall, die Zeugnisnote entscheidet die Lehrkraft.",
			fixedTwo(cut), decimal(half), decimal(middle)))
	}
	return proposal, borderline, more
}

// floorTo is the largest multiple of step not above x.
func floorTo(x, step *big.Rat) *big.Rat {
	q := new(big.Rat).Quo(x, step)
	n := new(big.Int).Div(q.Num(), q.Denom()) // Euclidean: floor for a positive denominator
	return new(big.Rat).Mul(new(big.Rat).SetInt(n), step)
}
