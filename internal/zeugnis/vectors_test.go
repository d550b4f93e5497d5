package zeugnis_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"testing"

	"github.com/notenrechner/notenrechner/internal/grading"
	"github.com/notenrechner/notenrechner/internal/zeugnis"
)

// systems are the grading systems of internal/grading's table, which the command takes too.
var systems = grading.ZeugnisSystems()

// The vectors of testdata/zeugnis come from generate.py, an oracle of its own
// written from docs/spec.md §9 (see testdata/zeugnis/README.md).
var vectorDir = filepath.Join("..", "..", "testdata", "zeugnis")

type vectorCase struct {
	Name       string          `json:"name"`
	Input      json.RawMessage `json:"input"`
	Average    string          `json:"average"`
	Proposal   string          `json:"proposal"`
	Borderline bool            `json:"borderline"`
	Warnings   []string        `json:"warnings"`
}

type invalidCase struct {
	Name    string          `json:"name"`
	Input   json.RawMessage `json:"input"`
	Raw     *string         `json:"raw"`
	Message string          `json:"message"`
}

// Bytes is the input as the command reads it.
func (c invalidCase) Bytes() []byte {
	if c.Raw != nil {
		return []byte(*c.Raw)
	}
	return c.Input
}

func readVectors[T any](t testing.TB, name string) []T {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(vectorDir, name))
	if err != nil {
		t.Fatal(err)
	}
	var out []T
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatal(err)
	}
	if len(out) == 0 {
		t.Fatalf("%s holds no cases", name)
	}
	return out
}

func TestCasesAgreeWithTheOracle(t *testing.T) {
	cases := readVectors[vectorCase](t, "cases.json")
	if len(cases) < 150 {
		t.Fatalf("only %d cases", len(cases))
	}
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			req, err := zeugnis.ParseRequest(tc.Input)
			if err != nil {
				t.Fatalf("ParseRequest: %v", err)
			}
			got, err := systems.Compute(req)
			if err != nil {
				t.Fatalf("Compute: %v", err)
			}
			if got.Average != tc.Average || got.Proposal != tc.Proposal || got.Borderline != tc.Borderline {
				t.Errorf("got %s → %s (borderline %v), want %s → %s (borderline %v)\n%s",
					got.Average, got.Proposal, got.Borderline, tc.Average, tc.Proposal, tc.Borderline, tc.Input)
			}
			if !slices.Equal(got.Warnings, tc.Warnings) {
				t.Errorf("warnings %q, want %q", got.Warnings, tc.Warnings)
			}
			if len(got.Steps) < 3 {
				t.Errorf("the working has only %d sentences", len(got.Steps))
			}
		})
	}
}

func TestRefusedInputs(t *testing.T) {
	for _, tc := range readVectors[invalidCase](t, "invalid.json") {
		t.Run(tc.Name, func(t *testing.T) {
			_, err := systems.Run(tc.Bytes())
			if err == nil {
				t.Fatalf("accepted %s", tc.Bytes())
			}
			if err.Error() != tc.Message {
				t.Errorf("message %q, want %q", err.Error(), tc.Message)
			}
		})
	}
}

// neededCase is a case of testdata/zeugnis/needed.json: a request with a target and the oracle's answer.
type neededCase struct {
	vectorCase
	Needed struct {
		Answer   string `json:"answer"`
		Grade    string `json:"grade"`
		Average  string `json:"average"`
		Proposal string `json:"proposal"`
	} `json:"needed"`
}

// TestNeededAgreesWithTheOracle: "Welche Note brauche ich noch?" gives the oracle's grade, and the
// proposal beside it is the request's own proposal (the target does not change it).
func TestNeededAgreesWithTheOracle(t *testing.T) {
	cases := readVectors[neededCase](t, "needed.json")
	if len(cases) < 50 {
		t.Fatalf("only %d cases", len(cases))
	}
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			got, err := systems.Run(tc.Input)
			if err != nil {
				t.Fatalf("Run: %v", err)
			}
			if got.Average != tc.Average || got.Proposal != tc.Proposal || !slices.Equal(got.Warnings, tc.Warnings) {
				t.Errorf("without the target: %s → %s %q, want %s → %s %q", got.Average, got.Proposal, got.Warnings,
					tc.Average, tc.Proposal, tc.Warnings)
			}
			n := got.Needed
			if n == nil {
				t.Fatal("no answer to the target")
			}
			if n.Answer != tc.Needed.Answer || n.Grade != tc.Needed.Grade || n.Average != tc.Needed.Average ||
				n.Proposal != tc.Needed.Proposal {
				t.Errorf("got %s %s (%s → %s), want %s %s (%s → %s)\n%s", n.Answer, n.Grade, n.Average, n.Proposal,
					tc.Needed.Answer, tc.Needed.Grade, tc.Needed.Average, tc.Needed.Proposal, tc.Input)
			}
			// the needed grade as the system names a result: "3-", "7 Punkte", "1 Punkt"
			last := map[string]string{"grade": `^Nötig (ist|sind) mindestens ` + regexp.QuoteMeta(n.Grade) + `( Punkte?)?\.$`,
				"safe": `ist schon sicher\.$`, "unreachable": `ist nicht mehr erreichbar\.$`}[tc.Needed.Answer]
			if len(n.Steps) < 3 || !regexp.MustCompile(last).MatchString(n.Steps[len(n.Steps)-1]) {
				t.Errorf("working %q does not end with %q", n.Steps, last)
			}
		})
	}
}
