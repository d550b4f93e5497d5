package web_test

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/notenrechner/notenrechner/internal/grading"
)

// The documents the admin's "Knickpunkt" rule makes (src/features/admin/knickpunkt-cases.json,
// whose rules knickpunkt.test.ts checks against the TypeScript generator) must be documents the
// server accepts: the generator fills the form, and "Speichern" sends what it filled.
func TestKnickpunktDocumentsAreValidConfigs(t *testing.T) {
	data, err := os.ReadFile("src/features/admin/knickpunkt-cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Cases []struct {
			Name   string          `json:"name"`
			Config json.RawMessage `json:"config"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	if len(file.Cases) < 5 {
		t.Fatalf("knickpunkt-cases.json has %d cases, want at least 5", len(file.Cases))
	}
	for _, c := range file.Cases {
		t.Run(c.Name, func(t *testing.T) {
			cfg, err := grading.ParseConfig(c.Config)
			if err != nil {
				t.Fatalf("ParseConfig: %v", err)
			}
			if err := cfg.Validate(); err != nil {
				t.Fatalf("Validate: %v", err)
			}
		})
	}
}
