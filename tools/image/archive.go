package main

import (
	"archive/tar"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/google/go-containerregistry/pkg/name"
	v1 "github.com/google/go-containerregistry/pkg/v1"
	"github.com/google/go-containerregistry/pkg/v1/empty"
	"github.com/google/go-containerregistry/pkg/v1/layout"
	"github.com/google/go-containerregistry/pkg/v1/mutate"
	"github.com/google/go-containerregistry/pkg/v1/tarball"
	"github.com/google/go-containerregistry/pkg/v1/types"
)

type platformImage struct {
	arch string
	img  v1.Image
}

// ociArchive is the multi-platform archive's name in the output directory.
const ociArchive = "notenrechner-image.oci.tar"

func dockerArchive(arch string) string { return "notenrechner-image-linux-" + arch + ".tar" }

// writeDockerArchive writes the archive `docker load` and `podman load` read,
// tagged notenrechner:VERSION.
func writeDockerArchive(out, arch string, img v1.Image, version string) (string, error) {
	tag, err := name.NewTag("notenrechner:" + version)
	if err != nil {
		return "", fmt.Errorf("tag: %w", err)
	}
	path := filepath.Join(out, dockerArchive(arch))
	if err := tarball.WriteToFile(path, tag, img); err != nil {
		return "", fmt.Errorf("docker archive: %w", err)
	}
	return path, nil
}

// writeOCIArchive writes every platform as one manifest list, named
// notenrechner:VERSION in an OCI layout (podman load takes the name from
// it and its platform from the list), and packs the layout into one tar:
// an "oci-archive" for skopeo.
func writeOCIArchive(out string, images []platformImage, r release) (string, error) {
	idx := mutate.IndexMediaType(empty.Index, types.DockerManifestList)
	for _, p := range images {
		idx = mutate.AppendManifests(idx, mutate.IndexAddendum{Add: p.img, Descriptor: v1.Descriptor{
			Platform: &v1.Platform{OS: "linux", Architecture: p.arch},
		}})
	}
	dir, err := os.MkdirTemp("", "notenrechner-oci-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(dir)
	lp, err := layout.Write(dir, empty.Index)
	if err != nil {
		return "", fmt.Errorf("oci layout: %w", err)
	}
	if err := lp.AppendIndex(idx, layout.WithAnnotations(map[string]string{
		"org.opencontainers.image.ref.name": "notenrechner:" + r.version,
		"org.opencontainers.image.created":  r.created.UTC().Format("2006-01-02T15:04:05Z"),
	})); err != nil {
		return "", fmt.Errorf("oci layout: %w", err)
	}
	path := filepath.Join(out, ociArchive)
	return path, tarDir(dir, path, r)
}

// tarDir packs dir into the tar file path with fixed times and owners, in
// lexical order, so that equal layouts give equal bytes.
func tarDir(dir, path string, r release) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	tw := tar.NewWriter(f)
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || p == dir {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		hdr := &tar.Header{Name: filepath.ToSlash(rel), ModTime: r.created.UTC(), Mode: 0o644, Typeflag: tar.TypeReg}
		if d.IsDir() {
			hdr.Name, hdr.Mode, hdr.Typeflag = hdr.Name+"/", 0o755, tar.TypeDir
			return tw.WriteHeader(hdr)
		}
		src, err := os.Open(p)
		if err != nil {
			return err
		}
		defer src.Close()
		info, err := src.Stat()
		if err != nil {
			return err
		}
		hdr.Size = info.Size()
		if err := tw.WriteHeader(hdr); err != nil {
			return err
		}
		_, err = io.Copy(tw, src)
		return err
	})
	if err != nil {
		return fmt.Errorf("oci archive: %w", err)
	}
	if err := tw.Close(); err != nil {
		return fmt.Errorf("oci archive: %w", err)
	}
	return f.Close()
}
