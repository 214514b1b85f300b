#!/bin/bash
# Runs a tournament on Kubernetes: the tournament file as a ConfigMap, the
# Indexed Job of shards, then (once every index has completed) the merge
# Job, whose log is the report.
#
# Usage: deploy/kubernetes/run.sh TOURNAMENT.toml
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
kubectl create configmap tauler-tournament --from-file=tournament.toml="$1" \
    --dry-run=client -o yaml | kubectl apply -f -
kubectl apply -f "$here/shards-job.yaml"
kubectl wait --for=condition=complete --timeout=-1s job/tauler-shards
kubectl apply -f "$here/merge-job.yaml"
kubectl wait --for=condition=complete --timeout=-1s job/tauler-merge
kubectl logs job/tauler-merge
