package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/notenrechner/notenrechner/internal/store"
)

// UserBySubject returns the account linked to a provider's subject.
func (s *Store) UserBySubject(ctx context.Context, issuer, subject string) (store.User, error) {
	u, err := scanUser(s.db.QueryRowContext(ctx, "SELECT "+userColumns+" FROM users WHERE oidc_issuer = $1 AND oidc_subject = $2", issuer, subject))
	if err != nil {
		return u, fmt.Errorf("%s: user by subject: %w", s.d.Name, err)
	}
	return u, nil
}

// LinkSubject links an account to an identity at the provider and uses up
// its open invitations, in one transaction.
func (s *Store) LinkSubject(ctx context.Context, id int64, issuer, subject string) (store.User, error) {
	var u store.User
	err := inTx(ctx, s.db, func(tx *sql.Tx) error {
		var err error
		u, err = scanUser(tx.QueryRowContext(ctx, "UPDATE users SET oidc_issuer = $1, oidc_subject = $2 WHERE id = $3 RETURNING "+userColumns, issuer, subject, id))
		if err != nil {
			return err
		}
		return s.useInvites(ctx, tx, id, s.now())
	})
	if s.d.unique(err) {
		err = store.ErrSubjectTaken
	}
	if err != nil {
		return store.User{}, fmt.Errorf("%s: link user %d: %w", s.d.Name, id, err)
	}
	return u, nil
}

// OIDCStateKey returns the stored key, storing fresh first if there is
// none. A read finds it nearly always; INSERT … ON CONFLICT DO NOTHING makes
// two first calls (also of two processes) keep the one that came first: the
// second waits for the first to commit, then does nothing, and its next
// read sees the first one's key.
func (s *Store) OIDCStateKey(ctx context.Context, fresh []byte) ([]byte, error) {
	key, err := s.oidcStateKey(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		_, err = s.db.ExecContext(ctx, "INSERT INTO oidc_state_key (id, key, created_at) VALUES (1, $1, $2) ON CONFLICT (id) DO NOTHING",
			fresh, s.d.at(s.now()))
		if err == nil {
			key, err = s.oidcStateKey(ctx)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("%s: oidc state key: %w", s.d.Name, err)
	}
	return key, nil
}

func (s *Store) oidcStateKey(ctx context.Context) ([]byte, error) {
	var key []byte
	err := s.db.QueryRowContext(ctx, "SELECT key FROM oidc_state_key WHERE id = 1").Scan(&key)
	return key, err
}
