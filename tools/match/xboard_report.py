"""The XBoard side of tools/xboard-tourney that needs no XBoard: XBoard
4.9.1's tournament schedule (backend.c Pairing()) and the report built from
XBoard's outputs (crosstable, scores, Elo, faults; crosstable.txt and
results.json).  `arena` below is arenalib (../shared/tools/arena), which
tools/xboard-tourney loads and passes in for its debug-log parser, game
classifier and Elo statistics."""
import math
import re


# --------------------------------------------------------------------------- XBoard's schedule
def pairing(nr, n, ttype, games):
    """backend.c Pairing() of XBoard 4.9.1: for tournament game index nr (0-based)
    the participant numbers loaded as first and second engine, XBoard's
    per-pairing game number (which picks the opening) and the round parity."""
    if ttype == 0:
        rounds, per_round = (n - 1) | 1, n // 2
    else:
        rounds, per_round = n - ttype, ttype
    per_cycle = per_round * games * rounds
    cycle, nr = divmod(nr, per_cycle)
    rnd, nr = divmod(nr, per_round * games)
    pair, nr = divmod(nr, games)
    match_game = nr + cycle * games + 1
    if ttype == 0:
        wrap = n - 1 + (n & 1)
        if pair == (n - 1) // 2:
            w, b = rnd, n - 1
        else:
            w = rnd - (n - 1) // 2 + pair
            w += wrap if w < 0 else 0
            b = rnd + (n - 1) // 2 - pair
            b -= wrap if b >= wrap else 0
    elif ttype > 1:
        w, b = rnd + ttype, pair
    else:
        w, b = pair, rnd + ttype
    return w, b, match_game, rnd & 1


def colours(nr, n, ttype, games):
    """(White, Black) participant numbers of tournament game index nr:
    XBoard 4.9.1's MatchEvent gives the first engine White in an odd game of
    its pairing (firstWhite = matchGame & 1), reversed in an odd round."""
    first, second, match_game, odd_round = pairing(nr, n, ttype, games)
    if (match_game & 1) ^ odd_round:
        return first, second
    return second, first


