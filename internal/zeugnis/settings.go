package zeugnis

import "strings"

// Settings are a school's choices of the Zeugnisnote for one scale (docs/spec.md §9): the member
// "zeugnis" of a scale's document (internal/grading reads and writes it), so that versions, history and
// the live stream carry them like every other change. Each member is optional; "" (and no categories)
// means the default of docs/spec.md §9. Comparable: the categories are a fixed array.
type Settings struct {
	Tendency   string // "0,3", "0,25" or "1/3"; only for a Scale with Tendency
	Rounding   string // RoundBetter or RoundWorse
	Step       string // "0,5", "1" or "0,1"; only for a Scale with StepSetting
	Categories [MaxSettingsCategories]CategoryWeight
	Count      int // categories in use
}

// CategoryWeight is one default category: its name (trimmed) and its weight as docs/spec.md §9 writes
// weights, with a comma.
type CategoryWeight struct {
	Name, Weight string
}

// MaxSettingsCategories: a term has a handful of categories; ten leaves room without a long form.
const MaxSettingsCategories = 10

// IsZero says whether s is the default of every member, which a document leaves out.
func (s Settings) IsZero() bool { return s == Settings{} }

// CategoryList is the categories in use.
func (s *Settings) CategoryList() []CategoryWeight { return s.Categories[:s.Count] }

// CanonicalTendency is a tendency as docs/spec.md §9 names it ("0.25" is "0,25"); false when it is none.
func CanonicalTendency(text string) (string, bool) {
	t, ok := ParseTendency(text)
	if !ok {
		return "", false
	}
	switch t.RatString() {
	case "1/4":
		return "0,25", true
	case "1/3":
		return "1/3", true
	}
	return "0,3", true
}

// CanonicalStep is a step as docs/spec.md §9 names it ("0.5" is "0,5"); false when it is none.
func CanonicalStep(text string) (string, bool) {
	s, ok := ParseStep(text)
	if !ok {
		return "", false
	}
	switch s.RatString() {
	case "1":
		return "1", true
	case "1/10":
		return "0,1", true
	}
	return "0,5", true
}

// CanonicalWeight is a weight with a comma, spaces and tabs around it cut; false when it is none.
func CanonicalWeight(text string) (string, bool) {
	if _, ok := ParseWeight(text); !ok {
		return "", false
	}
	return strings.Replace(strings.Trim(text, " \t"), ".", ",", 1), true
}
