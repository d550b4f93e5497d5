package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"

	"github.com/notenrechner/notenrechner/internal/auth"
	"github.com/notenrechner/notenrechner/internal/grading"
	"github.com/notenrechner/notenrechner/internal/live"
	"github.com/notenrechner/notenrechner/internal/sso"
	"github.com/notenrechner/notenrechner/internal/store"
)

// apiError is an error with everything a client needs: status, a stable
// code for programs and a German message for people. Every code the API
// answers with is made here, ordered by status, and listed in
// docs/architecture.md and in the contract's Error schema
// (TestErrorCodesMatchArchitecture, TestErrorCodesMatchTheContract).
type apiError struct {
	Status  int
	Code    string
	Message string
	Fields  map[string]string
	Current *live.Version // only config_conflict: the version that is now current
}

func (e *apiError) Error() string { return e.Code + ": " + e.Message }

var (
	errBadQuery = func(fields map[string]string) *apiError {
		return &apiError{http.StatusBadRequest, "bad_request", "Die Anfrage enthält ungültige Werte.", fields, nil}
	}
	errBadAdjustment = func(fields map[string]string) *apiError {
		return &apiError{http.StatusBadRequest, "bad_request", "So lässt sich der Schlüssel nicht anpassen.", fields, nil}
	}
	errMissingQueries = func(fields map[string]string) *apiError {
		return &apiError{http.StatusBadRequest, "bad_request", "Die Anfrage ist unvollständig.", fields, nil}
	}
	errInvalidJSON      = &apiError{http.StatusBadRequest, "invalid_json", "Die Anfrage ist kein gültiges JSON.", nil, nil}
	errNotObject        = &apiError{http.StatusBadRequest, "invalid_json", "Die Anfrage muss ein JSON-Objekt sein.", nil, nil}
	errUnauthenticated  = &apiError{http.StatusUnauthorized, "unauthenticated", "Bitte melden Sie sich an.", nil, nil}
	errBadCredentials   = &apiError{http.StatusUnauthorized, "invalid_credentials", "E-Mail oder Passwort ist falsch.", nil, nil}
	errForbidden        = &apiError{http.StatusForbidden, "forbidden", "Dieses Konto darf das nicht.", nil, nil}
	errCrossOrigin      = &apiError{http.StatusForbidden, "cross_origin", "Anfragen von fremden Seiten sind nicht erlaubt.", nil, nil}
	errPasswordLoginOff = &apiError{http.StatusForbidden, "password_login_disabled", "Die Anmeldung mit Passwort ist abgeschaltet.", nil, nil}
	errNotNavigation    = &apiError{http.StatusForbidden, "navigation_required",
		"Die Anmeldung beim Identitätsanbieter beginnt nur als Seitenaufruf, nicht als Bild oder Skriptanfrage.", nil, nil}
	errNotFound          = &apiError{http.StatusNotFound, "not_found", "Diese Adresse gibt es nicht.", nil, nil}
	errSetupInvalid      = &apiError{http.StatusNotFound, "setup_invalid", "Der Einrichtungslink ist ungültig, abgelaufen oder schon benutzt.", nil, nil}
	errInviteInvalid     = &apiError{http.StatusNotFound, "invite_invalid", "Der Link ist ungültig, abgelaufen oder schon benutzt.", nil, nil}
	errScaleNotFound     = &apiError{http.StatusNotFound, "scale_not_found", "Diesen Notenschlüssel gibt es nicht.", nil, nil}
	errMethodNotAllowed  = &apiError{http.StatusMethodNotAllowed, "method_not_allowed", "Diese Methode ist hier nicht erlaubt.", nil, nil}
	errEmailTaken        = &apiError{http.StatusConflict, "email_taken", "Diese E-Mail-Adresse hat schon ein Konto.", nil, nil}
	errLastAdminDemote   = &apiError{http.StatusConflict, "last_admin", "Das letzte Admin-Konto kann nicht herabgestuft werden.", nil, nil}
	errLastAdminDelete   = &apiError{http.StatusConflict, "last_admin", "Das letzte Admin-Konto kann nicht entfernt werden.", nil, nil}
	errInviteHasPassword = &apiError{http.StatusConflict, "invite_not_needed",
		"Dieses Konto hat schon ein Passwort; eine Einladung ist nicht mehr nötig.", nil, nil}
	errInviteLinked = &apiError{http.StatusConflict, "invite_not_needed",
		"Dieses Konto meldet sich über den Identitätsanbieter der Schule an; eine Einladung ist nicht mehr nötig.", nil, nil}
	errScaleExists    = &apiError{http.StatusConflict, "scale_exists", "Einen Notenschlüssel mit diesem Kurznamen gibt es schon.", nil, nil}
	errScaleIsDefault = &apiError{http.StatusConflict, "scale_is_default",
		"Der voreingestellte Notenschlüssel kann nicht archiviert werden. Bitte zuerst einen anderen voreinstellen.", nil, nil}
	errScaleArchived = &apiError{http.StatusConflict, "scale_archived",
		"Ein archivierter Notenschlüssel kann nicht voreingestellt werden. Bitte ihn zuerst zurückholen.", nil, nil}
	errConfigConflict = func(current live.Version) *apiError {
		return &apiError{http.StatusPreconditionFailed, "config_conflict",
			fmt.Sprintf("Jemand anderes hat inzwischen Version %d gespeichert.", current.Version), nil, &current}
	}
	errTooLarge   = &apiError{http.StatusRequestEntityTooLarge, "too_large", "Die Anfrage ist zu groß (höchstens 64 KiB).", nil, nil}
	errURLTooLong = &apiError{http.StatusRequestURITooLong, "uri_too_long", "Die Adresse ist zu lang.", nil, nil}
	errMediaType  = &apiError{http.StatusUnsupportedMediaType, "unsupported_media_type",
		"Die Anfrage muss JSON sein (Content-Type: application/json).", nil, nil}
	errConfigInvalid = func(fields map[string]string) *apiError {
		return &apiError{http.StatusUnprocessableEntity, "validation_failed", "Die Konfiguration ist ungültig.", fields, nil}
	}
	errFields = func(fields map[string]string) *apiError {
		return &apiError{http.StatusUnprocessableEntity, "validation_failed", "Bitte die markierten Felder prüfen.", fields, nil}
	}
	errScaleInvalid = func(fields map[string]string) *apiError {
		return &apiError{http.StatusUnprocessableEntity, "validation_failed", "Der Notenschlüssel ist ungültig.", fields, nil}
	}
	errTooManyScales = &apiError{http.StatusUnprocessableEntity, "too_many_scales",
		"Es gibt schon 100 Notenschlüssel (archivierte zählen mit); mehr sind nicht möglich.", nil, nil}
	errIfMatchMissing = &apiError{http.StatusPreconditionRequired, "precondition_required",
		"Die Version (If-Match) fehlt.", nil, nil}
	errTooManyAttempts = func(minutes int) *apiError {
		return &apiError{http.StatusTooManyRequests, "too_many_attempts",
			"Zu viele Anmeldeversuche. Bitte in " + strconv.Itoa(minutes) + " Minuten erneut versuchen.", nil, nil}
	}
	errTooManyStreams = &apiError{http.StatusTooManyRequests, "too_many_streams", "Von dieser Adresse sind zu viele Seiten mit Live-Konfiguration offen. Bitte später erneut versuchen.", nil, nil}
	errInternal       = &apiError{http.StatusInternalServerError, "internal", "Interner Fehler. Bitte später erneut versuchen.", nil, nil}
	errNoConfig       = &apiError{http.StatusServiceUnavailable, "config_unavailable", "Die Konfiguration ist noch nicht geladen. Bitte gleich erneut versuchen.", nil, nil}
	errBusy           = &apiError{http.StatusServiceUnavailable, "busy", "Der Server ist gerade ausgelastet. Bitte gleich erneut versuchen.", nil, nil}
	errStreamsFull    = &apiError{http.StatusServiceUnavailable, "streams_full", "Der Server hat gerade zu viele offene Live-Verbindungen. Bitte gleich erneut versuchen.", nil, nil}
)

