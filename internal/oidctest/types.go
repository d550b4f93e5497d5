package oidctest

import (
	"time"

	"github.com/zitadel/oidc/v3/pkg/oidc"
	"github.com/zitadel/oidc/v3/pkg/op"
)

// authRequest is one sign-in at the provider, from /authorize until the
// code is redeemed.
type authRequest struct {
	id       string
	created  time.Time
	req      oidc.AuthRequest
	subject  string
	done     bool
	authTime time.Time
}

func (a *authRequest) GetID() string                      { return a.id }
func (a *authRequest) GetACR() string                     { return "" }
func (a *authRequest) GetAMR() []string                   { return []string{"pwd"} }
func (a *authRequest) GetAuthTime() time.Time             { return a.authTime }
func (a *authRequest) GetClientID() string                { return a.req.ClientID }
func (a *authRequest) GetNonce() string                   { return a.req.Nonce }
func (a *authRequest) GetRedirectURI() string             { return a.req.RedirectURI }
func (a *authRequest) GetResponseType() oidc.ResponseType { return a.req.ResponseType }
func (a *authRequest) GetResponseMode() oidc.ResponseMode { return a.req.ResponseMode }
func (a *authRequest) GetScopes() []string                { return a.req.Scopes }
func (a *authRequest) GetState() string                   { return a.req.State }
func (a *authRequest) GetSubject() string                 { return a.subject }
func (a *authRequest) Done() bool                         { return a.done }

func (a *authRequest) GetAudience() []string { return []string{a.req.ClientID} }

func (a *authRequest) GetCodeChallenge() *oidc.CodeChallenge {
	if a.req.CodeChallenge == "" {
		return nil
	}
	return &oidc.CodeChallenge{Challenge: a.req.CodeChallenge, Method: a.req.CodeChallengeMethod}
}

// client is the one registered relying party (Notenrechner): a confidential
// web client with the authorization code flow. DevMode allows its http://
// loopback redirect URL.
type client struct {
	opts  Options
	knobs Knobs
}

func (c *client) GetID() string                       { return c.opts.ClientID }
func (c *client) RedirectURIs() []string              { return c.opts.RedirectURIs }
func (c *client) PostLogoutRedirectURIs() []string    { return nil }
func (c *client) ApplicationType() op.ApplicationType { return op.ApplicationTypeWeb }
func (c *client) AuthMethod() oidc.AuthMethod         { return oidc.AuthMethodBasic }
func (c *client) ResponseTypes() []oidc.ResponseType {
	return []oidc.ResponseType{oidc.ResponseTypeCode}
}
func (c *client) GrantTypes() []oidc.GrantType        { return []oidc.GrantType{oidc.GrantTypeCode} }
func (c *client) LoginURL(id string) string           { return "/login?authRequestID=" + id }
func (c *client) AccessTokenType() op.AccessTokenType { return op.AccessTokenTypeBearer }
func (c *client) DevMode() bool                       { return true }
func (c *client) IsScopeAllowed(string) bool          { return true }
func (c *client) ClockSkew() time.Duration            { return 0 }

// IDTokenLifetime is negative when a test wants an expired token.
func (c *client) IDTokenLifetime() time.Duration {
	if c.knobs.IDTokenLifetime != 0 {
		return c.knobs.IDTokenLifetime
	}
	return 5 * time.Minute
}

// IDTokenUserinfoClaimsAssertion puts email and groups into the ID token,
// unless a test wants them only from the userinfo endpoint.
func (c *client) IDTokenUserinfoClaimsAssertion() bool { return !c.knobs.ClaimsOnlyInUserinfo }

func (c *client) RestrictAdditionalIdTokenScopes() func([]string) []string {
	return func(s []string) []string { return s }
}

func (c *client) RestrictAdditionalAccessTokenScopes() func([]string) []string {
	return func(s []string) []string { return s }
}
