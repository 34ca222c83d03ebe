#!/usr/bin/env python3
"""The pictures of `menagerie show VARIANT --svg FILE`, checked.

Each picture must be well-formed XML, an SVG 1.1 root with a viewBox and
no external resource; and its drawing must be right: the pieces of the
start position, the holes, the hands, and the marked squares of chosen
piece diagrams (a knight in the middle of an empty board has 8).  Usage:
svg_check.py MENAGERIE SRCDIR.
"""
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)


def svg_of(menagerie, args):
    out = subprocess.run([menagerie] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         check=False)
    check(out.returncode == 0, "%s: exit %d: %s" % (args, out.returncode, out.stderr.decode()))
    return out.stdout


def parse(data, what):
    try:
        root = ET.fromstring(data)
    except ET.ParseError as e:
        failures.append("%s: not well-formed XML: %s" % (what, e))
        return None
    check(root.tag == NS + "svg", what + ": root is not an svg element")
    check(root.get("version") == "1.1", what + ": not SVG 1.1")
    check(len((root.get("viewBox") or "").split()) == 4, what + ": no viewBox")
    for el in root.iter():
        href = el.get("{http://www.w3.org/1999/xlink}href") or el.get("href")
        check(href is None or href.startswith("#"), what + ": external resource " + str(href))
        check(el.tag != NS + "image", what + ": embeds an image")
        check(not (el.get("fill") or "").startswith("url(http"), what + ": external paint")
    return root


def classes(el):
    return (el.get("class") or "").split()


def groups(root, cls):
    return [g for g in root.iter(NS + "g") if cls in classes(g)]


def titled(root, cls, title):
    """The group of class `cls` whose <title> is `title`."""
    for g in groups(root, cls):
        t = g.find(NS + "title")
        if t is not None and t.text == title:
            return g
    failures.append("no %s group titled %r" % (cls, title))
    return None


def count(el, *cls):
    """Elements under el whose classes include every one of cls."""
    if el is None:
        return -1
    return sum(1 for e in el.iter() if all(c in classes(e) for c in cls))


def board(panel, kind):
    if panel is None:
        return None
    found = [g for g in panel.iter(NS + "g") if "board" in classes(g) and kind in classes(g)]
    return found[0] if found else None


def expect(got, want, what):
    check(got == want, "%s: %d, expected %d" % (what, got, want))


def check_chess(root):
    start = groups(root, "start")[0]
    expect(count(start, "piece", "white"), 16, "chess: white pieces at the start")
    expect(count(start, "piece", "black"), 16, "chess: black pieces at the start")
    expect(count(start, "square"), 64, "chess: squares")
    expect(count(start, "hole"), 0, "chess: holes")
    check(not groups(root, "hand"), "chess: a hand drawn for a variant without one")
    letters = sorted(t.text for t in start.iter(NS + "text") if "letter" in classes(t))
    expect(letters.count("N"), 4, "chess: knights' letters")
    knight = board(titled(root, "piece", "N knight"), "moves")
    expect(count(knight, "mark", "both"), 8, "chess: knight's marked squares")
    expect(count(knight, "mark"), 8, "chess: knight's marks of any kind")
    expect(count(knight, "piece"), 1, "chess: the knight itself")
    bishop = board(titled(root, "piece", "B bishop"), "moves")
    expect(count(bishop, "mark", "both"), 13, "chess: bishop from e5")
    pawn = board(titled(root, "piece", "P pawn"), "moves")
    expect(count(pawn, "mark", "move"), 2, "chess: pawn's moves (single and double step)")
    expect(count(pawn, "mark", "capture"), 2, "chess: pawn's captures")
    expect(count(pawn, "square", "zone"), 8, "chess: pawn's promotion zone")
    check(not groups(root, "victims"), "chess: a board of locust victims")


