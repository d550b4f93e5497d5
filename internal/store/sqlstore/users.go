package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/notenrechner/notenrechner/internal/store"
)

const userColumns = "id, email, role, password_hash, created_at, last_sign_in_at, oidc_issuer, oidc_subject"

func scanUser(row scanner) (store.User, error) {
	var (
		u               store.User
		issuer, subject sql.NullString
	)
	if err := row.Scan(&u.ID, &u.Email, &u.Role, &u.PasswordHash, timeOf(&u.CreatedAt), timeOf(&u.LastSignInAt), &issuer, &subject); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return u, store.ErrNotFound
		}
		return u, err
	}
	u.OIDCIssuer, u.OIDCSubject = issuer.String, subject.String
	return u, nil
}

// CreateUser adds an account.
func (s *Store) CreateUser(ctx context.Context, u store.User) (store.User, error) {
	created, err := s.insertUser(ctx, s.db, u)
	if err != nil {
		return store.User{}, fmt.Errorf("%s: create user: %w", s.d.Name, err)
	}
	return created, nil
}

// CreateInvitedUser adds a pending account and its invite token at once.
func (s *Store) CreateInvitedUser(ctx context.Context, u store.User, t store.Token) (store.User, error) {
	var created store.User
	err := inTx(ctx, s.db, func(tx *sql.Tx) error {
		var err error
		if created, err = s.insertUser(ctx, tx, u); err != nil {
			return err
		}
		t.UserID = created.ID
		return s.insertToken(ctx, tx, t)
	})
	if err != nil {
		return store.User{}, fmt.Errorf("%s: create invited user: %w", s.d.Name, err)
	}
	return created, nil
}

func (s *Store) insertUser(ctx context.Context, q querier, u store.User) (store.User, error) {
	created, err := scanUser(q.QueryRowContext(ctx, `INSERT INTO users (email, role, password_hash, created_at)
		VALUES ($1, $2, $3, $4) RETURNING `+userColumns, u.Email, u.Role, u.PasswordHash, s.d.at(u.CreatedAt)))
	if s.d.unique(err) {
		return store.User{}, store.ErrEmailTaken // new accounts have no OIDC link: email is the only unique value
	}
	return created, err
}

// UserByID returns an account, or ErrNotFound.
func (s *Store) UserByID(ctx context.Context, id int64) (store.User, error) {
	u, err := scanUser(s.db.QueryRowContext(ctx, "SELECT "+userColumns+" FROM users WHERE id = $1", id))
	if err != nil {
		return u, fmt.Errorf("%s: user %d: %w", s.d.Name, id, err)
	}
	return u, nil
}

// UserByEmail returns the account of a normalized email, or ErrNotFound.
func (s *Store) UserByEmail(ctx context.Context, email string) (store.User, error) {
	u, err := scanUser(s.db.QueryRowContext(ctx, "SELECT "+userColumns+" FROM users WHERE email = $1", email))
	if err != nil {
		return u, fmt.Errorf("%s: user by email: %w", s.d.Name, err)
	}
	return u, nil
}

// ListUsers returns every account ordered by email, by code point.
func (s *Store) ListUsers(ctx context.Context) ([]store.User, error) {
	rows, err := s.db.QueryContext(ctx, "SELECT "+userColumns+" FROM users ORDER BY email"+s.d.ByCodePoint)
	var users []store.User
	if err == nil {
		users, err = collect(rows, scanUser)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: list users: %w", s.d.Name, err)
	}
	return users, nil
}

// CountAdmins counts the admin accounts.
func (s *Store) CountAdmins(ctx context.Context) (int, error) {
	var n int
	if err := s.db.QueryRowContext(ctx, "SELECT count(*) FROM users WHERE role = 'admin'").Scan(&n); err != nil {
		return 0, fmt.Errorf("%s: count admins: %w", s.d.Name, err)
	}
	return n, nil
}

// SetRole changes a role. The admins are locked first (refuseLastAdmin), so
// two admins demoting each other at once cannot both succeed.
func (s *Store) SetRole(ctx context.Context, id int64, role store.Role) (store.User, error) {
	var updated store.User
	err := inTx(ctx, s.db, func(tx *sql.Tx) error {
		if err := s.refuseLastAdmin(ctx, tx, id, role == store.RoleAdmin); err != nil {
			return err
		}
		var err error
		updated, err = scanUser(tx.QueryRowContext(ctx, "UPDATE users SET role = $1 WHERE id = $2 RETURNING "+userColumns, role, id))
		return err
	})
	if err != nil {
		return store.User{}, fmt.Errorf("%s: set role of user %d: %w", s.d.Name, id, err)
	}
	return updated, nil
}

// SetEmail changes an account's email.
func (s *Store) SetEmail(ctx context.Context, id int64, email string) (store.User, error) {
	u, err := scanUser(s.db.QueryRowContext(ctx, "UPDATE users SET email = $1 WHERE id = $2 RETURNING "+userColumns, email, id))
	if s.d.unique(err) {
		err = store.ErrEmailTaken // the email is the one unique value it changes
	}
	if err != nil {
		return store.User{}, fmt.Errorf("%s: set email of user %d: %w", s.d.Name, id, err)
	}
	return u, nil
}

// DeleteUser removes an account; its sessions and links go with it.
func (s *Store) DeleteUser(ctx context.Context, id int64) error {
	err := inTx(ctx, s.db, func(tx *sql.Tx) error {
		if err := s.refuseLastAdmin(ctx, tx, id, false); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, "DELETE FROM users WHERE id = $1", id)
		return err
	})
	if err != nil {
		return fmt.Errorf("%s: delete user %d: %w", s.d.Name, id, err)
	}
	return nil
}

// refuseLastAdmin returns ErrNotFound for an unknown account and
// ErrLastAdmin when the account is the only admin and stays admin only if
// staysAdmin. Where rows are locked (ForUpdate) it locks every admin row
// before counting, so a concurrent demotion or deletion waits for this
// transaction and then counts again: a count alone would let two
// transactions each see two admins and each remove one.
func (s *Store) refuseLastAdmin(ctx context.Context, tx *sql.Tx, id int64, staysAdmin bool) error {
	var admins int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM
		(SELECT id FROM users WHERE role = 'admin' ORDER BY id`+s.d.ForUpdate+`) AS locked`).Scan(&admins); err != nil {
		return err
	}
	u, err := scanUser(tx.QueryRowContext(ctx, "SELECT "+userColumns+" FROM users WHERE id = $1"+s.d.ForUpdate, id))
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
	res, err := s.db.ExecContext(ctx, "UPDATE users SET password_hash = $1 WHERE id = $2", passwordHash, id)
	var n int64
	if err == nil {
		n, err = res.RowsAffected()
	}
	if err == nil && n == 0 {
		err = store.ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("%s: set password of user %d: %w", s.d.Name, id, err)
	}
	return nil
}

// RecordSignIn remembers the time of a successful sign-in.
func (s *Store) RecordSignIn(ctx context.Context, id int64, at time.Time) error {
	if _, err := s.db.ExecContext(ctx, "UPDATE users SET last_sign_in_at = $1 WHERE id = $2", s.d.at(at), id); err != nil {
		return fmt.Errorf("%s: record sign-in of user %d: %w", s.d.Name, id, err)
	}
	return nil
}
