package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/notenrechner/notenrechner/internal/store"
	"github.com/notenrechner/notenrechner/internal/store/sqlstore"
)

// CreateToken stores a one-time link by its hash, but no invitation for an
// account linked to the identity provider (the check and the insert are one
// statement).
func (s *Store) CreateToken(ctx context.Context, t store.Token) error {
	var userID sql.NullInt64
	if t.UserID != 0 {
		userID = sql.NullInt64{Int64: t.UserID, Valid: true}
	}
	res, err := s.db.ExecContext(ctx, `INSERT INTO tokens (token_hash, kind, user_id, expires_at)
		SELECT ?, ?, ?, ? WHERE ? <> 'invite' OR NOT EXISTS (SELECT 1 FROM users WHERE id = ? AND `+linked+`)`,
		t.Hash, t.Kind, userID, millis(t.ExpiresAt), t.Kind, userID)
	var n int64
	if err == nil {
		n, err = res.RowsAffected()
	}
	if err == nil && n == 0 {
		err = store.ErrAccountLinked
	}
	if err != nil {
		return fmt.Errorf("sqlite: create %s token: %w", t.Kind, err)
	}
	return nil
}

// linked is the condition on users of an account linked to the provider.
const linked = "COALESCE(oidc_subject, '') <> ''"

// useInvites marks every open invitation of an account used.
func useInvites(ctx context.Context, tx *sql.Tx, userID int64, now time.Time) error {
	_, err := tx.ExecContext(ctx, "UPDATE tokens SET used_at = ? WHERE user_id = ? AND kind = ? AND used_at IS NULL",
		millis(now), userID, store.TokenInvite)
	return err
}

// ValidToken returns an unused, unexpired token of the kind.
func (s *Store) ValidToken(ctx context.Context, kind store.TokenKind, hash string, now time.Time) (store.Token, error) {
	t, err := validToken(ctx, s.db, kind, hash, now)
	if err != nil {
		return t, fmt.Errorf("sqlite: %s token: %w", kind, err)
	}
	return t, nil
}

func validToken(ctx context.Context, q querier, kind store.TokenKind, hash string, now time.Time) (store.Token, error) {
	var (
		t       = store.Token{Hash: hash, Kind: kind}
		userID  sql.NullInt64
		expires int64
	)
	err := q.QueryRowContext(ctx, `SELECT user_id, expires_at FROM tokens
		WHERE token_hash = ? AND kind = ? AND used_at IS NULL AND expires_at > ?`,
		hash, kind, millis(now)).Scan(&userID, &expires)
	if errors.Is(err, sql.ErrNoRows) {
		return t, store.ErrNotFound
	}
	if err != nil {
		return t, err
	}
	t.UserID, t.ExpiresAt = userID.Int64, fromMillis(expires)
	return t, nil
}

func useToken(ctx context.Context, tx *sql.Tx, hash string, now time.Time) error {
	_, err := tx.ExecContext(ctx, "UPDATE tokens SET used_at = ? WHERE token_hash = ?", millis(now), hash)
	return err
}

// CreateFirstAdmin uses a setup token and creates the first admin, in one
// transaction, so a link works once and only while no admin exists.
func (s *Store) CreateFirstAdmin(ctx context.Context, tokenHash string, u store.User, now time.Time) (store.User, error) {
	var created store.User
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := validToken(ctx, tx, store.TokenSetup, tokenHash, now); err != nil {
			return err
		}
		var admins int
		if err := tx.QueryRowContext(ctx, "SELECT count(*) FROM users WHERE role = 'admin'").Scan(&admins); err != nil {
			return err
		}
		if admins > 0 {
			return store.ErrNotFound
		}
		if err := useToken(ctx, tx, tokenHash, now); err != nil {
			return err
		}
		u.Role = store.RoleAdmin
		var err error
		created, err = insertUser(ctx, tx, u)
		return err
	})
	if err != nil {
		return store.User{}, fmt.Errorf("sqlite: create first admin: %w", err)
	}
	return created, nil
}

// AcceptInvite uses an invite token and sets the account's password.
func (s *Store) AcceptInvite(ctx context.Context, tokenHash, passwordHash string, now time.Time) (store.User, error) {
	var updated store.User
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		t, err := validToken(ctx, tx, store.TokenInvite, tokenHash, now)
		if err != nil {
			return err
		}
		if err := useToken(ctx, tx, tokenHash, now); err != nil {
			return err
		}
		// Only an account still waiting for its password: after an operator
		// set one (admin set-password), an old link must not replace it, and
		// an account linked to the provider meanwhile gets no second way in.
		updated, err = scanUser(tx.QueryRowContext(ctx, "UPDATE users SET password_hash = ? WHERE id = ? AND password_hash = '' AND NOT "+linked+" RETURNING "+userColumns,
			passwordHash, t.UserID))
		return err
	})
	if err != nil {
		return store.User{}, fmt.Errorf("sqlite: accept invite: %w", err)
	}
	return updated, nil
}

// DeleteUsedOrExpiredTokens removes the one-time links that were used, or
// that expired before expiredBefore.
func (s *Store) DeleteUsedOrExpiredTokens(ctx context.Context, expiredBefore time.Time) error {
	if _, err := s.db.ExecContext(ctx, "DELETE FROM tokens WHERE expires_at < ? OR used_at IS NOT NULL",
		millis(expiredBefore)); err != nil {
		return fmt.Errorf("sqlite: delete used or expired tokens: %w", err)
	}
	return nil
}

// ReissueInvite replaces a pending account's invitations by t. The write
// transaction holds the lock from the start, so no AcceptInvite or link to
// the provider comes between the check and the replacement.
func (s *Store) ReissueInvite(ctx context.Context, t store.Token) (store.User, error) {
	var u store.User
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		var err error
		u, err = scanUser(tx.QueryRowContext(ctx, "SELECT "+userColumns+" FROM users WHERE id = ?", t.UserID))
		if err != nil {
			return err
		}
		if err := sqlstore.InviteRefusal(u); err != nil {
			return err
		}
		// Deleted rather than marked used: nothing about an unused link is
		// worth keeping, and the pruning would delete it soon anyway.
		if _, err := tx.ExecContext(ctx, "DELETE FROM tokens WHERE user_id = ? AND kind = ?", t.UserID, store.TokenInvite); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO tokens (token_hash, kind, user_id, expires_at) VALUES (?, ?, ?, ?)`,
			t.Hash, store.TokenInvite, t.UserID, millis(t.ExpiresAt))
		return err
	})
	if err != nil {
		return store.User{}, fmt.Errorf("sqlite: reissue invite: %w", err)
	}
	return u, nil
}
