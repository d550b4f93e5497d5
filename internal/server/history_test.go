package server

import (
	"context"
	"strconv"
	"testing"

	"github.com/notenrechner/notenrechner/internal/grading"
	"github.com/notenrechner/notenrechner/internal/store"
)

// The history comes in pages: ?limit= (default 50, at most 500) versions
// older than ?before=, with nextBefore while older ones exist.
func TestHistoryPages(t *testing.T) {
	e := newAPIEnv(t, "http://noten.test")
	e.addUser("admin", "admin@schule.de", store.RoleAdmin)
	for i := 2; i <= 60; i++ {
		cfg := grading.Default()
		cfg.Name = "V" + strconv.Itoa(i)
		if _, err := e.st.ScaleConfig(store.DefaultScaleSlug).SaveConfig(context.Background(), cfg, "admin@schule.de", store.Unconditional); err != nil {
			t.Fatal(err)
		}
	}
	type page struct {
		Versions []struct {
			Version int64 `json:"version"`
		} `json:"versions"`
		NextBefore int64 `json:"nextBefore"`
	}
	for _, c := range []struct {
		name           string
		query          string
		first, last, n int64
		next           int64
	}{
		{"default page of 50", "", 60, 11, 50, 11},
		{"limit", "?limit=2", 60, 59, 2, 59},
		{"before and limit", "?before=59&limit=3", 58, 56, 3, 56},
		{"last page", "?before=3&limit=5", 2, 1, 2, 0},
		{"all at the most", "?limit=500", 60, 1, 60, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			rec := e.doAs(t, "GET", "/api/v1/config/history"+c.query, "", "admin", nil)
			if rec.Code != 200 {
				t.Fatalf("%s: %d %s", c.query, rec.Code, rec.Body)
			}
			p := decode[page](t, rec)
			if int64(len(p.Versions)) != c.n || p.Versions[0].Version != c.first || p.Versions[len(p.Versions)-1].Version != c.last || p.NextBefore != c.next {
				t.Errorf("%s: %d versions %d…%d, next %d; want %d versions %d…%d, next %d", c.query, len(p.Versions),
					p.Versions[0].Version, p.Versions[len(p.Versions)-1].Version, p.NextBefore, c.n, c.first, c.last, c.next)
			}
		})
	}
	e.run([]apiCase{
		{"limit 0", "GET", "/api/v1/config/history?limit=0", "", "admin", nil, 400, []string{`"limit":"Eine ganze Zahl von 1 bis 500."`}},
		{"limit over 500", "GET", "/api/v1/config/history?limit=501", "", "admin", nil, 400, []string{`"code":"bad_request"`}},
		{"limit not a number", "GET", "/api/v1/config/history?limit=viele", "", "admin", nil, 400, nil},
		{"before not a version", "GET", "/api/v1/config/history?before=-1", "", "admin", nil, 400, []string{`"before":"Eine Versionsnummer ab 1."`}},
	})
}
