package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/notenrechner/notenrechner/internal/store"
)

// UserBySubject returns the account linked to a provider's subject.
func (s *Store) UserBySubject(ctx context.Context, issuer, subject string) (store.User, error) {
	u, err := scanUser(s.db.QueryRowContext(ctx, "SELECT "+userColumns+" FROM users WHERE oidc_issuer = ? AND oidc_subject = ?", issuer, subject))
	if err != nil {
		return u, fmt.Errorf("sqlite: user by subject: %w", err)
	}
	return u, nil
}

// LinkSubject links an account to an identity at the provider and uses up
// its open invitations, in one transaction.
func (s *Store) LinkSubject(ctx context.Context, id int64, issuer, subject string) (store.User, error) {
	var u store.User
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		var err error
		u, err = scanUser(tx.QueryRowContext(ctx, "UPDATE users SET oidc_issuer = ?, oidc_subject = ? WHERE id = ? RETURNING "+userColumns, issuer, subject, id))
		if err != nil {
			return err
		}
		return useInvites(ctx, tx, id, s.now())
	})
	var se *sqlite.Error
	if errors.As(err, &se) && se.Code() == sqlite3.SQLITE_CONSTRAINT_UNIQUE {
		err = store.ErrSubjectTaken
	}
	if err != nil {
		return store.User{}, fmt.Errorf("sqlite: link user %d: %w", id, err)
	}
	return u, nil
}

// CreateOIDCLogin stores a started sign-in; expired ones go at the same time.
func (s *Store) CreateOIDCLogin(ctx context.Context, l store.OIDCLogin) error {
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, "DELETE FROM oidc_logins WHERE expires_at < ?", millis(s.now())); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, "INSERT INTO oidc_logins (state_hash, nonce, verifier, expires_at) VALUES (?, ?, ?, ?)",
			l.StateHash, l.Nonce, l.Verifier, millis(l.ExpiresAt))
		return err
	})
	if err != nil {
		return fmt.Errorf("sqlite: create oidc login: %w", err)
	}
	return nil
}

// TakeOIDCLogin deletes a started sign-in and returns it if it had not expired.
func (s *Store) TakeOIDCLogin(ctx context.Context, stateHash string, now time.Time) (store.OIDCLogin, error) {
	l := store.OIDCLogin{StateHash: stateHash}
	var expires int64
	err := s.db.QueryRowContext(ctx, "DELETE FROM oidc_logins WHERE state_hash = ? RETURNING nonce, verifier, expires_at", stateHash).
		Scan(&l.Nonce, &l.Verifier, &expires)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		err = store.ErrNotFound
	case err == nil && !now.Before(fromMillis(expires)):
		err = store.ErrNotFound
	}
	if err != nil {
		return store.OIDCLogin{}, fmt.Errorf("sqlite: take oidc login: %w", err)
	}
	l.ExpiresAt = fromMillis(expires)
	return l, nil
}
