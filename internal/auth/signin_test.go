package auth

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/notenrechner/notenrechner/internal/store"
	"github.com/notenrechner/notenrechner/internal/store/sqlite"
)

// cheap keeps the tests fast; the server uses DefaultParams.
var cheap = Params{Memory: 64, Time: 1, Threads: 1, SaltLen: 16, KeyLen: 32}

const testPassword = "Zebrafink-Kastanie-42"

// signInEnv is a SignIn on a real SQLite store with a clock the test sets,
// counting the argon2id runs.
type signInEnv struct {
	t      *testing.T
	st     *sqlite.Store
	now    time.Time
	signIn *SignIn
	sso    *SSO
	limits *Limiter

	mu   sync.Mutex
	runs []Params // every argon2id run, with the salt's length
}

func newSignInEnv(t *testing.T, sso *SSO) *signInEnv {
	t.Helper()
	e := &signInEnv{t: t, now: time.Date(2026, 11, 22, 8, 0, 0, 0, time.UTC), sso: sso}
	clock := func() time.Time { return e.now }
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "n.db"), sqlite.Options{Now: clock})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	e.st, e.limits = st, NewLimiter(st, clock)
	observe := func(p Params, _ int) { e.mu.Lock(); e.runs = append(e.runs, p); e.mu.Unlock() }
	e.signIn = NewSignIn(SignInDeps{Store: st, Sessions: NewSessions(st, clock, false), Limiter: e.limits, Gate: NewGate(1),
		Hasher: Hasher{Params: cheap, Observe: observe}, Now: clock, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), SSO: sso})
	return e
}

// work returns the argon2id runs since the last call.
func (e *signInEnv) work() []Params {
	e.mu.Lock()
	defer e.mu.Unlock()
	runs := e.runs
	e.runs = nil
	return runs
}

func (e *signInEnv) addAccount(email string, role store.Role, password bool) store.User {
	e.t.Helper()
	u := store.User{Email: email, Role: role, CreatedAt: e.now}
	if password {
		hash, err := HashPassword(testPassword, cheap)
		if err != nil {
			e.t.Fatal(err)
		}
		u.PasswordHash = hash
	}
	u, err := e.st.CreateUser(context.Background(), u)
	if err != nil {
		e.t.Fatal(err)
	}
	return u
}

// Every way in ends in StartSession: a fresh session, the cookie set, the
// session the browser brought ended, and the sign-in recorded.
func TestStartSession(t *testing.T) {
	e := newSignInEnv(t, nil)
	ctx := context.Background()
	u := e.addAccount("lehrer@schule.de", store.RoleUser, true)
	old, oldHash := NewToken()
	if err := e.st.CreateSession(ctx, store.Session{TokenHash: oldHash, UserID: u.ID, CreatedAt: e.now, LastSeenAt: e.now}); err != nil {
		t.Fatal(err)
	}
	e.now = e.now.Add(time.Hour)
	rec := httptest.NewRecorder()
	req := httptest.NewRequest("POST", "/api/v1/auth/login", nil)
	req.AddCookie(&http.Cookie{Name: "notenrechner_session", Value: old})
	got, err := e.signIn.StartSession(rec, req, u)
	if err != nil {
		t.Fatal(err)
	}
	if !got.LastSignInAt.Equal(e.now) {
		t.Errorf("LastSignInAt = %v, want %v", got.LastSignInAt, e.now)
	}
	if stored, _ := e.st.UserByID(ctx, u.ID); !stored.LastSignInAt.Equal(e.now) {
		t.Errorf("stored LastSignInAt = %v, want %v", stored.LastSignInAt, e.now)
	}
	cookies := rec.Result().Cookies()
	if len(cookies) != 1 || cookies[0].Name != "notenrechner_session" || cookies[0].Value == old || !cookies[0].HttpOnly {
		t.Fatalf("cookies %+v, want one fresh HttpOnly session cookie", cookies)
	}
	if _, _, err := e.st.SessionByHash(ctx, oldHash); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the session the browser brought still works: %v", err)
	}
	if ses, owner, err := e.st.SessionByHash(ctx, HashToken(cookies[0].Value)); err != nil || owner.ID != u.ID || !ses.CreatedAt.Equal(e.now) {
		t.Errorf("the new session: %+v of %d, %v", ses, owner.ID, err)
	}
}

