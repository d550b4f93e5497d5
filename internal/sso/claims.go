package sso

import (
	"encoding/json"
	"strings"
)

// claims are the members of an ID token or userinfo answer this package
// reads, kept raw because providers disagree on their types.
type claims map[string]json.RawMessage

func (c *claims) UnmarshalJSON(b []byte) error {
	m := map[string]json.RawMessage{}
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	*c = m
	return nil
}

// AuthorizedParty is azp.
func (c claims) AuthorizedParty() string { return c.str("azp") }

// fill sets what id still lacks: the email with whether it is verified,
// the groups and the schools. An email counts as verified when email_verified is true
// (a boolean, or the string "true" some providers send); when the claim is
// absent, Microsoft Entra ID's xms_edov (the domain owner verified it)
// counts instead, since Entra never sends email_verified.
func (c claims) fill(id *Identity, groupsClaim, schoolClaim string) {
	if id.Email == "" {
		if email := c.str("email"); email != "" {
			id.Email = email
			if _, ok := c["email_verified"]; ok {
				id.EmailVerified = c.boolean("email_verified")
			} else {
				id.EmailVerified = c.boolean("xms_edov")
			}
		}
	}
	if groupsClaim != "" && id.Groups == nil {
		id.Groups = c.strings(groupsClaim)
	}
	if schoolClaim != "" && id.Schools == nil {
		id.Schools = c.strings(schoolClaim)
	}
}

func (c claims) str(name string) string {
	var s string
	if json.Unmarshal(c[name], &s) != nil {
		return ""
	}
	return s
}

func (c claims) boolean(name string) bool {
	var b bool
	if json.Unmarshal(c[name], &b) == nil {
		return b
	}
	return strings.EqualFold(c.str(name), "true")
}

// strings reads a list of strings, or one string (some providers send a
// single group that way); nil when the claim is absent or of another type.
func (c claims) strings(name string) []string {
	var list []string
	if json.Unmarshal(c[name], &list) == nil && list != nil {
		return list
	}
	if s := c.str(name); s != "" {
		return []string{s}
	}
	return nil
}
