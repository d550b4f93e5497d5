package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"debug/buildinfo"
	"encoding/hex"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"testing"
	"time"
)

// repoRoot is the module's root, two levels up from tools/image.
var repoRoot = filepath.Join("..", "..")

// built is one run of scripts/release.sh for linux/amd64 (binary and image).
type built struct {
	dir                    string
	version, commit, date  string // what git says the stamp must be
	binary, dockerTar, oci string
	sums                   string // SHA256SUMS
}

// releaseOnce runs the release script as make release does, narrowed to
// linux/amd64 and without the SBOMs (the slow part, not what is checked).
func releaseOnce(t *testing.T, dir string) built {
	t.Helper()
	if _, err := os.Stat(filepath.Join(repoRoot, "web", "dist", "index.html")); err != nil {
		t.Fatal("the web app is not built: make web (make test-release does it first)")
	}
	cmd := exec.Command("bash", filepath.Join(repoRoot, "scripts", "release.sh"), dir)
	cmd.Env = append(os.Environ(), "RELEASE_TARGETS=linux/amd64", "RELEASE_SBOM=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("release.sh: %v\n%s", err, out)
	}
	sums, err := os.ReadFile(filepath.Join(dir, "SHA256SUMS"))
	if err != nil {
		t.Fatal(err)
	}
	return built{
		dir: dir, sums: string(sums),
		version:   git(t, "describe", "--tags", "--always") + dirty(t),
		commit:    git(t, "rev-parse", "HEAD"),
		date:      git(t, "log", "-1", "--format=%cd", "--date=format-local:%Y-%m-%dT%H:%M:%SZ", "HEAD"),
		binary:    filepath.Join(dir, "notenrechner-linux-amd64"),
		dockerTar: filepath.Join(dir, dockerArchive("amd64")),
		oci:       filepath.Join(dir, ociArchive),
	}
}

// dirty is the version's suffix for a checkout with changes, untracked
// files included (they may be built in).
func dirty(t *testing.T) string {
	if git(t, "status", "--porcelain") != "" {
		return "-dirty"
	}
	return ""
}

func git(t *testing.T, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir, cmd.Env = repoRoot, append(os.Environ(), "TZ=UTC")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("git %v: %v", args, err)
	}
	return strings.TrimSpace(string(out))
}

// TestRelease builds the release twice and checks what a school's IT relies
// on: the same commit gives the same bytes, the binary names its commit, and
// the image runs as the documentation says.
func TestRelease(t *testing.T) {
	first := releaseOnce(t, filepath.Join(t.TempDir(), "a"))
	// The second build starts at least a second later, into another
	// directory: a build time or an output path in the bytes would show.
	time.Sleep(time.Second)
	second := releaseOnce(t, filepath.Join(t.TempDir(), "b"))

	t.Run("reproducible", func(t *testing.T) {
		if first.sums != second.sums {
			t.Errorf("two builds of one commit differ:\n%s\n%s", first.sums, second.sums)
		}
		for _, name := range []string{"notenrechner-linux-amd64", dockerArchive("amd64"), ociArchive} {
			if !strings.Contains(first.sums, sha256File(t, filepath.Join(first.dir, name))+"  "+name+"\n") {
				t.Errorf("SHA256SUMS has no right line for %s:\n%s", name, first.sums)
			}
		}
	})
	t.Run("version stamp", func(t *testing.T) { checkStamp(t, first) })
	t.Run("static, with fallback roots", func(t *testing.T) { checkLinked(t, first) })
	t.Run("image", func(t *testing.T) { checkImage(t, first) })
	t.Run("oci archive", func(t *testing.T) { checkOCIArchive(t, first) })
	t.Run("in its own root", func(t *testing.T) { runInOwnRoot(t, first) })
	t.Run("container runtime", func(t *testing.T) { runInContainer(t, first) })
}

// checkStamp runs the release binary's version command (where this machine
// can run it): the stamp must be the commit's, whatever the time of the build.
func checkStamp(t *testing.T, b built) {
	if runtime.GOOS != "linux" || runtime.GOARCH != "amd64" {
		t.Skip("the release binary is linux/amd64; this machine is", runtime.GOOS+"/"+runtime.GOARCH)
	}
	out, err := exec.Command(b.binary, "version", "--json").Output()
	if err != nil {
		t.Fatalf("version --json: %v", err)
	}
	var got struct{ Version, Commit, Date, Go string }
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("version --json = %s: %v", out, err)
	}
	if got.Version != b.version || got.Commit != b.commit || got.Date != b.date || got.Go != runtime.Version() {
		t.Errorf("version --json = %s; want version %s, commit %s, date %s, go %s", out, b.version, b.commit, b.date, runtime.Version())
	}
}

// checkLinked reads the binary's build information: no cgo (static, runs
// on an empty base), and Mozilla's roots linked in for HTTPS to the identity
// provider, since the image has no CA bundle.
func checkLinked(t *testing.T, b built) {
	info, err := buildinfo.ReadFile(b.binary)
	if err != nil {
		t.Fatal(err)
	}
	settings := map[string]string{}
	for _, s := range info.Settings {
		settings[s.Key] = s.Value
	}
	if settings["CGO_ENABLED"] != "0" || settings["-trimpath"] != "true" {
		t.Errorf("build settings %v; want CGO_ENABLED=0 and -trimpath", settings)
	}
	if !slices.ContainsFunc(info.Deps, func(m *debug.Module) bool { return m.Path == "golang.org/x/crypto/x509roots/fallback" }) {
		t.Error("golang.org/x/crypto/x509roots/fallback is not linked in: the image could not verify HTTPS")
	}
}

func sha256File(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// runInContainer loads the image into a working docker or podman and asks
// /healthz through the published port; without a runtime it is skipped.
func runInContainer(t *testing.T, b built) {
	rt, why := containerRuntime()
	if rt == "" {
		t.Skip("no container runtime to run the image in:", why)
	}
	if out, err := exec.Command(rt, "load", "-i", b.dockerTar).CombinedOutput(); err != nil {
		t.Fatalf("%s load: %v\n%s", rt, err, out)
	}
	out, err := exec.Command(rt, "run", "-d", "-p", "127.0.0.1::8080", "notenrechner:"+b.version).Output()
	if err != nil {
		t.Fatalf("%s run: %v", rt, err)
	}
	id := strings.TrimSpace(string(out))
	t.Cleanup(func() { exec.Command(rt, "rm", "-f", id).Run() })
	deadline := time.Now().Add(30 * time.Second)
	for {
		out, err := exec.Command(rt, "exec", id, "/notenrechner", "healthcheck").CombinedOutput()
		if err == nil && bytes.Contains(out, []byte("Datenbank: ok")) {
			return
		}
		if time.Now().After(deadline) {
			logs, _ := exec.Command(rt, "logs", id).CombinedOutput()
			t.Fatalf("not healthy within 30 s: %s\n%s", out, logs)
		}
		time.Sleep(500 * time.Millisecond)
	}
}

func containerRuntime() (name, why string) {
	var reasons []string
	for _, rt := range []string{"podman", "docker"} {
		if _, err := exec.LookPath(rt); err != nil {
			reasons = append(reasons, rt+" not installed")
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		out, err := exec.CommandContext(ctx, rt, "info").CombinedOutput()
		cancel()
		if err != nil {
			reasons = append(reasons, rt+" info: "+lastLine(out))
			continue
		}
		return rt, ""
	}
	return "", strings.Join(reasons, "; ")
}

func lastLine(b []byte) string {
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	return lines[len(lines)-1]
}
