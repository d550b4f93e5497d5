package oidctest

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	jose "github.com/go-jose/go-jose/v4"
	"github.com/zitadel/oidc/v3/pkg/oidc"
	"github.com/zitadel/oidc/v3/pkg/op"
)

// storage is the provider's memory: clients, users, auth requests and
// access tokens. It implements op.Storage as far as the authorization code
// flow needs; refresh tokens, introspection and JWT profiles are refused.
type storage struct {
	opts Options

	mu       sync.Mutex
	knobs    Knobs
	requests map[string]*authRequest // by id
	codes    map[string]string       // code → request id
	tokens   map[string]accessToken  // by id
	seq      int

	key, foreign signingKey
}

type accessToken struct {
	subject string
	scopes  []string
	expires time.Time
}

type signingKey struct {
	id  string
	key *rsa.PrivateKey
}

func (k signingKey) SignatureAlgorithm() jose.SignatureAlgorithm { return jose.RS256 }
func (k signingKey) Key() any                                    { return k.key }
func (k signingKey) ID() string                                  { return k.id }

type publicKey struct{ signingKey }

func (k publicKey) Algorithm() jose.SignatureAlgorithm { return jose.RS256 }
func (k publicKey) Use() string                        { return "sig" }
func (k publicKey) Key() any                           { return &k.key.PublicKey }

func newStorage(opts Options) (*storage, error) {
	s := &storage{opts: opts, requests: map[string]*authRequest{}, codes: map[string]string{}, tokens: map[string]accessToken{}}
	for _, k := range []*signingKey{&s.key, &s.foreign} {
		rk, err := rsa.GenerateKey(rand.Reader, 2048)
		if err != nil {
			return nil, err
		}
		*k = signingKey{id: rand.Text()[:12], key: rk}
	}
	return s, nil
}

func (s *storage) user(subject string) (User, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	i := slices.IndexFunc(s.opts.Users, func(u User) bool { return u.Subject() == subject })
	if i < 0 {
		return User{}, false
	}
	return s.opts.Users[i], true
}

func (s *storage) nextID() string {
	s.seq++
	return fmt.Sprintf("%d-%s", s.seq, rand.Text())
}

// --- op.AuthStorage

func (s *storage) CreateAuthRequest(_ context.Context, r *oidc.AuthRequest, userID string) (op.AuthRequest, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if slices.Contains(r.Prompt, oidc.PromptNone) {
		return nil, oidc.ErrLoginRequired()
	}
	req := &authRequest{id: s.nextID(), created: time.Now(), req: *r, subject: userID}
	s.requests[req.id] = req
	return req, nil
}

func (s *storage) AuthRequestByID(_ context.Context, id string) (op.AuthRequest, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if r, ok := s.requests[id]; ok {
		return r, nil
	}
	return nil, errors.New("auth request not found")
}

func (s *storage) AuthRequestByCode(ctx context.Context, code string) (op.AuthRequest, error) {
	s.mu.Lock()
	id, ok := s.codes[code]
	s.mu.Unlock()
	if !ok {
		return nil, errors.New("code not found")
	}
	return s.AuthRequestByID(ctx, id)
}

func (s *storage) SaveAuthCode(_ context.Context, id, code string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.codes[code] = id
	return nil
}

// DeleteAuthRequest forgets the request and its code, so a code works once.
func (s *storage) DeleteAuthRequest(_ context.Context, id string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.requests, id)
	for code, rid := range s.codes {
		if rid == id {
			delete(s.codes, code)
		}
	}
	return nil
}

func (s *storage) CreateAccessToken(_ context.Context, r op.TokenRequest) (string, time.Time, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	id := s.nextID()
	exp := time.Now().Add(5 * time.Minute)
	s.tokens[id] = accessToken{subject: r.GetSubject(), scopes: r.GetScopes(), expires: exp}
	return id, exp, nil
}

var errUnsupported = errors.New("oidctest: not supported by the test provider")

func (s *storage) CreateAccessAndRefreshTokens(context.Context, op.TokenRequest, string) (string, string, time.Time, error) {
	return "", "", time.Time{}, errUnsupported
}

func (s *storage) TokenRequestByRefreshToken(context.Context, string) (op.RefreshTokenRequest, error) {
	return nil, errUnsupported
}

