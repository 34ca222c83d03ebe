#!/bin/sh
# make check-spread (not part of make check): work split into units and run
# under the schedulers of tools/spread/, end to end on this one machine.
#
# A reference run plays every unit in one process: an SPRT (menagerie-match,
# 4 units), a round robin of three engines (menagerie-tourney, 3 units) and
# self-play data (menagerie datagen, 4 shards).  The same units then run
#   1. under GNU parallel on two "hosts" (tools/spread/local-ssh stands in
#      for ssh: parallel merges repeated ':' logins into one slot), and
#   2. as a Slurm job array on a one-node cluster that this script starts
#      (munged, slurmctld, slurmd, with their files in a temporary
#      directory) and stops,
# and their merged results must equal the reference exactly: pentanomial
# counts, W/D/L, every game's result, LLR and verdict; the crosstable's
# games; the data file byte for byte.  Menagerie searching a fixed number
# of nodes on one thread plays the same game from the same position, so
# the games themselves are the same wherever they run.
#
# Needs the Debian packages parallel and slurm-wlm (with munge); installs
# nothing.  slurmd runs jobs as the user that starts it (root here).
set -u
: "${top_srcdir:=.}" "${top_builddir:=.}"
src=$(cd "$top_srcdir" && pwd)
build=$(cd "$top_builddir" && pwd)
PATH=$PATH:/usr/sbin:/sbin
export PATH

missing=
for prog in parallel:parallel munged:munge slurmctld:slurm-wlm slurmd:slurm-wlm \
            sbatch:slurm-wlm sinfo:slurm-wlm python3:python3; do
    command -v "${prog%%:*}" >/dev/null 2>&1 || missing="$missing ${prog%%:*} (${prog#*:})"
done
if [ -n "$missing" ]; then
    echo "check-spread: not installed:$missing" >&2
    echo "check-spread: on Debian: apt-get install parallel slurm-wlm" >&2
    exit 1
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/check-spread.XXXXXX") || exit 1
cluster=$tmp/slurm
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
pass() { echo "ok: $*"; }
now() { date +%s; }

stop_cluster() {
    for pidfile in "$cluster/slurmd.pid" "$cluster/slurmctld.pid" "$cluster/munge/munged.pid"; do
        if [ -s "$pidfile" ]; then
            pid=$(cat "$pidfile")
            kill "$pid" 2>/dev/null
            for _ in 1 2 3 4 5 6 7 8 9 10; do
                kill -0 "$pid" 2>/dev/null || break
                sleep 0.5
            done
            rm -f "$pidfile"
        fi
    done
}
cleanup() {
    stop_cluster
    if [ "$fails" -eq 0 ] && [ -z "${KEEP:-}" ]; then
        rm -rf "$tmp"
    else
        echo "check-spread: files kept in $tmp"
    fi
}
trap cleanup EXIT
trap 'exit 1' INT TERM

M=$src/tools/menagerie-match
TY=$src/tools/menagerie-tourney
ENGINE=$build/menagerie
export XDG_DATA_HOME=$tmp/xdg MENAGERIE_VARIANTS= PYTHONDONTWRITEBYTECODE=1

# The three kinds of unit command; {unit} is the unit's number.
match_cmd() {    # $1: result directory, $2: the units (default {unit})
    echo nice -n 15 "$M" -a "$ENGINE" -b "$ENGINE" --option-a UseNNUE=0 --referee "$ENGINE" \
        --nodes 400 -n 16 -c 1 -o "$src/tools/openings/normal.fen" --progress 0 \
        --sprt --elo0 0 --elo1 150 --units 4 --unit "${2:-{unit\}}" --result-dir "$1"
}
tourney_cmd() {  # $1: result directory, $2: the units (default {unit})
    echo nice -n 15 "$TY" -e "cmd=$ENGINE" -e "'cmd=$ENGINE name=second'" \
        -e "'cmd=$ENGINE name=classical option.UseNNUE=0'" --referee "$ENGINE" \
        --nodes 300 -g 4 -c 1 -o "$src/tools/openings/normal.fen" \
        --units 3 --unit "${2:-{unit\}}" --result-dir "$1"
}
datagen_cmd() {  # $1: output file pattern with {unit}
    echo nice -n 15 "$ENGINE" datagen -v chess --games 8 --nodes 200 --max-plies 40 \
        --threads 1 --seed 7 --shard "{unit}/4" -o "$1"
}

