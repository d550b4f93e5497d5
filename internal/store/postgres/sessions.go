package postgres

import (
	"context"
	"fmt"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"

	"github.com/notenrechner/notenrechner/internal/store"
)

// CreateSession stores a new session by its token hash.
func (s *Store) CreateSession(ctx context.Context, ses store.Session) error {
	if _, err := s.pool.Exec(ctx, `INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at)
		VALUES ($1, $2, $3, $4)`, ses.TokenHash, ses.UserID, ms(ses.CreatedAt), ms(ses.LastSeenAt)); err != nil {
		return fmt.Errorf("postgres: create session: %w", err)
	}
	return nil
}

// SessionByHash returns a session with its account.
func (s *Store) SessionByHash(ctx context.Context, hash string) (store.Session, store.User, error) {
	ses := store.Session{TokenHash: hash}
	row := s.pool.QueryRow(ctx, `SELECT s.created_at, s.last_seen_at, u.id, u.email, u.role,
		u.password_hash, u.created_at, u.last_sign_in_at, u.oidc_issuer, u.oidc_subject
		FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1`, hash)
	u, err := scanUser(scanFunc(func(dest ...any) error {
		return row.Scan(append([]any{&ses.CreatedAt, &ses.LastSeenAt}, dest...)...)
	}))
	if err != nil {
		return store.Session{TokenHash: hash}, u, fmt.Errorf("postgres: session: %w", err)
	}
	ses.UserID, ses.CreatedAt, ses.LastSeenAt = u.ID, ses.CreatedAt.UTC(), ses.LastSeenAt.UTC()
	return ses, u, nil
}

// TouchSession records activity, which moves the idle time-out.
func (s *Store) TouchSession(ctx context.Context, hash string, at time.Time) error {
	if _, err := s.pool.Exec(ctx, "UPDATE sessions SET last_seen_at = $1 WHERE token_hash = $2", ms(at), hash); err != nil {
		return fmt.Errorf("postgres: touch session: %w", err)
	}
	return nil
}

// DeleteSession ends one session.
func (s *Store) DeleteSession(ctx context.Context, hash string) error {
	if _, err := s.pool.Exec(ctx, "DELETE FROM sessions WHERE token_hash = $1", hash); err != nil {
		return fmt.Errorf("postgres: delete session: %w", err)
	}
	return nil
}

// DeleteOtherSessions ends every session of a user except one.
func (s *Store) DeleteOtherSessions(ctx context.Context, userID int64, keepHash string) error {
	if _, err := s.pool.Exec(ctx, "DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2", userID, keepHash); err != nil {
		return fmt.Errorf("postgres: delete other sessions of user %d: %w", userID, err)
	}
	return nil
}

// DeleteExpiredSessions removes the sessions idle since idleBefore or
// created before createdBefore: past either time-out.
func (s *Store) DeleteExpiredSessions(ctx context.Context, idleBefore, createdBefore time.Time) error {
	if _, err := s.pool.Exec(ctx, "DELETE FROM sessions WHERE last_seen_at < $1 OR created_at < $2",
		ms(idleBefore), ms(createdBefore)); err != nil {
		return fmt.Errorf("postgres: delete expired sessions: %w", err)
	}
	return nil
}

// DeleteLoginFailuresBefore forgets every sign-in failure before a time, of every key.
func (s *Store) DeleteLoginFailuresBefore(ctx context.Context, before time.Time) error {
	if _, err := s.pool.Exec(ctx, "DELETE FROM login_failures WHERE at < $1", ms(before)); err != nil {
		return fmt.Errorf("postgres: delete old login failures: %w", err)
	}
	return nil
}

// RecordLoginFailure counts one failed sign-in for key, and forgets the
// failures of key older than a day, so the table stays small.
func (s *Store) RecordLoginFailure(ctx context.Context, key string, at time.Time) error {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "DELETE FROM login_failures WHERE key = $1 AND at < $2",
			key, ms(at.Add(-24*time.Hour))); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, "INSERT INTO login_failures (key, at) VALUES ($1, $2)", key, ms(at))
		return err
	})
	if err != nil {
		return fmt.Errorf("postgres: record login failure: %w", err)
	}
	return nil
}

// LoginFailures counts the failures of key since a time.
func (s *Store) LoginFailures(ctx context.Context, key string, since time.Time) (int, time.Time, error) {
	var (
		n      int
		oldest *time.Time
	)
	if err := s.pool.QueryRow(ctx, "SELECT count(*), min(at) FROM login_failures WHERE key = $1 AND at >= $2",
		key, ms(since)).Scan(&n, &oldest); err != nil {
		return 0, time.Time{}, fmt.Errorf("postgres: count login failures: %w", err)
	}
	if oldest == nil {
		return n, time.Time{}, nil
	}
	return n, oldest.UTC(), nil
}

// ClearLoginFailures forgets the failures of key and of the keys under it.
func (s *Store) ClearLoginFailures(ctx context.Context, key string) error {
	// left() counts characters, as utf8.RuneCountInString does.
	if _, err := s.pool.Exec(ctx, "DELETE FROM login_failures WHERE key = $1 OR left(key, $2) = $3",
		key, utf8.RuneCountInString(key)+1, key+" "); err != nil {
		return fmt.Errorf("postgres: clear login failures: %w", err)
	}
	return nil
}