// authError finds the answer to a refusal of auth.SignIn. A LimitedError
// also says when to try again (Retry-After).
func authError(w http.ResponseWriter, err error, ae **apiError) bool {
	var input *auth.InputError
	var limited *auth.LimitedError
	switch {
	case errors.As(err, &input):
		*ae = errFields(input.Fields)
		return true
	case errors.As(err, &limited):
		w.Header().Set("Retry-After", strconv.Itoa(int(limited.Wait.Seconds())+1))
		*ae = errTooManyAttempts(int(limited.Wait.Minutes()) + 1)
		return true
	}
	for sentinel, answer := range map[error]*apiError{
		auth.ErrPasswordOff:    errPasswordLoginOff,
		auth.ErrBadCredentials: errBadCredentials,
		auth.ErrSetupInvalid:   errSetupInvalid,
		auth.ErrInviteInvalid:  errInviteInvalid,
		auth.ErrEmailTaken:     errEmailTaken,
	} {
		if errors.Is(err, sentinel) {
			*ae = answer
			return true
		}
	}
	return false
}

// scaleError finds the answer to a store error of the scales.
func scaleError(err error, ae **apiError) bool {
	for sentinel, answer := range map[error]*apiError{
		store.ErrScaleNotFound:  errScaleNotFound,
		store.ErrScaleExists:    errScaleExists,
		store.ErrScaleIsDefault: errScaleIsDefault,
		store.ErrScaleArchived:  errScaleArchived,
		store.ErrTooManyScales:  errTooManyScales,
	} {
		if errors.Is(err, sentinel) {
			*ae = answer
			return true
		}
	}
	return false
}

type errorBody struct {
	Error struct {
		Code    string            `json:"code"`
		Current *live.Version     `json:"current,omitempty"`
		Message string            `json:"message"`
		Fields  map[string]string `json:"fields,omitempty"`
	} `json:"error"`
}

