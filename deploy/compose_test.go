package deploy

import (
	"context"
	"net/netip"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/compose-spec/compose-go/v2/dotenv"
	"github.com/compose-spec/compose-go/v2/loader"
	"github.com/compose-spec/compose-go/v2/types"
)

// The services compose.yaml runs; the Caddyfile's upstreams are checked
// against the instances (caddy_test.go).
var instances = []string{"notenrechner-1", "notenrechner-2"}

// exampleEnv is example.env as a school would fill it in: its domain, and a
// password where the file leaves it empty.
func exampleEnv(t *testing.T) map[string]string {
	t.Helper()
	env, err := dotenv.GetEnvFromFile(map[string]string{}, []string{"example.env"})
	if err != nil {
		t.Fatalf("example.env: %v", err)
	}
	if env["NOTENRECHNER_DOMAIN"] == "" {
		t.Fatal("example.env sets no NOTENRECHNER_DOMAIN")
	}
	if env["POSTGRES_PASSWORD"] == "" {
		env["POSTGRES_PASSWORD"] = "0f1e2d3c4b5a69788796a5b4"
	}
	return env
}

// loadCompose loads a compose file the way docker compose does: schema
// (the Compose Specification's, inside compose-go), interpolation of the
// .env values, and the consistency checks (volumes, networks, dependencies
// that exist).
func loadCompose(t *testing.T, content []byte, env map[string]string) (*types.Project, error) {
	t.Helper()
	return loadComposeFiles(t, env, types.ConfigFile{Filename: "compose.yaml", Content: content})
}

// loadComposeFiles loads several compose files as `docker compose -f A -f B` does: each later
// one merged onto those before.
func loadComposeFiles(t *testing.T, env map[string]string, files ...types.ConfigFile) (*types.Project, error) {
	t.Helper()
	dir, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	for i := range files {
		files[i].Filename = filepath.Join(dir, files[i].Filename)
	}
	details := types.ConfigDetails{
		WorkingDir:  dir,
		ConfigFiles: files,
		Environment: env,
	}
	return loader.LoadWithContext(context.Background(), details, func(o *loader.Options) {
		o.SetProjectName("notenrechner", true)
	})
}

