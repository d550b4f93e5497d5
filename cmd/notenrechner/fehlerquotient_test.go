package main

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFehlerquotientCommandAsTheVectorsSay: for every case of testdata/grading/fehlerquotient.json the
// command prints the expected result as one line of JSON, or refuses with status 2 and each field's message.
func TestFehlerquotientCommandAsTheVectorsSay(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(repoRoot, "testdata", "grading", "fehlerquotient.json"))
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Cases []struct {
			Name, Woerter, Fehler, Regel string
			Result                       json.RawMessage
			Errors                       map[string]string
		}
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	if len(file.Cases) < 50 {
		t.Fatalf("only %d cases", len(file.Cases))
	}
	for _, c := range file.Cases {
		t.Run(c.Name, func(t *testing.T) {
			args := []string{"fehlerquotient", "--woerter", c.Woerter, "--fehler", c.Fehler}
			if c.Regel != "" {
				args = append(args, "--regel", c.Regel)
			}
			out, _, err := runCmd(t, args...)
			if c.Errors != nil {
				if !errors.Is(err, errUsage) {
					t.Fatalf("err = %v, want a refusal with status 2", err)
				}
				for field, msg := range c.Errors {
					if !strings.Contains(err.Error(), "--"+field+": "+msg) {
						t.Errorf("message %q lacks --%s: %s", err, field, msg)
					}
				}
				if out != "" {
					t.Errorf("printed %q on refusal", out)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var got, want any
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatalf("output %q: %v", out, err)
			}
			_ = json.Unmarshal(c.Result, &want)
			gotBytes, _ := json.Marshal(got)
			wantBytes, _ := json.Marshal(want)
			if string(gotBytes) != string(wantBytes) || !strings.HasSuffix(out, "}\n") {
				t.Fatalf("printed %s\nwant    %s", out, c.Result)
			}
		})
	}
}

func TestFehlerquotientCommandLine(t *testing.T) {
	out, _, err := runCmd(t, "fehlerquotient", "--woerter", "350", "--fehler", "10,5", "--regel", "hessen-oberstufe")
	if err != nil || !strings.HasPrefix(out, `{"quotient":"3,00",`) || !strings.Contains(out, `"abzug":1`) {
		t.Errorf("the example: %q, %v", out, err)
	}
	out, _, err = runCmd(t, "fehlerquotient", "--woerter", "350", "--fehler", "10,5")
	if err != nil || strings.Contains(out, "abzug") {
		t.Errorf("without a rule: %q, %v", out, err)
	}
	for _, args := range [][]string{
		{"fehlerquotient", "--woerter", "350", "--fehler", "1", "extra"},
		{"fehlerquotient", "--woerte", "350"},
		{"fehlerquotient"},
	} {
		if _, _, err := runCmd(t, args...); !errors.Is(err, errUsage) {
			t.Errorf("%v: err = %v, want status 2", args, err)
		}
	}
	if out, _, err := runCmd(t, "fehlerquotient", "--help"); err != nil || !strings.Contains(out, "Aufruf: notenrechner fehlerquotient") {
		t.Errorf("--help: %q, %v", out, err)
	}
	if out, _, _ := runCmd(t, "help"); !strings.Contains(out, "notenrechner fehlerquotient") {
		t.Error("the command list does not name fehlerquotient")
	}
}
