package deploy

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// The domain the Caddyfiles are checked with; Caddy reads it from
// NOTENRECHNER_DOMAIN. Caddyfile.schools reads the other schools' too.
const testDomain = "noten.schule.example"

var schoolDomains = []string{testDomain, "gym-sued.schule.example", "rs-west.schule.example"}

// caddyBinary finds caddy, or skips without it; NOTENRECHNER_REQUIRE_CADDY=1
// (set by .ci/run, which installs it) turns the skip into a failure.
func caddyBinary(t *testing.T) string {
	t.Helper()
	path, err := exec.LookPath("caddy")
	if err == nil {
		return path
	}
	const hint = "install it with: apt-get install --no-install-recommends caddy"
	if os.Getenv("NOTENRECHNER_REQUIRE_CADDY") == "1" {
		t.Fatalf("NOTENRECHNER_REQUIRE_CADDY=1 but caddy is not on PATH; %s", hint)
	}
	t.Skipf("caddy is not on PATH; %s", hint)
	return ""
}

// runCaddy runs caddy with the domain set and a home of its own: validate
// provisions every module (so the TLS automation and the health checks are
// set up, and certificate storage is opened) but starts no server and asks
// no ACME server for anything.
func runCaddy(t *testing.T, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	home := t.TempDir()
	cmd := exec.Command(caddyBinary(t), args...)
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "XDG_DATA_HOME=" + home,
		"XDG_CONFIG_HOME=" + home, "NOTENRECHNER_DOMAIN=" + testDomain,
		"NOTENRECHNER_SCHOOL_2_DOMAIN=" + schoolDomains[1], "NOTENRECHNER_SCHOOL_3_DOMAIN=" + schoolDomains[2]}
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err = cmd.Run()
	return out.String(), errOut.String(), err
}

// TestCaddyfiles validates the Caddyfiles with Caddy itself, then checks
// in the JSON Caddy makes of them what the server needs: the live stream
// flushed at once and never cut by a time-out, /healthz as the health
// check, the request's Host passed on as it came (the server finds the
// school by it), the site's addresses, and the upstreams that compose.yaml
// and notenrechner.socket really listen on.
func TestCaddyfiles(t *testing.T) {
	composed := func(t *testing.T) []string {
		var dials []string
		for _, name := range instances {
			dials = append(dials, name+":8080") // NOTENRECHNER_ADDR, checked in TestComposeLoads
		}
		return dials
	}
	tests := []struct {
		file      string
		hosts     []string
		upstreams func(t *testing.T) []string
	}{
		{"Caddyfile", []string{testDomain}, composed},
		{"Caddyfile.single", []string{testDomain}, func(t *testing.T) []string {
			// Caddy writes a Unix socket's address as unix/PATH; the path is the socket unit's.
			return []string{"unix/" + strings.Join(parseUnit(readFile(t, socketFile))["Socket"]["ListenStream"], "")}
		}},
		{"Caddyfile.schools", schoolDomains, composed}, // compose.schools.yaml
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			out, logs, err := runCaddy(t, "validate", "--config", tt.file, "--adapter", "caddyfile")
			if err != nil || !strings.Contains(out+logs, "Valid configuration") {
				t.Fatalf("caddy validate: %v\n%s%s", err, out, logs)
			}
			for line := range strings.Lines(logs) {
				if strings.Contains(line, `"level":"warn"`) || strings.Contains(line, `"level":"error"`) {
					t.Errorf("caddy validate: %s", line) // e.g. "input is not formatted": run caddy fmt --overwrite
				}
			}
			out, logs, err = runCaddy(t, "adapt", "--config", tt.file, "--adapter", "caddyfile")
			if err != nil {
				t.Fatalf("caddy adapt: %v\n%s", err, logs)
			}
			checkAdapted(t, []byte(out), tt.hosts, tt.upstreams(t))
		})
	}
}

// adapted is the part of Caddy's JSON config the checks read.
type adapted struct {
	Apps struct {
		HTTP struct {
			Servers map[string]struct {
				ReadTimeout  int64 `json:"read_timeout"`
				WriteTimeout int64 `json:"write_timeout"`
				Routes       []struct {
					Match []struct {
						Host []string `json:"host"`
					} `json:"match"`
					Handle []json.RawMessage `json:"handle"`
				} `json:"routes"`
			} `json:"servers"`
		} `json:"http"`
	} `json:"apps"`
}

type reverseProxy struct {
	Handler       string  `json:"handler"`
	FlushInterval *int64  `json:"flush_interval"`
	Routes        []route `json:"routes"` // of a subroute
	HealthChecks  struct {
		Active struct {
			URI string `json:"uri"`
		} `json:"active"`
	} `json:"health_checks"`
	Upstreams []struct {
		Dial string `json:"dial"`
	} `json:"upstreams"`
	Headers struct {
		Request struct {
			Set map[string][]string `json:"set"`
		} `json:"request"`
	} `json:"headers"`
}

type route struct {
	Handle []reverseProxy `json:"handle"`
}

func checkAdapted(t *testing.T, config []byte, hosts, upstreams []string) {
	t.Helper()
	var c adapted
	if err := json.Unmarshal(config, &c); err != nil {
		t.Fatal(err)
	}
	if len(c.Apps.HTTP.Servers) != 1 {
		t.Fatalf("want one server, have %d", len(c.Apps.HTTP.Servers))
	}
	for _, srv := range c.Apps.HTTP.Servers {
		if srv.ReadTimeout != 0 || srv.WriteTimeout != 0 {
			t.Errorf("read or write time-out set (%d, %d ns): it would cut every live stream", srv.ReadTimeout, srv.WriteTimeout)
		}
		if len(srv.Routes) != 1 || len(srv.Routes[0].Match) != 1 || !slices.Equal(srv.Routes[0].Match[0].Host, hosts) {
			t.Fatalf("want one site, for %v only: %+v", hosts, srv.Routes)
		}
		var proxies []reverseProxy
		for _, raw := range srv.Routes[0].Handle {
			var h reverseProxy
			if err := json.Unmarshal(raw, &h); err != nil {
				t.Fatal(err)
			}
			proxies = append(proxies, findProxies(h)...)
		}
		if len(proxies) != 1 {
			t.Fatalf("want one reverse_proxy, have %d", len(proxies))
		}
		p := proxies[0]
		if p.FlushInterval == nil || *p.FlushInterval != -1 {
			t.Errorf("flush_interval %v, want -1: events must reach the page at once", p.FlushInterval)
		}
		for name := range p.Headers.Request.Set {
			if strings.EqualFold(name, "Host") {
				t.Errorf("the proxy sets Host %v: the server finds the school by the Host the browser sent", p.Headers.Request.Set[name])
			}
		}
		if p.HealthChecks.Active.URI != "/healthz" {
			t.Errorf("active health check %q, want /healthz", p.HealthChecks.Active.URI)
		}
		var dials []string
		for _, u := range p.Upstreams {
			dials = append(dials, u.Dial)
		}
		if !slices.Equal(dials, upstreams) {
			t.Errorf("upstreams %v, want %v", dials, upstreams)
		}
	}
}

// findProxies returns the reverse_proxy handlers in h and its subroutes.
func findProxies(h reverseProxy) []reverseProxy {
	if h.Handler == "reverse_proxy" {
		return []reverseProxy{h}
	}
	var found []reverseProxy
	for _, r := range h.Routes {
		for _, sub := range r.Handle {
			found = append(found, findProxies(sub)...)
		}
	}
	return found
}
