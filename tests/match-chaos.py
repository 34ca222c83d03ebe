#!/usr/bin/env python3
"""A misbehaving engine for the match runner's tests: it passes everything
through to a real engine (CECP or UCI) and, at its Nth move of every game,
does one thing wrong instead of answering the move.

Usage: match-chaos.py MODE N ENGINE [ARGS...]
  illegal  answer with an illegal move (a1a1)
  crash    exit without a word
  hang     swallow the move (the runner must give up on time)
  claim    claim a win instead of moving (CECP: "1-0 {...}")
  aftermove  move, then claim a draw (as engines that claim after their
           move do; the referee disagrees, the runner must play on)
  refuse   answer the opponent's next move with "Illegal move" (CECP)
  deaf     move, then never answer ping or isready again (the runner must
           give up on it after the game: a protocol timeout)
"""
import os
import subprocess
import sys
import threading
import time


def main():
    mode, nth, argv = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
    child = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                             bufsize=1)
    state = {"moves": 0, "last_heard": None}
    out_lock = threading.Lock()

    def say(line):
        with out_lock:
            sys.stdout.write(line + "\n")
            sys.stdout.flush()

    def from_engine():
        for line in child.stdout:
            line = line.rstrip("\n")
            is_move = line.startswith("move ") or line.startswith("bestmove ")
            if is_move:
                state["moves"] += 1
                if state["moves"] == nth:
                    misbehave(line)
                    continue
            say(line)
        sys.exit(0)

    def misbehave(line):
        if mode == "illegal":
            say("bestmove a1a1" if line.startswith("bestmove") else "move a1a1")
        elif mode == "crash":
            child.kill()
            sys.stdout.flush()
            os._exit(3)
        elif mode == "claim":
            say("1-0 {chaos claims a win}")
        elif mode == "aftermove":
            say(line)
            time.sleep(0.01)        # late: maybe during its next search
            say("1/2-1/2 {chaos claims a draw}")
            state["moves"] = 0      # and so after every move
        # The flag is set before the move is passed on: the runner may send
        # the next command as soon as it reads the move, and the stdin
        # thread must see the flag by then (on a loaded machine it did not).
        elif mode == "refuse":
            state["refuse_next"] = True
            say(line)
        elif mode == "deaf":
            state["deaf"] = True
            say(line)
        # hang: say nothing

    reader = threading.Thread(target=from_engine, daemon=True)
    reader.start()
    for line in sys.stdin:
        text = line.rstrip("\n")
        if text in ("new", "ucinewgame"):
            state["moves"] = 0
        if state.get("refuse_next") and (text.startswith("usermove ")):
            state["refuse_next"] = False
            say("Illegal move: %s" % text.split()[1])
            continue
        if state.get("deaf") and text.split()[:1] in (["ping"], ["isready"]):
            continue
        child.stdin.write(line)
        child.stdin.flush()
    child.stdin.close()
    child.wait()


if __name__ == "__main__":
    main()
