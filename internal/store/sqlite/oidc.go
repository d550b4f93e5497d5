package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

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

// OIDCStateKey returns the stored key, storing fresh first if there is
// none. A read finds it nearly always; INSERT … ON CONFLICT DO NOTHING makes
// two first calls (also of two processes) keep the one that came first.
func (s *Store) OIDCStateKey(ctx context.Context, fresh []byte) ([]byte, error) {
	key, err := s.oidcStateKey(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		_, err = s.db.ExecContext(ctx, "INSERT INTO oidc_state_key (id, key, created_at) VALUES (1, ?, ?) ON CONFLICT (id) DO NOTHING",
			fresh, millis(s.now()))
		if err == nil {
			key, err = s.oidcStateKey(ctx)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("sqlite: oidc state key: %w", err)
	}
	return key, nil
}

func (s *Store) oidcStateKey(ctx context.Context) ([]byte, error) {
	var key []byte
	err := s.db.QueryRowContext(ctx, "SELECT key FROM oidc_state_key WHERE id = 1").Scan(&key)
	return key, err
}
