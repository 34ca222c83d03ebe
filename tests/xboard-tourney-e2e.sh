#!/bin/sh
# `make check-xboard-tourney`: a real 4-engine round robin in XBoard 4.9.1's
# tournament mode (tools/xboard-tourney), interrupted and resumed.
#
# ./menagerie, fairymax, sjaakii and fairy-stockfish play chess at 0:05+0.05,
# one game per pairing (6 games).  The first invocation is cut off by
# --timeout after 40 s; the second, the same command, must finish the
# tournament without replaying a game that was already in the PGN.  The
# crosstable must then hold every pairing once, the totals must add up and
# Menagerie must have no fault.  Then a second round robin, against three
# misbehaving engines (arena's chaos-engine), checks that faults are counted
# and charged to the offender.  Needs the Debian packages xboard, xvfb,
# fairymax, sjaakii, fairy-stockfish and the arena tools in
# ../shared/tools/arena; takes about 80 s of wall time.  XBOARD_TOURNEY_OUT
# keeps the output directory (default: a temporary one, removed).
set -u
srcdir=${top_srcdir:-.}
builddir=${top_builddir:-.}
PATH=$PATH:/usr/games
export PATH
for need in xboard Xvfb fairymax sjaakii fairy-stockfish python3; do
  command -v "$need" >/dev/null 2>&1 || {
    echo "check-xboard-tourney: $need not found" \
      "(Debian packages xboard xvfb fairymax sjaakii fairy-stockfish)"
    exit 1
  }
done
engine=$(cd "$builddir" && pwd)/menagerie
test -x "$engine" || { echo "check-xboard-tourney: build ./menagerie first"; exit 1; }

out=${XBOARD_TOURNEY_OUT:-}
keep=yes
if test -z "$out"; then
  out=$(mktemp -d "${TMPDIR:-/tmp}/xboard-tourney.XXXXXX") || exit 1
  keep=no
fi
rm -rf "$out/t"
run() {
  python3 "$srcdir/tools/xboard-tourney" -e menagerie="$engine" -e fairymax=fairymax \
    -e sjaakii=sjaakii -e fs=fairy-stockfish -v normal -g 1 -t 0:05+0.05 \
    -o "$out/t" "$@"
}

echo "check-xboard-tourney: first run, stopped after 40 s"
run --timeout 40 >"$out/run1.log" 2>&1
rc1=$?
cat "$out/run1.log"
grep -c '^\[Number ' "$out/t/games.pgn" >"$out/n1" 2>/dev/null || echo 0 >"$out/n1"
cp "$out/t/games.pgn" "$out/games-run1.pgn" 2>/dev/null || : >"$out/games-run1.pgn"

echo "check-xboard-tourney: second run, same command: must finish the tournament"
run --timeout 900 >"$out/run2.log" 2>&1
rc2=$?
cat "$out/run2.log"

# Misbehaving engines (arena's chaos-engine), every game: each of their
# losses must be counted as their fault, of their kind, none as Menagerie's.
chaos=$srcdir/../shared/tools/arena/chaos-engine
echo "check-xboard-tourney: misbehaving engines"
rm -rf "$out/c"
python3 "$srcdir/tools/xboard-tourney" -e menagerie="$engine" \
  -e illegal="$chaos --mode illegal --every-game -- sjaakii" \
  -e crash="$chaos --mode crash --every-game -- fairymax" \
  -e falsewin="$chaos --mode falsewin --every-game -- sjaakii" \
  -v normal -g 1 -t 0:05+0.05 -o "$out/c" --timeout 600 >"$out/chaos.log" 2>&1
rc3=$?
cat "$out/chaos.log"

python3 - "$out" "$rc1" "$rc2" "$rc3" <<'EOF'
import json, os, re, sys
out, rc1, rc2, rc3 = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
fails = []
def check(ok, msg):
    print(("ok   " if ok else "FAIL ") + msg)
    if not ok:
        fails.append(msg)
rep = json.load(open(os.path.join(out, "t", "results.json")))
n1 = int(open(os.path.join(out, "n1")).read().strip() or 0)
check(rc1 == 3 and n1 < 6, "first run stopped early (exit 3) with %d/6 games in the PGN" % n1)
check(rc2 == 0, "second run completed the tournament (exit %d)" % rc2)
check(rep["games_total"] == 6 and rep["games_played"] == 6, "6/6 games played")
names = [e["name"] for e in rep["engines"]]
pairs = {}
for g in rep["games"]:
    if g["status"] == "played":
        k = frozenset((g["white"], g["black"]))
        pairs[k] = pairs.get(k, 0) + 1
check(len(pairs) == 6 and set(pairs.values()) == {1}, "every pairing played once: %s" %
      sorted("-".join(sorted(k)) + "=%d" % v for k, v in pairs.items()))
st = rep["standings"]
check(abs(sum(s["points"] for s in st.values()) - 6) < 1e-9, "points add up to 6")
check(all(s["games"] == 3 and s["w"] + s["l"] + s["d"] == 3 for s in st.values()),
      "each engine played 3 games")
cross_ok = all(rep["crosstable"][a][b]["w"] == rep["crosstable"][b][a]["l"] and
               rep["crosstable"][a][b]["d"] == rep["crosstable"][b][a]["d"]
               for a in names for b in names if a != b)
check(cross_ok, "crosstable is antisymmetric")
pgn = open(os.path.join(out, "t", "games.pgn")).read()
nums = re.findall(r'^\[Number "(\d+)"\]', pgn, re.M)
check(sorted(nums, key=int) == [str(i) for i in range(1, 7)],
      "PGN has games 1..6 once each: %s" % nums)
run1 = open(os.path.join(out, "games-run1.pgn")).read()
check(pgn.startswith(run1), "the games of the first run are kept, not replayed")
res = rep["xboard_results"]
check(len(res) >= 6 and all(c in "+-=" for c in res[:6]),
      "XBoard's -results string is complete: %r" % rep["xboard_results"])
check(rep["problems"] == [], "PGN and tournament file agree")
m = st["menagerie"]
check(m["illegal"] + m["time"] + m["crash"] + m["false_claim"] == 0,
      "menagerie: 0 illegal, 0 time, 0 crash, 0 false claims")
check(os.path.exists(os.path.join(out, "t", "crosstable.txt")), "crosstable.txt written")
check(rc3 == 0, "tournament with misbehaving engines completed (exit %d)" % rc3)
c = json.load(open(os.path.join(out, "c", "results.json")))["standings"]
for name, kind in (("illegal", "illegal"), ("crash", "crash"), ("falsewin", "false_claim")):
    s = c[name]
    faults = {k: s[k] for k in ("illegal", "time", "crash", "false_claim")}
    check(s["l"] >= 1 and faults[kind] == s["l"] and sum(faults.values()) == s["l"],
          "%s: each of its %d losses counted as %s: %s" % (name, s["l"], kind, faults))
m = c["menagerie"]
check(m["w"] == 3 and m["illegal"] + m["time"] + m["crash"] + m["false_claim"] == 0,
      "menagerie won 3/3 against them without a fault")
print("check-xboard-tourney: %s" % ("PASS" if not fails else "FAIL (%d)" % len(fails)))
sys.exit(1 if fails else 0)
EOF
rc=$?
if test $keep = no; then
  if test $rc -eq 0; then rm -rf "$out"; else echo "check-xboard-tourney: output kept in $out"; fi
fi
exit $rc
