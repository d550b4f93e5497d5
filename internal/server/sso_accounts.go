package server

import (
	"context"
	"errors"
	"log/slog"
	"slices"
	"time"

	"github.com/notenrechner/notenrechner/internal/auth"
	"github.com/notenrechner/notenrechner/internal/sso"
	"github.com/notenrechner/notenrechner/internal/store"
)

// ssoAccount maps a verified identity to the account it signs in to
// (docs/decisions.md, "Role mapping"):
//
//   - the email must be there, verified by the provider, acceptable as
//     sent (auth.CheckEmail: no invisible characters, none that
//     lower-casing turns into another letter, such as the Kelvin sign) and,
//     when --oidc-allowed-domains is set, in one of those domains;
//   - the account linked to the identity (issuer and subject) is found
//     first, so a changed email at the provider still finds it, and the
//     account takes the new email (ssoFollowEmail);
//   - otherwise the account with the same email, which is then linked;
//     one already linked to another person at this provider is refused,
//     and so is an email that only another account's spelling matches
//     (auth.SameEmail: "straße@" when "strasse@" exists), which may be
//     another mailbox: neither linked nor created beside it;
//   - without group mapping that is all: no account, no sign-in, and the
//     role stays as set in Konten;
//   - with --oidc-admin-group / --oidc-user-group the groups decide the
//     role on every sign-in, an account is created when there is none, and
//     a person in neither group is refused.
func ssoAccount(ctx context.Context, logger *slog.Logger, users store.Store, s *SSO, id sso.Identity, now time.Time) (store.User, error) {
	email := auth.NormalizeEmail(id.Email)
	switch {
	case email == "" || !id.EmailVerified:
		return store.User{}, ssoEmailUnverified
	case auth.EmailCharsRefused(id.Email): // judged as sent: normalized, the Kelvin sign is a "k"
		return store.User{}, ssoEmailRefused
	case auth.CheckEmail(id.Email) != "":
		return store.User{}, ssoEmailUnverified
	case len(s.AllowedDomains) > 0 && !slices.Contains(s.AllowedDomains, sso.DomainOf(email)):
		return store.User{}, ssoDomain
	}
	role, byGroups := ssoRole(s, id.Groups)
	if byGroups && role == "" {
		return store.User{}, ssoNoGroup
	}
	u, err := users.UserBySubject(ctx, id.Issuer, id.Subject)
	switch {
	case errors.Is(err, store.ErrNotFound):
		u, err = ssoLink(ctx, logger, users, id, email, byGroups, role, now)
	case err == nil:
		u, err = ssoFollowEmail(ctx, logger, users, u, email)
	}
	if err != nil {
		return store.User{}, err
	}
	if byGroups && u.Role != role {
		changed, err := users.SetRole(ctx, u.ID, role)
		if errors.Is(err, store.ErrLastAdmin) {
			// The provider would demote the last admin: keep it, so the school
			// is never locked out of its configuration by a group change.
			logger.Warn("the identity provider's groups would demote the last admin; the role stays", "user", u.ID)
			return u, nil
		}
		if err != nil {
			return store.User{}, err
		}
		u = changed
	}
	return u, nil
}

// ssoRole is the role the groups give; byGroups is false when no group is
// configured (the account's own role counts).
func ssoRole(s *SSO, groups []string) (role store.Role, byGroups bool) {
	if s.AdminGroup == "" && s.UserGroup == "" {
		return "", false
	}
	switch {
	case sso.GroupsContain(groups, s.AdminGroup):
		return store.RoleAdmin, true
	case sso.GroupsContain(groups, s.UserGroup):
		return store.RoleUser, true
	}
	return "", true
}

// ssoLink finds the account by email and links it to the identity, or (with
// group mapping) creates it. An account whose email is only the same after
// case folding is neither: the log names it by number, never by email.
func ssoLink(ctx context.Context, logger *slog.Logger, users store.Store, id sso.Identity, email string, create bool, role store.Role, now time.Time) (store.User, error) {
	u, err := users.UserByEmail(ctx, email)
	if errors.Is(err, store.ErrNotFound) {
		var other int64
		if other, err = emailOwner(ctx, users, email, 0); err != nil {
			return store.User{}, err
		}
		switch {
		case other != 0:
			logger.Warn("the identity provider's email is another account's in another spelling; not linked, not created", "other", other)
			return store.User{}, ssoEmailConflict
		case !create:
			return store.User{}, ssoNoAccount
		}
		u, err = users.CreateUser(ctx, store.User{Email: email, Role: role, CreatedAt: now})
		if errors.Is(err, store.ErrEmailTaken) { // created by a sign-in at the same moment
			u, err = users.UserByEmail(ctx, email)
		}
	}
	if err != nil {
		return store.User{}, err
	}
	if u.OIDCSubject != "" && u.OIDCIssuer == id.Issuer && u.OIDCSubject != id.Subject {
		return store.User{}, ssoLinkedElsewhere
	}
	u, err = users.LinkSubject(ctx, u.ID, id.Issuer, id.Subject)
	if errors.Is(err, store.ErrSubjectTaken) {
		return store.User{}, ssoLinkedElsewhere
	}
	return u, err
}

// ssoFollowEmail gives a linked account the verified email its person now
// has at the provider, so that Konten, the history and the password form
// know the person by the address the school uses. When another account has
// that email (the same after Unicode case folding), the account keeps its
// own and the sign-in goes on: the person is who the link says, and merging
// two accounts is an admin's decision. The log names accounts by number,
// never by email.
func ssoFollowEmail(ctx context.Context, logger *slog.Logger, users store.UserStore, u store.User, email string) (store.User, error) {
	if u.Email == email {
		return u, nil
	}
	other, err := emailOwner(ctx, users, email, u.ID)
	if err != nil {
		return store.User{}, err
	}
	if other == 0 {
		changed, err := users.SetEmail(ctx, u.ID, email)
		switch {
		case err == nil:
			logger.Info("email of an account follows the identity provider", "user", u.ID)
			return changed, nil
		case !errors.Is(err, store.ErrEmailTaken): // taken meanwhile (an account just added): as below
			return store.User{}, err
		}
	}
	logger.Warn("the identity provider gives a linked account the email of another account; the account keeps its own",
		"user", u.ID, "other", other)
	return u, nil
}
