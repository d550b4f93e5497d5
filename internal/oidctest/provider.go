// Package oidctest is a real OpenID Connect provider for tests, built on
// github.com/zitadel/oidc/v3/pkg/op (an OpenID-certified implementation):
// discovery, JWKS, authorization code flow with PKCE, signed ID tokens and
// userinfo, with a plain login page and fixed test users. Knobs make it
// misbehave the way real providers can (expired tokens, another audience,
// a key it does not publish, an unsigned token) so that the relying party's
// checks are tested against real tokens. Go tests run it in-process; the
// browser tests run it as cmd/oidc-testprovider.
package oidctest

import (
	"bytes"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"html/template"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"time"

	"github.com/zitadel/oidc/v3/pkg/op"
	"golang.org/x/text/language"
)

// User is a person at the provider.
type User struct {
	Username, Password string
	Email              string
	EmailVerified      bool
	Groups             []string
}

// Subject is the user's stable ID at the provider ("sub").
func (u User) Subject() string { return "sub-" + u.Username }

// Options describe the provider and its one client.
type Options struct {
	ClientID, ClientSecret string
	RedirectURIs           []string
	GroupsClaim            string // default "groups"
	Users                  []User
}

// Knobs make the provider misbehave on purpose.
type Knobs struct {
	IDTokenLifetime time.Duration // negative: tokens are expired when issued
	ForeignKey      bool          // sign with a key the JWKS does not publish
	Unsigned        bool          // hand out ID tokens with "alg": "none"
	// Rewrite changes the ID token's claims at the token endpoint, and the
	// provider signs the result with its published key: a real token with
	// claims it would not issue (another audience, another nonce).
	Rewrite              func(claims map[string]any)
	ClaimsOnlyInUserinfo bool // email and groups only at the userinfo endpoint
}

// Provider is the running provider's handler.
type Provider struct {
	storage *storage
	op      *op.Provider
	mux     *http.ServeMux
}

// New makes a provider whose issuer is the given URL (http:// allowed).
func New(issuer string, opts Options) (*Provider, error) {
	if opts.GroupsClaim == "" {
		opts.GroupsClaim = "groups"
	}
	s, err := newStorage(opts)
	if err != nil {
		return nil, err
	}
	var key [32]byte
	copy(key[:], rand.Text())
	provider, err := op.NewProvider(&op.Config{
		CryptoKey:          key,
		CodeMethodS256:     true,
		AuthMethodPost:     true,
		SupportedUILocales: []language.Tag{language.German},
	}, s, op.StaticIssuer(issuer), op.WithAllowInsecure())
	if err != nil {
		return nil, err
	}
	p := &Provider{storage: s, op: provider, mux: http.NewServeMux()}
	interceptor := op.NewIssuerInterceptor(provider.IssuerFromRequest)
	p.mux.HandleFunc("GET /login", p.loginPage)
	p.mux.Handle("POST /login", interceptor.HandlerFunc(p.login))
	p.mux.Handle("/", provider)
	return p, nil
}

// Set changes the knobs for the sign-ins that start afterwards.
func (p *Provider) Set(k Knobs) {
	p.storage.mu.Lock()
	defer p.storage.mu.Unlock()
	p.storage.knobs = k
}

// SetEmail changes a person's email at the provider, as when a school
// renames its domain or a person's name changes: the subject stays.
func (p *Provider) SetEmail(username, email string, verified bool) {
	p.storage.mu.Lock()
	defer p.storage.mu.Unlock()
	users := slices.Clone(p.storage.opts.Users) // the caller's slice stays as it was
	for i := range users {
		if users[i].Username == username {
			users[i].Email, users[i].EmailVerified = email, verified
		}
	}
	p.storage.opts.Users = users
}

func (p *Provider) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	p.storage.mu.Lock()
	k := p.storage.knobs
	p.storage.mu.Unlock()
	if (k.Unsigned || k.Rewrite != nil) && r.Method == http.MethodPost && r.URL.Path == "/oauth/token" {
		p.tamper(w, r, k)
		return
	}
	p.mux.ServeHTTP(w, r)
}

// tamper answers the token request as the library would, then rewrites the
// ID token's claims and signs them again with the provider's key, or sets
// its header to "alg": "none" and removes the signature.
func (p *Provider) tamper(w http.ResponseWriter, r *http.Request, k Knobs) {
	rec := httptest.NewRecorder()
	p.mux.ServeHTTP(rec, r)
	var body map[string]any
	if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &body) != nil {
		w.WriteHeader(rec.Code)
		w.Write(rec.Body.Bytes())
		return
	}
	if raw, ok := body["id_token"].(string); ok {
		token, err := p.retoken(raw, k)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		body["id_token"] = token
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(body)
}

var loginTemplate = template.Must(template.New("login").Parse(`<!doctype html>
<html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Test-Anbieter: Anmelden</title>
<style>body{font-family:sans-serif;max-width:24rem;margin:3rem auto;padding:0 1rem}label,input,button{display:block;width:100%;margin:.3rem 0}input{padding:.4rem}button{padding:.5rem}.err{color:#a00}</style>
</head><body>
<h1>OpenID-Testanbieter</h1>
<p>Nur für Tests: melden Sie sich mit einem Testkonto an.</p>
{{if .Error}}<p class="err" role="alert">{{.Error}}</p>{{end}}
<form method="post" action="/login">
<input type="hidden" name="id" value="{{.ID}}">
<label for="username">Benutzername</label><input id="username" name="username" autocomplete="username" required>
<label for="password">Passwort</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Beim Testanbieter anmelden</button>
</form></body></html>`))

func (p *Provider) loginPage(w http.ResponseWriter, r *http.Request) {
	render(w, http.StatusOK, r.URL.Query().Get("authRequestID"), "")
}

func render(w http.ResponseWriter, status int, id, msg string) {
	var buf bytes.Buffer
	if err := loginTemplate.Execute(&buf, struct{ ID, Error string }{id, msg}); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	w.Write(buf.Bytes())
}

func (p *Provider) login(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	id := r.PostForm.Get("id")
	if err := p.storage.checkLogin(id, r.PostForm.Get("username"), r.PostForm.Get("password")); err != nil {
		render(w, http.StatusUnauthorized, id, err.Error())
		return
	}
	http.Redirect(w, r, op.AuthCallbackURL(p.op)(r.Context(), id), http.StatusFound)
}

func (p *Provider) retoken(raw string, k Knobs) (string, error) {
	parts := strings.Split(raw, ".")
	payload, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		return "", err
	}
	if k.Rewrite != nil {
		claims := map[string]any{}
		if err := json.Unmarshal(payload, &claims); err != nil {
			return "", err
		}
		k.Rewrite(claims)
		if payload, err = json.Marshal(claims); err != nil {
			return "", err
		}
	}
	if k.Unsigned {
		header := base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"none","typ":"JWT"}`))
		return header + "." + base64.RawURLEncoding.EncodeToString(payload) + ".", nil
	}
	signer, err := op.SignerFromKey(p.storage.key)
	if err != nil {
		return "", err
	}
	jws, err := signer.Sign(payload)
	if err != nil {
		return "", err
	}
	return jws.CompactSerialize()
}
