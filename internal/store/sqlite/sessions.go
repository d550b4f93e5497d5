package sqlite

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
		VALUES (?, ?, ?, ?)`, ses.TokenHash, ses.UserID, millis(ses.CreatedAt), millis(ses.LastSeenAt)); err != nil {
		return fmt.Errorf("sqlite: create session: %w", err)
	}
	return nil
}

// SessionByHash returns a session with its account.
func (s *Store) SessionByHash(ctx context.Context, hash string) (store.Session, store.User, error) {
	var (
		ses           = store.Session{TokenHash: hash}
		created, seen int64
		u             store.User
	)
	row := s.db.QueryRowContext(ctx, `SELECT s.created_at, s.last_seen_at, u.id, u.email, u.role,
		u.password_hash, u.created_at, u.last_sign_in_at, u.oidc_issuer, u.oidc_subject
		FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ?`, hash)
	u, err := scanUser(scanFunc(func(dest ...any) error {
		return row.Scan(append([]any{&created, &seen}, dest...)...)
	}))
	if err != nil {
		return ses, u, fmt.Errorf("sqlite: session: %w", err)
	}
	ses.UserID, ses.CreatedAt, ses.LastSeenAt = u.ID, fromMillis(created), fromMillis(seen)
	return ses, u, nil
}

// TouchSession records activity, which moves the idle time-out.
func (s *Store) TouchSession(ctx context.Context, hash string, at time.Time) error {
	if _, err := s.db.ExecContext(ctx, "UPDATE sessions SET last_seen_at = ? WHERE token_hash = ?", millis(at), hash); err != nil {
		return fmt.Errorf("sqlite: touch session: %w", err)
	}
	return nil
}

// DeleteSession ends one session.
func (s *Store) DeleteSession(ctx context.Context, hash string) error {
	if _, err := s.db.ExecContext(ctx, "DELETE FROM sessions WHERE token_hash = ?", hash); err != nil {
		return fmt.Errorf("sqlite: delete session: %w", err)
	}
	return nil
}

// DeleteOtherSessions ends every session of a user except one.
func (s *Store) DeleteOtherSessions(ctx context.Context, userID int64, keepHash string) error {
	if _, err := s.db.ExecContext(ctx, "DELETE FROM sessions WHERE user_id = ? AND token_hash <> ?", userID, keepHash); err != nil {
		return fmt.Errorf("sqlite: delete other sessions of user %d: %w", userID, err)
	}
	return nil
}

// DeleteExpiredSessions removes the sessions idle since idleBefore or
// created before createdBefore: past either time-out.
func (s *Store) DeleteExpiredSessions(ctx context.Context, idleBefore, createdBefore time.Time) error {
	if _, err := s.db.ExecContext(ctx, "DELETE FROM sessions WHERE last_seen_at < ? OR created_at < ?",
		millis(idleBefore), millis(createdBefore)); err != nil {
		return fmt.Errorf("sqlite: delete expired sessions: %w", err)
	}
	return nil
}

// DeleteLoginFailuresBefore forgets every sign-in failure before a time, of every key.
func (s *Store) DeleteLoginFailuresBefore(ctx context.Context, before time.Time) error {
	if _, err := s.db.ExecContext(ctx, "DELETE FROM login_failures WHERE at < ?", millis(before)); err != nil {
		return fmt.Errorf("sqlite: delete old login failures: %w", err)
	}
	return nil
}

// RecordLoginFailure counts one failed sign-in for key, and forgets the
// failures of key older than a day, so the table stays small.
func (s *Store) RecordLoginFailure(ctx context.Context, key string, at time.Time) error {
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, "DELETE FROM login_failures WHERE key = ? AND at < ?",
			key, millis(at.Add(-24*time.Hour))); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, "INSERT INTO login_failures (key, at) VALUES (?, ?)", key, millis(at))
		return err
	})
	if err != nil {
		return fmt.Errorf("sqlite: record login failure: %w", err)
	}
	return nil
}

// LoginFailures counts the failures of key since a time.
func (s *Store) LoginFailures(ctx context.Context, key string, since time.Time) (int, time.Time, error) {
	var (
		n      int
		oldest *int64
	)
	if err := s.db.QueryRowContext(ctx, "SELECT count(*), min(at) FROM login_failures WHERE key = ? AND at >= ?",
		key, millis(since)).Scan(&n, &oldest); err != nil {
		return 0, time.Time{}, fmt.Errorf("sqlite: count login failures: %w", err)
	}
	if oldest == nil {
		return n, time.Time{}, nil
	}
	return n, fromMillis(*oldest), nil
}

// ClearLoginFailures forgets the failures of key and of the keys under it.
func (s *Store) ClearLoginFailures(ctx context.Context, key string) error {
	// substr() counts characters in TEXT, as utf8.RuneCountInString does.
	if _, err := s.db.ExecContext(ctx, "DELETE FROM login_failures WHERE key = ? OR substr(key, 1, ?) = ?",
		key, utf8.RuneCountInString(key)+1, key+" "); err != nil {
		return fmt.Errorf("sqlite: clear login failures: %w", err)
	}
	return nil
}
