package auth

import (
	"context"
	"errors"
	"net/netip"
	"net/url"
	"strings"

	"github.com/notenrechner/notenrechner/internal/store"
)

// The one-time links set the first password of an account: the setup link
// that `serve` logs while there is no admin, and the invitation an admin
// makes in Konten. Only the hash of a link's token is stored (NewToken).

// Link is BASE/admin?KIND=TOKEN, the form of every one-time link: the page
// of the sign-in card reads it.
func Link(base *url.URL, kind store.TokenKind, token string) string {
	u := *base
	u.Path = "/admin"
	u.RawQuery = url.Values{string(kind): {token}}.Encode()
	return u.String()
}

// IsLocalURL reports whether links built on base point to this machine only
// (no --base-url set, or a loopback one): a colleague cannot open them.
func IsLocalURL(base *url.URL) bool {
	host := base.Hostname()
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	ip, err := netip.ParseAddr(host)
	return err == nil && (ip.IsLoopback() || ip.IsUnspecified())
}

// CheckSetup tells the setup page whether its link still works.
func (s *SignIn) CheckSetup(ctx context.Context, token string) error {
	_, err := s.store.ValidToken(ctx, store.TokenSetup, HashToken(token), s.now())
	if errors.Is(err, store.ErrNotFound) {
		return ErrSetupInvalid
	}
	return err
}

// Setup creates the first admin through the setup link, with the rules of
// every new account (CheckEmail as typed, CheckPassword, EmailInUse). The
// caller starts the session. With password sign-in off it sets no
// password: serve logs no link then.
func (s *SignIn) Setup(ctx context.Context, token, typed, password string) (store.User, error) {
	if s.passwordOff {
		return store.User{}, ErrPasswordOff
	}
	email := NormalizeEmail(typed)
	if err := inputError(map[string]string{"email": CheckEmail(typed), "password": CheckPassword(password)}); err != nil {
		return store.User{}, err
	}
	tokenHash := HashToken(token)
	hash, err := s.hashForLink(ctx, store.TokenSetup, tokenHash, password)
	if err == nil {
		err = s.refuseEmailInUse(ctx, email)
	}
	var u store.User
	if err == nil {
		now := s.now()
		u, err = s.store.CreateFirstAdmin(ctx, tokenHash, store.User{Email: email, PasswordHash: hash, CreatedAt: now}, now)
	}
	if errors.Is(err, store.ErrNotFound) {
		err = ErrSetupInvalid
	}
	if err != nil {
		return store.User{}, err
	}
	s.logger.Info("first admin created through the setup link", "email", u.Email)
	return u, nil
}

// Invitation is the account an invitation link sets the password of, for
// the page to show its email.
func (s *SignIn) Invitation(ctx context.Context, token string) (store.User, error) {
	t, err := s.store.ValidToken(ctx, store.TokenInvite, HashToken(token), s.now())
	var u store.User
	if err == nil {
		u, err = s.store.UserByID(ctx, t.UserID)
	}
	if errors.Is(err, store.ErrNotFound) {
		err = ErrInviteInvalid
	}
	return u, err
}

// AcceptInvite sets the password of an invited account, once; the caller
// starts the session. With password sign-in off it sets none: the invited
// person signs in at the identity provider with the invitation's email,
// which links the account (Provider), and the page says so.
func (s *SignIn) AcceptInvite(ctx context.Context, token, password string) (store.User, error) {
	if s.passwordOff {
		return store.User{}, ErrPasswordOff
	}
	if err := inputError(map[string]string{"password": CheckPassword(password)}); err != nil {
		return store.User{}, err
	}
	tokenHash := HashToken(token)
	hash, err := s.hashForLink(ctx, store.TokenInvite, tokenHash, password)
	var u store.User
	if err == nil {
		u, err = s.store.AcceptInvite(ctx, tokenHash, hash, s.now())
	}
	if errors.Is(err, store.ErrNotFound) {
		err = ErrInviteInvalid
	}
	return u, err
}

// hashForLink hashes the password of a one-time link page, but only for a
// link that is valid: nobody can make the server do argon2id work with a
// made-up token. The store checks the token again when it uses it.
func (s *SignIn) hashForLink(ctx context.Context, kind store.TokenKind, tokenHash, password string) (string, error) {
	if _, err := s.store.ValidToken(ctx, kind, tokenHash, s.now()); err != nil {
		return "", err
	}
	var hash string
	err := s.gate.Do(ctx, func() error {
		var err error
		hash, err = s.hasher.Hash(password)
		return err
	})
	return hash, err
}

func (s *SignIn) refuseEmailInUse(ctx context.Context, email string) error {
	taken, err := EmailInUse(ctx, s.store, email)
	if err == nil && taken {
		err = ErrEmailTaken
	}
	return err
}