def check_shogi(root):
    start = groups(root, "start")[0]
    expect(count(start, "piece"), 40, "shogi: pieces at the start")
    expect(len(groups(root, "hand")), 2, "shogi: hands")
    pawn = titled(root, "piece", "P pawn")
    expect(count(board(pawn, "moves"), "mark", "both"), 1, "shogi: pawn's step")
    expect(count(board(pawn, "moves"), "square", "zone"), 27, "shogi: pawn's promotion zone")
    expect(count(board(pawn, "drops"), "mark", "drop"), 72, "shogi: pawn's drop squares")
    knight = titled(root, "piece", "N knight")
    expect(count(board(knight, "drops"), "mark", "drop"), 63, "shogi: knight's drop squares")
    king = titled(root, "piece", "K king")
    check(board(king, "drops") is None, "shogi: the king drawn as droppable")
    tokin = titled(root, "piece", "+P tokin")
    check(board(tokin, "drops") is None, "shogi: the tokin drawn as droppable")
    expect(count(board(tokin, "moves"), "mark", "both"), 6, "shogi: tokin (gold) moves")


def check_chu(root):
    lion = titled(root, "piece", "N lion")
    moves, victims = board(lion, "moves"), board(lion, "victims")
    expect(count(moves, "mark", "both"), 24, "chu: lion's squares (5x5 less its own)")
    check(victims is not None, "chu: lion has no board of locust victims")
    expect(count(victims, "mark", "victim"), 8, "chu: lion's victims in passing")
    check(count(victims, "leg") >= 8, "chu: lion's two-leg paths are not drawn as arrows")
    expect(count(board(titled(root, "piece", "D dragon king"), "moves"), "leg"), 0,
           "chu: arrows on a single-leg piece")


def check_omega(root):
    start = groups(root, "start")[0]
    expect(count(start, "hole"), 40, "omega: holes of the 12x12 board")
    expect(count(start, "square"), 104, "omega: squares")
    expect(count(start, "piece"), 44, "omega: pieces at the start")
    wizard = board(titled(root, "piece", "W wizard"), "moves")
    expect(count(wizard, "hole"), 40, "omega: holes in a diagram")


def check_escape(root):
    t = root.find(NS + "title")
    check(t is not None and t.text == "Fish & Chips <chess>", "escape: title %r" %
          (t.text if t is not None else None))
    d = root.find(NS + "desc")
    check(d is not None and "& a <tag>" in d.text and "\"" in d.text, "escape: description")


def check_errors(menagerie):
    out = subprocess.run([menagerie, "show", "chess", "--svg", "/nonexistent-dir/x.svg"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False)
    check(out.returncode == 1, "unwritable file: exit %d" % out.returncode)
    check(b"cannot write '/nonexistent-dir/x.svg'" in out.stderr,
          "unwritable file: message %r" % out.stderr)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "chess.svg")
        svg_of(menagerie, ["show", "chess", "--svg", path])
        with open(path, "rb") as f:
            check(f.read() == svg_of(menagerie, ["show", "chess", "--svg", "-"]),
                  "--svg FILE and --svg - differ")


def render(data, what):
    """rsvg-convert, where installed (a developer tool), must draw it."""
    try:
        out = subprocess.run(["rsvg-convert", "-f", "png"], input=data,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
    except FileNotFoundError:
        return
    check(out.returncode == 0, "%s: rsvg-convert failed: %s" % (what, out.stderr.decode()))


def main():
    menagerie, srcdir = sys.argv[1], sys.argv[2]
    cases = [("chess", [], check_chess), ("shogi", [], check_shogi), ("chu", [], check_chu),
             ("omega", [], check_omega),
             ("escapetest", ["--variants", os.path.join(srcdir, "tests/data/svg/escape.yaml")],
              check_escape)]
    for name, pre, fn in cases:
        data = svg_of(menagerie, pre + ["show", name, "--svg", "-"])
        root = parse(data, name)
        if root is not None:
            fn(root)
            render(data, name)
    check_errors(menagerie)
    for f in failures:
        print("FAIL: " + f)
    print("PASS: svg" if not failures else "FAIL: svg (%d)" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
