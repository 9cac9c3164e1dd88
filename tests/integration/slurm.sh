#!/bin/bash
# A quintet-match match played as a Slurm array job, as README's recipe
# runs it: task K of `sbatch --array=0-3` plays --shard K/4, then
# --merge gives the report one process playing the same games gives, line
# for line. The test starts a one-node Slurm cluster of its own on this
# machine, in a temporary directory: munged with its own key and socket,
# slurmctld and slurmd with a minimal slurm.conf (free ports, state and
# spool directories here, root as SlurmUser, as the tests run), and stops
# every daemon it started, by its pid, at the end. Where Slurm or munge
# cannot be started the test fails and says why; it never skips.
# scripts/bootstrap --test installs Debian's slurm-wlm (slurmctld, slurmd,
# slurm-client) and munge.
# Usage: slurm.sh BUILDDIR/quintet (quintet-match sits next to it). TAP.
set -u

engine="${1:?usage: slurm.sh BUILDDIR/quintet}"
engine="$(cd "$(dirname "$engine")" && pwd)/$(basename "$engine")"
match="$(dirname "$engine")/quintet-match"
tmp="$(mktemp -d "${TMPDIR:-/tmp}/slurm-test.XXXXXX")"
# munged wants every directory above its socket searchable by all.
chmod 755 "$tmp"
mkdir -m 700 "$tmp/munge" "$tmp/state" "$tmp/spool"
mkdir -m 755 "$tmp/run" "$tmp/work"
PATH="$PATH:/usr/sbin:/sbin"
export SLURM_CONF="$tmp/slurm.conf"

n=0
failed=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() {
	n=$((n + 1))
	failed=$((failed + 1))
	echo "not ok $n - $1"
	shift
	for line in "$@"; do printf '%s\n' "$line" | sed 's/^/#   /'; done
}
# finish: the plan, and the status.
finish() {
	echo "1..$n"
	[ "$failed" -eq 0 ]
	exit
}

munged_pid= ctld_pid= slurmd_pid= job=
# stop PID: SIGTERM, then SIGKILL after 10 s; a process of ours only.
stop() {
	[ -n "$1" ] || return 0
	kill "$1" 2>/dev/null || return 0
	for _ in $(seq 100); do kill -0 "$1" 2>/dev/null || break; sleep 0.1; done
	kill -9 "$1" 2>/dev/null
	wait "$1" 2>/dev/null
}
cleanup() {
	[ -n "$job" ] && [ -n "$ctld_pid" ] && timeout 10 scancel "$job" 2>/dev/null
	stop "$slurmd_pid"
	stop "$ctld_pid"
	stop "$munged_pid"
	rm -rf "$tmp"
}
trap cleanup EXIT

# --- the tools -----------------------------------------------------------------
missing=()
for tool in mungekey munged munge slurmctld slurmd sbatch sinfo squeue scancel; do
	command -v "$tool" >/dev/null || missing+=("$tool")
