package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/notenrechner/notenrechner/internal/store"
)

// CreateToken stores a one-time link by its hash.
func (s *Store) CreateToken(ctx context.Context, t store.Token) error {
	var userID *int64
	if t.UserID != 0 {
		userID = &t.UserID
	}
	if _, err := s.pool.Exec(ctx, `INSERT INTO tokens (token_hash, kind, user_id, expires_at)
		VALUES ($1, $2, $3, $4)`, t.Hash, t.Kind, userID, ms(t.ExpiresAt)); err != nil {
		return fmt.Errorf("postgres: create %s token: %w", t.Kind, err)
	}
	return nil
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
		// set one (admin set-password), an old link must not replace it.
		updated, err = scanUser(tx.QueryRow(ctx, "UPDATE users SET password_hash = $1 WHERE id = $2 AND password_hash = '' RETURNING "+userColumns,
			passwordHash, t.UserID))
		return err
	})
	if err != nil {
		return store.User{}, fmt.Errorf("postgres: accept invite: %w", err)
	}
	return updated, nil
}