func readCompose(t *testing.T) []byte {
	t.Helper()
	content, err := os.ReadFile("compose.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return content
}

// TestComposeLoads loads compose.yaml and checks what the instances need
// from each other: PostgreSQL healthy first, the public https address,
// Caddy's fixed address as the one trusted proxy, and open files for the
// streams.
func TestComposeLoads(t *testing.T) {
	env := exampleEnv(t)
	p, err := loadCompose(t, readCompose(t), env)
	if err != nil {
		t.Fatalf("compose.yaml does not load: %v", err)
	}
	want := append([]string{"caddy", "postgres"}, instances...)
	slices.Sort(want)
	if got := p.ServiceNames(); !slices.Equal(got, want) {
		t.Fatalf("services %v, want %v", got, want)
	}
	checkPostgres(t, p.Services["postgres"])
	caddy := p.Services["caddy"]
	web := caddy.Networks["web"]
	if web == nil || web.Ipv4Address == "" {
		t.Fatal("caddy has no fixed address on the network web: the instances could not trust it")
	}
	checkCaddyAddress(t, p.Networks["web"], web.Ipv4Address)
	for _, name := range instances {
		t.Run(name, func(t *testing.T) {
			checkInstance(t, p.Services[name], env["NOTENRECHNER_DOMAIN"], web.Ipv4Address)
		})
	}
}

// pinnedImage is an image named by a release, never a moving tag ("latest", "2", "17"): the same compose
// file gives the same deployment next year. A digest may follow.
var pinnedImage = regexp.MustCompile(`^[a-z0-9./-]+:[0-9]+\.[0-9]+(\.[0-9]+)?(-[a-z0-9.]+)?(@sha256:[0-9a-f]{64})?$`)

// TestComposePinsItsImages: the images of others (PostgreSQL, Caddy) are pinned by version; the
// school's own notenrechner image is the one the operator loads (NOTENRECHNER_IMAGE).
func TestComposePinsItsImages(t *testing.T) {
	p, err := loadCompose(t, readCompose(t), exampleEnv(t))
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for name, s := range p.Services {
		if strings.HasPrefix(name, "notenrechner") {
			continue
		}
		checked++
		if !pinnedImage.MatchString(s.Image) {
			t.Errorf("service %s: image %q is not pinned to a version", name, s.Image)
		}
	}
	if checked < 2 {
		t.Fatalf("checked %d images, want PostgreSQL and Caddy", checked)
	}
}

func checkPostgres(t *testing.T, s types.ServiceConfig) {
	t.Helper()
	if !strings.HasPrefix(s.Image, "postgres:17.") {
		t.Errorf("postgres image %q, want PostgreSQL 17 at a pinned minor version", s.Image)
	}
	if s.HealthCheck == nil || !slices.Contains(s.HealthCheck.Test, "pg_isready") {
		t.Errorf("postgres needs a pg_isready health check, has %+v", s.HealthCheck)
	}
	named := slices.ContainsFunc(s.Volumes, func(v types.ServiceVolumeConfig) bool {
		return v.Type == types.VolumeTypeVolume && v.Target == "/var/lib/postgresql/data"
	})
	if !named {
		t.Errorf("postgres keeps its data outside a named volume: %+v", s.Volumes)
	}
}

// checkCaddyAddress: the address lies in the network's range but outside
// the part handed out to other containers, so no instance can take it first.
func checkCaddyAddress(t *testing.T, n types.NetworkConfig, address string) {
	t.Helper()
	addr, err := netip.ParseAddr(address)
	if err != nil {
		t.Fatal(err)
	}
	if len(n.Ipam.Config) != 1 {
		t.Fatalf("network web needs one fixed range, has %d", len(n.Ipam.Config))
	}
	pool := n.Ipam.Config[0]
	subnet, err := netip.ParsePrefix(pool.Subnet)
	if err != nil || !subnet.Contains(addr) {
		t.Errorf("caddy's address %s is not in the network's range %q", addr, pool.Subnet)
	}
	dynamic, err := netip.ParsePrefix(pool.IPRange)
	if err != nil || dynamic.Contains(addr) {
		t.Errorf("caddy's address %s may be given to another container first (ip_range %q)", addr, pool.IPRange)
	}
}

func checkInstance(t *testing.T, s types.ServiceConfig, domain, caddyAddress string) {
	t.Helper()
	env := func(name string) string {
		if v := s.Environment[name]; v != nil {
			return *v
		}
		return ""
	}
	if !slices.Equal(s.HealthCheck.Test, []string{"CMD", "/notenrechner", "healthcheck"}) {
		t.Errorf("health check %v", s.HealthCheck.Test)
	}
	if !slices.Equal(s.Command, types.ShellCommand{"serve"}) {
		t.Errorf("command %v, want [serve]", s.Command)
	}
	if dep, ok := s.DependsOn["postgres"]; !ok || dep.Condition != types.ServiceConditionHealthy {
		t.Errorf("does not wait for a healthy PostgreSQL: %+v", s.DependsOn)
	}
	if got := env("NOTENRECHNER_BASE_URL"); got != "https://"+domain {
		t.Errorf("NOTENRECHNER_BASE_URL %q, want https://%s (Secure cookies, links to the public name)", got, domain)
	}
	if got := env("NOTENRECHNER_DB"); !strings.HasPrefix(got, "postgres://notenrechner:") || !strings.Contains(got, "@postgres:5432/") {
		t.Errorf("NOTENRECHNER_DB does not point to the postgres service")
	}
	if got := env("NOTENRECHNER_ADDR"); got != ":8080" {
		t.Errorf("NOTENRECHNER_ADDR %q, want :8080 (the Caddyfile's upstream port)", got)
	}
	if got := env("NOTENRECHNER_TRUSTED_PROXIES"); got != caddyAddress {
		t.Errorf("NOTENRECHNER_TRUSTED_PROXIES %q, want Caddy's address %s and nothing else", got, caddyAddress)
	}
	// The server's own rule: streams get at most half the open files, the
	// rest keeps /healthz and sign-in answering (cmd/notenrechner, streamBounds).
	streams, err := strconv.Atoi(env("NOTENRECHNER_MAX_STREAMS"))
	nofile := s.Ulimits["nofile"]
	if err != nil || nofile == nil || nofile.Soft < 2*streams || nofile.Hard < nofile.Soft {
		t.Errorf("NOTENRECHNER_MAX_STREAMS %q needs a nofile limit of at least twice as many, have %+v", env("NOTENRECHNER_MAX_STREAMS"), nofile)
	}
}

// TestComposeRefusesBrokenFiles breaks compose.yaml in ways a hand edit
// could and checks that loading it fails, naming the fault: the check of
// TestComposeLoads is only worth as much as these failures.
func TestComposeRefusesBrokenFiles(t *testing.T) {
	good := string(readCompose(t))
	tests := []struct {
		name, old, new, unsetEnv, want string
	}{
		{name: "unknown key", old: "    restart: unless-stopped\n", new: "    restart: unless-stopped\n    imagee: postgres:17.6\n", want: "imagee"},
		{name: "wrong type", old: "  read_only: true\n", new: "  read_only: [true]\n", want: "read_only"},
		{name: "undefined volume", old: "- postgres:/var/lib/postgresql/data", new: "- pgdata:/var/lib/postgresql/data", want: "pgdata"},
		{name: "dependency on a missing service", old: "    depends_on:\n      - notenrechner-1\n", new: "    depends_on:\n      - notenrechner-3\n", want: "notenrechner-3"},
		{name: "no database password", unsetEnv: "POSTGRES_PASSWORD", want: "POSTGRES_PASSWORD"},
		{name: "no domain", unsetEnv: "NOTENRECHNER_DOMAIN", want: "NOTENRECHNER_DOMAIN"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			content := good
			if tt.old != "" {
				if !strings.Contains(good, tt.old) {
					t.Fatalf("compose.yaml no longer contains %q: adapt this case", tt.old)
				}
				content = strings.Replace(good, tt.old, tt.new, 1)
			}
			env := exampleEnv(t)
			delete(env, tt.unsetEnv)
			_, err := loadCompose(t, []byte(content), env)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("loaded with error %v, want one naming %q", err, tt.want)
			}
			t.Logf("refused: %v", err)
		})
	}
}
