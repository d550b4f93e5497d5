package zeugnis_test

import (
	"errors"
	"math/big"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/notenrechner/notenrechner/internal/zeugnis"
)

// FuzzRun feeds the parser and the rule any bytes: it must answer or refuse
// with a German *Error, never panic, and an answer must keep its promises.
func FuzzRun(f *testing.F) {
	for _, tc := range readVectors[invalidCase](f, "invalid.json") {
		f.Add(tc.Bytes())
	}
	for _, tc := range readVectors[vectorCase](f, "cases.json")[:40] {
		f.Add([]byte(tc.Input))
	}
	for _, tc := range readVectors[neededCase](f, "needed.json")[:20] {
		f.Add([]byte(tc.Input))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		res, err := systems.Run(data)
		if err != nil {
			var e *zeugnis.Error
			if !errors.As(err, &e) || e.Message == "" || !utf8.ValidString(e.Message) {
				t.Fatalf("refusal %#v is not a German message", err)
			}
			return
		}
		avg, ok := new(big.Rat).SetString(strings.Replace(res.Average, ",", ".", 1))
		if !ok || avg.Sign() < 0 || avg.Cmp(big.NewRat(15, 1)) > 0 || len(res.Steps) < 3 {
			t.Fatalf("answer %+v", res)
		}
	})
}

func TestInvalidUTF8AndLimits(t *testing.T) {
	for name, data := range map[string]string{
		"invalid UTF-8":       "{\"system\": \"de\", \"categories\": [{\"name\": \"\xff\", \"grades\": [\"2\"]}]}",
		"too many categories": `{"system": "de", "categories": [` + strings.Repeat(`{"name": "x", "grades": []},`, 50) + `{"name": "y"}]}`,
		"too many grades":     `{"system": "de", "categories": [{"name": "x", "grades": [` + strings.Repeat(`"2",`, 500) + `"3"]}]}`,
	} {
		if _, err := systems.Run([]byte(data)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	// at the limits: accepted
	ok := `{"system": "de", "categories": [{"name": "x", "grades": [` + strings.Repeat(`"2",`, 499) + `"3"]}]}`
	if res, err := systems.Run([]byte(ok)); err != nil || res.Average != "2,00" {
		t.Errorf("500 grades: %+v, %v", res, err)
	}
}

// TestSystemsByIDAndAlias: every grading id is a system of the command, and the short names it took
// before (de, np, ch, at) still name the same systems, answering alike.
func TestSystemsByIDAndAlias(t *testing.T) {
	grades := map[string]string{"de": `"2-", "3+", "2,5"`, "np": `"7", 12`, "ch": `"4,75", 5`, "at": `"2", 3`}
	ids := map[string]string{"de": "noten-plus-minus", "np": "notenpunkte", "ch": "schweiz", "at": "oesterreich"}
	for alias, g := range grades {
		answer := func(system string) string {
			res, err := systems.Run([]byte(`{"system": "` + system + `", "categories": [{"name": "s", "grades": [` + g + `]}]}`))
			if err != nil {
				t.Fatalf("%s: %v", system, err)
			}
			return res.Average + " " + res.Proposal + " " + strings.Join(res.Steps, " ")
		}
		if a, b := answer(alias), answer(ids[alias]); a != b {
			t.Errorf("%s answers %q, %s %q", alias, a, ids[alias], b)
		}
	}
	for _, id := range []string{"noten", "noten-dezimal"} {
		input := `{"system": "` + id + `", "tendency": "1/3", "categories": [{"name": "s", "grades": ["2-", "2,3"]}]}`
		if _, err := systems.Run([]byte(input)); err != nil {
			t.Errorf("%s: %v", id, err)
		}
	}
	for _, refused := range []string{"DE", "Noten", "", "noten-plus-minus "} {
		if _, err := systems.Run([]byte(`{"system": "` + refused + `", "categories": []}`)); err == nil {
			t.Errorf("system %q accepted", refused)
		}
	}
}
