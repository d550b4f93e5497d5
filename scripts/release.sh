#!/usr/bin/env bash
# A release of the commit that is checked out: static binaries for the platforms schools run, the
# container image (tools/image), SBOMs of the Go module and of the web app's packages, and SHA256SUMS
# over all of it. Reproducible: two runs on one commit, with the same Go and npm, give the same bytes
# (tools/image's test checks it), because nothing depends on the time or place of the build — the
# build date is the commit's time, paths are trimmed, build IDs are empty, and Go's own VCS stamp is
# off (it is missing in a git worktree or a source archive) in favour of the stamp below.
#   scripts/release.sh [OUT]            make release; OUT is dist/ unless given
# RELEASE_TARGETS narrows the platforms (make image: "linux/amd64 linux/arm64"); RELEASE_SBOM=0 and
# RELEASE_IMAGE=0 leave those out. Needs the built web app (make web) and git.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=${1:-dist}
targets=${RELEASE_TARGETS:-linux/amd64 linux/arm64 windows/amd64 darwin/arm64}
cyclonedx_gomod=v1.10.0 # github.com/CycloneDX/cyclonedx-gomod; raise it deliberately

[ -f web/dist/index.html ] || { echo "release: the web app is not built (make web)" >&2; exit 1; }
stamp=$(scripts/stamp.sh --shell) # version, commit, the commit's time, modified: as make build stamps
[ -n "$stamp" ] || { echo "release: not a git checkout; a release names its commit" >&2; exit 1; }
eval "$stamp"

# OUT is emptied first, so it must be new, empty or an earlier release (it has SHA256SUMS).
if [ -d "$out" ] && [ -n "$(ls -A "$out")" ] && [ ! -f "$out/SHA256SUMS" ]; then
  echo "release: $out is neither empty nor an earlier release; not emptying it" >&2
  exit 1
fi
rm -rf "$out"
mkdir -p "$out"
out=$(cd "$out" && pwd)
ldflags="-s -w -buildid= $(scripts/stamp.sh)"
image_bins=() sbom_bin=
for target in $targets; do
  os=${target%/*} arch=${target#*/}
  bin=notenrechner-$os-$arch
  if [ "$os" = windows ]; then bin=$bin.exe; fi
  # GOFLAGS and GOAMD64/GOARM64 from the environment would change the bytes: fixed here.
  GOFLAGS= CGO_ENABLED=0 GOOS=$os GOARCH=$arch GOAMD64=v1 GOARM64=v8.0 \
    go build -trimpath -buildvcs=false -ldflags="$ldflags" -o "$out/$bin" ./cmd/notenrechner
  echo "release: $bin"
  if [ -z "$sbom_bin" ]; then sbom_bin=$out/$bin; fi
  if [ "$os" = linux ]; then image_bins+=(-bin "linux/$arch=$out/$bin"); fi
done

if [ "${RELEASE_IMAGE:-1}" != 0 ] && [ ${#image_bins[@]} -gt 0 ]; then
  (cd tools/image && GOFLAGS= go run . -out "$out" -version "$version" -revision "$commit" -created "$date" "${image_bins[@]}")
fi

if [ "${RELEASE_SBOM:-1}" != 0 ]; then
  # The Go modules linked into the first binary (linux/amd64 unless narrowed), read from it as
  # `go version -m` does, with the standard library and the licences found in the module sources
  # (ours states none: the tool's warning about it is expected); no serial number or time, so
  # the file is reproducible too.
  GOBIN=$root/bin/tools GOFLAGS= go install "github.com/CycloneDX/cyclonedx-gomod/cmd/cyclonedx-gomod@$cyclonedx_gomod"
  GOFLAGS= "$root/bin/tools/cyclonedx-gomod" bin -json -std -licenses -noserial -notimestamp -version "$version" \
    -output "$out/notenrechner-go.cdx.json" "$sbom_bin"
  # The npm packages the web app ships (not its build tools), from the lock file, by npm's own
  # `npm sbom`; its random serial number goes and its time becomes the commit's.
  (cd web && npm sbom --sbom-format cyclonedx --omit dev --package-lock-only) |
    node -e '
      const fs = require("node:fs");
      const bom = JSON.parse(fs.readFileSync(0, "utf8"));
      delete bom.serialNumber;
      bom.metadata.timestamp = process.argv[1];
      fs.writeFileSync(process.argv[2], JSON.stringify(bom, null, 2) + "\n");' "$date" "$out/notenrechner-web.cdx.json"
  echo "release: SBOMs notenrechner-go.cdx.json, notenrechner-web.cdx.json"
fi

(cd "$out" && LC_ALL=C sha256sum -- * >SHA256SUMS)
echo "release: $version ($commit of $date) in $out; sha256sum -c SHA256SUMS checks it"
