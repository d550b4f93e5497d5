package main

import (
	"archive/tar"
	"bytes"
	"fmt"
	"io"
	"os"
	"time"

	v1 "github.com/google/go-containerregistry/pkg/v1"
	"github.com/google/go-containerregistry/pkg/v1/empty"
	"github.com/google/go-containerregistry/pkg/v1/mutate"
	"github.com/google/go-containerregistry/pkg/v1/tarball"
)

// The image's fixed facts; the test reads them back from the built image.
const (
	binaryPath = "/notenrechner"
	dataDir    = "/data"
	port       = "8080"
	// user is distroless's "nonroot": numeric, so that the runtime needs no
	// /etc/passwd and Kubernetes' runAsNonRoot can check it.
	uid, gid = 65532, 65532
)

// release is what one build stamps into the image: the same values the
// binaries carry (scripts/release.sh), so image and binary agree.
type release struct {
	version, revision, source, licenses string
	created                             time.Time // the commit's time: a rebuild gives the same bytes
}

// buildImage makes the single-layer image for one platform from the static
// binary at bin.
func buildImage(arch, bin string, r release) (v1.Image, error) {
	layerTar, err := rootFS(bin, r.created)
	if err != nil {
		return nil, err
	}
	layer, err := tarball.LayerFromOpener(func() (io.ReadCloser, error) {
		return io.NopCloser(bytes.NewReader(layerTar)), nil
	})
	if err != nil {
		return nil, fmt.Errorf("layer: %w", err)
	}
	img, err := mutate.Append(empty.Image, mutate.Addendum{Layer: layer, History: v1.History{
		Created:   v1.Time{Time: r.created},
		CreatedBy: "tools/image: " + binaryPath + ", " + dataDir + " (volume), /tmp",
	}})
	if err != nil {
		return nil, fmt.Errorf("append layer: %w", err)
	}
	cf, err := img.ConfigFile()
	if err != nil {
		return nil, err
	}
	cf = cf.DeepCopy()
	cf.OS, cf.Architecture, cf.Created = "linux", arch, v1.Time{Time: r.created}
	cf.Config = imageConfig(r)
	return mutate.ConfigFile(img, cf)
}

// imageConfig is how the container runs: serve on every interface of the
// container's network at 8080, data in the volume /data, as a user without
// rights, checked by the binary itself (the image has no shell and no curl).
func imageConfig(r release) v1.Config {
	return v1.Config{
		User:       fmt.Sprintf("%d:%d", uid, gid),
		Entrypoint: []string{binaryPath},
		Cmd:        []string{"serve"},
		Env: []string{
			"NOTENRECHNER_ADDR=:" + port,
			"NOTENRECHNER_DB=sqlite:" + dataDir + "/notenrechner.db",
		},
		WorkingDir:   dataDir, // a relative path (config export datei.json) lands in the volume too
		ExposedPorts: map[string]struct{}{port + "/tcp": {}},
		Volumes:      map[string]struct{}{dataDir: {}},
		Healthcheck: &v1.HealthConfig{
			Test:     []string{"CMD", binaryPath, "healthcheck"},
			Interval: 30 * time.Second, Timeout: 5 * time.Second, StartPeriod: 10 * time.Second, Retries: 3,
		},
		StopSignal: "SIGTERM", // serve ends its streams and waits up to 10 s for requests
		Labels: map[string]string{
			"org.opencontainers.image.title":       "Notenrechner",
			"org.opencontainers.image.description": "Notenrechner für Schulen: Rechner, Verwaltung, API und Live-Konfiguration in einem Programm",
			"org.opencontainers.image.version":     r.version,
			"org.opencontainers.image.revision":    r.revision,
			"org.opencontainers.image.created":     r.created.UTC().Format(time.RFC3339),
			"org.opencontainers.image.source":      r.source,
			"org.opencontainers.image.licenses":    r.licenses,
		},
	}
}

// rootFS is the layer: the binary, an empty /data owned by the user (a new
// named volume takes its owner from it, so serve can create the database)
// and a /tmp for SQLite's temporary files. Every entry has the commit's
// time and numeric owners only, so that the layer's bytes depend on nothing
// but the binary.
func rootFS(bin string, mtime time.Time) ([]byte, error) {
	exe, err := os.ReadFile(bin)
	if err != nil {
		return nil, fmt.Errorf("binary: %w", err)
	}
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	entries := []struct {
		hdr  tar.Header
		body []byte
	}{
		{tar.Header{Name: dataDir[1:] + "/", Typeflag: tar.TypeDir, Mode: 0o750, Uid: uid, Gid: gid}, nil},
		{tar.Header{Name: binaryPath[1:], Typeflag: tar.TypeReg, Mode: 0o555, Size: int64(len(exe))}, exe},
		{tar.Header{Name: "tmp/", Typeflag: tar.TypeDir, Mode: 0o1777}, nil},
	}
	for _, e := range entries {
		e.hdr.ModTime, e.hdr.Format = mtime.UTC(), tar.FormatUSTAR
		if err := tw.WriteHeader(&e.hdr); err != nil {
			return nil, fmt.Errorf("layer: %w", err)
		}
		if _, err := tw.Write(e.body); err != nil {
			return nil, fmt.Errorf("layer: %w", err)
		}
	}
	if err := tw.Close(); err != nil {
		return nil, fmt.Errorf("layer: %w", err)
	}
	return buf.Bytes(), nil
}
