package grading

import (
	"encoding/json"
	"errors"
	"math/big"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// inputSyntax is the grammar of docs/decisions.md ("Input syntax"), written independently of ParseNumber's hand-made scanner.
var inputSyntax = regexp.MustCompile(`^[+-]?([0-9]+([.,][0-9]*)?|[.,][0-9]+)$`)

func FuzzParseNumber(f *testing.F) {
	var file struct {
		Cases []struct{ Total, Achieved string }
	}
	readVectors(f, "cases.json", &file)
	for _, c := range file.Cases {
		f.Add(c.Total, c.Achieved)
	}
	k := Default().Key()
	f.Fuzz(func(t *testing.T, total, achieved string) {
		usable := true
		for _, s := range []string{total, achieved} {
			got, ok := ParseNumber(s)
			trimmed := strings.TrimSpace(s)
			want := len(trimmed) <= maxNumberLen && inputSyntax.MatchString(trimmed)
			if ok != want {
				t.Fatalf("ParseNumber(%q) ok = %v, want %v", s, ok, want)
			}
			if ok && got.Cmp(referenceValue(t, trimmed)) != 0 {
				t.Fatalf("ParseNumber(%q) = %v, want %v", s, got, referenceValue(t, trimmed))
			}
			usable = usable && ok && got.Sign() != 0
		}
		r := k.Calculate(total, achieved)
		if r.Percentage == "" || r.Grade == "" {
			if usable || r != (Result{}) {
				t.Fatalf("Calculate(%q, %q) = %+v, want both outputs or neither (usable inputs: %v)", total, achieved, r, usable)
			}
		} else if !usable {
			t.Fatalf("Calculate(%q, %q) = %+v, want cleared", total, achieved, r)
		}
	})
}

// referenceValue reads an accepted input through big.Rat.SetString, after spelling it as the plain
// decimal that SetString understands ("12," → "12.0", ",5" → "0.5").
func referenceValue(t *testing.T, s string) *big.Rat {
	t.Helper()
	sign := ""
	if s[0] == '+' || s[0] == '-' {
		sign, s = s[:1], s[1:]
	}
	s = strings.Replace(s, ",", ".", 1)
	if strings.HasPrefix(s, ".") {
		s = "0" + s
	}
	if strings.HasSuffix(s, ".") {
		s += "0"
	}
	r, ok := new(big.Rat).SetString(sign + s)
	if !ok {
		t.Fatalf("reference parse of %q failed", sign+s)
	}
	return r
}

func FuzzParseConfig(f *testing.F) {
	for _, name := range []string{"standard", "fractional", "extreme"} {
		data, err := os.ReadFile(filepath.Join(vectorDir, "configs", name+".json"))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	var file struct {
		Cases []struct{ Document json.RawMessage }
	}
	for _, name := range []string{"invalid-configs.json", "alias-configs.json"} {
		readVectors(f, name, &file)
		for _, c := range file.Cases {
			f.Add([]byte(c.Document))
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := ParseConfig(data)
		if err != nil {
			var ve *ValidationError
			switch {
			case errors.As(err, &ve):
				if len(ve.Fields) == 0 {
					t.Fatal("a *ValidationError without fields")
				}
				for path, msg := range ve.Fields {
					if msg == "" {
						t.Fatalf("field %q has no message", path)
					}
				}
			case !errors.Is(err, ErrMalformed):
				t.Fatalf("ParseConfig error %v is neither *ValidationError nor ErrMalformed", err)
			}
			return
		}
		if err := c.Validate(); err != nil {
			t.Fatalf("ParseConfig accepted %q, Validate says %v", data, err)
		}
		out, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		again, err := ParseConfig(out)
		if err != nil || again != c {
			t.Fatalf("Marshal→Parse of %q = %+v, %v; want %+v", out, again, err, c)
		}
		if len(c.Key().Bands) != 16 {
			t.Fatal("the key does not have 16 bands")
		}
	})
}
