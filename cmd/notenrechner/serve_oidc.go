package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net/url"
	"strconv"
	"strings"

	"github.com/notenrechner/notenrechner/internal/auth"
	"github.com/notenrechner/notenrechner/internal/sso"
	"github.com/notenrechner/notenrechner/internal/store"
)

// oidcOptions are one school's sign-in at an identity provider (docs/operations.md): serve's
// --oidc-* flags for the database's own school, or a school's stored configuration (school oidc),
// which wins over the flags. The flags' client secret comes from the environment only, so that it
// never shows in the process list; a stored one from the school's database.
type oidcOptions struct {
	issuer, clientID, secret, name                     string
	allowedDomains, adminGroup, userGroup, groupsClaim string
	scopes                                             string
	passwordLogin                                      bool
	// schoolClaim and schoolValue: at a provider several schools share, the claim that names a
	// person's school and the value that names this one (stored configurations only).
	schoolClaim, schoolValue string
}

// storedOIDC is a school's stored configuration as options.
func storedOIDC(c store.OIDCConfig) oidcOptions {
	return oidcOptions{issuer: c.Issuer, clientID: c.ClientID, secret: c.ClientSecret, name: c.Name,
		allowedDomains: c.AllowedDomains, adminGroup: c.AdminGroup, userGroup: c.UserGroup, groupsClaim: c.GroupsClaim,
		scopes: c.Scopes, passwordLogin: c.PasswordLogin, schoolClaim: c.SchoolClaim, schoolValue: c.SchoolClaimValue}
}

// signInOf is the sign-in of a site's school: its stored configuration, else, for the database's
// own school (main), serve's flags, else passwords only.
func signInOf(ctx context.Context, st store.SchoolOIDCStore, main bool, flags oidcOptions) (oidcOptions, error) {
	c, err := st.SchoolOIDC(ctx)
	switch {
	case err == nil:
		return storedOIDC(c), nil
	case !errors.Is(err, store.ErrNotFound):
		return oidcOptions{}, err
	case main:
		return flags, nil
	}
	return oidcOptions{passwordLogin: true}, nil
}

func oidcFlags(fs *flag.FlagSet, getenv func(string) string, o *oidcOptions) error {
	fs.StringVar(&o.issuer, "oidc-issuer", envOr(getenv, "NOTENRECHNER_OIDC_ISSUER", ""),
		"Issuer-URL des Identitätsanbieters der Schule (OpenID Connect), z. B. https://schule.de (NOTENRECHNER_OIDC_ISSUER); "+
			"das Client-Geheimnis nur aus NOTENRECHNER_OIDC_CLIENT_SECRET")
	fs.StringVar(&o.clientID, "oidc-client-id", envOr(getenv, "NOTENRECHNER_OIDC_CLIENT_ID", ""), "Client-ID beim Anbieter (NOTENRECHNER_OIDC_CLIENT_ID)")
	fs.StringVar(&o.name, "oidc-name", envOr(getenv, "NOTENRECHNER_OIDC_NAME", "Schulkonto"), `Name auf der Schaltfläche „Anmelden mit …“, z. B. IServ (NOTENRECHNER_OIDC_NAME)`)
	fs.StringVar(&o.allowedDomains, "oidc-allowed-domains", envOr(getenv, "NOTENRECHNER_OIDC_ALLOWED_DOMAINS", ""),
		"nur E-Mail-Adressen dieser Domains, durch Komma getrennt, z. B. schule.de (NOTENRECHNER_OIDC_ALLOWED_DOMAINS; leer: alle)")
	fs.StringVar(&o.adminGroup, "oidc-admin-group", envOr(getenv, "NOTENRECHNER_OIDC_ADMIN_GROUP", ""),
		"Gruppe beim Anbieter, deren Mitglieder Admins sind; mit dieser oder --oidc-user-group entstehen Konten bei der Anmeldung (NOTENRECHNER_OIDC_ADMIN_GROUP)")
	fs.StringVar(&o.userGroup, "oidc-user-group", envOr(getenv, "NOTENRECHNER_OIDC_USER_GROUP", ""),
		"Gruppe beim Anbieter, deren Mitglieder Konten ohne Bearbeitungsrecht bekommen (NOTENRECHNER_OIDC_USER_GROUP)")
	fs.StringVar(&o.groupsClaim, "oidc-groups-claim", envOr(getenv, "NOTENRECHNER_OIDC_GROUPS_CLAIM", "groups"),
		"Claim mit den Gruppen im ID-Token oder bei userinfo (NOTENRECHNER_OIDC_GROUPS_CLAIM)")
	fs.StringVar(&o.scopes, "oidc-scopes", envOr(getenv, "NOTENRECHNER_OIDC_SCOPES", "openid email profile"),
		"Scopes, durch Leerzeichen getrennt; manche Anbieter senden Gruppen nur mit einem weiteren, z. B. groups (NOTENRECHNER_OIDC_SCOPES)")
	passwordLogin, err := strconv.ParseBool(envOr(getenv, "NOTENRECHNER_PASSWORD_LOGIN", "true"))
	if err != nil {
		return fmt.Errorf("%w: NOTENRECHNER_PASSWORD_LOGIN muss true oder false sein", errUsage)
	}
	fs.BoolVar(&o.passwordLogin, "password-login", passwordLogin,
		"Anmeldung mit Passwort anbieten; false, sobald die Anmeldung beim Anbieter funktioniert (NOTENRECHNER_PASSWORD_LOGIN; "+
			"notenrechner admin set-password bleibt der Weg zurück)")
	o.secret = getenv("NOTENRECHNER_OIDC_CLIENT_SECRET")
	return nil
}