// writeError is the one place that turns an error into a status and the JSON
// error body of docs/spec.md §6. Unknown errors are logged here, once, and the
// client gets a generic message without the detail.
func writeError(w http.ResponseWriter, r *http.Request, logger *slog.Logger, err error) {
	var ae *apiError
	var ve *grading.ValidationError
	switch {
	case errors.As(err, &ae):
	case authError(w, err, &ae):
	case scaleError(err, &ae): // before ErrNotFound: an unknown scale is an ErrNotFound too
	case errors.As(err, &ve):
		ae = errConfigInvalid(ve.Fields)
	case errors.Is(err, auth.ErrUnauthenticated):
		ae = errUnauthenticated
	case errors.Is(err, auth.ErrForbidden):
		ae = errForbidden
	case errors.Is(err, auth.ErrBusy):
		ae = errBusy
	case errors.Is(err, store.ErrNotFound):
		ae = errNotFound
	case errors.Is(err, live.ErrClientStreams):
		ae = errTooManyStreams
	case errors.Is(err, live.ErrStreamsFull):
		ae = errStreamsFull
	default:
		ae = errInternal
	}
	if ae.Status >= 500 && ae != errStreamsFull { // refused streams: the Guard logs them, once a minute
		// The route pattern, not the path: paths of one-time links carry tokens.
		logger.Error("request failed", "method", r.Method, "route", r.Pattern, "status", ae.Status, "err", err)
	}
	var body errorBody
	body.Error.Code, body.Error.Message, body.Error.Fields = ae.Code, ae.Message, ae.Fields
	body.Error.Current = ae.Current
	writeJSON(w, ae.Status, body)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	body, err := json.Marshal(v)
	if err != nil { // only our own types get here; they always encode
		http.Error(w, `{"error":{"code":"internal","message":"Interner Fehler."}}`, http.StatusInternalServerError)
		return
	}
	writeJSONBytes(w, status, body)
}

func writeJSONBytes(w http.ResponseWriter, status int, body []byte) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	w.Write(body)
	w.Write([]byte("\n"))
}

// ssoFailure is why a sign-in at the school's identity provider ended
// without a session. The callback is a browser navigation, so it answers no
// JSON: it sends the browser back to the sign-in card with
// /admin?sso_error=<code>, and the page shows the code's German text
// (web/src/features/auth). docs/operations.md lists the codes.
type ssoFailure string

const (
	ssoUnavailable     ssoFailure = "unavailable"      // discovery has not succeeded (provider down)
	ssoDenied          ssoFailure = "denied"           // the person cancelled or the provider refused (error=access_denied)
	ssoProvider        ssoFailure = "provider"         // another error from the provider, or the code exchange failed
	ssoState           ssoFailure = "state"            // state missing, wrong, expired or used before
	ssoToken           ssoFailure = "token"            // the ID token failed a check (signature, iss, aud, exp, nonce)
	ssoEmailUnverified ssoFailure = "email_unverified" // no email, or one the provider has not verified
	ssoEmailRefused    ssoFailure = "email_refused"    // the email holds a character auth.CheckEmail refuses (Kelvin sign, bidi control)
	ssoEmailConflict   ssoFailure = "email_conflict"   // no account has the email, another has it in another spelling (strasse@ for straße@)
	ssoDomain          ssoFailure = "domain"           // the email is outside --oidc-allowed-domains
	ssoNoAccount       ssoFailure = "no_account"       // no account with this email (role mapping by email)
	ssoNoGroup         ssoFailure = "no_group"         // in neither --oidc-admin-group nor --oidc-user-group
	ssoLinkedElsewhere ssoFailure = "linked_elsewhere" // the account belongs to another person at the provider
	ssoOtherSchool     ssoFailure = "other_school"     // a shared provider's school claim is missing or names another school
	ssoInternal        ssoFailure = "internal"         // anything unexpected; logged
)

// ssoFailures are the refusals of auth.SignIn.FinishAtProvider (its own and
// those of sso it passes on) with their codes; the first that matches counts.
var ssoFailures = []struct {
	err  error
	code ssoFailure
}{
	{sso.ErrUnavailable, ssoUnavailable},
	{auth.ErrDenied, ssoDenied},
	{sso.ErrInvalidToken, ssoToken},
	{sso.ErrProvider, ssoProvider},
	{auth.ErrState, ssoState},
	{auth.ErrEmailUnverified, ssoEmailUnverified},
	{auth.ErrEmailRefused, ssoEmailRefused},
	{auth.ErrEmailConflict, ssoEmailConflict},
	{auth.ErrDomain, ssoDomain},
	{auth.ErrNoAccount, ssoNoAccount},
	{auth.ErrNoGroup, ssoNoGroup},
	{auth.ErrLinkedElsewhere, ssoLinkedElsewhere},
	{auth.ErrOtherSchool, ssoOtherSchool},
}

// ssoFailureOf is the code of a refused sign-in at the provider; refused is
// false for nil and for an unexpected error (then the code is internal).
func ssoFailureOf(err error) (f ssoFailure, refused bool) {
	for _, r := range ssoFailures {
		if errors.Is(err, r.err) {
			return r.code, true
		}
	}
	return ssoInternal, false
}
