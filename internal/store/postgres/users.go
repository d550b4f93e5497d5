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

const userColumns = "id, email, role, password_hash, created_at, last_sign_in_at, oidc_issuer, oidc_subject"

// uniqueViolation is PostgreSQL's SQLSTATE for a duplicate key.
const uniqueViolation = "23505"

func scanUser(row pgx.Row) (store.User, error) {
	var (
		u        store.User
		lastSign *time.Time
		issuer   *string
		subject  *string
	)
	if err := row.Scan(&u.ID, &u.Email, &u.Role, &u.PasswordHash, &u.CreatedAt, &lastSign, &issuer, &subject); err != nil {
		if errors.Is(err, pgx.ErrNoRows) {
			return u, store.ErrNotFound
		}
		return u, err
	}
	u.CreatedAt = u.CreatedAt.UTC()
	if issuer != nil && subject != nil {
		u.OIDCIssuer, u.OIDCSubject = *issuer, *subject
	}
	if lastSign != nil {
		u.LastSignInAt = lastSign.UTC()
	}
	return u, nil
}

// CreateUser adds an account.
func (s *Store) CreateUser(ctx context.Context, u store.User) (store.User, error) {
	created, err := insertUser(ctx, s.pool, u)
	if err != nil {
		return store.User{}, fmt.Errorf("postgres: create user: %w", err)
	}
	return created, nil
}

// CreateInvitedUser adds a pending account and its invite token at once.
func (s *Store) CreateInvitedUser(ctx context.Context, u store.User, t store.Token) (store.User, error) {
	var created store.User
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var err error
		if created, err = insertUser(ctx, tx, u); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `INSERT INTO tokens (token_hash, kind, user_id, expires_at) VALUES ($1, $2, $3, $4)`,
			t.Hash, t.Kind, created.ID, ms(t.ExpiresAt))
		return err
	})
	if err != nil {
		return store.User{}, fmt.Errorf("postgres: create invited user: %w", err)
	}
	return created, nil
}

func insertUser(ctx context.Context, q querier, u store.User) (store.User, error) {
	created, err := scanUser(q.QueryRow(ctx, `INSERT INTO users (email, role, password_hash, created_at)
		VALUES ($1, $2, $3, $4) RETURNING `+userColumns, u.Email, u.Role, u.PasswordHash, ms(u.CreatedAt)))
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == uniqueViolation && pgErr.ConstraintName == "users_email_key" {
		return store.User{}, store.ErrEmailTaken
	}
	return created, err
}

// UserByID returns an account, or ErrNotFound.
func (s *Store) UserByID(ctx context.Context, id int64) (store.User, error) {
	u, err := scanUser(s.pool.QueryRow(ctx, "SELECT "+userColumns+" FROM users WHERE id = $1", id))
	if err != nil {
		return u, fmt.Errorf("postgres: user %d: %w", id, err)
	}
	return u, nil
}

// UserByEmail returns the account of a normalized email, or ErrNotFound.
func (s *Store) UserByEmail(ctx context.Context, email string) (store.User, error) {
	u, err := scanUser(s.pool.QueryRow(ctx, "SELECT "+userColumns+" FROM users WHERE email = $1", email))
	if err != nil {
		return u, fmt.Errorf("postgres: user by email: %w", err)
	}
	return u, nil
}

// ListUsers returns every account ordered by email. COLLATE "C" orders by
// code point, as SQLite does, whatever the database's locale.
func (s *Store) ListUsers(ctx context.Context) ([]store.User, error) {
	rows, err := s.pool.Query(ctx, "SELECT "+userColumns+` FROM users ORDER BY email COLLATE "C"`)
	if err != nil {
		return nil, fmt.Errorf("postgres: list users: %w", err)
	}
	users, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (store.User, error) { return scanUser(row) })
	if err != nil {
		return nil, fmt.Errorf("postgres: list users: %w", err)
	}
	return users, nil
}

