package auth

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// The vectors in testdata/auth are read by the web client's tests too; these tests prove that the
// Go rules agree with them. The client skips the cases marked commonList, as it has no list.

const vectorDir = "../../testdata/auth"

func readVectors(t *testing.T, name string, v any) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(vectorDir, name))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

func TestPasswordVectors(t *testing.T) {
	var file struct {
		Cases []struct {
			Name       string `json:"name"`
			Password   string `json:"password"`
			Message    string `json:"message"`
			CommonList bool   `json:"commonList"`
		} `json:"cases"`
	}
	readVectors(t, "passwords.json", &file)
	if len(file.Cases) == 0 {
		t.Fatal("no cases")
	}
	for _, c := range file.Cases {
		t.Run(c.Name, func(t *testing.T) {
			if got := CheckPassword(c.Password); got != c.Message {
				t.Errorf("CheckPassword(%q) = %q, want %q", c.Password, got, c.Message)
			}
			if c.CommonList != (c.Message == msgPasswordCommon) {
				t.Errorf("commonList is %v but the message is %q", c.CommonList, c.Message)
			}
		})
	}
}

func TestEmailVectors(t *testing.T) {
	var file struct {
		Cases []struct {
			Name       string `json:"name"`
			Email      string `json:"email"`
			Normalized string `json:"normalized"`
			Message    string `json:"message"`
		} `json:"cases"`
	}
	readVectors(t, "emails.json", &file)
	if len(file.Cases) == 0 {
		t.Fatal("no cases")
	}
	for _, c := range file.Cases {
		t.Run(c.Name, func(t *testing.T) {
			if got := NormalizeEmail(c.Email); got != c.Normalized {
				t.Errorf("NormalizeEmail(%q) = %q, want %q", c.Email, got, c.Normalized)
			}
			if got := CheckEmail(c.Email); got != c.Message {
				t.Errorf("CheckEmail(%q) = %q, want %q", c.Email, got, c.Message)
			}
		})
	}
}
