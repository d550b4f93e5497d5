package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/notenrechner/notenrechner/internal/store"
)

// linked is the condition on users of an account linked to the provider.
const linked = "COALESCE(oidc_subject, '') <> ''"

// CreateToken stores a one-time link by its hash, but no invitation for an
// account linked to the identity provider (the check and the insert are one
// statement; a link made at the same moment is caught by AcceptInvite). The
// CASTs give the parameters the types PostgreSQL cannot infer in a SELECT.
func (s *Store) CreateToken(ctx context.Context, t store.Token) error {
	var userID sql.NullInt64
	if t.UserID != 0 {
		userID = sql.NullInt64{Int64: t.UserID, Valid: true}
	}
	res, err := s.db.ExecContext(ctx, `INSERT INTO tokens (token_hash, kind, user_id, expires_at)
		SELECT CAST($1 AS text), CAST($2 AS text), CAST($3 AS bigint), CAST($4 AS `+s.d.TimeType+`)
		WHERE CAST($2 AS text) <> 'invite' OR NOT EXISTS (SELECT 1 FROM users WHERE id = $3 AND `+linked+`)`,
		t.Hash, t.Kind, userID, s.d.at(t.ExpiresAt))
	var n int64
	if err == nil {
		n, err = res.RowsAffected()
	}
	if err == nil && n == 0 {
		err = store.ErrAccountLinked
	}
	if err != nil {
		return fmt.Errorf("%s: create %s token: %w", s.d.Name, t.Kind, err)
	}
	return nil
}

