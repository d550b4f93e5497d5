package main

import (
	"archive/tar"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	v1 "github.com/google/go-containerregistry/pkg/v1"
	"github.com/google/go-containerregistry/pkg/v1/tarball"
)

// runInOwnRoot is the container without a runtime: the image's layer
// unpacked as a root directory, the entrypoint started in it (chroot) as the
// image's user with the image's environment. It shows what a runtime would
// add nothing to: the binary needs no file beside it, the user can create
// the database in /data, and healthcheck finds the server. Needs root (for
// chroot) and a linux/amd64 machine; skipped otherwise.
func runInOwnRoot(t *testing.T, b built) {
	if os.Geteuid() != 0 || runtime.GOARCH != "amd64" {
		t.Skip("needs root (chroot) on linux/amd64")
	}
	root, cf := imageRoot(t, b)
	var uid, gid uint32
	if _, err := fmt.Sscanf(cf.Config.User, "%d:%d", &uid, &gid); err != nil {
		t.Fatalf("user %q: %v", cf.Config.User, err)
	}
	addr := freeAddr(t) // the image's :8080 may be taken on this machine
	env := append(slices.Clone(cf.Config.Env), "NOTENRECHNER_ADDR="+addr)
	inRoot := func(argv ...string) *exec.Cmd {
		cmd := exec.Command(argv[0], argv[1:]...)
		cmd.Env, cmd.Dir = env, cf.Config.WorkingDir
		cmd.SysProcAttr = &syscall.SysProcAttr{Chroot: root, Credential: &syscall.Credential{Uid: uid, Gid: gid}}
		return cmd
	}
	server := inRoot(append(slices.Clone(cf.Config.Entrypoint), cf.Config.Cmd...)...)
	var logs strings.Builder
	server.Stdout, server.Stderr = &logs, &logs
	if err := server.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- server.Wait() }()
	defer server.Process.Kill()

	deadline := time.Now().Add(20 * time.Second)
	for {
		out, err := inRoot(cf.Config.Healthcheck.Test[1:]...).CombinedOutput()
		if err == nil && strings.Contains(string(out), "Datenbank: ok") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("healthcheck in the image's root failed for 20 s: %s %v\nserver: %s", out, err, logs.String())
		}
		time.Sleep(200 * time.Millisecond)
	}
	server.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("serve after SIGTERM: %v\n%s", err, logs.String())
		}
	case <-time.After(15 * time.Second):
		t.Fatal("serve did not stop within 15 s of SIGTERM")
	}
	db, err := os.Stat(filepath.Join(root, "data", "notenrechner.db"))
	if err != nil || db.Sys().(*syscall.Stat_t).Uid != uid {
		t.Errorf("the database in /data: %v; want a file the image's user created", err)
	}
}

// imageRoot unpacks the image's layer into a new directory and gives its
// configuration.
func imageRoot(t *testing.T, b built) (string, *v1.ConfigFile) {
	t.Helper()
	img, err := tarball.ImageFromPath(b.dockerTar, nil)
	if err != nil {
		t.Fatal(err)
	}
	cf, err := img.ConfigFile()
	if err != nil {
		t.Fatal(err)
	}
	layers, err := img.Layers()
	if err != nil {
		t.Fatal(err)
	}
	root := filepath.Join(t.TempDir(), "root")
	unpackLayer(t, layers[0].Uncompressed, root)
	return root, cf
}

// unpackLayer writes the layer's entries under root with their modes and
// owners, as a runtime does.
func unpackLayer(t *testing.T, open func() (io.ReadCloser, error), root string) {
	t.Helper()
	rc, err := open()
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	if err := os.MkdirAll(root, 0o755); err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(rc)
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(root, filepath.FromSlash(h.Name))
		switch h.Typeflag {
		case tar.TypeDir:
			err = os.Mkdir(path, 0o700)
		case tar.TypeReg:
			var data []byte
			if data, err = io.ReadAll(tr); err == nil {
				err = os.WriteFile(path, data, 0o600)
			}
		default:
			t.Fatalf("%s: unexpected entry type %c", h.Name, h.Typeflag)
		}
		if err == nil {
			err = os.Chown(path, h.Uid, h.Gid)
		}
		if err == nil {
			err = os.Chmod(path, h.FileInfo().Mode())
		}
		if err != nil {
			t.Fatal(err)
		}
	}
}

func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}
