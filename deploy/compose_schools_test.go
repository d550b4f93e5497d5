package deploy

import (
	"bufio"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/compose-spec/compose-go/v2/types"
)

// The one-shot services of compose.schools.yaml, in the order they run: the first school added
// takes over the database's own tables.
var schoolServices = []string{"school-1", "school-2", "school-3"}

// schoolsEnv is exampleEnv with the optional lines of example.env for three schools filled in as
// they stand there.
func schoolsEnv(t *testing.T) map[string]string {
	t.Helper()
	env := exampleEnv(t)
	f, err := os.Open("example.env")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for sc := bufio.NewScanner(f); sc.Scan(); {
		if k, v, ok := strings.Cut(strings.TrimPrefix(sc.Text(), "#"), "="); ok && strings.HasPrefix(k, "NOTENRECHNER_SCHOOL_") {
			env[k] = v
		}
	}
	if len(env) < 5 {
		t.Fatal("example.env names no schools")
	}
	return env
}

func loadSchools(t *testing.T, env map[string]string) (*types.Project, error) {
	t.Helper()
	schools, err := os.ReadFile("compose.schools.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return loadComposeFiles(t, env, types.ConfigFile{Filename: "compose.yaml", Content: readCompose(t)},
		types.ConfigFile{Filename: "compose.schools.yaml", Content: schools})
}

// TestComposeSchools loads compose.yaml with compose.schools.yaml as `docker compose -f … -f …` does:
// the instances are those of compose.yaml and start after the three schools are added, one after the
// other, each by `school add --if-missing` (so that every start may run it) against the instances'
// own database; Caddy reads Caddyfile.schools and knows the schools' addresses.
func TestComposeSchools(t *testing.T) {
	env := schoolsEnv(t)
	p, err := loadSchools(t, env)
	if err != nil {
		t.Fatalf("compose.yaml with compose.schools.yaml does not load: %v", err)
	}
	want := slices.Concat([]string{"caddy", "postgres"}, instances, schoolServices)
	slices.Sort(want)
	if got := p.ServiceNames(); !slices.Equal(got, want) {
		t.Fatalf("services %v, want %v", got, want)
	}
	caddy := p.Services["caddy"]
	first := p.Services[instances[0]]
	for _, name := range instances {
		t.Run(name, func(t *testing.T) {
			s := p.Services[name]
			checkInstance(t, s, env["NOTENRECHNER_DOMAIN"], caddy.Networks["web"].Ipv4Address)
			if dep := s.DependsOn["school-3"]; dep.Condition != types.ServiceConditionCompletedSuccessfully {
				t.Errorf("starts before the last school is added: %+v", s.DependsOn)
			}
		})
	}
	domains := []string{env["NOTENRECHNER_DOMAIN"], env["NOTENRECHNER_SCHOOL_2_DOMAIN"], env["NOTENRECHNER_SCHOOL_3_DOMAIN"]}
	names := []string{env["NOTENRECHNER_SCHOOL_1_NAME"], env["NOTENRECHNER_SCHOOL_2_NAME"], env["NOTENRECHNER_SCHOOL_3_NAME"]}
	for i, name := range schoolServices {
		t.Run(name, func(t *testing.T) {
			s := p.Services[name]
			cmd := types.ShellCommand{"school", "add", "--if-missing", "--url", "https://" + domains[i], "--name", names[i]}
			if !slices.Equal(s.Command, cmd) {
				t.Errorf("command %q, want %q", s.Command, cmd)
			}
			if s.Image != first.Image || *s.Environment["NOTENRECHNER_DB"] != *first.Environment["NOTENRECHNER_DB"] {
				t.Errorf("image %q and database are not the instances' (%q)", s.Image, first.Image)
			}
			if _, ok := s.Networks["db"]; len(s.Networks) != 1 || !ok {
				t.Errorf("networks %v, want db alone", s.Networks)
			}
			after, condition := "postgres", types.ServiceConditionHealthy
			if i > 0 {
				after, condition = schoolServices[i-1], types.ServiceConditionCompletedSuccessfully
			}
			if len(s.DependsOn) != 1 || s.DependsOn[after].Condition != condition {
				t.Errorf("depends on %+v, want %s %s", s.DependsOn, after, condition)
			}
			if s.Restart != "" && s.Restart != types.RestartPolicyNo {
				t.Errorf("restart %q: a one-shot service must not restart", s.Restart)
			}
		})
	}
	var mounts []string
	for _, v := range caddy.Volumes {
		if v.Target == "/etc/caddy/Caddyfile" {
			mounts = append(mounts, filepath.Base(v.Source))
		}
	}
	if !slices.Equal(mounts, []string{"Caddyfile.schools"}) {
		t.Errorf("caddy's /etc/caddy/Caddyfile comes from %v, want Caddyfile.schools alone", mounts)
	}
	for _, k := range []string{"NOTENRECHNER_DOMAIN", "NOTENRECHNER_SCHOOL_2_DOMAIN", "NOTENRECHNER_SCHOOL_3_DOMAIN"} {
		if v := caddy.Environment[k]; v == nil || *v != env[k] {
			t.Errorf("caddy's %s is %v, want %q (Caddyfile.schools reads it)", k, v, env[k])
		}
	}
}

// A school's address or name missing from .env stops compose with its name, before anything runs.
func TestComposeSchoolsRefuseMissingSettings(t *testing.T) {
	for _, k := range []string{"NOTENRECHNER_SCHOOL_1_NAME", "NOTENRECHNER_SCHOOL_2_DOMAIN", "NOTENRECHNER_SCHOOL_3_NAME"} {
		t.Run(k, func(t *testing.T) {
			env := schoolsEnv(t)
			delete(env, k)
			if _, err := loadSchools(t, env); err == nil || !strings.Contains(err.Error(), k) {
				t.Fatalf("loaded with error %v, want one naming %s", err, k)
			}
		})
	}
}
