package zeugnis_test

import (
	"fmt"
	"strings"

	"github.com/notenrechner/notenrechner/internal/grading"
)

// The worked example of docs/spec.md §9.
func ExampleSystems_Run() {
	res, err := grading.ZeugnisSystems().Run([]byte(`{"system": "noten-plus-minus", "categories": [
		{"name": "schriftlich", "weight": "2", "grades": ["2+", {"grade": "3", "weight": "2"}]},
		{"name": "mündlich", "weight": 1, "grades": ["2", "1-"]},
		{"name": "Projekt", "grades": []}]}`))
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Average, res.Proposal, res.Borderline)
	fmt.Println(strings.Join(res.Steps, "\n"))
	// Output:
	// 2,26 2 false
	// Kategorie „schriftlich“ (Gewicht 2): 2+ = 1,7, 3 (Gewicht 2); Durchschnitt ≈ 2,5667.
	// Kategorie „mündlich“ (Gewicht 1): 2, 1- = 1,3; Durchschnitt 1,65.
	// Kategorie „Projekt“ hat keine Noten und zählt nicht mit.
	// Gewichteter Durchschnitt der Kategorien: (2 · 2,5667 + 1 · 1,65) : 3 ≈ 2,2611.
	// Auf zwei Nachkommastellen abgeschnitten, ohne Auf- oder Abrundung: 2,26.
	// 2,26 liegt unter der Mitte 2,5 zwischen 2 und 3: Vorschlag 2.
}

// An average on the middle between two Swiss half grades, with the worse one
// chosen: the working names the rule and the teacher's decision.
func ExampleSystems_Run_middle() {
	res, err := grading.ZeugnisSystems().Run([]byte(`{"system": "schweiz", "rounding": "worse",
		"categories": [{"name": "Prüfungen", "grades": ["4", 4.5]}]}`))
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Average, res.Proposal, res.Borderline)
	fmt.Println(strings.Join(res.Steps[1:], "\n"))
	// Output:
	// 4,25 4 true
	// Gewichteter Durchschnitt der Kategorien: (1 · 4,25) : 1 = 4,25.
	// Auf zwei Nachkommastellen abgeschnitten, ohne Auf- oder Abrundung: 4,25.
	// 4,25 liegt genau auf der Mitte zwischen 4 und 4,5: Vorschlag die schlechtere Note, 4.
	// 4,25 liegt höchstens 0,05 von der Mitte 4,25 entfernt: ein Grenzfall, die Zeugnisnote entscheidet die Lehrkraft.
}
