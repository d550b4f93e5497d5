package main

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/notenrechner/notenrechner/internal/grading"
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
			Rule                         *grading.FehlerRule // a school's rule: reached through a stored scale
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
	dir := t.TempDir()
	db := "sqlite:" + filepath.Join(dir, "n.db")
	for _, c := range file.Cases {
		t.Run(c.Name, func(t *testing.T) {
			args := []string{"fehlerquotient", "--woerter", c.Woerter, "--fehler", c.Fehler}
			if c.Regel != "" {
				args = append(args, "--regel", c.Regel)
			}
			if c.Rule != nil {
				storeSchoolRule(t, dir, db, *c.Rule)
				args = append(args, "--scale", "deutsch", "--db", db)
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

// storeSchoolRule saves a scale "deutsch" whose conversion is the school's own rule r.
func storeSchoolRule(t *testing.T, dir, db string, r grading.FehlerRule) {
	t.Helper()
	c := grading.Default()
	c.Fehler = grading.FehlerSetting{Name: r.Name, Unit: r.Unit, Max: r.Max, MinWords: r.MinWords}
	c.Fehler.Count = copy(c.Fehler.Steps[:], r.Steps)
	importScale(t, dir, db, "deutsch", c)
}

func importScale(t *testing.T, dir, db, slug string, c grading.Config) {
	t.Helper()
	doc, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	in := writeFile(t, dir, slug+".json", string(doc))
	if out, errOut, err := runCmd(t, "config", "import", "--db", db, "--scale", slug, in); err != nil {
		t.Fatalf("import = %q, %v (%s)", out, err, errOut)
	}
}

// --scale computes with the conversion the stored scale names, or none; it goes with --regel never.
func TestFehlerquotientOfAStoredScale(t *testing.T) {
	dir := t.TempDir()
	db := "sqlite:" + filepath.Join(dir, "n.db")
	hessen := grading.Default()
	hessen.Fehler = grading.FehlerSetting{Preset: "hessen-oberstufe"}
	importScale(t, dir, db, "oberstufe", hessen)
	importScale(t, dir, db, "ohne", grading.Default())
	fq := func(args ...string) (string, error) {
		out, _, err := runCmd(t, append([]string{"fehlerquotient", "--woerter", "350", "--fehler", "10,5", "--db", db}, args...)...)
		return out, err
	}
	if out, err := fq("--scale", "oberstufe"); err != nil || !strings.Contains(out, `"regel":"hessen-oberstufe","abzug":1`) {
		t.Errorf("the scale's published rule: %q, %v", out, err)
	}
	if out, err := fq("--scale", "ohne"); err != nil || !strings.HasPrefix(out, `{"quotient":"3,00"`) || strings.Contains(out, "abzug") {
		t.Errorf("a scale without a conversion: %q, %v", out, err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--scale", "oberstufe", "--regel", "hessen-oberstufe"}, "--regel und --scale zusammen"},
		{[]string{"--scale", "Ober Stufe"}, "--scale:"},
		{[]string{"--scale", "fehlt"}, `den Notenschlüssel "fehlt" gibt es nicht`},
	} {
		if _, err := fq(c.args...); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want %q", c.args, err, c.want)
		}
	}
}