# same_match A.json B.json WHAT: the merged counts, results and verdict agree
same_match() {
    python3 - "$1" "$2" <<'EOF' || fail "$3: merged counts differ from the reference"
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
keys = ("games", "wdl", "penta", "faults", "ends", "results", "llr", "verdict")
diff = [k for k in keys if a.get(k) != b.get(k)]
if diff:
    for k in diff:
        print("  %s: %s against %s" % (k, a.get(k), b.get(k)))
    sys.exit(1)
EOF
}
same_tourney() {
    python3 - "$1" "$2" <<'EOF' || fail "$3: merged games differ from the reference"
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
keep = ("white", "black", "round", "opening", "result", "kind", "fault", "plies")
ga, gb = ({n: {k: g.get(k) for k in keep} for n, g in d["games"].items()} for d in (a, b))
if ga != gb or a["names"] != b["names"]:
    print("  %d games against %d" % (len(ga), len(gb)))
    sys.exit(1)
EOF
}

# run_units RUNNER N DIR: run units 1..N of each command with RUNNER
# ("parallel" or "slurm"), then merge and compare with the reference.
check_all() {
    runner=$1
    dir=$tmp/$runner
    mkdir -p "$dir/match" "$dir/tourney" "$dir/data"
    t0=$(now)
    for job in "4 $(match_cmd "$dir/match")" "3 $(tourney_cmd "$dir/tourney")" \
               "4 $(datagen_cmd "$dir/data/shard-{unit}.txt")"; do
        n=${job%% *}
        eval "set -- ${job#* }"
        if [ "$runner" = parallel ]; then
            "$src/tools/spread/parallel.sh" -n "$n" -S 1/host1,1/host2 \
                --ssh "$src/tools/spread/local-ssh" --joblog "$dir/joblog" -- "$@" \
                >>"$dir/log" 2>&1 || fail "parallel: units failed (see $dir/log)"
            hosts=$(awk 'NR > 1 { print $2 }' "$dir/joblog" | sort -u | tr '\n' ' ')
            [ "$hosts" = "host1 host2 " ] || fail "parallel: units ran on '$hosts', not on both hosts"
        else
            slurm_array "$dir" "$n" "$@" \
                || fail "slurm: the job array failed (see $dir/log and $dir/slurm-*.out)"
        fi
    done
    t1=$(now)
    "$M" merge --json "$dir/match.json" --pgn "$dir/match.pgn" "$dir/match" >"$dir/match.txt" 2>&1 \
        || fail "$runner: menagerie-match merge failed: $(cat "$dir/match.txt")"
    same_match "$tmp/ref/match.json" "$dir/match.json" "$runner match"
    [ "$(grep -c '^\[Event ' "$dir/match.pgn" 2>/dev/null)" = 16 ] \
        || fail "$runner: the joined PGN does not hold 16 games"
    "$TY" merge --json "$dir/tourney.json" "$dir/tourney" >"$dir/tourney.txt" 2>&1 \
        || fail "$runner: menagerie-tourney merge failed: $(cat "$dir/tourney.txt")"
    same_tourney "$tmp/ref/tourney.json" "$dir/tourney.json" "$runner tournament"
    "$src/tools/spread/datagen-join" "$dir/data.txt" "$dir"/data/shard-*.txt >/dev/null \
        && cmp -s "$tmp/ref/data.txt" "$dir/data.txt" \
        || fail "$runner: the joined datagen shards differ from one run"
    [ "$fails" -eq 0 ] && pass "$runner: match, tournament and datagen units merged equal the" \
        "one-process run (units in $((t1 - t0)) s)"
}

# slurm_array DIR N COMMAND...: the job array 1..N, waited for (squeue
# every second: sbatch --wait polls at growing intervals, up to half a
# minute); fails unless every task completed.
slurm_array() {
    sdir=$1 sn=$2
    shift 2
    id=$(cd "$sdir" && sbatch --parsable --array=1-"$sn" --output="$sdir/slurm-%A_%a.out" \
        "$src/tools/spread/slurm.sbatch" "$@" 2>>"$sdir/log") || return 1
    echo "job array $id: $*" >>"$sdir/log"
    for _ in $(seq 3600); do
        [ -z "$(squeue -h -j "$id" 2>/dev/null)" ] && break
        sleep 1
    done
    states=$(scontrol -o show job "$id" | sed -n 's/.* JobState=\([A-Z_]*\) .*/\1/p' | sort | uniq -c)
    echo "job array $id: $states" >>"$sdir/log"
    [ "$(echo "$states" | awk '{ print $2 }')" = COMPLETED ] \
        && [ "$(echo "$states" | awk '{ print $1 }')" = "$sn" ]
}

