#!/usr/bin/env bash
# The linker flags that stamp a build with the commit it is made from: version (git describe, "-dirty"
# when the tree has changes, untracked files included, since an untracked .go file would be built in),
# commit, the commit's time as the build date (so a rebuild gives the same bytes) and whether it was
# modified. make build and scripts/release.sh stamp alike, so `notenrechner version` names its commit
# even where Go's own VCS stamp is off (GOFLAGS=-buildvcs=false) or missing (a git worktree). Outside a
# git checkout (a source archive) it prints nothing and the build falls back to Go's stamp, if any.
#   scripts/stamp.sh           the -X flags for go build -ldflags
#   scripts/stamp.sh --shell   the same values as shell assignments (version= commit= date= modified=)
set -euo pipefail
cd "$(dirname "$0")/.."
git rev-parse --git-dir >/dev/null 2>&1 || exit 0
commit=$(git rev-parse HEAD)
date=$(TZ=UTC git log -1 --format=%cd --date=format-local:%Y-%m-%dT%H:%M:%SZ HEAD)
modified=false version=$(git describe --tags --always)
if [ -n "$(git status --porcelain)" ]; then modified=true version=$version-dirty; fi
if [ "${1:-}" = --shell ]; then
  printf 'version=%q commit=%q date=%q modified=%q\n' "$version" "$commit" "$date" "$modified"
  exit 0
fi
echo "-X main.version=$version -X main.commit=$commit -X main.commitTime=$date -X main.modified=$modified"
