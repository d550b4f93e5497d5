// Package sso signs people in with the school's OpenID Connect provider
// (IServ, Microsoft Entra ID, Keycloak, Moodle, …): discovery with retries,
// the authorization code flow with PKCE, state and nonce, and the checks of
// the ID token (signature, iss, aud, exp) by github.com/coreos/go-oidc. It
// knows nothing of accounts; auth.SignIn maps an Identity to one.
package sso

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"
)

// Config is the installation's provider, from the flags of serve.
type Config struct {
	Issuer       string // the provider's issuer URL, as in its discovery document
	ClientID     string
	ClientSecret string // from NOTENRECHNER_OIDC_CLIENT_SECRET only
	RedirectURL  string // BASE_URL/api/v1/auth/oidc/callback
	Name         string // the button's "Anmelden mit <Name>"
	// GroupsClaim names the claim that lists a person's groups (ID token
	// or userinfo); used only when the server maps groups to roles.
	GroupsClaim string
	// SchoolClaim names the claim that says a person's school at a provider
	// several schools share (ID token or userinfo); Identity.Schools holds
	// its values, auth.SSO.School decides. Empty: not read.
	SchoolClaim string
	// Scopes asked for; default openid, email, profile. Some providers send
	// groups only for an extra scope ("groups"), others refuse unknown ones,
	// so the operator adds it where the provider needs it.
	Scopes []string
	// HTTPClient talks to the provider; default: one with a 10 s time-out.
	HTTPClient *http.Client
	// Retry bounds the waits between discovery attempts; default 1 s to 5 min.
	RetryMin, RetryMax time.Duration
	Now                func() time.Time
}

// Identity is what a verified sign-in tells about the person.
type Identity struct {
	Issuer        string
	Subject       string
	Email         string // as the provider sent it, not yet normalized
	EmailVerified bool
	Groups        []string
	Schools       []string // the values of Config.SchoolClaim: one, or a list
}

var (
	// ErrUnavailable means discovery has not succeeded yet.
	ErrUnavailable = errors.New("sso: provider not reachable")
	// ErrProvider means the provider refused or failed the exchange.
	ErrProvider = errors.New("sso: provider error")
	// ErrInvalidToken means the ID token failed a check: signature, issuer,
	// audience, expiry, nonce or a missing subject.
	ErrInvalidToken = errors.New("sso: invalid ID token")
)

// Provider is one configured OpenID provider. Discovery runs in the
// background (Run) so that the server starts while the provider is down.
type Provider struct {
	cfg    Config
	logger *slog.Logger

	mu    sync.RWMutex
	ready *discovered // nil until discovery succeeded
	kick  chan struct{}
}

type discovered struct {
	oauth    oauth2.Config
	verifier *oidc.IDTokenVerifier
	provider *oidc.Provider
}

// New makes a provider; call Run to discover it.
func New(cfg Config, logger *slog.Logger) *Provider {
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = &http.Client{Timeout: 10 * time.Second}
	}
	if cfg.RetryMin <= 0 {
		cfg.RetryMin = time.Second
	}
	if cfg.RetryMax <= 0 {
		cfg.RetryMax = 5 * time.Minute
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if len(cfg.Scopes) == 0 {
		cfg.Scopes = []string{oidc.ScopeOpenID, "email", "profile"}
	}
	if !slices.Contains(cfg.Scopes, oidc.ScopeOpenID) {
		cfg.Scopes = append([]string{oidc.ScopeOpenID}, cfg.Scopes...)
	}
	return &Provider{cfg: cfg, logger: logger, kick: make(chan struct{}, 1)}
}

// Name is the text of the button.
func (p *Provider) Name() string { return p.cfg.Name }

// Issuer is the configured issuer URL.
func (p *Provider) Issuer() string { return p.cfg.Issuer }

// Reachable reports whether discovery has succeeded.
func (p *Provider) Reachable() bool {
	p.mu.RLock()
	defer p.mu.RUnlock()
	return p.ready != nil
}

// Kick asks a waiting Run to try again soon (someone wants to sign in):
// at once if the last attempt is RetryMin ago, else when it is. However
// many kick, the provider is asked at most once per RetryMin.
func (p *Provider) Kick() {
	select {
	case p.kick <- struct{}{}:
	default:
	}
}

// Run discovers the provider, retrying with doubling waits between
// RetryMin and RetryMax, until it succeeds or ctx ends.
func (p *Provider) Run(ctx context.Context) {
	wait := p.cfg.RetryMin
	for {
		err := p.discover(ctx)
		if err == nil {
			p.logger.Info("OpenID provider discovered", "issuer", p.cfg.Issuer)
			return
		}
		p.logger.Warn("OpenID provider not reachable; sign-in with it waits", "issuer", p.cfg.Issuer, "retry_in", wait, "err", err)
		if !p.pause(ctx, wait) {
			return
		}
		wait = min(wait*2, p.cfg.RetryMax)
	}
}

// pause waits before the next attempt: RetryMin in any case, then the rest
// of wait unless a Kick comes (one that came during RetryMin is kept in the
// channel). Without the first part every start of a sign-in, which kicks,
// would make the server ask a provider that is down once more. It reports
// false when ctx ended.
func (p *Provider) pause(ctx context.Context, wait time.Duration) bool {
	floor := min(p.cfg.RetryMin, wait)
	return sleep(ctx, floor, nil) && sleep(ctx, wait-floor, p.kick)
}

// sleep waits d, or until kick delivers (a nil kick never does); false when
// ctx ended first.
func sleep(ctx context.Context, d time.Duration, kick <-chan struct{}) bool {
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-timer.C:
	case <-kick:
	}
	return true
}

