package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/notenrechner/notenrechner/internal/store"
)

const schoolOIDCColumns = "issuer, client_id, client_secret, name, allowed_domains, admin_group, user_group, " +
	"groups_claim, scopes, password_login, school_claim, school_claim_value, updated_at"

// SchoolOIDC reads the one row of school_oidc; no row is ErrNotFound.
func (s *Store) SchoolOIDC(ctx context.Context) (store.OIDCConfig, error) {
	var c store.OIDCConfig
	err := s.db.QueryRowContext(ctx, "SELECT "+schoolOIDCColumns+" FROM school_oidc WHERE id = 1").Scan(
		&c.Issuer, &c.ClientID, &c.ClientSecret, &c.Name, &c.AllowedDomains, &c.AdminGroup, &c.UserGroup,
		&c.GroupsClaim, &c.Scopes, &c.PasswordLogin, &c.SchoolClaim, &c.SchoolClaimValue, timeOf(&c.UpdatedAt))
	if errors.Is(err, sql.ErrNoRows) {
		return store.OIDCConfig{}, store.ErrNotFound
	}
	if err != nil {
		return store.OIDCConfig{}, fmt.Errorf("%s: school oidc: %w", s.d.Name, err)
	}
	return c, nil
}

// SetSchoolOIDC writes the one row, in place of an earlier one.
func (s *Store) SetSchoolOIDC(ctx context.Context, c store.OIDCConfig) error {
	_, err := s.db.ExecContext(ctx, "INSERT INTO school_oidc (id, "+schoolOIDCColumns+") "+
		"VALUES (1, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT (id) DO UPDATE SET "+
		"issuer = excluded.issuer, client_id = excluded.client_id, client_secret = excluded.client_secret, "+
		"name = excluded.name, allowed_domains = excluded.allowed_domains, admin_group = excluded.admin_group, "+
		"user_group = excluded.user_group, groups_claim = excluded.groups_claim, scopes = excluded.scopes, "+
		"password_login = excluded.password_login, school_claim = excluded.school_claim, "+
		"school_claim_value = excluded.school_claim_value, updated_at = excluded.updated_at",
		c.Issuer, c.ClientID, c.ClientSecret, c.Name, c.AllowedDomains, c.AdminGroup, c.UserGroup,
		c.GroupsClaim, c.Scopes, c.PasswordLogin, c.SchoolClaim, c.SchoolClaimValue, s.d.at(s.now()))
	if err != nil {
		return fmt.Errorf("%s: set school oidc: %w", s.d.Name, err)
	}
	return nil
}

// DeleteSchoolOIDC removes the row; ErrNotFound when there was none.
func (s *Store) DeleteSchoolOIDC(ctx context.Context) error {
	res, err := s.db.ExecContext(ctx, "DELETE FROM school_oidc WHERE id = 1")
	if err != nil {
		return fmt.Errorf("%s: delete school oidc: %w", s.d.Name, err)
	}
	if n, err := res.RowsAffected(); err == nil && n == 0 {
		return store.ErrNotFound
	}
	return nil
}