// insertToken stores a one-time link in tx.
func (s *Store) insertToken(ctx context.Context, tx *sql.Tx, t store.Token) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO tokens (token_hash, kind, user_id, expires_at) VALUES ($1, $2, $3, $4)`,
		t.Hash, t.Kind, t.UserID, s.d.at(t.ExpiresAt))
	return err
}

// useInvites marks every open invitation of an account used.
func (s *Store) useInvites(ctx context.Context, tx *sql.Tx, userID int64, now time.Time) error {
	_, err := tx.ExecContext(ctx, "UPDATE tokens SET used_at = $1 WHERE user_id = $2 AND kind = $3 AND used_at IS NULL",
		s.d.at(now), userID, store.TokenInvite)
	return err
}

// ValidToken returns an unused, unexpired token of the kind.
func (s *Store) ValidToken(ctx context.Context, kind store.TokenKind, hash string, now time.Time) (store.Token, error) {
	t, err := scanToken(s.db.QueryRowContext(ctx, `SELECT token_hash, kind, user_id, expires_at FROM tokens
		WHERE token_hash = $1 AND kind = $2 AND used_at IS NULL AND expires_at > $3`, hash, kind, s.d.at(now)))
	if err != nil {
		return t, fmt.Errorf("%s: %s token: %w", s.d.Name, kind, err)
	}
	return t, nil
}

// useToken marks a valid token used and returns it, in one statement: of two
// transactions using the same link at once, the second waits for the row
// (or, in SQLite, for the database) and then finds it used, so a link works
// exactly once.
func (s *Store) useToken(ctx context.Context, tx *sql.Tx, kind store.TokenKind, hash string, now time.Time) (store.Token, error) {
	return scanToken(tx.QueryRowContext(ctx, `UPDATE tokens SET used_at = $3
		WHERE token_hash = $1 AND kind = $2 AND used_at IS NULL AND expires_at > $3
		RETURNING token_hash, kind, user_id, expires_at`, hash, kind, s.d.at(now)))
}

func scanToken(row scanner) (store.Token, error) {
	var (
		t      store.Token
		userID sql.NullInt64
	)
	if err := row.Scan(&t.Hash, &t.Kind, &userID, timeOf(&t.ExpiresAt)); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return store.Token{}, store.ErrNotFound
		}
		return store.Token{}, err
	}
	t.UserID = userID.Int64
	return t, nil
}

// CreateFirstAdmin uses a setup token and creates the first admin, in one
// transaction, so a link works once and only while no admin exists. While
// no admin exists every instance logs its own setup link at start; the
// Dialect's LockUsers makes two of them used at once take turns, so the
// second finds the first admin and is refused.
func (s *Store) CreateFirstAdmin(ctx context.Context, tokenHash string, u store.User, now time.Time) (store.User, error) {
	var created store.User
	err := inTx(ctx, s.db, func(tx *sql.Tx) error {
		if err := lock(ctx, tx, s.d.LockUsers); err != nil {
			return err
		}
		if _, err := s.useToken(ctx, tx, store.TokenSetup, tokenHash, now); err != nil {
			return err
		}
		var admins int
		if err := tx.QueryRowContext(ctx, "SELECT count(*) FROM users WHERE role = 'admin'").Scan(&admins); err != nil {
			return err
		}
		if admins > 0 {
			return store.ErrNotFound // rolls the use of the token back, too
		}
		u.Role = store.RoleAdmin
		var err error
		created, err = s.insertUser(ctx, tx, u)
		return err
	})
	if err != nil {
		return store.User{}, fmt.Errorf("%s: create first admin: %w", s.d.Name, err)
	}
	return created, nil
}

// AcceptInvite uses an invite token and sets the account's password.
func (s *Store) AcceptInvite(ctx context.Context, tokenHash, passwordHash string, now time.Time) (store.User, error) {
	var updated store.User
	err := inTx(ctx, s.db, func(tx *sql.Tx) error {
		t, err := s.useToken(ctx, tx, store.TokenInvite, tokenHash, now)
		if err != nil {
			return err
		}
		// Only an account still waiting for its password: after an operator
		// set one (admin set-password), an old link must not replace it, and
		// an account linked to the provider meanwhile gets no second way in
		// (the row is checked again after a concurrent link commits).
		updated, err = scanUser(tx.QueryRowContext(ctx, "UPDATE users SET password_hash = $1 WHERE id = $2 AND password_hash = '' AND NOT "+linked+" RETURNING "+userColumns,
			passwordHash, t.UserID))
		return err
	})
	if err != nil {
		return store.User{}, fmt.Errorf("%s: accept invite: %w", s.d.Name, err)
	}
	return updated, nil
}

// DeleteUsedOrExpiredTokens removes the one-time links that were used, or
// that expired before expiredBefore.
func (s *Store) DeleteUsedOrExpiredTokens(ctx context.Context, expiredBefore time.Time) error {
	if _, err := s.db.ExecContext(ctx, "DELETE FROM tokens WHERE expires_at < $1 OR used_at IS NOT NULL",
		s.d.at(expiredBefore)); err != nil {
		return fmt.Errorf("%s: delete used or expired tokens: %w", s.d.Name, err)
	}
	return nil
}

// ReissueInvite replaces a pending account's invitations by t. The account's
// row is locked first (SQLite: the database, from the transaction's start):
// an AcceptInvite or a link to the provider at the same moment waits for it
// (and then finds the old link gone), or went first and is seen here.
func (s *Store) ReissueInvite(ctx context.Context, t store.Token) (store.User, error) {
	var u store.User
	err := inTx(ctx, s.db, func(tx *sql.Tx) error {
		var err error
		u, err = scanUser(tx.QueryRowContext(ctx, "SELECT "+userColumns+" FROM users WHERE id = $1"+s.d.ForUpdate, t.UserID))
		if err != nil {
			return err
		}
		if err := inviteRefusal(u); err != nil {
			return err
		}
		// Deleted rather than marked used: nothing about an unused link is
		// worth keeping, and the pruning would delete it soon anyway.
		if _, err := tx.ExecContext(ctx, "DELETE FROM tokens WHERE user_id = $1 AND kind = $2", t.UserID, store.TokenInvite); err != nil {
			return err
		}
		t.Kind = store.TokenInvite
		return s.insertToken(ctx, tx, t)
	})
	if err != nil {
		return store.User{}, fmt.Errorf("%s: reissue invite: %w", s.d.Name, err)
	}
	return u, nil
}

// inviteRefusal says why an account gets no new invitation: one with a
// password has nothing left for a link to do, and one linked to the
// identity provider must not gain a second way in. Nil for a pending one.
func inviteRefusal(u store.User) error {
	switch {
	case u.PasswordHash != "":
		return store.ErrHasPassword
	case u.OIDCSubject != "":
		return store.ErrAccountLinked
	}
	return nil
}
