package main

import (
	"flag"
	"fmt"
	"log/slog"
	"net/url"
	"strconv"
	"strings"

	"github.com/notenrechner/notenrechner/internal/auth"
	"github.com/notenrechner/notenrechner/internal/sso"
)

// oidcOptions are the flags of the sign-in at the school's identity
// provider (docs/operations.md). The client secret comes from
// the environment only, so that it never shows in the process list.
type oidcOptions struct {
	issuer, clientID, secret, name                     string
	allowedDomains, adminGroup, userGroup, groupsClaim string
	scopes                                             string
	passwordLogin                                      bool
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

// build checks the flags and makes the provider; nil when none is set up.
func (o oidcOptions) build(base *url.URL, logger *slog.Logger) (*auth.SSO, error) {
	if o.issuer == "" && o.clientID == "" {
		if !o.passwordLogin {
			return nil, fmt.Errorf("%w: --password-login=false braucht die Anmeldung beim Anbieter (--oidc-issuer, --oidc-client-id)", errUsage)
		}
		return nil, nil
	}
	issuer, err := url.Parse(o.issuer)
	switch {
	case o.issuer == "" || o.clientID == "":
		return nil, fmt.Errorf("%w: --oidc-issuer und --oidc-client-id gehören zusammen", errUsage)
	case err != nil || (issuer.Scheme != "https" && issuer.Scheme != "http") || issuer.Host == "":
		return nil, fmt.Errorf("%w: --oidc-issuer muss eine absolute http(s)-Adresse sein, nicht %q", errUsage, o.issuer)
	case o.secret == "":
		return nil, fmt.Errorf("%w: NOTENRECHNER_OIDC_CLIENT_SECRET ist nicht gesetzt (das Client-Geheimnis kommt nur aus der Umgebung)", errUsage)
	}
	if issuer.Scheme == "http" {
		logger.Warn("--oidc-issuer is http, not https: fit only for tests on this machine", "issuer", o.issuer)
	}
	s := &auth.SSO{AdminGroup: o.adminGroup, UserGroup: o.userGroup}
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
	s.Provider = sso.New(cfg, logger)
	return s, nil
}