// A wrong email, an account without a password and a wrong password cost
// the same password work and get the same answer; past the limit no
// password is checked at all.
func TestPasswordSameWorkAndLimits(t *testing.T) {
	e := newSignInEnv(t, nil)
	ctx := context.Background()
	e.addAccount("admin@schule.de", store.RoleAdmin, true)
	e.addAccount("neu@schule.de", store.RoleUser, false)
	for _, c := range []struct{ name, email, password string }{
		{"unknown email", "niemand@schule.de", testPassword},
		{"account without a password", "neu@schule.de", testPassword},
		{"wrong password", "admin@schule.de", "falsch-falsch-falsch"},
		{"email with a Kelvin sign", "adm\u212Ain@schule.de", testPassword},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := e.signIn.Password(ctx, "198.51.100.7", c.email, c.password)
			if !errors.Is(err, ErrBadCredentials) {
				t.Errorf("%s: %v, want ErrBadCredentials", c.name, err)
			}
			if runs := e.work(); len(runs) != 1 || runs[0] != cheap {
				t.Errorf("%s: argon2id runs %+v, want one with %+v", c.name, runs, cheap)
			}
		})
	}
	u, err := e.signIn.Password(ctx, "203.0.113.9", " Admin@Schule.DE ", testPassword)
	if err != nil || u.Email != "admin@schule.de" {
		t.Fatalf("the right password: %+v %v", u, err)
	}
	e.work()
	for range e.limits.PerAccountAddress {
		e.signIn.Password(ctx, "198.51.100.7", "admin@schule.de", "falsch-falsch-falsch")
	}
	e.work()
	_, err = e.signIn.Password(ctx, "198.51.100.7", "admin@schule.de", testPassword)
	var limited *LimitedError
	if !errors.As(err, &limited) || limited.Wait <= 0 || limited.Wait > e.limits.Window {
		t.Fatalf("past the limit: %v, want a LimitedError within %v", err, e.limits.Window)
	}
	if runs := e.work(); len(runs) != 0 {
		t.Errorf("past the limit the password was checked: %d runs", len(runs))
	}
	var input *InputError
	if _, err := e.signIn.Password(ctx, "198.51.100.7", "", ""); !errors.As(err, &input) ||
		input.Fields["email"] != msgRequired || input.Fields["password"] != msgRequired {
		t.Errorf("empty fields: %v", err)
	}
}

