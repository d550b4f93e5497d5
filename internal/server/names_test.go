package server

import (
	"context"
	"database/sql"
	"testing"

	"github.com/notenrechner/notenrechner/internal/store"
)

// A scale's name with a control or bidi character is refused with the field
// message; a version stored before that rule still loads and is shown, but
// restoring it would store it again, which is refused the same way.
func TestNamesWithControlCharacters(t *testing.T) {
	e := newAPIEnv(t, "https://noten.schule.de")
	e.addUser("admin", "admin@schule.de", store.RoleAdmin)
	refused := []string{`"code":"validation_failed"`, `"name":"Der Name darf keine unsichtbaren Steuerzeichen enthalten."`}
	e.run([]apiCase{
		{"ESC", "PUT", "/api/v1/config", standardDoc(`Standard\u001b[31m`), "admin", ifMatch(`"1"`), 422, refused},
		{"right-to-left override", "PUT", "/api/v1/config", standardDoc("Standard\u202e"), "admin", ifMatch(`"1"`), 422, refused},
		{"new scale with isolates", "POST", "/api/v1/scales", createBody("mathe", "\u2066Mathe\u2069"), "admin", nil, 422,
			[]string{`"config.name":"Der Name darf keine unsichtbaren Steuerzeichen enthalten."`}},
		{"umlauts and an emoji sequence stay", "PUT", "/api/v1/config", standardDoc("Größe 👨\u200d👩\u200d👧"), "admin", ifMatch(`"1"`), 200,
			[]string{`"version":2`}},
	})

	raw, err := sql.Open("sqlite", "file:"+e.dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	if _, err := raw.ExecContext(context.Background(),
		`UPDATE config_versions SET document = replace(document, '"Größe', '"Alt\u001b[31m') WHERE version = 2`); err != nil {
		t.Fatal(err)
	}
	e.run([]apiCase{
		{"the stored version loads", "GET", "/api/v1/config/history/2", "", "admin", nil, 200, []string{`"name":"Alt\u001b[31m 👨`}},
		{"and is not stored again", "POST", "/api/v1/config/history/2/restore", "", "admin", nil, 422, refused},
	})
}