// CountAdmins counts the admin accounts.
func (s *Store) CountAdmins(ctx context.Context) (int, error) {
	var n int
	if err := s.pool.QueryRow(ctx, "SELECT count(*) FROM users WHERE role = 'admin'").Scan(&n); err != nil {
		return 0, fmt.Errorf("postgres: count admins: %w", err)
	}
	return n, nil
}

// SetRole changes a role. The admins are locked first (see lockAdmins), so
// two admins demoting each other at once cannot both succeed.
func (s *Store) SetRole(ctx context.Context, id int64, role store.Role) (store.User, error) {
	var updated store.User
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if err := refuseLastAdmin(ctx, tx, id, role == store.RoleAdmin); err != nil {
			return err
		}
		var err error
		updated, err = scanUser(tx.QueryRow(ctx, "UPDATE users SET role = $1 WHERE id = $2 RETURNING "+userColumns, role, id))
		return err
	})
	if err != nil {
		return store.User{}, fmt.Errorf("postgres: set role of user %d: %w", id, err)
	}
	return updated, nil
}

// SetEmail changes an account's email.
func (s *Store) SetEmail(ctx context.Context, id int64, email string) (store.User, error) {
	u, err := scanUser(s.pool.QueryRow(ctx, "UPDATE users SET email = $1 WHERE id = $2 RETURNING "+userColumns, email, id))
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == uniqueViolation && pgErr.ConstraintName == "users_email_key" {
		err = store.ErrEmailTaken
	}
	if err != nil {
		return store.User{}, fmt.Errorf("postgres: set email of user %d: %w", id, err)
	}
	return u, nil
}

// DeleteUser removes an account; its sessions and links go with it.
func (s *Store) DeleteUser(ctx context.Context, id int64) error {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if err := refuseLastAdmin(ctx, tx, id, false); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, "DELETE FROM users WHERE id = $1", id)
		return err
	})
	if err != nil {
		return fmt.Errorf("postgres: delete user %d: %w", id, err)
	}
	return nil
}

// refuseLastAdmin returns ErrNotFound for an unknown account and
// ErrLastAdmin when the account is the only admin and stays admin only if
// staysAdmin. It locks every admin row (FOR UPDATE) before counting, so a
// concurrent demotion or deletion waits for this transaction and then
// counts again: a count alone would let two transactions each see two
// admins and each remove one.
func refuseLastAdmin(ctx context.Context, tx pgx.Tx, id int64, staysAdmin bool) error {
	var admins int
	if err := tx.QueryRow(ctx, `SELECT count(*) FROM
		(SELECT id FROM users WHERE role = 'admin' ORDER BY id FOR UPDATE) AS locked`).Scan(&admins); err != nil {
		return err
	}
	u, err := scanUser(tx.QueryRow(ctx, "SELECT "+userColumns+" FROM users WHERE id = $1 FOR UPDATE", id))
	if err != nil {
		return err
	}
	if u.Role == store.RoleAdmin && !staysAdmin && admins <= 1 {
		return store.ErrLastAdmin
	}
	return nil
}

// SetPassword stores a new password hash.
func (s *Store) SetPassword(ctx context.Context, id int64, passwordHash string) error {
	tag, err := s.pool.Exec(ctx, "UPDATE users SET password_hash = $1 WHERE id = $2", passwordHash, id)
	if err != nil {
		return fmt.Errorf("postgres: set password of user %d: %w", id, err)
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("postgres: set password of user %d: %w", id, store.ErrNotFound)
	}
	return nil
}

// RecordSignIn remembers the time of a successful sign-in.
func (s *Store) RecordSignIn(ctx context.Context, id int64, at time.Time) error {
	if _, err := s.pool.Exec(ctx, "UPDATE users SET last_sign_in_at = $1 WHERE id = $2", ms(at), id); err != nil {
		return fmt.Errorf("postgres: record sign-in of user %d: %w", id, err)
	}
	return nil
}
