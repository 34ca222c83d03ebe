import subprocess, sys, time, re
v, d = sys.argv[1], int(sys.argv[2])
p = subprocess.Popen(['/usr/games/sjaakii'], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
p.stdin.write(f"variant {v}\nperft {d}\n"); p.stdin.flush()
t=time.time()
while True:
    l=p.stdout.readline()
    if not l: break
    m = re.search(r'>?\s*(\d+)\s+(\d+)\s+([\d.]+)\s+([\d.]+)nps', l)
    if m and int(m.group(1)) == d:
        print(v, d, m.group(2), m.group(3)+" s (own timer)"); break
p.stdin.write("quit\n"); p.stdin.flush(); p.kill()
