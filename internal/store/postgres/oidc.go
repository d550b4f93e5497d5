package postgres

import (
	"context"
	"errors"
	"fmt"

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

// OIDCStateKey returns the stored key, storing fresh first if there is
// none. Of two instances inserting at once, the second waits for the first
// to commit and then does nothing (ON CONFLICT); its next statement sees the
// first one's key.
func (s *Store) OIDCStateKey(ctx context.Context, fresh []byte) ([]byte, error) {
	key, err := s.oidcStateKey(ctx)
	if errors.Is(err, pgx.ErrNoRows) {
		_, err = s.pool.Exec(ctx, "INSERT INTO oidc_state_key (id, key, created_at) VALUES (1, $1, $2) ON CONFLICT (id) DO NOTHING",
			fresh, ms(s.now()))
		if err == nil {
			key, err = s.oidcStateKey(ctx)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("postgres: oidc state key: %w", err)
	}
	return key, nil
}

func (s *Store) oidcStateKey(ctx context.Context) ([]byte, error) {
	var key []byte
	err := s.pool.QueryRow(ctx, "SELECT key FROM oidc_state_key WHERE id = 1").Scan(&key)
	return key, err
}
