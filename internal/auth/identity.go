package auth

import (
	"context"
	"errors"
	"slices"

	"github.com/notenrechner/notenrechner/internal/sso"
	"github.com/notenrechner/notenrechner/internal/store"
)

// Refusals of a verified identity that maps to no account.
var (
	// ErrEmailUnverified: no email, or one the provider has not verified.
	ErrEmailUnverified = errors.New("auth: the provider sent no verified email")
	// ErrEmailRefused: the email holds a character CheckEmail refuses (the
	// Kelvin sign, a bidi control).
	ErrEmailRefused = errors.New("auth: the provider's email holds a refused character")
	// ErrEmailConflict: no account has the email, another has it in another
	// spelling (strasse@ for straße@).
	ErrEmailConflict = errors.New("auth: the provider's email is another account's in another spelling")
	// ErrDomain: the email is outside SSO.AllowedDomains.
	ErrDomain = errors.New("auth: the provider's email is outside the allowed domains")
	// ErrNoAccount: no account has the email (role mapping by email).
	ErrNoAccount = errors.New("auth: no account with the provider's email")
	// ErrNoGroup: in neither SSO.AdminGroup nor SSO.UserGroup.
	ErrNoGroup = errors.New("auth: in none of the provider's groups that give a role")
	// ErrOtherSchool: at a provider several schools share, the school claim
	// is missing or names other schools only.
	ErrOtherSchool = errors.New("auth: the provider's school claim does not name this school")
	// ErrLinkedElsewhere: the account belongs to another person at the provider.
	ErrLinkedElsewhere = errors.New("auth: the account is linked to another person at the provider")
)

// identityAccount maps a verified identity to the account it signs in to
// (docs/decisions.md, "Role mapping"):
//
//   - at a provider several schools share (SSO.School), the school claim
//     must name this school, before anything else is looked at;
//   - the email must be there, verified by the provider, acceptable as
//     sent (CheckEmail: no invisible characters, none that lower-casing
//     turns into another letter, such as the Kelvin sign) and, when
//     --oidc-allowed-domains is set, in one of those domains;
//   - the account linked to the identity (issuer and subject) is found
//     first, so a changed email at the provider still finds it, and the
//     account takes the new email (followEmail);
//   - otherwise the account with the same email, which is then linked;
//     one already linked to another person at this provider is refused,
//     and so is an email that only another account's spelling matches
//     (SameEmail: "straße@" when "strasse@" exists), which may be
//     another mailbox: neither linked nor created beside it;
//   - without group mapping that is all: no account, no sign-in, and the
//     role stays as set in Konten;
//   - with --oidc-admin-group / --oidc-user-group the groups decide the
//     role on every sign-in, an account is created when there is none, and
//     a person in neither group is refused.
func (s *SignIn) identityAccount(ctx context.Context, id sso.Identity) (store.User, error) {
	email := NormalizeEmail(id.Email)
	switch {
	case s.sso.School != "" && !slices.Contains(id.Schools, s.sso.School):
		return store.User{}, ErrOtherSchool
	case email == "" || !id.EmailVerified:
		return store.User{}, ErrEmailUnverified
	case EmailCharsRefused(id.Email): // judged as sent: normalized, the Kelvin sign is a "k"
		return store.User{}, ErrEmailRefused
	case CheckEmail(id.Email) != "":
		return store.User{}, ErrEmailUnverified
	case len(s.sso.AllowedDomains) > 0 && !slices.Contains(s.sso.AllowedDomains, sso.DomainOf(email)):
		return store.User{}, ErrDomain
	}
	role, byGroups := s.sso.role(id.Groups)
	if byGroups && role == "" {
		return store.User{}, ErrNoGroup
	}
	u, err := s.store.UserBySubject(ctx, id.Issuer, id.Subject)
	switch {
	case errors.Is(err, store.ErrNotFound):
		u, err = s.link(ctx, id, email, byGroups, role)
	case err == nil:
		u, err = s.followEmail(ctx, u, email)
	}
	if err != nil {
		return store.User{}, err
	}
	if byGroups && u.Role != role {
		changed, err := s.store.SetRole(ctx, u.ID, role)
		if errors.Is(err, store.ErrLastAdmin) {
			// The provider would demote the last admin: keep it, so the school
			// is never locked out of its configuration by a group change.
			s.logger.Warn("the identity provider's groups would demote the last admin; the role stays", "user", u.ID)
			return u, nil
		}
		if err != nil {
			return store.User{}, err
		}
		u = changed
	}
	return u, nil
}

// role is the role the groups give; byGroups is false when no group is
// configured (the account's own role counts).
func (c *SSO) role(groups []string) (role store.Role, byGroups bool) {
	if c.AdminGroup == "" && c.UserGroup == "" {
		return "", false
	}
	switch {
	case sso.GroupsContain(groups, c.AdminGroup):
		return store.RoleAdmin, true
	case sso.GroupsContain(groups, c.UserGroup):
		return store.RoleUser, true
	}
	return "", true
}

// link finds the account by email and links it to the identity, or (with
// group mapping) creates it. An account whose email is only the same after
// case folding is neither: the log names it by number, never by email.
func (s *SignIn) link(ctx context.Context, id sso.Identity, email string, create bool, role store.Role) (store.User, error) {
	u, err := s.store.UserByEmail(ctx, email)
	if errors.Is(err, store.ErrNotFound) {
		var other int64
		if other, err = emailOwner(ctx, s.store, email, 0); err != nil {
			return store.User{}, err
		}
		switch {
		case other != 0:
			s.logger.Warn("the identity provider's email is another account's in another spelling; not linked, not created", "other", other)
			return store.User{}, ErrEmailConflict
		case !create:
			return store.User{}, ErrNoAccount
		}
		u, err = s.store.CreateUser(ctx, store.User{Email: email, Role: role, CreatedAt: s.now()})
		if errors.Is(err, store.ErrEmailTaken) { // created by a sign-in at the same moment
			u, err = s.store.UserByEmail(ctx, email)
		}
	}
	if err != nil {
		return store.User{}, err
	}
	if u.OIDCSubject != "" && u.OIDCIssuer == id.Issuer && u.OIDCSubject != id.Subject {
		return store.User{}, ErrLinkedElsewhere
	}
	u, err = s.store.LinkSubject(ctx, u.ID, id.Issuer, id.Subject)
	if errors.Is(err, store.ErrSubjectTaken) {
		return store.User{}, ErrLinkedElsewhere
	}
	return u, err
}

// followEmail gives a linked account the verified email its person now
// has at the provider, so that Konten, the history and the password form
// know the person by the address the school uses. When another account has
// that email (the same after Unicode case folding), the account keeps its
// own and the sign-in goes on: the person is who the link says, and merging
// two accounts is an admin's decision. The log names accounts by number,
// never by email.
func (s *SignIn) followEmail(ctx context.Context, u store.User, email string) (store.User, error) {
	if u.Email == email {
		return u, nil
	}
	other, err := emailOwner(ctx, s.store, email, u.ID)
	if err != nil {
		return store.User{}, err
	}
	if other == 0 {
		changed, err := s.store.SetEmail(ctx, u.ID, email)
		switch {
		case err == nil:
			s.logger.Info("email of an account follows the identity provider", "user", u.ID)
			return changed, nil
		case !errors.Is(err, store.ErrEmailTaken): // taken meanwhile (an account just added): as below
			return store.User{}, err
		}
	}
	s.logger.Warn("the identity provider gives a linked account the email of another account; the account keeps its own",
		"user", u.ID, "other", other)
	return u, nil
}
