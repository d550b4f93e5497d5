package sso

import (
	"encoding/json"
	"slices"
	"testing"
)

func TestClaimsFill(t *testing.T) {
	for _, c := range []struct {
		name         string
		json         string
		start        Identity
		wantEmail    string
		wantVerified bool
		wantGroups   []string
	}{
		{"verified", `{"email":"a@schule.de","email_verified":true}`, Identity{}, "a@schule.de", true, nil},
		{"not verified", `{"email":"a@schule.de","email_verified":false}`, Identity{}, "a@schule.de", false, nil},
		{"verified as a string", `{"email":"a@schule.de","email_verified":"true"}`, Identity{}, "a@schule.de", true, nil},
		{"no claim says verified", `{"email":"a@schule.de"}`, Identity{}, "a@schule.de", false, nil},
		{"Entra: xms_edov instead", `{"email":"a@schule.de","xms_edov":true}`, Identity{}, "a@schule.de", true, nil},
		{"email_verified false beats xms_edov", `{"email":"a@schule.de","email_verified":false,"xms_edov":true}`, Identity{}, "a@schule.de", false, nil},
		{"email of another type", `{"email":42,"email_verified":true}`, Identity{}, "", false, nil},
		{"the ID token's email stays", `{"email":"b@schule.de","email_verified":false}`, Identity{Email: "a@schule.de", EmailVerified: true}, "a@schule.de", true, nil},
		{"groups as a list", `{"groups":["x","y"]}`, Identity{}, "", false, []string{"x", "y"}},
		{"one group as a string", `{"groups":"x"}`, Identity{}, "", false, []string{"x"}},
		{"no groups", `{"groups":[]}`, Identity{}, "", false, []string{}},
		{"groups of another type", `{"groups":{"x":1}}`, Identity{}, "", false, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			var cl claims
			if err := json.Unmarshal([]byte(c.json), &cl); err != nil {
				t.Fatal(err)
			}
			id := c.start
			cl.fill(&id, "groups", "")
			if id.Email != c.wantEmail || id.EmailVerified != c.wantVerified || !slices.Equal(id.Groups, c.wantGroups) ||
				(c.wantGroups != nil) != (id.Groups != nil) {
				t.Fatalf("got %q %v %#v, want %q %v %#v", id.Email, id.EmailVerified, id.Groups, c.wantEmail, c.wantVerified, c.wantGroups)
			}
		})
	}
}

// TestClaimsFillSchools: the school claim of a shared provider is read as the groups are, one
// value or a list (a teacher at two schools), and only when it is asked for.
func TestClaimsFillSchools(t *testing.T) {
	for _, c := range []struct {
		name, json, claim string
		want              []string
	}{
		{"one school", `{"school":"gs-nord"}`, "school", []string{"gs-nord"}},
		{"two schools", `{"school":["gs-nord","gs-sued"]}`, "school", []string{"gs-nord", "gs-sued"}},
		{"no claim", `{"email":"a@schule.de"}`, "school", nil},
		{"another type", `{"school":7}`, "school", nil},
		{"not asked for", `{"school":"gs-nord"}`, "", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			var cl claims
			if err := json.Unmarshal([]byte(c.json), &cl); err != nil {
				t.Fatal(err)
			}
			var id Identity
			cl.fill(&id, "", c.claim)
			if !slices.Equal(id.Schools, c.want) || (c.want == nil) != (id.Schools == nil) {
				t.Fatalf("schools %#v, want %#v", id.Schools, c.want)
			}
		})
	}
}

func TestDomainOf(t *testing.T) {
	for in, want := range map[string]string{"a@Schule.DE": "schule.de", "a@b@c.de": "c.de", "kein-at": ""} {
		if got := DomainOf(in); got != want {
			t.Errorf("DomainOf(%q) = %q, want %q", in, got, want)
		}
	}
}
