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
