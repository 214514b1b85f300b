#!/bin/bash
# Makes the build stage's base image from Debian's own packages, since no
# image registry is needed or assumed: a minimal Debian 12 (bookworm) root
# file system by mmdebstrap, with Rust from bookworm-security's `rustc-web`
# and `cargo-web` (1.96, above the crate's rust-version 1.88; bookworm's
# plain `rustc` is 1.63), a C linker, and `busybox-static` (the final
# image's /bin/sh), imported as localhost/tauler-build-base:bookworm.
#
# Usage: deploy/container/make-base.sh    (needs root, mmdebstrap, podman)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
export CONTAINERS_CONF=${CONTAINERS_CONF:-$here/containers.conf}
podman=(podman --storage-driver "${STORAGE_DRIVER:-vfs}")
mirror=http://deb.debian.org/debian
mmdebstrap --variant=minbase --format=tar \
    --include=rustc-web,cargo-web,gcc,libc6-dev,busybox-static,ca-certificates \
    bookworm - \
    "deb $mirror bookworm main" \
    "deb $mirror bookworm-updates main" \
    "deb http://deb.debian.org/debian-security bookworm-security main" |
    "${podman[@]}" import \
        --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
        - localhost/tauler-build-base:bookworm
