package store

import (
	"context"
	"time"
)

// Role decides what a signed-in account may do.
type Role string

const (
	RoleAdmin Role = "admin" // edits the configuration and manages accounts
	RoleUser  Role = "user"  // signed in, may not edit
)

// Valid reports whether r is a known role.
func (r Role) Valid() bool { return r == RoleAdmin || r == RoleUser }

// User is an account. Email is stored normalized (trimmed, lower case), so
// that emails compare case-insensitively.
type User struct {
	ID           int64
	Email        string
	Role         Role
	PasswordHash string // empty while an invited person has not set one
	CreatedAt    time.Time
	LastSignInAt time.Time // zero: never signed in
	// OIDCIssuer and OIDCSubject name the identity at the school's OpenID
	// provider the account signs in with; both empty until it first does.
	OIDCIssuer  string
	OIDCSubject string
}

// Pending reports whether the account still waits for its password, or
// for its first sign-in at the OpenID provider.
func (u User) Pending() bool { return u.PasswordHash == "" && u.OIDCSubject == "" }

// Session is a signed-in browser. Only the hash of its token is stored.
type Session struct {
	TokenHash  string
	UserID     int64
	CreatedAt  time.Time
	LastSeenAt time.Time
}

// TokenKind names what a one-time link does.
type TokenKind string

const (
	TokenSetup  TokenKind = "setup"  // creates the first admin
	TokenInvite TokenKind = "invite" // sets the password of an added account
)

// Token is a one-time link, stored by its hash.
type Token struct {
	Hash      string
	Kind      TokenKind
	UserID    int64 // the invited account; 0 for setup
	ExpiresAt time.Time
}

// UserStore keeps accounts and one-time links.
type UserStore interface {
	// CreateUser adds an account; ErrEmailTaken if the email exists.
	CreateUser(ctx context.Context, u User) (User, error)
	// CreateInvitedUser adds an account without a password together with
	// its invite token (t.UserID is filled in), in one transaction, so an
	// account never exists without its link.
	CreateInvitedUser(ctx context.Context, u User, t Token) (User, error)
	UserByID(ctx context.Context, id int64) (User, error)
	UserByEmail(ctx context.Context, email string) (User, error)
	// ListUsers returns every account, ordered by email.
	ListUsers(ctx context.Context) ([]User, error)
	CountAdmins(ctx context.Context) (int, error)
	// SetRole changes a role; ErrLastAdmin if it would demote the last admin.
	SetRole(ctx context.Context, id int64, role Role) (User, error)
	// SetEmail changes an account's (normalized) email: the identity
	// provider's changed address follows into the account. ErrEmailTaken if
	// another account has it, ErrNotFound for an unknown account.
	SetEmail(ctx context.Context, id int64, email string) (User, error)
	// DeleteUser removes an account with its sessions and links;
	// ErrLastAdmin if it is the last admin.
	DeleteUser(ctx context.Context, id int64) error
	SetPassword(ctx context.Context, id int64, passwordHash string) error
	RecordSignIn(ctx context.Context, id int64, at time.Time) error

	// ReissueInvite replaces the invitations of a pending account (one
	// without a password that is not linked to the identity provider) by t,
	// in one transaction, so an earlier link stops working the moment the
	// new one exists. It returns the account; ErrNotFound for an unknown
	// account, ErrHasPassword or ErrAccountLinked for one that is no longer
	// pending (nothing is changed then).
	ReissueInvite(ctx context.Context, t Token) (User, error)
	// CreateToken stores a one-time link; ErrAccountLinked for an invitation
	// to an account linked to the identity provider.
	CreateToken(ctx context.Context, t Token) error
	// ValidToken returns an unused, unexpired token, or ErrNotFound.
	ValidToken(ctx context.Context, kind TokenKind, hash string, now time.Time) (Token, error)
	// DeleteUsedOrExpiredTokens removes the links that were used, or that
	// expired before expiredBefore.
	DeleteUsedOrExpiredTokens(ctx context.Context, expiredBefore time.Time) error
	// CreateFirstAdmin uses a setup token and creates an admin in one
	// transaction: ErrNotFound if the token is not valid or an admin exists.
	CreateFirstAdmin(ctx context.Context, tokenHash string, u User, now time.Time) (User, error)
	// AcceptInvite uses an invite token and sets the account's password in
	// one transaction; ErrNotFound if the token is not valid, or the account
	// has a password or is linked to the identity provider meanwhile.
	AcceptInvite(ctx context.Context, tokenHash, passwordHash string, now time.Time) (User, error)
}

// SessionStore keeps sessions and the sign-in failure counts.
type SessionStore interface {
	CreateSession(ctx context.Context, s Session) error
	// SessionByHash returns a session and its account, or ErrNotFound.
	SessionByHash(ctx context.Context, hash string) (Session, User, error)
	TouchSession(ctx context.Context, hash string, at time.Time) error
	DeleteSession(ctx context.Context, hash string) error
	// DeleteOtherSessions ends every session of the user but keepHash.
	DeleteOtherSessions(ctx context.Context, userID int64, keepHash string) error
	// DeleteExpiredSessions removes the sessions idle since idleBefore or
	// created before createdBefore, so that the table does not grow without
	// bound with sessions nobody ended.
	DeleteExpiredSessions(ctx context.Context, idleBefore, createdBefore time.Time) error

	RecordLoginFailure(ctx context.Context, key string, at time.Time) error
	// LoginFailures counts the failures of key at or after since, and
	// returns the oldest of them (so the caller can say when it expires).
	LoginFailures(ctx context.Context, key string, since time.Time) (count int, oldest time.Time, err error)
	// ClearLoginFailures forgets the failures of key and of every key that
	// starts with key and a space (an account's keys per address and session).
	ClearLoginFailures(ctx context.Context, key string) error
	// DeleteLoginFailuresBefore forgets every failure before a time, of
	// every key, also of keys that never fail again.
	DeleteLoginFailuresBefore(ctx context.Context, before time.Time) error
}
