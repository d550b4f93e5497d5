package server

import (
	"context"
	"encoding/json"
	"net/url"
	"strconv"
	"testing"
	"time"

	"github.com/notenrechner/notenrechner/internal/auth"
	"github.com/notenrechner/notenrechner/internal/store"
)

// The fuzz targets drive each request body through the real handler, the
// real middlewares and a real SQLite store. Seeds live in
// testdata/fuzz/<Target>/ (hostile inputs: malformed, repeated and unknown
// members, NaN, huge numbers, invalid UTF-8, wrong content types …);
// `make fuzz-ci` runs each target briefly, `make fuzz` longer.

func FuzzLoginBody(f *testing.F) {
	fuzzBody(f, func(fe *fuzzEnv) (string, string, string) { return "POST", "/api/v1/auth/login", "" })
}

func FuzzPasswordChangeBody(f *testing.F) {
	fuzzBody(f, func(fe *fuzzEnv) (string, string, string) { return "POST", "/api/v1/auth/password", "user" })
}

func FuzzSetupBody(f *testing.F) {
	fuzzBody(f, func(fe *fuzzEnv) (string, string, string) { return "POST", "/api/v1/auth/setup/" + fe.setup, "" })
}

func FuzzInviteAcceptBody(f *testing.F) {
	fuzzBody(f, func(fe *fuzzEnv) (string, string, string) { return "POST", "/api/v1/auth/invite/" + fe.invite, "" })
}

func FuzzConfigPutBody(f *testing.F) {
	fuzzBody(f, func(fe *fuzzEnv) (string, string, string) { return "PUT", "/api/v1/config", "admin" })
}

func FuzzUserCreateBody(f *testing.F) {
	fuzzBody(f, func(fe *fuzzEnv) (string, string, string) { return "POST", "/api/v1/users", "admin" })
}

func FuzzUserUpdateBody(f *testing.F) {
	fuzzBody(f, func(fe *fuzzEnv) (string, string, string) { return "PATCH", "/api/v1/users/2", "admin" })
}

// A new scale's body: slug, and a document (with its members fehlerquotient and zeugnis) or a preset.
func FuzzScaleCreateBody(f *testing.F) {
	fuzzBody(f, func(fe *fuzzEnv) (string, string, string) { return "POST", "/api/v1/scales", "admin" })
}

func FuzzSchoolPutBody(f *testing.F) {
	fuzzBody(f, func(fe *fuzzEnv) (string, string, string) { return "PUT", "/api/v1/school", "admin" })
}

// fuzzEnv is one server for all inputs of a fuzzing process: an admin, a
// user, an open setup link and an open invitation.
type fuzzEnv struct {
	*apiEnv
	setup, invite string
}

func newFuzzEnv(f *testing.F) *fuzzEnv {
	// Limits so high that fuzzing reaches the password checks every time.
	e := newAPIEnv(f, "http://noten.test", func(d *Deps) {
		d.Limiter = auth.NewLimiter(d.Store, d.Now)
		d.Limiter.PerAccount, d.Limiter.PerAddress = 1<<30, 1<<30
	})
	e.addUser("admin", "admin@schule.de", store.RoleAdmin)
	e.addUser("user", "user@schule.de", store.RoleUser)
	setup, hash := auth.NewToken()
	if err := e.st.CreateToken(context.Background(), store.Token{Hash: hash, Kind: store.TokenSetup, ExpiresAt: e.now.Add(time.Hour)}); err != nil {
		f.Fatal(err)
	}
	rec := e.do("POST", "/api/v1/users", `{"email":"neu@schule.de","role":"user"}`, "admin", nil)
	var added struct{ InviteLink string }
	if err := json.Unmarshal(rec.Body.Bytes(), &added); err != nil {
		f.Fatal(err)
	}
	link, _ := url.Parse(added.InviteLink)
	return &fuzzEnv{apiEnv: e, setup: setup, invite: link.Query().Get("invite")}
}

// fuzzBody checks, for any body and content type: never a server error
// (a panic would be one: the server turns it into a 500); every refusal is
// the JSON error of docs/spec.md §6 and leaves the database as it was; every
// success answers JSON or nothing.
func fuzzBody(f *testing.F, route func(*fuzzEnv) (method, path, who string)) {
	fe := newFuzzEnv(f)
	f.Fuzz(func(t *testing.T, body []byte, contentType string) {
		method, path, who := route(fe)
		header := map[string]string{"Content-Type": contentType}
		if method == "PUT" {
			header["If-Match"] = `"` + currentVersion(fe) + `"`
		}
		before := fe.snapshot(t)
		rec := fe.doAs(t, method, path, string(body), who, header) // checks the contract too
		switch {
		case rec.Code >= 500:
			t.Fatalf("%s %s with %q (%q): %d %s", method, path, body, contentType, rec.Code, rec.Body)
		case rec.Code >= 400:
			checkErrorShape(t, path, rec)
			if after := fe.snapshot(t); after != before {
				t.Fatalf("refused with %d, but the database changed:\nbefore %s\nafter  %s", rec.Code, before, after)
			}
		case rec.Body.Len() > 0 && !json.Valid(rec.Body.Bytes()):
			t.Fatalf("success %d with a body that is not JSON: %q", rec.Code, rec.Body)
		}
	})
}

// currentVersion is the stored version, so that a valid PUT can succeed.
func currentVersion(fe *fuzzEnv) string {
	def, err := fe.st.DefaultScale(context.Background())
	if err != nil {
		return "1"
	}
	return strconv.FormatInt(def.Latest.Version, 10)
}
