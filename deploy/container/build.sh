#!/bin/bash
# Builds the cluster image localhost/tauler:VERSION (VERSION from
# Cargo.toml) with Debian's podman: the build stage's base from Debian's
# packages when it is missing (make-base.sh), the crates vendored for an
# offline build, then deploy/container/Containerfile. Prints the image's
# size at the end.
#
# Usage: deploy/container/build.sh      (from anywhere; needs root, podman, runc)
# Settings: STORAGE_DRIVER (default vfs), CONTAINERS_CONF (default the
# containers.conf beside this script: runc, cgroupfs, no default ulimits).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
export CONTAINERS_CONF=${CONTAINERS_CONF:-$here/containers.conf}
podman=(podman --storage-driver "${STORAGE_DRIVER:-vfs}")
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' "$root/Cargo.toml" | head -1)
image=localhost/tauler:$version
if ! "${podman[@]}" image exists localhost/tauler-build-base:bookworm; then
    "$here/make-base.sh"
fi
(cd "$root" && cargo vendor --locked --quiet deploy/container/vendor >/dev/null)
"${podman[@]}" build --layers=false -f "$here/Containerfile" -t "$image" "$root"
"${podman[@]}" image ls --format '{{.Repository}}:{{.Tag}} {{.Size}}' "$image"
