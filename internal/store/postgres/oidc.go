package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/notenrechner/notenrechner/internal/store"
)

// UserBySubject returns the account linked to a provider's subject.
func (s *Store) UserBySubject(ctx context.Context, issuer, subject string) (store.User, error) {
	u, err := scanUser(s.pool.QueryRow(ctx, "SELECT "+userColumns+" FROM users WHERE oidc_issuer = $1 AND oidc_subject = $2", issuer, subject))
	if err != nil {
		return u, fmt.Errorf("postgres: user by subject: %w", err)
	}
	return u, nil
}

// LinkSubject links an account to an identity at the provider and uses up
// its open invitations, in one transaction.
func (s *Store) LinkSubject(ctx context.Context, id int64, issuer, subject string) (store.User, error) {
	var u store.User
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var err error
		u, err = scanUser(tx.QueryRow(ctx, "UPDATE users SET oidc_issuer = $1, oidc_subject = $2 WHERE id = $3 RETURNING "+userColumns, issuer, subject, id))
		if err != nil {
			return err
		}
		return useInvites(ctx, tx, id, s.now())
	})
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == uniqueViolation {
		err = store.ErrSubjectTaken
	}
	if err != nil {
		return store.User{}, fmt.Errorf("postgres: link user %d: %w", id, err)
	}
	return u, nil
}

// CreateOIDCLogin stores a started sign-in; expired ones go at the same time.
func (s *Store) CreateOIDCLogin(ctx context.Context, l store.OIDCLogin) error {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "DELETE FROM oidc_logins WHERE expires_at < $1", ms(s.now())); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, "INSERT INTO oidc_logins (state_hash, nonce, verifier, expires_at) VALUES ($1, $2, $3, $4)",
			l.StateHash, l.Nonce, l.Verifier, ms(l.ExpiresAt))
		return err
	})
	if err != nil {
		return fmt.Errorf("postgres: create oidc login: %w", err)
	}
	return nil
}

// TakeOIDCLogin deletes a started sign-in and returns it if it had not
// expired. The DELETE makes two instances taking the same state at once
// agree: only one of them gets the row.
func (s *Store) TakeOIDCLogin(ctx context.Context, stateHash string, now time.Time) (store.OIDCLogin, error) {
	l := store.OIDCLogin{StateHash: stateHash}
	err := s.pool.QueryRow(ctx, "DELETE FROM oidc_logins WHERE state_hash = $1 RETURNING nonce, verifier, expires_at", stateHash).
		Scan(&l.Nonce, &l.Verifier, &l.ExpiresAt)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		err = store.ErrNotFound
	case err == nil && !now.Before(l.ExpiresAt):
		err = store.ErrNotFound
	}
	if err != nil {
		return store.OIDCLogin{}, fmt.Errorf("postgres: take oidc login: %w", err)
	}
	l.ExpiresAt = l.ExpiresAt.UTC()
	return l, nil
}