// The setup link applies the rules of every new account, and hashes a
// password only for a link that works.
func TestSetupRules(t *testing.T) {
	e := newSignInEnv(t, nil)
	ctx := context.Background()
	token, hash := NewToken()
	if err := e.st.CreateToken(ctx, store.Token{Hash: hash, Kind: store.TokenSetup, ExpiresAt: e.now.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.signIn.Setup(ctx, "made-up", "chefin@schule.de", testPassword); !errors.Is(err, ErrSetupInvalid) {
		t.Errorf("a made-up link: %v, want ErrSetupInvalid", err)
	}
	if runs := e.work(); len(runs) != 0 {
		t.Errorf("a made-up link cost %d argon2id runs", len(runs))
	}
	e.addAccount("strasse@schule.de", store.RoleUser, false)
	if _, err := e.signIn.Setup(ctx, token, "STRAßE@schule.de", testPassword); !errors.Is(err, ErrEmailTaken) {
		t.Errorf("an email another account has in another spelling: %v, want ErrEmailTaken", err)
	}
	var input *InputError
	if _, err := e.signIn.Setup(ctx, token, "\u212Aarl@schule.de", "kurz"); !errors.As(err, &input) ||
		input.Fields["email"] != msgEmailChars || input.Fields["password"] != msgPasswordShort {
		t.Errorf("a Kelvin sign and a short password: %v", err)
	}
	u, err := e.signIn.Setup(ctx, token, " Chefin@Schule.de", testPassword)
	if err != nil || u.Email != "chefin@schule.de" || u.Role != store.RoleAdmin {
		t.Fatalf("setup: %+v %v", u, err)
	}
	if err := e.signIn.CheckSetup(ctx, token); !errors.Is(err, ErrSetupInvalid) {
		t.Errorf("the used link still works: %v", err)
	}
}

// With password sign-in off nothing checks or sets a password.
func TestPasswordOff(t *testing.T) {
	e := newSignInEnv(t, nil)
	e.signIn.passwordOff = true
	ctx := context.Background()
	u := e.addAccount("admin@schule.de", store.RoleAdmin, true)
	if m := e.signIn.Methods(); m.Password || m.Provider != nil {
		t.Errorf("methods %+v, want none", m)
	}
	for name, err := range map[string]error{
		"sign-in": func() error { _, err := e.signIn.Password(ctx, "198.51.100.7", u.Email, testPassword); return err }(),
		"setup":   func() error { _, err := e.signIn.Setup(ctx, "t", u.Email, testPassword); return err }(),
		"invite":  func() error { _, err := e.signIn.AcceptInvite(ctx, "t", testPassword); return err }(),
		"change":  e.signIn.ChangePassword(ctx, u, store.Session{UserID: u.ID}, testPassword, "Ganz-neues-Passwort-77"),
	} {
		if !errors.Is(err, ErrPasswordOff) {
			t.Errorf("%s: %v, want ErrPasswordOff", name, err)
		}
	}
	if runs := e.work(); len(runs) != 0 {
		t.Errorf("%d argon2id runs with passwords off", len(runs))
	}
}

// A wrong current password and a refused new one come back together; the
// failure counts against the session only.
func TestChangePassword(t *testing.T) {
	e := newSignInEnv(t, nil)
	ctx := context.Background()
	u := e.addAccount("admin@schule.de", store.RoleAdmin, true)
	ses := store.Session{TokenHash: "abc", UserID: u.ID}
	var input *InputError
	err := e.signIn.ChangePassword(ctx, u, ses, "falsch-falsch-falsch", "kurz")
	if !errors.As(err, &input) || input.Fields["currentPassword"] != msgWrongPassword || input.Fields["newPassword"] != msgPasswordShort {
		t.Fatalf("wrong and short: %v", err)
	}
	if n, _, _ := e.st.LoginFailures(ctx, sessionKey(u.Email, "abc"), e.now.Add(-time.Hour)); n != 1 {
		t.Errorf("%d failures counted against the session, want 1", n)
	}
	if n, _, _ := e.st.LoginFailures(ctx, accountKey(u.Email), e.now.Add(-time.Hour)); n != 0 {
		t.Errorf("%d failures counted against the account, want 0", n)
	}
	if err := e.signIn.ChangePassword(ctx, u, ses, testPassword, "Ganz-neues-Passwort-77"); err != nil {
		t.Fatal(err)
	}
	changed, _ := e.st.UserByID(ctx, u.ID)
	if ok, _ := VerifyPassword("Ganz-neues-Passwort-77", changed.PasswordHash); !ok {
		t.Error("the new password does not verify")
	}
	linked := e.addAccount("lehrer@schule.de", store.RoleUser, false)
	if err := e.signIn.ChangePassword(ctx, linked, store.Session{TokenHash: "def", UserID: linked.ID}, "", "Ganz-neues-Passwort-77"); !errors.As(err, &input) ||
		input.Fields["currentPassword"] != msgNoPasswordToChange {
		t.Errorf("an account without a password: %v", err)
	}
}
