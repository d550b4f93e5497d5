package school

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// vectors is testdata/school/approval.json, written by approval.py with Python's fractions.
type vectors struct {
	Shapes map[string][]struct {
		Over    [2]int `json:"over"`
		AtLeast bool   `json:"atLeast"`
	} `json:"shapes"`
	Cases []struct {
		Shape           string
		Graded, Failing int
		Step            *int
	} `json:"cases"`
}

func readVectors(t *testing.T) vectors {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "school", "approval.json"))
	if err != nil {
		t.Fatal(err)
	}
	var v vectors
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// TestEvaluateMatchesTheVectors: each shape is the steps of the Land named by it, and every
// count gives the step the independent generator gives.
func TestEvaluateMatchesTheVectors(t *testing.T) {
	v := readVectors(t)
	if len(v.Cases) < 1000 {
		t.Fatalf("only %d cases", len(v.Cases))
	}
	for shape, steps := range v.Shapes {
		land, ok := ByCode(shape)
		if !ok || land.Approval == nil || len(land.Approval.Steps) != len(steps) {
			t.Fatalf("shape %s is not the rule of a Land: %+v", shape, land)
		}
		for i, s := range steps {
			if got := land.Approval.Steps[i]; got.Over != s.Over || got.AtLeast != s.AtLeast {
				t.Errorf("%s step %d: %v atLeast=%v, the vectors' %v atLeast=%v", shape, i, got.Over, got.AtLeast, s.Over, s.AtLeast)
			}
		}
	}
	for _, c := range v.Cases {
		land, _ := ByCode(c.Shape)
		step, ok := land.Approval.Evaluate(c.Graded, c.Failing)
		want := -1
		if c.Step != nil {
			want = *c.Step
		}
		got := -1
		if ok {
			for i, s := range land.Approval.Steps {
				if s == step {
					got = i
				}
			}
		}
		if got != want {
			t.Errorf("%s: %d of %d failing gives step %d, want %d", c.Shape, c.Failing, c.Graded, got, want)
		}
	}
}

// The decrees' own words, checked by hand: "mehr als ein Drittel" of 9 is 4, "ein Drittel oder
// mehr" of 9 is 3, "mehr als 30 %" of 10 is 4, "mehr als die Hälfte" of 8 is 5.
func TestTheWordsOfTheNorms(t *testing.T) {
	for _, c := range []struct {
		land            string
		graded, failing int
		kind            string
	}{
		{"HE", 9, 3, ""},
		{"HE", 9, 4, KindApproval},
		{"HE", 9, 5, KindRewrite},
		{"HE", 8, 4, KindApproval}, // exactly half is not more than half
		{"RP", 9, 3, KindApproval},
		{"RP", 9, 2, ""},
		{"NI", 10, 3, ""},
		{"NI", 10, 4, KindVoid},
		{"AT-9", 8, 4, ""},
		{"AT-9", 8, 5, KindRewrite},
		{"HE", 0, 0, ""},
	} {
		land, _ := ByCode(c.land)
		step, ok := land.Approval.Evaluate(c.graded, c.failing)
		if (c.kind == "") == ok || step.Kind != c.kind {
			t.Errorf("%s, %d of %d: %+v %v, want %q", c.land, c.failing, c.graded, step, ok, c.kind)
		}
	}
}

// TestLands: every German Land, Swiss canton and Austrian Land once, each code unique, each with
// a rule whose source has an address, or a note saying why there is none.
func TestLands(t *testing.T) {
	counts := map[Country]int{}
	seen := map[string]bool{}
	for _, l := range Lands() {
		counts[l.Country]++
		if seen[l.Code] {
			t.Errorf("code %s twice", l.Code)
		}
		seen[l.Code] = true
		if (l.Approval == nil) == (l.Note == "") {
			t.Errorf("%s: a rule or a note, exactly one: %+v", l.Code, l)
		}
		if r := l.Approval; r != nil {
			if !strings.HasPrefix(r.URL, "https://") || r.Source == "" || len(r.Failing) == 0 || len(r.Steps) == 0 {
				t.Errorf("%s: incomplete rule %+v", l.Code, r)
			}
			for i, s := range r.Steps {
				if s.Over[0] <= 0 || s.Over[1] <= s.Over[0] || s.Consequence == "" || s.Share == "" ||
					(s.Kind != KindApproval && s.Kind != KindRewrite && s.Kind != KindVoid) {
					t.Errorf("%s step %d: %+v", l.Code, i, s)
				}
			}
		}
	}
	if counts[Germany] != 16 || counts[Switzerland] != 26 || counts[Austria] != 9 {
		t.Errorf("counts %v, want 16 Länder, 26 cantons, 9 Austrian Länder", counts)
	}
}

func TestByCode(t *testing.T) {
	for in, want := range map[string]string{"HE": "Hessen", "he": "Hessen", " DE-HE ": "Hessen", "BE": "Berlin",
		"CH-BE": "Bern", "ch-zh": "Zürich", "AT-9": "Wien", "NW": "Nordrhein-Westfalen", "CH-NW": "Nidwalden"} {
		if l, ok := ByCode(in); !ok || l.Name != want {
			t.Errorf("ByCode(%q) = %+v, %v; want %s", in, l, ok, want)
		}
	}
	for _, in := range []string{"", "XX", "DE", "ZH", "9", "AT-10", "DE-CH-ZH"} {
		if l, ok := ByCode(in); ok {
			t.Errorf("ByCode(%q) = %+v, want none", in, l)
		}
	}
	for in, want := range map[string]bool{"": true, "none": true, " None ": true, "keins": true, "HE": false} {
		if IsNone(in) != want {
			t.Errorf("IsNone(%q) != %v", in, want)
		}
	}
}