// check refuses flags that cannot work, at serve's start.
func (o oidcOptions) check() error {
	if o.issuer == "" && o.clientID == "" {
		if !o.passwordLogin {
			return fmt.Errorf("%w: --password-login=false braucht die Anmeldung beim Anbieter (--oidc-issuer, --oidc-client-id)", errUsage)
		}
		return nil
	}
	switch {
	case o.issuer == "" || o.clientID == "":
		return fmt.Errorf("%w: --oidc-issuer und --oidc-client-id gehören zusammen", errUsage)
	case !issuerURL(o.issuer):
		return fmt.Errorf("%w: --oidc-issuer muss eine absolute http(s)-Adresse sein, nicht %q", errUsage, o.issuer)
	case !plainIssuer(o.issuer):
		return fmt.Errorf("%w: --oidc-issuer: ohne ?…, #… und Benutzer, z. B. https://iserv.gs-nord.de", errUsage)
	case o.secret == "":
		return fmt.Errorf("%w: NOTENRECHNER_OIDC_CLIENT_SECRET ist nicht gesetzt (das Client-Geheimnis kommt nur aus der Umgebung)", errUsage)
	}
	return nil
}

// issuerURL reports whether s is an absolute http(s) address, as an issuer must be.
func issuerURL(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "https" || u.Scheme == "http") && u.Host != ""
}

// build makes the provider of checked options for the school at base, whose callback is the
// redirect URI; nil when none is set up. Its discovery is the caller's to run.
func (o oidcOptions) build(base *url.URL, logger *slog.Logger) *auth.SSO {
	if o.issuer == "" {
		return nil
	}
	if strings.HasPrefix(o.issuer, "http:") {
		logger.Warn("the OpenID issuer is http, not https: fit only for tests on this machine", "issuer", o.issuer)
	}
	s := &auth.SSO{AdminGroup: o.adminGroup, UserGroup: o.userGroup, School: o.schoolValue}
	for _, d := range strings.Split(o.allowedDomains, ",") {
		if d = strings.ToLower(strings.TrimSpace(d)); d != "" {
			s.AllowedDomains = append(s.AllowedDomains, strings.TrimPrefix(d, "@"))
		}
	}
	cfg := sso.Config{Issuer: o.issuer, ClientID: o.clientID, ClientSecret: o.secret, Name: o.name, Scopes: strings.Fields(o.scopes),
		RedirectURL: base.JoinPath("/api/v1/auth/oidc/callback").String()}
	if o.adminGroup != "" || o.userGroup != "" {
		cfg.GroupsClaim = o.groupsClaim
	}
	if o.schoolValue != "" {
		cfg.SchoolClaim = o.schoolClaim
	}
	s.Provider = sso.New(cfg, logger)
	return s
}

// provider is the site's provider for its server at base (nil: passwords only), with the redirect
// URI at that address; its discovery runs in the background until the handler is dropped, so that
// the server starts while the provider is down. Called with s.mu held.
func (s *site) provider(base *url.URL, logger *slog.Logger) *auth.SSO {
	p := s.signIn.build(base, logger)
	if p != nil {
		ctx, cancel := context.WithCancel(context.Background())
		s.discovery = append(s.discovery, cancel)
		go p.Provider.Run(ctx)
	}
	return p
}

// readSignIn reads the site's sign-in again (`school oidc` may have changed it, from another
// process) and, when it changed, drops the site's handlers, so that the next sync makes them anew
// with it. A read that fails keeps the last one.
func (s *site) readSignIn(ctx context.Context, sh *shared) {
	o, err := signInOf(ctx, s.store, s.main, sh.oidc)
	if err != nil {
		s.logger.Warn("sign-in configuration not read; the last one stays", "err", err)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if o == s.signIn {
		return
	}
	s.signIn = o
	s.forgetHandlers()
	logSignIn(s.logger, "sign-in changed", o, s.main, sh.oidc)
}

// logSignIn says which sign-in a school has and where it comes from; with the flags set, that the
// school's stored configuration wins over them.
func logSignIn(logger *slog.Logger, msg string, o oidcOptions, main bool, flags oidcOptions) {
	from := "the school's database (school oidc)"
	switch {
	case o.issuer == "":
		logger.Info(msg+": passwords only", "password_login", true)
		return
	case main && o == flags:
		from = "--oidc-*"
	case main && flags.issuer != "":
		from += ", which wins over --oidc-*"
	}
	logger.Info(msg+": at an OpenID provider", "issuer", o.issuer, "from", from, "password_login", o.passwordLogin)
}

// forgetHandlers drops the site's handlers and ends their providers' discovery. Called with s.mu held.
func (s *site) forgetHandlers() {
	for _, stop := range s.discovery {
		stop()
	}
	s.discovery = nil
	clear(s.handlers)
}
