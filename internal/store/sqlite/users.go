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

const userColumns = "id, email, role, password_hash, created_at, last_sign_in_at, oidc_issuer, oidc_subject"

func scanUser(row scanner) (store.User, error) {
	var (
		u        store.User
		created  int64
		lastSign sql.NullInt64
		issuer   sql.NullString
		subject  sql.NullString
	)
	if err := row.Scan(&u.ID, &u.Email, &u.Role, &u.PasswordHash, &created, &lastSign, &issuer, &subject); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return u, store.ErrNotFound
		}
		return u, err
	}
	u.CreatedAt = fromMillis(created)
	u.OIDCIssuer, u.OIDCSubject = issuer.String, subject.String
	if lastSign.Valid {
		u.LastSignInAt = fromMillis(lastSign.Int64)
	}
	return u, nil
}

// CreateUser adds an account.
func (s *Store) CreateUser(ctx context.Context, u store.User) (store.User, error) {
	created, err := insertUser(ctx, s.db, u)
	if err != nil {
		return store.User{}, fmt.Errorf("sqlite: create user: %w", err)
	}
	return created, nil
}

// CreateInvitedUser adds a pending account and its invite token at once.
func (s *Store) CreateInvitedUser(ctx context.Context, u store.User, t store.Token) (store.User, error) {
	var created store.User
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		var err error
		if created, err = insertUser(ctx, tx, u); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO tokens (token_hash, kind, user_id, expires_at) VALUES (?, ?, ?, ?)`,
			t.Hash, t.Kind, created.ID, millis(t.ExpiresAt))
		return err
	})
	if err != nil {
		return store.User{}, fmt.Errorf("sqlite: create invited user: %w", err)
	}
	return created, nil
}

func insertUser(ctx context.Context, q querier, u store.User) (store.User, error) {
	row := q.QueryRowContext(ctx, `INSERT INTO users (email, role, password_hash, created_at)
		VALUES (?, ?, ?, ?) RETURNING `+userColumns, u.Email, u.Role, u.PasswordHash, millis(u.CreatedAt))
	created, err := scanUser(row)
	var se *sqlite.Error
	if errors.As(err, &se) && se.Code() == sqlite3.SQLITE_CONSTRAINT_UNIQUE {
		return store.User{}, store.ErrEmailTaken // new accounts have no OIDC link: email is the only unique value
	}
	return created, err
}

// UserByID returns an account, or ErrNotFound.
func (s *Store) UserByID(ctx context.Context, id int64) (store.User, error) {
	u, err := scanUser(s.db.QueryRowContext(ctx, "SELECT "+userColumns+" FROM users WHERE id = ?", id))
	if err != nil {
		return u, fmt.Errorf("sqlite: user %d: %w", id, err)
	}
	return u, nil
}

// UserByEmail returns the account of a normalized email, or ErrNotFound.
func (s *Store) UserByEmail(ctx context.Context, email string) (store.User, error) {
	u, err := scanUser(s.db.QueryRowContext(ctx, "SELECT "+userColumns+" FROM users WHERE email = ?", email))
	if err != nil {
		return u, fmt.Errorf("sqlite: user by email: %w", err)
	}
	return u, nil
}

// ListUsers returns every account ordered by email.
func (s *Store) ListUsers(ctx context.Context) ([]store.User, error) {
	rows, err := s.db.QueryContext(ctx, "SELECT "+userColumns+" FROM users ORDER BY email")
	if err != nil {
		return nil, fmt.Errorf("sqlite: list users: %w", err)
	}
	defer rows.Close()
	var users []store.User
	for rows.Next() {
		u, err := scanUser(rows)
		if err != nil {
			return nil, fmt.Errorf("sqlite: list users: %w", err)
		}
		users = append(users, u)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlite: list users: %w", err)
	}
	return users, nil
}

// CountAdmins counts the admin accounts.
func (s *Store) CountAdmins(ctx context.Context) (int, error) {
	var n int
	if err := s.db.QueryRowContext(ctx, "SELECT count(*) FROM users WHERE role = 'admin'").Scan(&n); err != nil {
		return 0, fmt.Errorf("sqlite: count admins: %w", err)
	}
	return n, nil
}

// SetRole changes a role inside a write transaction, so that two admins
// demoting each other at once cannot both succeed.
func (s *Store) SetRole(ctx context.Context, id int64, role store.Role) (store.User, error) {
	var updated store.User
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		if err := refuseLastAdmin(ctx, tx, id, role == store.RoleAdmin); err != nil {
			return err
		}
		var err error
		updated, err = scanUser(tx.QueryRowContext(ctx, "UPDATE users SET role = ? WHERE id = ? RETURNING "+userColumns, role, id))
		return err
	})
	if err != nil {
		return store.User{}, fmt.Errorf("sqlite: set role of user %d: %w", id, err)
	}
	return updated, nil
}

// SetEmail changes an account's email.
func (s *Store) SetEmail(ctx context.Context, id int64, email string) (store.User, error) {
	u, err := scanUser(s.db.QueryRowContext(ctx, "UPDATE users SET email = ? WHERE id = ? RETURNING "+userColumns, email, id))
	var se *sqlite.Error
	if errors.As(err, &se) && se.Code() == sqlite3.SQLITE_CONSTRAINT_UNIQUE {
		err = store.ErrEmailTaken
	}
	if err != nil {
		return store.User{}, fmt.Errorf("sqlite: set email of user %d: %w", id, err)
	}
	return u, nil
}

// DeleteUser removes an account; its sessions and links go with it.
func (s *Store) DeleteUser(ctx context.Context, id int64) error {
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		if err := refuseLastAdmin(ctx, tx, id, false); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, "DELETE FROM users WHERE id = ?", id)
		return err
	})
	if err != nil {
		return fmt.Errorf("sqlite: delete user %d: %w", id, err)
	}
	return nil
}

// refuseLastAdmin returns ErrNotFound for an unknown account and
// ErrLastAdmin when the account is the only admin and stays admin only if
// staysAdmin.
func refuseLastAdmin(ctx context.Context, tx *sql.Tx, id int64, staysAdmin bool) error {
	u, err := scanUser(tx.QueryRowContext(ctx, "SELECT "+userColumns+" FROM users WHERE id = ?", id))
	if err != nil {
		return err
	}
	if u.Role != store.RoleAdmin || staysAdmin {
		return nil
	}
	var admins int
	if err := tx.QueryRowContext(ctx, "SELECT count(*) FROM users WHERE role = 'admin'").Scan(&admins); err != nil {
		return err
	}
	if admins <= 1 {
		return store.ErrLastAdmin
	}
	return nil
}

// SetPassword stores a new password hash.
func (s *Store) SetPassword(ctx context.Context, id int64, passwordHash string) error {
	res, err := s.db.ExecContext(ctx, "UPDATE users SET password_hash = ? WHERE id = ?", passwordHash, id)
	if err != nil {
		return fmt.Errorf("sqlite: set password of user %d: %w", id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("sqlite: set password of user %d: %w", id, store.ErrNotFound)
	}
	return nil
}

// RecordSignIn remembers the time of a successful sign-in.
func (s *Store) RecordSignIn(ctx context.Context, id int64, at time.Time) error {
	if _, err := s.db.ExecContext(ctx, "UPDATE users SET last_sign_in_at = ? WHERE id = ?", millis(at), id); err != nil {
		return fmt.Errorf("sqlite: record sign-in of user %d: %w", id, err)
	}
	return nil
}
