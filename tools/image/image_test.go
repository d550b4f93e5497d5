package main

import (
	"archive/tar"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	v1 "github.com/google/go-containerregistry/pkg/v1"
	"github.com/google/go-containerregistry/pkg/v1/layout"
	"github.com/google/go-containerregistry/pkg/v1/tarball"
)

// layerBudget bounds the image's one compressed layer: 13.09 MB measured with the server render
// (docs/benchmarks.md, "Container image") plus a quarter. Past it, look at
// what grew before raising it.
const layerBudget = 16_400_000

// checkImage reads the docker archive back and checks what docs/operations.md
// promises about the image.
func checkImage(t *testing.T, b built) {
	img, err := tarball.ImageFromPath(b.dockerTar, nil)
	if err != nil {
		t.Fatal(err)
	}
	cf, err := img.ConfigFile()
	if err != nil {
		t.Fatal(err)
	}
	c := cf.Config
	uid, gid, _ := strings.Cut(c.User, ":")
	if n, err := strconv.Atoi(uid); err != nil || n == 0 || gid == "" {
		t.Errorf("user %q: want a numeric user other than root, with its group", c.User)
	}
	if !slices.Equal(c.Entrypoint, []string{"/notenrechner"}) || !slices.Equal(c.Cmd, []string{"serve"}) {
		t.Errorf("entrypoint %q, cmd %q; want [/notenrechner] [serve]", c.Entrypoint, c.Cmd)
	}
	if _, ok := c.ExposedPorts["8080/tcp"]; !ok || !slices.Contains(c.Env, "NOTENRECHNER_ADDR=:8080") {
		t.Errorf("exposed %v, env %q: want 8080/tcp and serve listening there on every interface", c.ExposedPorts, c.Env)
	}
	if _, ok := c.Volumes["/data"]; !ok || !slices.Contains(c.Env, "NOTENRECHNER_DB=sqlite:/data/notenrechner.db") {
		t.Errorf("volumes %v, env %q: want the SQLite file in the volume /data", c.Volumes, c.Env)
	}
	if c.Healthcheck == nil || !slices.Equal(c.Healthcheck.Test, []string{"CMD", "/notenrechner", "healthcheck"}) ||
		c.Healthcheck.Timeout <= 3*time.Second { // healthcheck's own --timeout is 3 s
		t.Errorf("healthcheck %+v: want the binary's own healthcheck, given more than its 3 s", c.Healthcheck)
	}
	checkLabels(t, c.Labels, b)
	if cf.OS != "linux" || cf.Architecture != "amd64" || cf.Created.UTC().Format(time.RFC3339) != b.date {
		t.Errorf("platform %s/%s created %s; want linux/amd64 created at the commit's time %s", cf.OS, cf.Architecture, cf.Created, b.date)
	}
	layers, err := img.Layers()
	if err != nil || len(layers) != 1 {
		t.Fatalf("%d layers, %v; want one", len(layers), err)
	}
	checkLayer(t, layers[0], b, uid)
}

func checkLabels(t *testing.T, labels map[string]string, b built) {
	t.Helper()
	want := map[string]string{"version": b.version, "revision": b.commit, "created": b.date}
	for _, key := range []string{"title", "description", "version", "revision", "created", "source", "licenses"} {
		got := labels["org.opencontainers.image."+key]
		if got == "" || (want[key] != "" && got != want[key]) {
			t.Errorf("label org.opencontainers.image.%s = %q; want %q", key, got, cmpOr(want[key], "a value"))
		}
	}
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// checkLayer reads the layer: the release binary, executable and not
// writable by the user; /data owned by the user; /tmp for everybody; every
// entry at the commit's time; compressed within the budget.
func checkLayer(t *testing.T, layer v1.Layer, b built, uid string) {
	size, err := layer.Size()
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("compressed layer: %d bytes (%.1f MB), budget %d", size, float64(size)/1e6, layerBudget)
	if size > layerBudget {
		t.Errorf("compressed layer %d bytes, over its budget of %d (docs/benchmarks.md)", size, layerBudget)
	}
	rc, err := layer.Uncompressed()
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	entries := map[string]*tar.Header{}
	tr := tar.NewReader(rc)
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		entries[h.Name] = h
		if h.ModTime.UTC().Format(time.RFC3339) != b.date {
			t.Errorf("%s has time %s, not the commit's %s", h.Name, h.ModTime, b.date)
		}
		if h.Name == "notenrechner" {
			hash := sha256.New()
			io.Copy(hash, tr)
			if got := hex.EncodeToString(hash.Sum(nil)); got != sha256File(t, b.binary) {
				t.Errorf("the layer's /notenrechner is not the release binary")
			}
		}
	}
	if h := entries["notenrechner"]; h == nil || h.Typeflag != tar.TypeReg || h.Mode&0o111 == 0 || h.Mode&0o222 != 0 {
		t.Errorf("/notenrechner: %+v; want an executable file nobody may write", h)
	}
	if h := entries["data/"]; h == nil || h.Typeflag != tar.TypeDir || strconv.Itoa(h.Uid) != uid {
		t.Errorf("/data: %+v; want a directory owned by the image's user %s", h, uid)
	}
	if h := entries["tmp/"]; h == nil || h.Mode&0o1777 != 0o1777 {
		t.Errorf("/tmp: %+v; want a directory everybody may write, with the sticky bit", h)
	}
}

// checkOCIArchive unpacks the multi-platform archive: one entry named by
// the version, whose linux/amd64 image is the very image of the docker
// archive.
func checkOCIArchive(t *testing.T, b built) {
	dir := t.TempDir()
	untar(t, b.oci, dir)
	idx, err := layout.ImageIndexFromPath(dir)
	if err != nil {
		t.Fatal(err)
	}
	im, err := idx.IndexManifest()
	if err != nil || len(im.Manifests) != 1 || im.Manifests[0].Annotations["org.opencontainers.image.ref.name"] != "notenrechner:"+b.version {
		t.Fatalf("index.json %+v, %v; want one entry named notenrechner:%s", im, err, b.version)
	}
	list, err := idx.ImageIndex(im.Manifests[0].Digest)
	if err != nil {
		t.Fatal(err)
	}
	lm, err := list.IndexManifest()
	if err != nil || len(lm.Manifests) != 1 || lm.Manifests[0].Platform == nil || lm.Manifests[0].Platform.Architecture != "amd64" {
		t.Fatalf("manifest list %+v, %v; want linux/amd64 (the one platform built)", lm, err)
	}
	want, err := tarball.ImageFromPath(b.dockerTar, nil)
	if err != nil {
		t.Fatal(err)
	}
	wantDigest, err := want.Digest()
	if err != nil || lm.Manifests[0].Digest != wantDigest {
		t.Errorf("OCI archive's linux/amd64 image %s, docker archive's %s (%v): want the same", lm.Manifests[0].Digest, wantDigest, err)
	}
}

func untar(t *testing.T, file, dir string) {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tr := tar.NewReader(f)
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, filepath.FromSlash(h.Name))
		if h.Typeflag == tar.TypeDir {
			if err := os.MkdirAll(path, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		data, err := io.ReadAll(tr)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
