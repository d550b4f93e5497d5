//go:build unix

package sqlite

import (
	"os"
	"syscall"
)

// chownLike gives path the owner and group of info's file; it needs root,
// and without it the restored file stays the restoring user's.
func chownLike(path string, info os.FileInfo) {
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		_ = os.Chown(path, int(st.Uid), int(st.Gid))
	}
}
