#!/bin/bash
# A real Slurm on this one machine: installs Debian's slurm-wlm and munge
# when missing, starts munged, slurmctld and slurmd on localhost, submits a
# tournament as the shipped job array and its dependent merge job
# (submit.sh), waits, and compares the merged report with the report of the
# same tournament run unsharded. Exits 0 when they are identical.
#
# Usage (as root, from the repository): deploy/slurm/local-test.sh
#   [TOURNAMENT.toml] [N]
# Default: tests/data/regression/cescacs.toml in 4 shards.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
tournament=$(realpath "${1:-$repo/tests/data/regression/cescacs.toml}")
shards=${2:-4}
tauler=$repo/target/release/tauler
[ -x "$tauler" ] || (cd "$repo" && cargo build --release)

if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slurm-wlm munge
fi

work=$(mktemp -d /tmp/tauler-slurm.XXXXXX)
host=$(hostname -s)
cpus=$(nproc)
mem=$(awk '/MemTotal/ {print int($2 / 1024) - 512}' /proc/meminfo)

# munge: a key and the daemon.
mkdir -p /etc/munge /var/log/munge /run/munge /var/lib/munge
[ -s /etc/munge/munge.key ] || dd if=/dev/urandom bs=1 count=1024 of=/etc/munge/munge.key 2>/dev/null
chown -R munge:munge /etc/munge /var/log/munge /run/munge /var/lib/munge 2>/dev/null || true
chmod 400 /etc/munge/munge.key
pgrep -x munged >/dev/null || munged --force

# slurm: one node, this machine, everything local.
conf_dir=/etc/slurm
mkdir -p "$conf_dir" /var/spool/slurmctld /var/spool/slurmd /var/log/slurm
cat >"$conf_dir/slurm.conf" <<CONF
ClusterName=tauler
SlurmctldHost=$host
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
ReturnToService=2
SlurmctldPidFile=/run/slurmctld.pid
SlurmdPidFile=/run/slurmd.pid
SlurmdSpoolDir=/var/spool/slurmd
StateSaveLocation=/var/spool/slurmctld
SlurmUser=root
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
NodeName=$host CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=main Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
pgrep -x slurmctld >/dev/null || slurmctld
pgrep -x slurmd >/dev/null || slurmd
for _ in $(seq 30); do
    sinfo -h -o %T 2>/dev/null | grep -qE "idle|mixed|alloc" && break
    scontrol update nodename="$host" state=resume 2>/dev/null || true
    sleep 1
done
sinfo

# The tournament unsharded, then as the array and its merge.
"$tauler" tournament "$tournament" --quiet --out "$work/whole" >"$work/whole-report.txt"
"$repo/deploy/slurm/submit.sh" "$tournament" "$shards" "$work/sharded" "$tauler"
while squeue -h | grep -q .; do sleep 2; done
sacct -n -X -o JobID,JobName,State,Elapsed 2>/dev/null || true

if diff "$work/whole-report.txt" "$work/sharded/report.txt"; then
    echo "the merged report of $shards shards equals the unsharded report ($work)"
else
    echo "the reports differ ($work)" >&2
    exit 1
fi
