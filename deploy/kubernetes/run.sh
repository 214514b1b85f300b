#!/bin/bash
# Runs a tournament on Kubernetes: the tournament file as a ConfigMap, the
# Indexed Job of shards, then (once every index has completed) the merge
# Job, whose log is the report.
#
# Usage: [TAULER_IMAGE=REGISTRY/tauler:0.1.0] deploy/kubernetes/run.sh TOURNAMENT.toml
# (default image: localhost/tauler:0.1.0, as deploy/container/build.sh
# tags it; a cluster that cannot see this machine's images needs it pushed).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
image=${TAULER_IMAGE:-localhost/tauler:0.1.0}
apply() { sed "s|image: localhost/tauler:0.1.0|image: $image|" "$1" | kubectl apply -f -; }
kubectl create configmap tauler-tournament --from-file=tournament.toml="$1" \
    --dry-run=client -o yaml | kubectl apply -f -
apply "$here/shards-job.yaml"
kubectl wait --for=condition=complete --timeout=-1s job/tauler-shards
apply "$here/merge-job.yaml"
kubectl wait --for=condition=complete --timeout=-1s job/tauler-merge
kubectl logs job/tauler-merge
