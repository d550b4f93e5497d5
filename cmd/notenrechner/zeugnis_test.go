package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/notenrechner/notenrechner/internal/grading"
	"github.com/notenrechner/notenrechner/internal/zeugnis"
)

func readZeugnisVectors(t *testing.T, name string, into any) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot, "testdata", "zeugnis", name))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, into); err != nil {
		t.Fatal(err)
	}
}

func runZeugnis(input []byte) (string, error) {
	var out, errOut bytes.Buffer
	err := run(context.Background(), []string{"zeugnisnote"}, noEnv, bytes.NewReader(input), &out, &errOut)
	return out.String(), err
}

// TestZeugnisnoteCommandAnswersAsThePackage: for every vector the command
// prints exactly the package's result as JSON, and the oracle's three values.
func TestZeugnisnoteCommandAnswersAsThePackage(t *testing.T) {
	var cases []struct {
		Name       string          `json:"name"`
		Input      json.RawMessage `json:"input"`
		Average    string          `json:"average"`
		Proposal   string          `json:"proposal"`
		Borderline bool            `json:"borderline"`
	}
	readZeugnisVectors(t, "cases.json", &cases)
	if len(cases) < 150 {
		t.Fatalf("only %d cases", len(cases))
	}
	for _, tc := range cases {
		out, err := runZeugnis(tc.Input)
		if err != nil {
			t.Fatalf("%s: %v", tc.Name, err)
		}
		res, err := grading.ZeugnisSystems().Run(tc.Input)
		if err != nil {
			t.Fatalf("%s: package: %v", tc.Name, err)
		}
		want, _ := json.Marshal(res)
		if out != string(want)+"\n" {
			t.Errorf("%s: command printed %s, package gives %s", tc.Name, out, want)
		}
		var got zeugnis.Result
		if err := json.Unmarshal([]byte(out), &got); err != nil ||
			got.Average != tc.Average || got.Proposal != tc.Proposal || got.Borderline != tc.Borderline {
			t.Errorf("%s: printed %s, the oracle says %s → %s (borderline %v)", tc.Name, out, tc.Average, tc.Proposal, tc.Borderline)
		}
	}
}

// TestZeugnisnoteRefusals: refused input ends with status 2 (a usage error)
// and main prints exactly the German message of the vector.
func TestZeugnisnoteRefusals(t *testing.T) {
	var cases []struct {
		Name    string          `json:"name"`
		Input   json.RawMessage `json:"input"`
		Raw     *string         `json:"raw"`
		Message string          `json:"message"`
	}
	readZeugnisVectors(t, "invalid.json", &cases)
	for _, tc := range cases {
		input := []byte(tc.Input)
		if tc.Raw != nil {
			input = []byte(*tc.Raw)
		}
		out, err := runZeugnis(input)
		if !errors.Is(err, errUsage) || err.Error() != tc.Message || out != "" {
			t.Errorf("%s: err %v, output %q; want status 2 and %q", tc.Name, err, out, tc.Message)
		}
	}
	big := append([]byte(`{"system": "de", "categories": [], "x": "`), bytes.Repeat([]byte("a"), maxZeugnisInput)...)
	if _, err := runZeugnis(big); !errors.Is(err, errUsage) || !strings.Contains(err.Error(), "1 MiB") {
		t.Errorf("input over 1 MiB: %v", err)
	}
	for _, args := range [][]string{{"zeugnisnote", "noten.json"}, {"zeugnisnote", "--system", "de"}} {
		if _, _, err := runCmd(t, args...); !errors.Is(err, errUsage) {
			t.Errorf("%v: err = %v, want a usage error", args, err)
		}
	}
	if out, _, err := runCmd(t, "zeugnisnote", "--help"); err != nil || !strings.Contains(out, "Aufruf: notenrechner zeugnisnote") {
		t.Errorf("zeugnisnote --help: %q, %v", out, err)
	}
	if out, _, _ := runCmd(t, "help"); !strings.Contains(out, "notenrechner zeugnisnote") {
		t.Error("the command list does not name zeugnisnote")
	}
}

// TestZeugnisnoteTakesGradingIDsAndTheShortNames: the command names a system as documents do, and the
// short names it took first (de, np, ch, at) still work for those who scripted them.
func TestZeugnisnoteTakesGradingIDsAndTheShortNames(t *testing.T) {
	for _, tc := range []struct{ id, alias, grades, want string }{
		{"noten-plus-minus", "de", `"2-", "3+"`, `"average":"2,50","proposal":"2"`},
		{"notenpunkte", "np", `"7", 8`, `"average":"7,50","proposal":"8"`},
		{"schweiz", "ch", `"4", "4,5"`, `"average":"4,25","proposal":"4,5"`},
		{"oesterreich", "at", `"3", 4`, `"average":"3,50","proposal":"3"`},
	} {
		var outs [2]string
		for i, system := range []string{tc.id, tc.alias} {
			out, err := runZeugnis([]byte(`{"system": "` + system + `", "categories": [{"name": "s", "grades": [` + tc.grades + `]}]}`))
			if err != nil || !strings.Contains(out, tc.want) {
				t.Errorf("%s: %s, %v; want %s", system, out, err, tc.want)
			}
			outs[i] = out
		}
		if outs[0] != outs[1] {
			t.Errorf("%s answers %s, %s answers %s", tc.id, outs[0], tc.alias, outs[1])
		}
	}
}

// TestZeugnisnoteNamesEmptyCategoriesAndAnswersATarget: a category without grades is named in
// "warnings" (and only then is the member there), and "target" adds the grade the next test needs.
func TestZeugnisnoteNamesEmptyCategoriesAndAnswersATarget(t *testing.T) {
	out, err := runZeugnis([]byte(`{"system": "de", "categories": [{"name": "schriftlich", "grades": ["2"]},
		{"name": "mündlich", "grades": []}]}`))
	if err != nil || !strings.Contains(out, `"warnings":["Kategorie „mündlich“ hat keine Noten: der Vorschlag beruht nur auf den anderen Kategorien."]`) {
		t.Errorf("empty category: %s, %v", out, err)
	}
	out, err = runZeugnis([]byte(`{"system": "de", "categories": [{"name": "schriftlich", "grades": ["2"]}]}`))
	if err != nil || strings.Contains(out, "warnings") || strings.Contains(out, "needed") {
		t.Errorf("no empty category, no target: %s, %v", out, err)
	}
	out, err = runZeugnis([]byte(`{"system": "de", "categories": [{"name": "schriftlich", "weight": 2, "grades": ["2", "3"]},
		{"name": "mündlich", "grades": ["2"]}], "target": {"grade": "2", "category": "schriftlich"}}`))
	if err != nil || !strings.Contains(out, `"needed":{"answer":"grade","grade":"3","average":"2,44","proposal":"2"`) {
		t.Errorf("target: %s, %v", out, err)
	}
}
