//go:build !linux

package main

import "testing"

func runInOwnRoot(t *testing.T, _ built) { t.Skip("chroot as the image's user needs linux") }
