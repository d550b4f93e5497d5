package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/notenrechner/notenrechner/internal/store"
	"github.com/notenrechner/notenrechner/internal/store/sqlstore"
)

// CreateToken stores a one-time link by its hash, but no invitation for an
// account linked to the identity provider (the check and the insert are one
// statement; a link made at the same moment is caught by AcceptInvite).
func (s *Store) CreateToken(ctx context.Context, t store.Token) error {
	var userID *int64
	if t.UserID != 0 {
		userID = &t.UserID
	}
	tag, err := s.pool.Exec(ctx, `INSERT INTO tokens (token_hash, kind, user_id, expires_at)
		SELECT $1::text, $2::text, $3::bigint, $4::timestamptz WHERE $2::text <> 'invite' OR NOT EXISTS (SELECT 1 FROM users WHERE id = $3 AND `+linked+`)`,
		t.Hash, string(t.Kind), userID, ms(t.ExpiresAt))
	if err == nil && tag.RowsAffected() == 0 {
		err = store.ErrAccountLinked
	}
	if err != nil {
		return fmt.Errorf("postgres: create %s token: %w", t.Kind, err)
	}
	return nil
}

// linked is the condition on users of an account linked to the provider.
const linked = "COALESCE(oidc_subject, '') <> ''"

// useInvites marks every open invitation of an account used.
func useInvites(ctx context.Context, tx pgx.Tx, userID int64, now time.Time) error {
	_, err := tx.Exec(ctx, "UPDATE tokens SET used_at = $1 WHERE user_id = $2 AND kind = $3 AND used_at IS NULL",
		ms(now), userID, string(store.TokenInvite))
	return err
}

// ValidToken returns an unused, unexpired token of the kind.
func (s *Store) ValidToken(ctx context.Context, kind store.TokenKind, hash string, now time.Time) (store.Token, error) {
	t, err := scanToken(s.pool.QueryRow(ctx, `SELECT token_hash, kind, user_id, expires_at FROM tokens
		WHERE token_hash = $1 AND kind = $2 AND used_at IS NULL AND expires_at > $3`, hash, kind, ms(now)))
	if err != nil {
		return t, fmt.Errorf("postgres: %s token: %w", kind, err)
	}
	return t, nil
}

// useToken marks a valid token used and returns it, in one statement: of two
// transactions using the same link at once, the second waits for the row
// and then finds it used, so a link works exactly once.
func useToken(ctx context.Context, tx pgx.Tx, kind store.TokenKind, hash string, now time.Time) (store.Token, error) {
	return scanToken(tx.QueryRow(ctx, `UPDATE tokens SET used_at = $3
		WHERE token_hash = $1 AND kind = $2 AND used_at IS NULL AND expires_at > $3
		RETURNING token_hash, kind, user_id, expires_at`, hash, kind, ms(now)))
}

func scanToken(row pgx.Row) (store.Token, error) {
	var (
		t      store.Token
		userID *int64
	)
	if err := row.Scan(&t.Hash, &t.Kind, &userID, &t.ExpiresAt); err != nil {
		if errors.Is(err, pgx.ErrNoRows) {
			return store.Token{}, store.ErrNotFound
		}
		return store.Token{}, err
	}
	if userID != nil {
		t.UserID = *userID
	}
	t.ExpiresAt = t.ExpiresAt.UTC()
	return t, nil
}

// CreateFirstAdmin uses a setup token and creates the first admin, in one
// transaction, so a link works once and only while no admin exists. While
// no admin exists every instance logs its own setup link at start; the table
// lock makes two of them used at once take turns, so the second finds the
// first admin and is refused.
func (s *Store) CreateFirstAdmin(ctx context.Context, tokenHash string, u store.User, now time.Time) (store.User, error) {
	var created store.User
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "LOCK TABLE users IN SHARE ROW EXCLUSIVE MODE"); err != nil {
			return err
		}
		if _, err := useToken(ctx, tx, store.TokenSetup, tokenHash, now); err != nil {
			return err
		}
		var admins int
		if err := tx.QueryRow(ctx, "SELECT count(*) FROM users WHERE role = 'admin'").Scan(&admins); err != nil {
			return err
		}
		if admins > 0 {
			return store.ErrNotFound // rolls the use of the token back, too
		}
		u.Role = store.RoleAdmin
		var err error
		created, err = insertUser(ctx, tx, u)
		return err
	})
	if err != nil {
		return store.User{}, fmt.Errorf("postgres: create first admin: %w", err)
	}
	return created, nil
}

// AcceptInvite uses an invite token and sets the account's password.
func (s *Store) AcceptInvite(ctx context.Context, tokenHash, passwordHash string, now time.Time) (store.User, error) {
	var updated store.User
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		t, err := useToken(ctx, tx, store.TokenInvite, tokenHash, now)
		if err != nil {
			return err
		}
		// Only an account still waiting for its password: after an operator
		// set one (admin set-password), an old link must not replace it, and
		// an account linked to the provider meanwhile gets no second way in
		// (the row is checked again after a concurrent link commits).
		updated, err = scanUser(tx.QueryRow(ctx, "UPDATE users SET password_hash = $1 WHERE id = $2 AND password_hash = '' AND NOT "+linked+" RETURNING "+userColumns,
			passwordHash, t.UserID))
		return err
	})
	if err != nil {
		return store.User{}, fmt.Errorf("postgres: accept invite: %w", err)
	}
	return updated, nil
}

// DeleteUsedOrExpiredTokens removes the one-time links that were used, or
// that expired before expiredBefore.
func (s *Store) DeleteUsedOrExpiredTokens(ctx context.Context, expiredBefore time.Time) error {
	if _, err := s.pool.Exec(ctx, "DELETE FROM tokens WHERE expires_at < $1 OR used_at IS NOT NULL",
		ms(expiredBefore)); err != nil {
		return fmt.Errorf("postgres: delete used or expired tokens: %w", err)
	}
	return nil
}

// ReissueInvite replaces a pending account's invitations by t. The account's
// row is locked first: an AcceptInvite or a link to the provider at the same
// moment waits for it (and then finds the old link gone), or went first and
// is seen here.
func (s *Store) ReissueInvite(ctx context.Context, t store.Token) (store.User, error) {
	var u store.User
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var err error
		u, err = scanUser(tx.QueryRow(ctx, "SELECT "+userColumns+" FROM users WHERE id = $1 FOR UPDATE", t.UserID))
		if err != nil {
			return err
		}
		if err := sqlstore.InviteRefusal(u); err != nil {
			return err
		}
		// Deleted rather than marked used: nothing about an unused link is
		// worth keeping, and the pruning would delete it soon anyway.
		if _, err := tx.Exec(ctx, "DELETE FROM tokens WHERE user_id = $1 AND kind = $2", t.UserID, string(store.TokenInvite)); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `INSERT INTO tokens (token_hash, kind, user_id, expires_at) VALUES ($1, $2, $3, $4)`,
			t.Hash, string(store.TokenInvite), t.UserID, ms(t.ExpiresAt))
		return err
	})
	if err != nil {
		return store.User{}, fmt.Errorf("postgres: reissue invite: %w", err)
	}
	return u, nil
}
