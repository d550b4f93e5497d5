package auth

import (
	"context"
	"errors"

	"github.com/notenrechner/notenrechner/internal/store"
)

// Messages at the fields of the password forms.
const (
	msgRequired           = "Pflichtfeld."
	msgWrongPassword      = "Das aktuelle Passwort ist falsch."
	msgNoPasswordToChange = "Dieses Konto hat kein Passwort; es meldet sich beim Identitätsanbieter an."
)

func required(v string) string {
	if v == "" {
		return msgRequired
	}
	return ""
}

// Password signs in with an email, as typed, and a password from the
// client address addr. A wrong email and a wrong password give the same
// answer (ErrBadCredentials) after the same work, one argon2id run either
// way, and failures count against the account and the address (Limiter):
// past the limits a LimitedError, without checking the password at all.
// The caller starts the session (StartSession).
func (s *SignIn) Password(ctx context.Context, addr, typed, password string) (store.User, error) {
	if s.passwordOff {
		return store.User{}, ErrPasswordOff
	}
	email := NormalizeEmail(typed)
	emailMsg, passwordMsg := CheckSignInLength(email, password)
	if err := inputError(map[string]string{"email": required(email) + emailMsg, "password": required(password) + passwordMsg}); err != nil {
		return store.User{}, err
	}
	var u store.User
	// The limit is checked inside the gate too, so that simultaneous guesses
	// cannot all pass it before the first failure is counted.
	err := s.gate.Do(ctx, func() error {
		if err := limited(s.limiter.Blocked(ctx, addr, email)); err != nil {
			return err
		}
		var ok bool
		var err error
		if u, ok, err = s.checkCredentials(ctx, typed, password); err != nil || ok {
			return err
		}
		if err := s.limiter.Failed(ctx, addr, email); err != nil {
			s.logger.Error("recording a failed sign-in", "err", err)
		}
		return ErrBadCredentials
	})
	if err != nil {
		return store.User{}, err
	}
	if err := s.limiter.Succeeded(ctx, addr, email); err != nil {
		s.logger.Error("clearing sign-in failures", "err", err)
	}
	return u, nil
}

// checkCredentials verifies a password, and upgrades its hash when the
// stored parameters are weaker than today's. The email is the one typed.
func (s *SignIn) checkCredentials(ctx context.Context, typed, password string) (store.User, bool, error) {
	// An email whose characters the email rule refuses matches no account,
	// even where lower-casing would make one of it ("KARL@" with the Kelvin
	// sign is "karl@"): only an email CheckEmail accepts finds an account.
	u, err := store.User{}, store.ErrNotFound
	if !EmailCharsRefused(typed) {
		u, err = s.store.UserByEmail(ctx, NormalizeEmail(typed))
	}
	// An account without a password (pending, or one that signs in at the
	// identity provider only) is checked like an unknown email.
	if errors.Is(err, store.ErrNotFound) || (err == nil && u.PasswordHash == "") {
		s.hasher.DummyVerify(password)
		return u, false, nil
	}
	if err != nil {
		return u, false, err
	}
	ok, err := s.hasher.Verify(password, u.PasswordHash)
	if err != nil || !ok {
		return u, false, err
	}
	if NeedsRehash(u.PasswordHash, s.hasher.Params) {
		if hash, err := s.hasher.Hash(password); err == nil {
			if err := s.store.SetPassword(ctx, u.ID, hash); err != nil {
				s.logger.Error("upgrading a password hash", "user", u.ID, "err", err)
			}
		}
	}
	return u, true, nil
}

// ChangePassword sets a new password for the signed-in account u and ends
// every other session of it (ses is the one asking), so that a stolen
// session dies with the old password. Guessing the current password from a
// stolen session is limited per session: failures of sign-ins elsewhere
// never keep the owner from changing it. A wrong current password and a
// refused new one come back together as one InputError.
func (s *SignIn) ChangePassword(ctx context.Context, u store.User, ses store.Session, current, next string) error {
	if s.passwordOff {
		return ErrPasswordOff
	}
	return s.gate.Do(ctx, func() error {
		if err := limited(s.limiter.SessionBlocked(ctx, u.Email, ses.TokenHash)); err != nil {
			return err
		}
		if u.PasswordHash == "" { // signs in at the identity provider: nothing to change
			return &InputError{Fields: map[string]string{"currentPassword": msgNoPasswordToChange}}
		}
		ok, err := s.hasher.Verify(current, u.PasswordHash)
		if err != nil {
			return err
		}
		fields := map[string]string{"newPassword": CheckPassword(next)}
		if !ok {
			fields["currentPassword"] = msgWrongPassword
			if err := s.limiter.SessionFailed(ctx, u.Email, ses.TokenHash); err != nil {
				s.logger.Error("recording a failed password check", "err", err)
			}
		}
		if err := inputError(fields); err != nil {
			return err
		}
		hash, err := s.hasher.Hash(next)
		if err == nil {
			err = s.store.SetPassword(ctx, u.ID, hash)
		}
		if err == nil {
			err = s.sessions.EndOthers(ctx, ses)
		}
		return err
	})
}