def total_games(n, ttype, games, cycles):
    if ttype == 0:
        return ((n - 1) | 1) * (n // 2) * games * cycles
    return (n - ttype) * ttype * games * cycles


# --------------------------------------------------------------------------- the report
def build_report(cfg, results, pgn_games, debug_path, arena):
    """Crosstable, scores, Elo and faults from XBoard's outputs.

    Each PGN game is matched to its tournament index by XBoard's [Number]
    tag; Pairing() says which participant was XBoard's first and second
    engine in it (needed for the debug log, which speaks of first/second).
    A fault (illegal move, time loss, crash, false claim) is charged to the
    engine that lost the game by it (XBoard forfeits the offender).
    debug_path(k) is the debug log of tournament game k (1-based); arena
    is arenalib."""
    names = cfg["names"]
    n = len(names)
    by_num = {}
    dupes = []
    for g in pgn_games:
        if g["number"] in by_num:
            dupes.append(g["number"])
        by_num[g["number"]] = g
    stats = {e: dict(w=0, l=0, d=0, illegal=0, time=0, crash=0, false_claim=0, incidents=0)
             for e in names}
    cross = {e: {o: dict(w=0, l=0, d=0) for o in names if o != e} for e in names}
    games = []
    problems = []
    for i in range(total_games(n, cfg["gauntlet"], cfg["games"], cfg["cycles"])):
        fi, si, match_game, _ = pairing(i, n, cfg["gauntlet"], cfg["games"])
        first, second = names[fi], names[si]
        char = results[i] if i < len(results) else " "
        rec = dict(number=i + 1, first=first, second=second, pairing_game=match_game,
                   xboard_result=char)
        g = by_num.get(i + 1)
        if g is None:
            if char in "+-=":
                problems.append("game %d: result %r in the tournament file but not in the PGN"
                                % (i + 1, char))
            rec.update(status="not played")
            games.append(rec)
            continue
        white, black = g["tags"].get("White"), g["tags"].get("Black")
        if {white, black} != {first, second}:
            problems.append("game %d: PGN names %s-%s, schedule says %s/%s" % (
                i + 1, white, black, first, second))
            white, black = (first, second) if white != second else (second, first)
        result = g["result"]
        dbg = arena.read_debug(debug_path(i + 1))
        dg = dbg["games"][-1] if dbg["games"] else {}
        kind = arena.classify(g["details"], result)
        loser = {"1-0": black, "0-1": white}.get(result)
        who = {"first": first, "second": second}
        fault = None
        incidents = []
        for ev in dg.get("guard", []):
            if ev["event"] in ("crash", "hang", "start-failure", "gave-up"):
                incidents.append("%s %s%s" % (who[ev["who"]], ev["event"],
                                              " (after game end)" if ev.get("after_end") else ""))
                if ev["event"] == "crash" and not ev.get("after_end") and \
                        kind in ("normal", "time", "unfinished"):
                    kind, fault = "crash", who[ev["who"]]
        for rj in dg.get("rejections", []):
            incidents.append("%s rejected a move: %s" % (who[rj["who"]], rj["text"]))
        for err in dbg["errors"]:
            m = re.search(r"\b(first|second) chess program .*exited unexpectedly", err)
            if m:
                incidents.append("%s exited unexpectedly" % who[m.group(1)])
        if kind in ("illegal", "false-illegal-claim", "false-claim", "time", "crash") and not fault:
            fault = loser
        if fault:
            key = {"illegal": "illegal", "false-illegal-claim": "illegal", "time": "time",
                   "crash": "crash", "false-claim": "false_claim"}[kind]
            stats[fault][key] += 1
        for e in set(i_.split()[0] for i_ in incidents):
            stats[e]["incidents"] += 1
        if result in ("1-0", "0-1", "1/2-1/2"):
            sw = {"1-0": "w", "0-1": "l", "1/2-1/2": "d"}[result]
            sb = {"w": "l", "l": "w", "d": "d"}[sw]
            stats[white][sw] += 1
            stats[black][sb] += 1
            cross[white][black][sw] += 1
            cross[black][white][sb] += 1
            xb_char = {"1-0": "+", "0-1": "-", "1/2-1/2": "="}[result]
            if char != xb_char:
                problems.append("game %d: PGN %s but tournament file %r" % (i + 1, result, char))
        play = None
        if dg.get("start_ms") is not None and dg.get("end_ms") is not None:
            play = round((dg["end_ms"] - dg["start_ms"]) / 1000.0, 2)
        rec.update(status="played" if result != "*" else "unfinished", white=white, black=black,
                   result=result, termination=kind, fault=fault, details=g["details"],
                   plies=g["plies"], seconds=play, incidents=incidents,
                   opening=g["tags"].get("FEN"))
        games.append(rec)
    for e, s in stats.items():
        sc, elo, err = arena.elo_stats(s["w"], s["l"], s["d"])
        s.update(games=s["w"] + s["l"] + s["d"], points=s["w"] + 0.5 * s["d"], score=sc,
                 elo=_num(elo), elo_error95=_num(err))
    if dupes:
        problems.append("game(s) %s appear more than once in the PGN (replayed)" %
                        ", ".join(map(str, sorted(set(dupes)))))
    played = sum(1 for r in games if r["status"] == "played")
    engines = [dict(name=e, command=cfg["commands"][e], time_odds=cfg["odds"].get(e, 1))
               for e in names]
    return dict(variant=cfg["variant"], engines=engines,
                tourney_type=cfg["gauntlet"], games_per_pairing=cfg["games"], cycles=cfg["cycles"],
                tc=cfg["tc_label"], depth=cfg["depth"], odds_normalize=cfg["odds_normalize"],
                openings=cfg["openings"], games_total=len(games), games_played=played,
                xboard_results=results, standings=stats, crosstable=cross, games=games,
                problems=problems,
                faults_total={k: sum(s[k] for s in stats.values())
                              for k in ("illegal", "time", "crash", "false_claim")})


STANDING_RE = re.compile(r"^(?:xboard:)?\s*(\d+)\.\s+([\d.]+)/(\d+)\s+(\S+)\s*$")


def check_xboard_standings(rep, stderr_tail):
    """XBoard prints the top three of a finished tournament (TourneyStandings)
    when it exits: their points and games must be ours."""
    block = stderr_tail.rsplit("===== XBoard run", 1)[-1]
    got = []
    for line in block.splitlines():
        m = STANDING_RE.match(line)
        if m:
            got.append((m.group(4), float(m.group(2)), int(m.group(3))))
    rep["xboard_standings"] = got
    for name, pts, games in got:
        s = rep["standings"].get(name)
        if s is None or abs(s["points"] - pts) > 1e-9 or s["games"] != games:
            rep["problems"].append("XBoard's final standings say %s %g/%d, the PGN %s" % (
                name, pts, games, "nothing" if s is None else "%g/%d" % (s["points"], s["games"])))


def _num(x):
    return x if x is None or math.isfinite(x) else str(x)


def _fnum(x):
    if x is None:
        return "n/a"
    if isinstance(x, str):
        return x
    return "%+.0f" % (0.0 if abs(x) < 0.5 else x)


def format_report(rep):
    names = [e["name"] for e in rep["engines"]]
    st = rep["standings"]
    order = sorted(names, key=lambda e: (-st[e]["points"], names.index(e)))
    width = max(8, max(len(e) for e in names))
    odds = ", ".join("%s 1/%d" % (e["name"], e["time_odds"]) for e in rep["engines"]
                     if e["time_odds"] != 1)
    out = ["XBoard tournament: %s, %s, %d game(s) per pairing, %d cycle(s), tc %s%s%s" % (
        rep["variant"], "gauntlet of %d" % rep["tourney_type"] if rep["tourney_type"]
        else "round robin", rep["games_per_pairing"], rep["cycles"], rep["tc"],
        ", depth %d" % rep["depth"] if rep["depth"] else "",
        ", time odds " + odds + (" (normalized)" if rep["odds_normalize"] else "") if odds else ""),
        "games played %d/%d%s" % (rep["games_played"], rep["games_total"],
                                  "" if rep.get("complete", True) else "  (INCOMPLETE)"), ""]
    hdr = "%3s  %-*s %8s %5s %9s %14s   " % ("#", width, "engine", "points", "games", "W-L-D",
                                              "Elo (95%)") + \
        " ".join("%9s" % ("%d" % (k + 1)) for k in range(len(order)))
    out.append(hdr)
    for k, e in enumerate(order):
        s = st[e]
        elo = "%s ± %s" % (_fnum(s["elo"]), _fnum(s["elo_error95"]).lstrip("+")) \
            if s["games"] else "n/a"
        cells = []
        for o in order:
            if o == e:
                cells.append("%9s" % "x")
                continue
            c = rep["crosstable"][e][o]
            ng = c["w"] + c["l"] + c["d"]
            cells.append("%9s" % ("%g:%d-%d-%d" % (c["w"] + 0.5 * c["d"], c["w"], c["l"], c["d"])
                                  if ng else "-"))
        out.append("%3d  %-*s %8s %5d %9s %14s   %s" % (
            k + 1, width, e, "%g" % s["points"], s["games"],
            "%d-%d-%d" % (s["w"], s["l"], s["d"]), elo, " ".join(cells)))
    out.append("")
    out.append("cell = points:W-L-D of the row engine against the column engine; Elo relative to "
               "the field's average opponent (logistic, trinomial 95%)")
    out.append("")
    out.append("%-*s %8s %6s %6s %12s %10s" % (width, "faults", "illegal", "time", "crash",
                                               "false-claim", "incidents"))
    for e in order:
        s = st[e]
        out.append("%-*s %8d %6d %6d %12d %10d" % (width, e, s["illegal"], s["time"], s["crash"],
                                                    s["false_claim"], s["incidents"]))
    out.append("")
    out.append("%4s  %-*s %-*s %-7s %-20s %5s %7s  %s" % ("game", width, "white", width, "black",
                                                         "result", "termination", "plies", "sec",
                                                         "details"))
    for r in rep["games"]:
        if r["status"] == "not played":
            out.append("%4d  %-*s %-*s %-7s %s" % (r["number"], width, r["first"], width,
                                                     r["second"], "-", "not played"))
            continue
        out.append("%4d  %-*s %-*s %-7s %-20s %5d %7s  %s%s" % (
            r["number"], width, r["white"], width, r["black"], r["result"],
            r["termination"] + (" (%s)" % r["fault"] if r["fault"] else ""), r["plies"],
            "-" if r["seconds"] is None else "%.1f" % r["seconds"], r["details"],
            ("  [" + "; ".join(r["incidents"]) + "]") if r["incidents"] else ""))
    if rep["problems"]:
        out.append("")
        out += ["problem: " + p for p in rep["problems"]]
    if rep.get("failure"):
        out.append("")
        out.append("stopped: " + rep["failure"])
    ft = rep["faults_total"]
    out.append("")
    out.append("summary: %d/%d games, illegal moves %d, time losses %d, crashes %d, false claims %d"
               % (rep["games_played"], rep["games_total"], ft["illegal"], ft["time"], ft["crash"],
                  ft["false_claim"]))
    return "\n".join(out) + "\n"