start_cluster() {
    mkdir -p "$cluster/munge" "$cluster/state" "$cluster/spool"
    chmod 700 "$cluster/munge"
    chmod 711 "$cluster"
    dd if=/dev/urandom of="$cluster/munge/munge.key" bs=1024 count=1 2>/dev/null
    chmod 400 "$cluster/munge/munge.key"
    munged --force --socket="$cluster/munge/sock" --key-file="$cluster/munge/munge.key" \
        --pid-file="$cluster/munge/munged.pid" --log-file="$cluster/munge/munged.log" \
        --seed-file="$cluster/munge/seed" || { fail "munged did not start"; return 1; }
    chmod 711 "$cluster/munge"
    host=$(hostname -s)
    ports=$(python3 -c 'import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("", 0))
print(*[x.getsockname()[1] for x in s])')
    user=$(id -un)
    cat >"$cluster/slurm.conf" <<EOF
# A one-node cluster for make check-spread
ClusterName=menagerie
SlurmctldHost=$host
SlurmctldPort=${ports% *}
SlurmdPort=${ports#* }
SlurmUser=$user
SlurmdUser=$user
AuthType=auth/munge
AuthInfo=socket=$cluster/munge/sock
CredType=cred/munge
StateSaveLocation=$cluster/state
SlurmdSpoolDir=$cluster/spool
SlurmctldPidFile=$cluster/slurmctld.pid
SlurmdPidFile=$cluster/slurmd.pid
SlurmctldLogFile=$cluster/slurmctld.log
SlurmdLogFile=$cluster/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MpiDefault=none
NodeName=$host CPUs=2 State=UNKNOWN
PartitionName=spread Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
    SLURM_CONF=$cluster/slurm.conf
    export SLURM_CONF
    nice -n 15 slurmctld -f "$SLURM_CONF" -i || { fail "slurmctld did not start"; return 1; }
    nice -n 15 slurmd -f "$SLURM_CONF" || { fail "slurmd did not start"; return 1; }
    for _ in $(seq 60); do
        [ "$(sinfo -h -o %t 2>/dev/null)" = idle ] && return 0
        sleep 1
    done
    fail "the Slurm node is not idle after 60 s: $(sinfo 2>&1); logs in $cluster"
    return 1
}

# --- the reference: every unit in one process -------------------------------
mkdir -p "$tmp/ref/match" "$tmp/ref/tourney"
t0=$(now)
eval "set -- $(match_cmd "$tmp/ref/match" all)"
"$@" >"$tmp/ref/match.log" 2>&1 \
    || fail "reference match failed: $(tail -n 3 "$tmp/ref/match.log")"
"$M" merge --json "$tmp/ref/match.json" "$tmp/ref/match" >"$tmp/ref/match.txt" \
    || fail "reference merge failed"
eval "set -- $(tourney_cmd "$tmp/ref/tourney" all)"
"$@" >"$tmp/ref/tourney.log" 2>&1 \
    || fail "reference tournament failed: $(tail -n 3 "$tmp/ref/tourney.log")"
"$TY" merge --json "$tmp/ref/tourney.json" "$tmp/ref/tourney" >/dev/null \
    || fail "reference tournament merge failed"
nice -n 15 "$ENGINE" datagen -v chess --games 8 --nodes 200 --max-plies 40 --threads 1 \
    --seed 7 -o "$tmp/ref/data.txt" 2>/dev/null || fail "reference datagen failed"
# the same match without units at all: the same pairs, so the same counts
nice -n 15 "$M" -a "$ENGINE" -b "$ENGINE" --option-a UseNNUE=0 --referee "$ENGINE" --nodes 400 \
    -n 16 -c 2 -o "$src/tools/openings/normal.fen" --progress 0 >"$tmp/ref/plain.txt" 2>&1
plain=$(grep '^Games ' "$tmp/ref/plain.txt")
merged=$(grep '^Games ' "$tmp/ref/match.txt")
[ -n "$plain" ] && [ "$plain" = "$merged" ] \
    || fail "a plain match ('$plain') and its units merged ('$merged') differ"
[ "$fails" -eq 0 ] && pass "reference runs ($(($(now) - t0)) s): $merged; $(grep '^SPRT' "$tmp/ref/match.txt" | sed 's/.*: //')"

# --- GNU parallel, two hosts ---------------------------------------------------
[ "$fails" -eq 0 ] && check_all parallel

# --- Slurm, a one-node cluster ---------------------------------------------------
if [ "$fails" -eq 0 ]; then
    t0=$(now)
    if start_cluster; then
        pass "Slurm cluster up in $(($(now) - t0)) s"
        check_all slurm
    fi
    stop_cluster
fi

[ "$fails" -eq 0 ] && echo "check-spread: all passed" && exit 0
echo "check-spread: $fails failure(s)"
exit 1
