#!/usr/bin/env python3
"""Console sessions: a person at a terminal, played through a pseudo-terminal.

Each tests/console/NAME.in is typed, line by line, into ./menagerie running
on a pseudo-terminal (so the engine sees a terminal, as it does when a
person starts it); what the terminal shows is compared with NAME.out.  A
line is typed once the engine waits for input: its prompt ("> " at the end
of the output) is shown, or nothing came for a while (an engine with no
prompt).  The terminal does not echo (the typed lines are written into the
transcript where they were typed, as a person would see them), its line
ends are shown as "\\n" and the escape character as "\\e".

Directives in a transcript (not typed):
  #! ARGS           program arguments (first lines)
  #env NAME=VALUE   set an environment variable (TERM is "dumb" and
                    NO_COLOR unset unless a transcript says otherwise)
  ## TEXT           a comment

Usage: console.py ENGINE TRANSCRIPT_DIR [NAME...]; CONSOLE_REGEN=1 writes
the .out files instead of comparing.
"""
import difflib
import os
import pty
import re
import select
import shlex
import subprocess
import sys
import tempfile
import termios
import time

# An answer ends with the console's prompt, or in UCI mode (which has no
# prompt) with the line that closes a UCI answer.
PROMPT = re.compile(rb"(> |(uciok|readyok|bestmove[^\r\n]*)\r\n)\Z")
# Without either, the engine is taken to wait for input after this much
# silence.  No transcript relies on it (each answer ends as above), so it is
# long: a sanitizer build on a loaded machine may be slow to start or to
# answer, and must not have its next line typed before its answer.
QUIET_SECONDS = 20.0
STEP_SECONDS = 600.0     # the longest wait for one answer (an engine that hangs)


def parse(path):
    args, env, lines = [], {}, []
    with open(path, encoding="utf-8") as f:
        for line in f.read().splitlines():
            if line.startswith("#! "):
                args += shlex.split(line[3:])
            elif line.startswith("#env "):
                name, _, value = line[5:].partition("=")
                env[name] = value
            elif line.startswith("##"):
                continue
            else:
                lines.append(line)
    return args, env, lines


def read_answer(fd, out):
    """Read until the engine waits for input; False once the program has
    closed the terminal."""
    start = last = time.monotonic()
    while True:
        now = time.monotonic()
        if now - start > STEP_SECONDS or now - last > QUIET_SECONDS:
            return True
        ready, _, _ = select.select([fd], [], [], 0.02)
        if not ready:
            continue
        try:
            data = os.read(fd, 65536)
        except OSError:          # EIO: the program has ended
            return False
        if not data:
            return False
        out += data
        last = time.monotonic()
        if PROMPT.search(out):
            # the prompt is the last thing written before input is read
            ready, _, _ = select.select([fd], [], [], 0.05)
            if not ready:
                return True


def run(engine, path, home):
    args, env_over, lines = parse(path)
    env = dict(os.environ)
    env.pop("NO_COLOR", None)
    env.update(TERM="dumb", XDG_DATA_HOME=os.path.join(home, "xdg"), MENAGERIE_VARIANTS="")
    env.update(env_over)
    master, slave = pty.openpty()
    attrs = termios.tcgetattr(slave)
    attrs[3] &= ~termios.ECHO
    termios.tcsetattr(slave, termios.TCSANOW, attrs)
    proc = subprocess.Popen([engine] + args, stdin=slave, stdout=slave, stderr=slave,
                            env=env, close_fds=True, start_new_session=True)
    os.close(slave)
    out = bytearray()
    alive = read_answer(master, out)
    for line in lines:
        if not alive:
            out += b"[the program has ended; not typed: " + line.encode() + b"]\n"
            continue
        out += line.encode() + b"\n"
        os.write(master, line.encode() + b"\n")
        alive = read_answer(master, out)
    if alive:
        os.write(master, b"\x04")        # end of input, as ^D
        while read_answer(master, out):
            pass
    try:
        status = proc.wait(timeout=STEP_SECONDS)
    except subprocess.TimeoutExpired:
        proc.kill()
        status = proc.wait()
    os.close(master)
    text = out.decode("utf-8", errors="replace").replace("\r\n", "\n")
    text = re.sub(r"(?m)^# perft time [0-9]+ ms\n", "", text)
    # the list grows with every variant file
    text = re.sub(r"(?m)^(option name UCI_Variant type combo default [^ ]+) var .*$",
                  r"\1 var ...", text)
    return text.replace("\x1b", "\\e") + "[exit %d]\n" % status


def main():
    engine, directory = sys.argv[1], sys.argv[2]
    names = sys.argv[3:] or sorted(n[:-3] for n in os.listdir(directory) if n.endswith(".in"))
    regen = bool(os.environ.get("CONSOLE_REGEN"))
    failed = 0
    with tempfile.TemporaryDirectory() as home:
        for name in names:
            got = run(engine, os.path.join(directory, name + ".in"), home)
            expected_path = os.path.join(directory, name + ".out")
            if regen:
                with open(expected_path, "w", encoding="utf-8") as f:
                    f.write(got)
                print("REGEN: " + name)
                continue
            with open(expected_path, encoding="utf-8") as f:
                expected = f.read()
            if got == expected:
                print("PASS: " + name)
            else:
                failed += 1
                print("FAIL: " + name)
                sys.stdout.writelines(difflib.unified_diff(
                    expected.splitlines(True), got.splitlines(True), expected_path, "got"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