func (s *storage) TerminateSession(context.Context, string, string) error { return nil }

func (s *storage) RevokeToken(_ context.Context, tokenID, _, _ string) *oidc.Error {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.tokens, tokenID)
	return nil
}

func (s *storage) GetRefreshTokenInfo(context.Context, string, string) (string, string, error) {
	return "", "", op.ErrInvalidRefreshToken
}

// SigningKey signs with a key the JWKS does not list when the knob says so.
func (s *storage) SigningKey(context.Context) (op.SigningKey, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.knobs.ForeignKey {
		return s.foreign, nil
	}
	return s.key, nil
}

func (s *storage) SignatureAlgorithms(context.Context) ([]jose.SignatureAlgorithm, error) {
	return []jose.SignatureAlgorithm{jose.RS256}, nil
}

func (s *storage) KeySet(context.Context) ([]op.Key, error) {
	return []op.Key{publicKey{s.key}}, nil
}

// --- op.OPStorage

func (s *storage) GetClientByClientID(_ context.Context, id string) (op.Client, error) {
	if id != s.opts.ClientID {
		return nil, errors.New("client not found")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return &client{opts: s.opts, knobs: s.knobs}, nil
}

func (s *storage) AuthorizeClientIDSecret(_ context.Context, id, secret string) error {
	if id != s.opts.ClientID || secret != s.opts.ClientSecret {
		return errors.New("wrong client credentials")
	}
	return nil
}

func (s *storage) SetUserinfoFromScopes(context.Context, *oidc.UserInfo, string, string, []string) error {
	return nil // deprecated by the library: SetUserinfoFromRequest fills the ID token
}

// SetUserinfoFromRequest fills the ID token's claims.
func (s *storage) SetUserinfoFromRequest(_ context.Context, info *oidc.UserInfo, r op.IDTokenRequest, scopes []string) error {
	return s.fill(info, r.GetSubject(), scopes)
}

// SetUserinfoFromToken answers the userinfo endpoint.
func (s *storage) SetUserinfoFromToken(_ context.Context, info *oidc.UserInfo, tokenID, _, _ string) error {
	s.mu.Lock()
	t, ok := s.tokens[tokenID]
	s.mu.Unlock()
	if !ok || time.Now().After(t.expires) {
		return errors.New("token not valid")
	}
	return s.fill(info, t.subject, t.scopes)
}

func (s *storage) fill(info *oidc.UserInfo, subject string, scopes []string) error {
	u, ok := s.user(subject)
	if !ok {
		return errors.New("user not found")
	}
	info.Subject = subject
	for _, scope := range scopes {
		switch scope {
		case oidc.ScopeEmail:
			info.Email, info.EmailVerified = u.Email, oidc.Bool(u.EmailVerified)
		case oidc.ScopeProfile:
			info.Name, info.PreferredUsername = u.Username, u.Username
		case "groups":
			info.AppendClaims(s.opts.GroupsClaim, u.Groups)
		}
	}
	return nil
}

func (s *storage) SetIntrospectionFromToken(context.Context, *oidc.IntrospectionResponse, string, string, string) error {
	return errUnsupported
}

func (s *storage) GetPrivateClaimsFromScopes(context.Context, string, string, []string) (map[string]any, error) {
	return nil, nil
}

func (s *storage) GetKeyByIDAndClientID(context.Context, string, string) (*jose.JSONWebKey, error) {
	return nil, errUnsupported
}

func (s *storage) ValidateJWTProfileScopes(context.Context, string, []string) ([]string, error) {
	return nil, errUnsupported
}

func (s *storage) Health(context.Context) error { return nil }

// checkLogin finishes an auth request for a user with the right password.
func (s *storage) checkLogin(requestID, username, password string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	r, ok := s.requests[requestID]
	if !ok {
		return errors.New("Die Anmeldeanfrage ist unbekannt oder abgelaufen.")
	}
	i := slices.IndexFunc(s.opts.Users, func(u User) bool { return u.Username == username && u.Password == password })
	if i < 0 {
		return errors.New("Benutzername oder Passwort falsch.")
	}
	r.subject, r.done, r.authTime = s.opts.Users[i].Subject(), true, time.Now()
	return nil
}
