// Command image builds Notenrechner's container image without a container
// daemon or registry: one layer with the static binary on an empty base
// (go-containerregistry), written as a `docker load`/`podman load` archive
// per platform and as one multi-platform OCI archive for a registry
// (skopeo, crane). scripts/release.sh calls it; see docs/operations.md.
//
//	go run . -out DIR -version V -revision SHA -created RFC3339 -bin linux/amd64=PATH [-bin linux/arm64=PATH]
package main

import (
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"
	"time"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "image:", err)
		os.Exit(1)
	}
}

// binaries maps an architecture to its linux binary (-bin linux/ARCH=PATH, repeated).
type binaries map[string]string

func (b binaries) String() string { return fmt.Sprint(map[string]string(b)) }

func (b binaries) Set(v string) error {
	platform, path, ok := strings.Cut(v, "=")
	arch, isLinux := strings.CutPrefix(platform, "linux/")
	if !ok || !isLinux || arch == "" || path == "" {
		return fmt.Errorf("want linux/ARCH=PATH, got %q", v)
	}
	b[arch] = path
	return nil
}

func run(args []string) error {
	fs := flag.NewFlagSet("image", flag.ContinueOnError)
	bins := binaries{}
	fs.Var(bins, "bin", "linux/ARCH=PATH of a static binary; repeat for each platform")
	out := fs.String("out", "", "directory for the archives")
	var r release
	var created string
	fs.StringVar(&r.version, "version", "", "release version (image tag and label)")
	fs.StringVar(&r.revision, "revision", "", "commit hash")
	fs.StringVar(&created, "created", "", "the commit's time, RFC 3339")
	fs.StringVar(&r.source, "source", "https://github.com/notenrechner/notenrechner", "the source repository")
	// The repository states no licence yet; SPDX's NOASSERTION says so
	// rather than guess one.
	fs.StringVar(&r.licenses, "licenses", "NOASSERTION", "SPDX licence expression")
	if err := fs.Parse(args); err != nil {
		return err
	}
	t, err := time.Parse(time.RFC3339, created)
	if err != nil {
		return fmt.Errorf("-created: %w", err)
	}
	r.created = t
	if *out == "" || r.version == "" || r.revision == "" || len(bins) == 0 {
		return fmt.Errorf("-out, -version, -revision and at least one -bin are required")
	}
	return write(*out, bins, r)
}

// write builds every platform's image and writes the archives.
func write(out string, bins binaries, r release) error {
	archs := make([]string, 0, len(bins))
	for arch := range bins {
		archs = append(archs, arch)
	}
	sort.Strings(archs) // the index lists the platforms in a fixed order
	var images []platformImage
	for _, arch := range archs {
		img, err := buildImage(arch, bins[arch], r)
		if err != nil {
			return fmt.Errorf("linux/%s: %w", arch, err)
		}
		path, err := writeDockerArchive(out, arch, img, r.version)
		if err != nil {
			return fmt.Errorf("linux/%s: %w", arch, err)
		}
		fmt.Println("image: wrote", path)
		images = append(images, platformImage{arch, img})
	}
	path, err := writeOCIArchive(out, images, r)
	if err != nil {
		return err
	}
	fmt.Println("image: wrote", path)
	return nil
}
