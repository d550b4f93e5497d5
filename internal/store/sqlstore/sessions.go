package sqlstore

import (
	"context"
	"database/sql"
	"fmt"
	"time"
	"unicode/utf8"

	"github.com/notenrechner/notenrechner/internal/store"
)

// CreateSession stores a new session by its token hash.
func (s *Store) CreateSession(ctx context.Context, ses store.Session) error {
	if _, err := s.db.ExecContext(ctx, `INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at)
		VALUES ($1, $2, $3, $4)`, ses.TokenHash, ses.UserID, s.d.at(ses.CreatedAt), s.d.at(ses.LastSeenAt)); err != nil {
		return fmt.Errorf("%s: create session: %w", s.d.Name, err)
	}
	return nil
}

// SessionByHash returns a session with its account.
func (s *Store) SessionByHash(ctx context.Context, hash string) (store.Session, store.User, error) {
	ses := store.Session{TokenHash: hash}
	row := s.db.QueryRowContext(ctx, `SELECT s.created_at, s.last_seen_at, u.id, u.email, u.role,
		u.password_hash, u.created_at, u.last_sign_in_at, u.oidc_issuer, u.oidc_subject
		FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1`, hash)
	u, err := scanUser(scanFunc(func(dest ...any) error {
		return row.Scan(append([]any{timeOf(&ses.CreatedAt), timeOf(&ses.LastSeenAt)}, dest...)...)
	}))
	if err != nil {
		return store.Session{TokenHash: hash}, u, fmt.Errorf("%s: session: %w", s.d.Name, err)
	}
	ses.UserID = u.ID
	return ses, u, nil
}

// TouchSession records activity, which moves the idle time-out.
func (s *Store) TouchSession(ctx context.Context, hash string, at time.Time) error {
	if _, err := s.db.ExecContext(ctx, "UPDATE sessions SET last_seen_at = $1 WHERE token_hash = $2", s.d.at(at), hash); err != nil {
		return fmt.Errorf("%s: touch session: %w", s.d.Name, err)
	}
	return nil
}

// DeleteSession ends one session.
func (s *Store) DeleteSession(ctx context.Context, hash string) error {
	if _, err := s.db.ExecContext(ctx, "DELETE FROM sessions WHERE token_hash = $1", hash); err != nil {
		return fmt.Errorf("%s: delete session: %w", s.d.Name, err)
	}
	return nil
}

// DeleteOtherSessions ends every session of a user except one.
func (s *Store) DeleteOtherSessions(ctx context.Context, userID int64, keepHash string) error {
	if _, err := s.db.ExecContext(ctx, "DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2", userID, keepHash); err != nil {
		return fmt.Errorf("%s: delete other sessions of user %d: %w", s.d.Name, userID, err)
	}
	return nil
}

// DeleteExpiredSessions removes the sessions idle since idleBefore or
// created before createdBefore: past either time-out.
func (s *Store) DeleteExpiredSessions(ctx context.Context, idleBefore, createdBefore time.Time) error {
	if _, err := s.db.ExecContext(ctx, "DELETE FROM sessions WHERE last_seen_at < $1 OR created_at < $2",
		s.d.at(idleBefore), s.d.at(createdBefore)); err != nil {
		return fmt.Errorf("%s: delete expired sessions: %w", s.d.Name, err)
	}
	return nil
}

// DeleteLoginFailuresBefore forgets every sign-in failure before a time, of every key.
func (s *Store) DeleteLoginFailuresBefore(ctx context.Context, before time.Time) error {
	if _, err := s.db.ExecContext(ctx, "DELETE FROM login_failures WHERE at < $1", s.d.at(before)); err != nil {
		return fmt.Errorf("%s: delete old login failures: %w", s.d.Name, err)
	}
	return nil
}

// RecordLoginFailure counts one failed sign-in for key, and forgets the
// failures of key older than a day, so the table stays small.
func (s *Store) RecordLoginFailure(ctx context.Context, key string, at time.Time) error {
	err := inTx(ctx, s.db, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, "DELETE FROM login_failures WHERE key = $1 AND at < $2",
			key, s.d.at(at.Add(-24*time.Hour))); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, "INSERT INTO login_failures (key, at) VALUES ($1, $2)", key, s.d.at(at))
		return err
	})
	if err != nil {
		return fmt.Errorf("%s: record login failure: %w", s.d.Name, err)
	}
	return nil
}

// LoginFailures counts the failures of key since a time.
func (s *Store) LoginFailures(ctx context.Context, key string, since time.Time) (int, time.Time, error) {
	var (
		n      int
		oldest time.Time // zero without failures: min() is NULL
	)
	if err := s.db.QueryRowContext(ctx, "SELECT count(*), min(at) FROM login_failures WHERE key = $1 AND at >= $2",
		key, s.d.at(since)).Scan(&n, timeOf(&oldest)); err != nil {
		return 0, time.Time{}, fmt.Errorf("%s: count login failures: %w", s.d.Name, err)
	}
	return n, oldest, nil
}

// ClearLoginFailures forgets the failures of key and of the keys under it.
func (s *Store) ClearLoginFailures(ctx context.Context, key string) error {
	// substr() counts characters, as utf8.RuneCountInString does.
	if _, err := s.db.ExecContext(ctx, "DELETE FROM login_failures WHERE key = $1 OR substr(key, 1, $2) = $3",
		key, utf8.RuneCountInString(key)+1, key+" "); err != nil {
		return fmt.Errorf("%s: clear login failures: %w", s.d.Name, err)
	}
	return nil
}
