#!/bin/sh
# tools/spread/parallel.sh: run units 1..N of a split run under GNU parallel,
# on this machine or over ssh (--sshlogin), then optionally merge.
usage() {
    cat <<'USAGE'
usage: tools/spread/parallel.sh -n N [-S SSHLOGINS] [--ssh CMD] [-j JOBS]
                                [--joblog FILE] [-m MERGE-COMMAND] -- COMMAND ARGS...

Runs COMMAND ARGS once per unit K = 1..N with GNU parallel, through
tools/spread/unit: every {unit} in ARGS becomes K (parallel's PARALLEL_SEQ).
  -S SSHLOGINS   parallel's --sshlogin, e.g. 4/alpha,4/beta,: (":" is this
                 machine); default: this machine only
  --ssh CMD      parallel's --ssh (default: ssh)
  -j JOBS        units at once per login without a "N/" count (default: 1)
  --joblog FILE  parallel's job log (host, time, exit status of each unit)
  -m CMD         run CMD here (through sh -c) once every unit has succeeded
The working directory is the same on every host (parallel --workdir), so
the checkout and the result directory must be there too (a shared file
system, or the same paths); the engines must be installed on every host.
Exit status: 0 when every unit (and the merge) succeeded, else 1.

example, an SPRT of 2000 games in 20 units on two machines:
  tools/spread/parallel.sh -n 20 -S 2/alpha,2/beta -m 'tools/menagerie-match merge res' -- \
      tools/menagerie-match -a ./menagerie -b ./menagerie-old --nodes 20000 -n 2000 \
      -o tools/openings/sprt/chess.fen --sprt -c 1 --units 20 --unit {unit} --result-dir res
USAGE
}

n= logins=: ssh= jobs=1 joblog= merge=
while [ $# -gt 0 ]; do
    case $1 in
        -n) n=$2; shift 2 ;;
        -S|--sshlogin) logins=$2; shift 2 ;;
        --ssh) ssh=$2; shift 2 ;;
        -j) jobs=$2; shift 2 ;;
        --joblog) joblog=$2; shift 2 ;;
        -m) merge=$2; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        --) shift; break ;;
        *) usage >&2; exit 2 ;;
    esac
done
case $n in ''|*[!0-9]*|0) echo "parallel.sh: give the number of units, -n N" >&2; exit 2 ;; esac
[ $# -gt 0 ] || { usage >&2; exit 2; }
command -v parallel >/dev/null 2>&1 || {
    echo "parallel.sh: GNU parallel is not installed (Debian package: parallel)" >&2; exit 1; }

unit=$(cd "$(dirname "$0")" && pwd)/unit
set -- --will-cite --halt never -N0 -q -j "$jobs" --sshlogin "$logins" --workdir "$PWD" \
    ${ssh:+--ssh "$ssh"} ${joblog:+--joblog "$joblog"} "$unit" "$@" ::: $(seq 1 "$n")
parallel "$@" || { echo "parallel.sh: $? of $n units failed (run the same command again:" \
                        "finished units are skipped)" >&2; exit 1; }
if [ -n "$merge" ]; then
    sh -c "$merge" || exit 1
fi
exit 0
