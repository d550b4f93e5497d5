package server

import (
	"errors"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/notenrechner/notenrechner/internal/auth"
	"github.com/notenrechner/notenrechner/internal/store"
)

// InviteValidity is how long the link for a new account works (docs/spec.md §2).
const InviteValidity = 24 * time.Hour

// userJSON is an account as the API shows it: never the password hash.
type userJSON struct {
	ID           int64      `json:"id"`
	Email        string     `json:"email"`
	Role         store.Role `json:"role"`
	CreatedAt    time.Time  `json:"createdAt"`
	LastSignInAt *time.Time `json:"lastSignInAt"`
	Pending      bool       `json:"pending"`
	// SignInMethods says how the account signs in (Konten shows it).
	SignInMethods []string `json:"signInMethods"`
}

func toUserJSON(u store.User) userJSON {
	j := userJSON{ID: u.ID, Email: u.Email, Role: u.Role, CreatedAt: u.CreatedAt, Pending: u.Pending(), SignInMethods: []string{}}
	if u.PasswordHash != "" {
		j.SignInMethods = append(j.SignInMethods, "password")
	}
	if u.OIDCSubject != "" {
		j.SignInMethods = append(j.SignInMethods, "oidc")
	}
	if !u.LastSignInAt.IsZero() {
		t := u.LastSignInAt
		j.LastSignInAt = &t
	}
	return j
}

type userResponse struct {
	User *userJSON `json:"user"`
}

func userBody(u store.User) userResponse {
	j := toUserJSON(u)
	return userResponse{User: &j}
}

const msgBadRole = "Rolle muss admin oder user sein."

func handleUsersList(logger *slog.Logger, users store.UserStore) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		list, err := users.ListUsers(r.Context())
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		answer := make([]userJSON, 0, len(list))
		for _, u := range list {
			answer = append(answer, toUserJSON(u))
		}
		writeJSON(w, http.StatusOK, map[string]any{"users": answer})
	})
}

// handleUserCreate adds an account without a password and answers with a
// one-time link through which the person sets one. The link is shown
// once: only its hash is stored.
func handleUserCreate(logger *slog.Logger, users store.UserStore, now func() time.Time, baseURL *url.URL) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body struct {
			Email string     `json:"email"`
			Role  store.Role `json:"role"`
		}
		if err := decodeJSON(r, &body); err != nil {
			writeError(w, r, logger, err)
			return
		}
		email := auth.NormalizeEmail(body.Email)
		fields := map[string]string{"email": auth.CheckEmail(body.Email)} // as typed: see CheckEmail
		if !body.Role.Valid() {
			fields["role"] = msgBadRole
		}
		if err := fieldErrors(fields); err != nil {
			writeError(w, r, logger, err)
			return
		}
		if err := refuseEmailInUse(r, users, email); err != nil {
			writeError(w, r, logger, err)
			return
		}
		inv := newInvite(now())
		u, err := users.CreateInvitedUser(r.Context(), store.User{Email: email, Role: body.Role, CreatedAt: inv.at}, inv.stored)
		if errors.Is(err, store.ErrEmailTaken) {
			err = errEmailTaken
		}
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		writeJSON(w, http.StatusCreated, inv.answer(u, baseURL))
	})
}

// handleInviteReissue replaces the invitation of an account still waiting
// for its password, when the person lost the link or it expired. The
// earlier links stop working in the same transaction (docs/spec.md §5).
func handleInviteReissue(logger *slog.Logger, users store.UserStore, now func() time.Time, baseURL *url.URL) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id, ok := pathID(r)
		if !ok {
			writeError(w, r, logger, errNotFound)
			return
		}
		inv := newInvite(now())
		inv.stored.UserID = id
		u, err := users.ReissueInvite(r.Context(), inv.stored)
		switch {
		case errors.Is(err, store.ErrHasPassword):
			err = errInviteHasPassword
		case errors.Is(err, store.ErrAccountLinked):
			err = errInviteLinked
		}
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		admin, _, _ := auth.UserFrom(r.Context())
		logger.Info("invitation issued again, earlier links revoked", "user", u.ID, "by", admin.ID)
		writeJSON(w, http.StatusOK, inv.answer(u, baseURL))
	})
}

// invite is a new invitation: the token for the link, shown once, and the
// hash that is stored.
type invite struct {
	at     time.Time
	token  string
	stored store.Token // UserID is the caller's to fill in
}

func newInvite(at time.Time) invite {
	token, hash := auth.NewToken()
	return invite{at: at, token: token, stored: store.Token{Hash: hash, Kind: store.TokenInvite, ExpiresAt: at.Add(InviteValidity)}}
}

// answer is what an admin sees of a new invitation, whether for a new
// account or issued again: the only time the link is shown.
func (inv invite) answer(u store.User, baseURL *url.URL) map[string]any {
	answer := map[string]any{
		"user":            toUserJSON(u),
		"inviteLink":      auth.Link(baseURL, store.TokenInvite, inv.token),
		"inviteExpiresAt": inv.stored.ExpiresAt,
	}
	if auth.IsLocalURL(baseURL) {
		answer["linkWarning"] = msgLocalLink
	}
	return answer
}

// msgLocalLink is shown with a link that only works on the server itself.
const msgLocalLink = "Dieser Link zeigt auf localhost und funktioniert nur auf dem Server selbst: " +
	"Bitte die öffentliche Adresse mit --base-url (NOTENRECHNER_BASE_URL) einstellen und den Link neu erzeugen."

func refuseEmailInUse(r *http.Request, users store.UserStore, email string) error {
	taken, err := auth.EmailInUse(r.Context(), users, email)
	if err == nil && taken {
		err = errEmailTaken
	}
	return err
}

func handleUserUpdate(logger *slog.Logger, users store.UserStore) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id, ok := pathID(r)
		if !ok {
			writeError(w, r, logger, errNotFound)
			return
		}
		var body struct {
			Role store.Role `json:"role"`
		}
		if err := decodeJSON(r, &body); err != nil {
			writeError(w, r, logger, err)
			return
		}
		if !body.Role.Valid() {
			writeError(w, r, logger, fieldErrors(map[string]string{"role": msgBadRole}))
			return
		}
		u, err := users.SetRole(r.Context(), id, body.Role)
		if errors.Is(err, store.ErrLastAdmin) {
			err = errLastAdminDemote
		}
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		writeJSON(w, http.StatusOK, userBody(u))
	})
}

func handleUserDelete(logger *slog.Logger, users store.UserStore) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id, ok := pathID(r)
		if !ok {
			writeError(w, r, logger, errNotFound)
			return
		}
		err := users.DeleteUser(r.Context(), id)
		if errors.Is(err, store.ErrLastAdmin) {
			err = errLastAdminDelete
		}
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	})
}

func pathID(r *http.Request) (int64, bool) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	return id, err == nil && id > 0
}
