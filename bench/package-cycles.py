# jdeps -verbose:package on a jar, and the strongly connected packages among the lab's own: bench/package-cycles runs it.
import collections, subprocess, sys
def cycles(jar, cp):
    out = subprocess.run(['jdeps', '--multi-release', '17', '-verbose:package', '-cp', cp, jar], capture_output=True, text=True).stdout
    edges = collections.defaultdict(set)
    for l in out.splitlines():
        p = l.split()
        if len(p) >= 3 and p[1] == '->' and p[0].startswith('io.upgradelab') and p[2].startswith('io.upgradelab') and p[0] != p[2]:
            edges[p[0]].add(p[2])
    index, low, st, on, out_sccs, n = {}, {}, [], set(), [], [0]
    def sc(v):
        index[v] = low[v] = n[0]; n[0] += 1; st.append(v); on.add(v)
        for w in edges.get(v, ()):
            if w not in index: sc(w); low[v] = min(low[v], low[w])
            elif w in on: low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            c = []
            while True:
                w = st.pop(); on.discard(w); c.append(w)
                if w == v: break
            if len(c) > 1: out_sccs.append(c)
    for v in list(edges):
        if v not in index: sc(v)
    return out_sccs
for jar, cp in [(a.split('=')[0], a.split('=')[1]) for a in sys.argv[1:]]:
    print(jar, cycles(jar, cp) or 'no package cycle')
