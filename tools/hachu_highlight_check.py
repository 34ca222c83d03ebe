#!/usr/bin/env python3
"""Compare Menagerie's moves with HaChu's, piece by piece.

HaChu 0.21 has no perft and no move list, but it answers XBoard's `lift SQ`
(with `feature highlight=1`) by naming the squares the lifted piece can go
to: Y empty, R occupied, M where it may promote, C the squares a lion-like
move takes on its way (a lion's turn marks its own square).  For every
piece of the side to move this checks that those squares are the ends and
the first-leg squares of Menagerie's legal moves (`perft --divide 1`).

    tools/hachu_highlight_check.py VARIANT SIZE < FENS
e.g. grep '^fen' tests/data/perft/dai.perft | cut -c5- |
     tools/hachu_highlight_check.py dai 15

HaChu 0.21's `setboard` reads the board field only (the rest would be read
as pieces), so only white-to-move positions are compared.  Needs HaChu
(/usr/games/hachu, Debian's package `hachu`) and a built ./menagerie.
"""
import os, re, subprocess, sys
ENG=os.environ.get("MENAGERIE", "./menagerie")
HACHU=os.environ.get("HACHU", "/usr/games/hachu")
def sq_name(f,r): return "%s%d"%(chr(97+f),r+1)
def parse_sq(s):
    m=re.match(r"([a-p])(\d+)",s); return (ord(m.group(1))-97,int(m.group(2))-1), m.end()
def cells(field, ranks, dressed):
    """((file, rank), token) of each occupied cell of a FEN-like board field;
    a token is ['+'] letter [dress] when `dressed`, one character otherwise."""
    for i,row in enumerate(field.split("/")):
        r=ranks-1-i; f=0; j=0
        while j<len(row):
            if row[j].isdigit():
                k=j
                while k<len(row) and row[k].isdigit(): k+=1
                f+=int(row[j:k]); j=k; continue
            k=j+1
            if dressed:
                if row[j]=='+': k+=1
                if k<len(row) and row[k] in "'!": k+=1
            yield (f,r), row[j:k]
            f+=1; j=k
def board_squares(fen, files, ranks):
    return dict(cells(fen.split()[0], ranks, True))
def menagerie_marks(v, fen):
    out=subprocess.run([ENG,"perft","-v",v,"--fen",fen,"--divide","1"],capture_output=True,text=True).stdout
    marks={}
    for l in out.splitlines():
        if ":" not in l or l.startswith("time") or l.startswith("Nodes"): continue
        mv=l.split(":")[0]
        legs=mv.split(",")
        (fr,n)=parse_sq(legs[0])
        d=marks.setdefault(fr,{"sq":set(),"promo":set(),"c":set()})
        if len(legs)==1:
            (to,n2)=parse_sq(legs[0][n:]); promo=legs[0][n+n2:] != ""  # "+", or a letter (e7e8r, f3g5w)
            d["sq"].add(to)
            if promo: d["promo"].add(to)
        else:
            (mid,n2)=parse_sq(legs[0][n:])
            d["c"].add(mid)
    return marks
def hachu_marks(v, fen, squares, files, ranks):
    cmds="xboard\nprotover 2\nmemory 16\nnew\nvariant %s\nforce\nsetboard %s\n"%(v,fen.split()[0])
    for s in squares: cmds+="lift %s\n"%sq_name(*s)
    cmds+="quit\n"
    out=subprocess.run([HACHU],input=cmds,capture_output=True,text=True,timeout=60).stdout
    hl=[l[10:] for l in out.splitlines() if l.startswith("highlight ")]
    return hl
def decode(hl, files, ranks):
    return dict(cells(hl, ranks, False))
def compare(v, fen, files, ranks):
    occ=board_squares(fen,files,ranks)
    mine=[s for s,t in occ.items() if t.lstrip('+')[0].isupper()]
    ours=menagerie_marks(v,fen)
    bad=0; pieces=0
    for s in sorted(mine):
        hl=hachu_marks(v,fen,[s],files,ranks)
        h=decode(hl[0],files,ranks) if hl else {}
        o=ours.get(s,{"sq":set(),"promo":set(),"c":set()})
        oset=set(o["sq"])|o["c"]
        # a lion's turn (out and back over an empty square) HaChu marks as its own square
        hset=set(h.keys())
        if s in hset and s not in oset:
            hset.discard(s)
        hpromo={q for q,c in h.items() if c=='M'}
        okp = hpromo <= o["promo"] and (o["promo"]-o["c"]) <= hpromo|{q for q,c in h.items() if c=='C'}
        pieces+=1
        if hset!=oset or not okp:
            bad+=1
            print("DIFF", v, fen, occ[s], sq_name(*s), "hachu-only", sorted(sq_name(*q) for q in hset-oset), "ours-only", sorted(sq_name(*q) for q in oset-hset), "promo h", sorted(sq_name(*q) for q in hpromo), "promo o", sorted(sq_name(*q) for q in o["promo"]))
    return pieces,bad
if __name__=="__main__":
    v=sys.argv[1]; files=ranks=int(sys.argv[2])
    tot=0; totbad=0
    for fen in sys.stdin:
        fen=fen.strip()
        if not fen or fen.split()[1:2]==["b"]:
            continue
        p,b=compare(v,fen,files,ranks); tot+=p; totbad+=b
        print("position: %d pieces, %d differ"%(p,b))
    print("total %d pieces, %d differ"%(tot,totbad))
    sys.exit(1 if totbad else 0)