done
if [ ${#missing[@]} -gt 0 ]; then
	not_ok "Slurm and munge are installed" "missing: ${missing[*]}" \
		"(scripts/bootstrap --test installs slurm-wlm and munge)"
	finish
fi
ok "Slurm and munge are installed ($(slurmd -V 2>&1), $(munged --version 2>&1 | head -1))"

# --- munged: its own key and socket ---------------------------------------------
socket="$tmp/run/munge.socket"
if ! mungekey --create --keyfile="$tmp/munge/munge.key" >"$tmp/mungekey.out" 2>&1; then
	not_ok "munge key" "$(cat "$tmp/mungekey.out")"
	finish
fi
munged --foreground --socket="$socket" --key-file="$tmp/munge/munge.key" \
	--log-file="$tmp/munge/munged.log" --pid-file="$tmp/run/munged.pid" \
	--seed-file="$tmp/munge/munged.seed" >"$tmp/munged.out" 2>&1 &
munged_pid=$!
for _ in $(seq 100); do [ -S "$socket" ] && break; sleep 0.1; done
if [ "$(echo hello | munge --socket="$socket" 2>&1 | unmunge --socket="$socket" 2>&1 | tail -1)" = hello ]; then
	ok "munged runs with its own key and socket"
else
	not_ok "munged runs with its own key and socket" "$(tail -5 "$tmp/munged.out")"
	finish
fi

# --- slurmctld and slurmd: a cluster of one node ------------------------------------
read -r ctld_port slurmd_port < <(python3 -c '
import socket
s = [socket.socket() for _ in range(2)]
for x in s:
    x.bind(("127.0.0.1", 0))
print(*[x.getsockname()[1] for x in s])')
cat >"$SLURM_CONF" <<EOF
ClusterName=quintet-test
SlurmctldHost=localhost
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$socket
CredType=cred/munge
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/run/slurmctld.pid
SlurmdPidFile=$tmp/run/slurmd.pid
SlurmctldLogFile=$tmp/slurmctld.log
SlurmdLogFile=$tmp/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/builtin
MpiDefault=none
MailProg=/bin/true
ReturnToService=2
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
NodeName=localhost NodeAddr=127.0.0.1 CPUs=2 State=UNKNOWN
PartitionName=debug Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF
slurmctld -D -i >"$tmp/slurmctld.out" 2>&1 &
ctld_pid=$!
slurmd -D -N localhost >"$tmp/slurmd.out" 2>&1 &
slurmd_pid=$!
state=
for _ in $(seq 200); do
	state=$(timeout 5 sinfo --noheader --nodes=localhost --format=%T 2>/dev/null)
	[ "$state" = idle ] && break
	sleep 0.1
done
if [ "$state" = idle ]; then
	ok "slurmctld and slurmd start: node localhost idle in partition debug"
else
	not_ok "slurmctld and slurmd start: node localhost idle in partition debug" \
		"sinfo says '${state:-nothing}'" "slurmctld: $(tail -5 "$tmp/slurmctld.out" "$tmp/slurmctld.log" 2>&1)" \
		"slurmd: $(tail -5 "$tmp/slurmd.out" "$tmp/slurmd.log" 2>&1)"
	finish
fi

# --- the match: one process, then four shards as an array job ----------------------
qe="$engine --level easy"
args=(--black "$qe" --white "$qe" --size 9 --games 20 --random-opening 2 --seed 7 --sprt -20 20 --quiet)
timeout -k 5 120 "$match" "${args[@]}" >"$tmp/whole" 2>"$tmp/whole.err"
status=$?
if [ $status -eq 0 ] && grep -q "^pairs (colours swapped): 10;" "$tmp/whole"; then
	ok "the match in one process"
else
	not_ok "the match in one process" "status $status" "$(tail -5 "$tmp/whole.err")"
fi
# README's array job: task K plays shard K of 4.
{
	echo '#!/bin/sh'
	echo "#SBATCH --job-name=quintet-shards --output=$tmp/work/shard-%a.log"
	printf 'exec'
	printf ' %q' "$match" "${args[@]}"
	printf ' --shard "$SLURM_ARRAY_TASK_ID/4" --results "%s/r$SLURM_ARRAY_TASK_ID"\n' "$tmp/work"
} >"$tmp/shard.sh"
started=$EPOCHREALTIME
job=$(timeout 30 sbatch --parsable --array=0-3 --chdir="$tmp/work" "$tmp/shard.sh" 2>"$tmp/sbatch.err")
status=$?
job=${job%%;*}
if [ $status -ne 0 ] || ! [[ "$job" =~ ^[0-9]+$ ]]; then
	not_ok "sbatch --array=0-3 takes the job" "status $status: $(cat "$tmp/sbatch.err")"
	job=
	finish
fi
ok "sbatch --array=0-3 takes the job ($job)"
# Wait for the array to leave the queue (at most 120 s).
for _ in $(seq 1200); do
	[ -z "$(squeue --noheader --jobs="$job" 2>/dev/null)" ] && break
	sleep 0.1
done
elapsed=$(python3 -c "print('%.1f' % ($EPOCHREALTIME - $started))")
if [ -n "$(squeue --noheader --jobs="$job" 2>/dev/null)" ]; then
	not_ok "the array's four tasks run and end" "still queued after 120 s: $(squeue --jobs="$job" 2>&1)"
	finish
fi
done_files=0
for k in 0 1 2 3; do
	[ -s "$tmp/work/r$k" ] && grep -qx "shard $k 4" "$tmp/work/r$k" && done_files=$((done_files + 1))
done
if [ "$done_files" -eq 4 ]; then
	ok "the array's four tasks run and end, each with its shard's results file ($elapsed s)"
else
	not_ok "the array's four tasks run and end, each with its shard's results file" \
		"$done_files of 4 files" "$(tail -n 3 "$tmp"/work/shard-*.log 2>&1)" \
		"slurmd: $(tail -5 "$tmp/slurmd.log" 2>&1)"
fi
if grep -qE 'ERROR: (Address|Leak)Sanitizer|runtime error:' "$tmp"/work/shard-*.log 2>/dev/null; then
	not_ok "no sanitizer report from a shard" "$(grep -h -m 5 -E 'Sanitizer|runtime error' "$tmp"/work/shard-*.log)"
else
	ok "no sanitizer report from a shard"
fi
timeout -k 5 60 "$match" --merge "$tmp"/work/r0 "$tmp"/work/r1 "$tmp"/work/r2 "$tmp"/work/r3 \
	>"$tmp/merged" 2>"$tmp/merged.err"
status=$?
if [ $status -eq 0 ] && cmp -s "$tmp/whole" "$tmp/merged" && [ ! -s "$tmp/merged.err" ]; then
	ok "--merge of the four shards: the one-process report, line for line"
else
	not_ok "--merge of the four shards: the one-process report, line for line" "status $status" \
		"$(diff "$tmp/whole" "$tmp/merged" | head -10)" "$(head -5 "$tmp/merged.err")"
fi
finish
