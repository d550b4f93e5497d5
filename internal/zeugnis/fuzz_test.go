package zeugnis

import (
	"errors"
	"math/big"
	"strings"
	"testing"
	"unicode/utf8"
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
	f.Fuzz(func(t *testing.T, data []byte) {
		res, err := Run(data)
		if err != nil {
			var e *Error
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
		if _, err := Run([]byte(data)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	// at the limits: accepted
	ok := `{"system": "de", "categories": [{"name": "x", "grades": [` + strings.Repeat(`"2",`, 499) + `"3"]}]}`
	if res, err := Run([]byte(ok)); err != nil || res.Average != "2,00" {
		t.Errorf("500 grades: %+v, %v", res, err)
	}
}

// TestProposeClamps: no valid grade averages below 0,66 in de, so the clamp of
// docs/spec.md §9 cannot show in the vectors; it is checked on propose itself.
func TestProposeClamps(t *testing.T) {
	de, _ := systemRules(SystemDE)
	np, _ := systemRules(SystemNP)
	for _, tc := range []struct {
		r    rules
		cut  *big.Rat
		want string
	}{
		{de, big.NewRat(40, 100), "1"},  // nearest whole is 0
		{de, big.NewRat(670, 100), "6"}, // nearest whole is 7
		{np, big.NewRat(1560, 100), "15"},
	} {
		got, _, steps := propose(tc.cut, tc.r, false)
		if decimal(got) != tc.want || !strings.Contains(strings.Join(steps, " "), "außerhalb") {
			t.Errorf("propose(%s) = %s %q, want %s", fixedTwo(tc.cut), decimal(got), steps, tc.want)
		}
	}
}