func (p *Provider) discover(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(oidc.ClientContext(ctx, p.cfg.HTTPClient), 15*time.Second)
	defer cancel()
	op, err := oidc.NewProvider(ctx, p.cfg.Issuer)
	if err != nil {
		return err
	}
	d := &discovered{
		provider: op,
		verifier: op.Verifier(&oidc.Config{ClientID: p.cfg.ClientID, Now: p.cfg.Now}),
		oauth: oauth2.Config{
			ClientID: p.cfg.ClientID, ClientSecret: p.cfg.ClientSecret, RedirectURL: p.cfg.RedirectURL,
			Endpoint: op.Endpoint(), Scopes: p.cfg.Scopes,
		},
	}
	p.mu.Lock()
	p.ready = d
	p.mu.Unlock()
	return nil
}

func (p *Provider) discovered() (*discovered, error) {
	p.mu.RLock()
	defer p.mu.RUnlock()
	if p.ready == nil {
		return nil, ErrUnavailable
	}
	return p.ready, nil
}

// Login is a started sign-in: state and nonce and the PKCE verifier, kept
// by the server until the callback.
type Login struct {
	State, Nonce, Verifier string
}

// NewLogin makes fresh random values for one sign-in.
func NewLogin() Login {
	return Login{State: oauth2.GenerateVerifier(), Nonce: oauth2.GenerateVerifier(), Verifier: oauth2.GenerateVerifier()}
}

// AuthURL is where the browser goes to sign in at the provider.
func (p *Provider) AuthURL(l Login) (string, error) {
	d, err := p.discovered()
	if err != nil {
		p.Kick()
		return "", err
	}
	return d.oauth.AuthCodeURL(l.State, oidc.Nonce(l.Nonce), oauth2.S256ChallengeOption(l.Verifier)), nil
}

// Exchange redeems the code of a callback and returns the verified identity.
// The ID token's signature, iss, aud and exp are checked by go-oidc, its
// nonce and (with several audiences) azp here. Email and groups come from
// the ID token, or from the userinfo endpoint where the token lacks them.
func (p *Provider) Exchange(ctx context.Context, code string, l Login) (Identity, error) {
	d, err := p.discovered()
	if err != nil {
		return Identity{}, err
	}
	ctx = oidc.ClientContext(ctx, p.cfg.HTTPClient)
	tok, err := d.oauth.Exchange(ctx, code, oauth2.VerifierOption(l.Verifier))
	if err != nil {
		return Identity{}, fmt.Errorf("%w: token endpoint: %w", ErrProvider, err)
	}
	raw, _ := tok.Extra("id_token").(string)
	if raw == "" {
		return Identity{}, fmt.Errorf("%w: no id_token in the token response", ErrInvalidToken)
	}
	idt, err := d.verifier.Verify(ctx, raw)
	if err != nil {
		return Identity{}, fmt.Errorf("%w: %w", ErrInvalidToken, err)
	}
	if subtle.ConstantTimeCompare([]byte(idt.Nonce), []byte(l.Nonce)) != 1 {
		return Identity{}, fmt.Errorf("%w: nonce does not match", ErrInvalidToken)
	}
	var c claims
	if err := idt.Claims(&c); err != nil {
		return Identity{}, fmt.Errorf("%w: claims: %w", ErrInvalidToken, err)
	}
	if len(idt.Audience) > 1 && c.AuthorizedParty() != p.cfg.ClientID {
		return Identity{}, fmt.Errorf("%w: azp %q is not this client", ErrInvalidToken, c.AuthorizedParty())
	}
	if idt.Subject == "" {
		return Identity{}, fmt.Errorf("%w: no subject", ErrInvalidToken)
	}
	id := Identity{Issuer: idt.Issuer, Subject: idt.Subject}
	c.fill(&id, p.cfg.GroupsClaim, p.cfg.SchoolClaim)
	if id.Email == "" || (p.cfg.GroupsClaim != "" && id.Groups == nil) || (p.cfg.SchoolClaim != "" && id.Schools == nil) {
		if err := p.fromUserinfo(ctx, d, tok, &id); err != nil {
			return Identity{}, err
		}
	}
	return id, nil
}

// fromUserinfo fills what the ID token lacked. The userinfo answer must be
// about the same subject (OpenID Connect Core §5.3.2).
func (p *Provider) fromUserinfo(ctx context.Context, d *discovered, tok *oauth2.Token, id *Identity) error {
	if d.provider.UserInfoEndpoint() == "" {
		return nil
	}
	info, err := d.provider.UserInfo(ctx, oauth2.StaticTokenSource(tok))
	if err != nil {
		return fmt.Errorf("%w: userinfo: %w", ErrProvider, err)
	}
	if info.Subject != id.Subject {
		return fmt.Errorf("%w: userinfo is about another subject", ErrInvalidToken)
	}
	var c claims
	if err := info.Claims(&c); err != nil {
		return fmt.Errorf("%w: userinfo claims: %w", ErrProvider, err)
	}
	c.fill(id, p.cfg.GroupsClaim, p.cfg.SchoolClaim)
	return nil
}

// GroupsContain reports whether any of groups is g (exact match).
func GroupsContain(groups []string, g string) bool {
	return g != "" && slices.Contains(groups, g)
}

// DomainOf is the part of an email after the last @, lower case.
func DomainOf(email string) string {
	i := strings.LastIndexByte(email, '@')
	if i < 0 {
		return ""
	}
	return strings.ToLower(email[i+1:])
}
