import subprocess, sys, time
v, d = sys.argv[1], sys.argv[2]
p = subprocess.Popen(['/usr/games/fairy-stockfish'], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
p.stdin.write(f"uci\nsetoption name UCI_Variant value {v}\nposition startpos\nisready\n"); p.stdin.flush()
while 'readyok' not in p.stdout.readline(): pass
t=time.time(); p.stdin.write(f"go perft {d}\n"); p.stdin.flush()
while True:
    l=p.stdout.readline()
    if l.startswith('Nodes searched'): break
print(v, d, l.strip(), "%.3f s" % (time.time()-t)); p.stdin.write("quit\n"); p.stdin.flush()
