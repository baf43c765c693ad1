"""Maximum-weight matching on general graphs: Edmonds' blossom algorithm with dual variables.

The primal-dual method of Edmonds (1965) in the O(n³) form of Gabow and Lawler as described by
Galil ("Efficient algorithms for finding maximum matching in graphs", ACM Computing Surveys 18,
1986).  Weights are Python integers of any size, so that a lexicographic order of criteria is one
weight (``dutch-current.md`` G.2: each criterion a bit field, most important first); nothing is
ever a float.

Conventions of this implementation (the comments below rely on them):

- Vertices and blossoms share one id space ("slots").  A slot whose ``childs`` is ``None`` is a
  vertex; every other slot in use is a non-trivial blossom.
- Duals are kept doubled so that they stay integers: an edge of weight ``w`` is stored as
  ``ew = 2·w``, a vertex dual ``U`` is twice the textbook ``u`` and a blossom dual ``Z`` is the
  textbook ``z``.  The slack of an edge ``ij`` is ``U_i + U_j − ew + 2·ΣZ`` over the blossoms that
  contain both ends.  Every edge on which the structure rests (matched edges, blossom cycles, tree
  edges) has slack 0, so ``U_i + U_j`` is even on it: all vertices of an alternating tree have the
  parity of its root, all roots have the same dual, hence the slack of an edge between two S
  blossoms is even and ``δ₃ = slack / 2`` is an integer.
- Maximum cardinality is reduced to maximum weight: every weight is raised by a constant ``C``
  larger than the sum of all ``|w|``, so one more pair outweighs any difference in weight.
- Warm starts: between two solutions the matching, the duals and the blossoms are kept.  An edit
  that would break dual feasibility or the structure first *releases* the vertex concerned
  (dissolves the blossoms that contain it, moving each blossom's dual onto its vertices so that no
  slack becomes negative, and unmatches it).  Exposed vertices may then have different duals; a
  stage roots its alternating trees only at the exposed vertices of the largest dual and adds the
  others when the roots' dual has come down to theirs (the fifth kind of dual step below), and a
  non-root S vertex whose dual reaches 0 swaps the alternating path to its root (it becomes exposed
  at dual 0, which complementary slackness allows).  This is the textbook method for a start that
  is dual feasible but whose exposed vertices are not all at the same dual.
- Jump starts (they change the start, never the optimum): a dense graph with nothing matched is
  first solved on a few candidate edges per vertex (:attr:`_Solver.CANDIDATES`, from a greedy
  matching, and the caller's ``hint``), the violated other edges added round by round until the
  duals hold on the whole graph (:meth:`_Solver.priced_start`); every solve begins by
  lowering the dual of each exposed vertex as far as feasibility allows and matching it along a
  tight edge (:meth:`_Solver.greedy`).
"""

from __future__ import annotations

import gc
import heapq
import operator
from collections.abc import Hashable, Iterable, Mapping
from typing import Generic, TypeVar

__all__ = ["WeightedMatching", "max_weight_matching"]

V = TypeVar("V", bound=Hashable)

_FREE = 0
_S = 1
_T = 2


class _Solver:
    """The state of the primal-dual method on integer slots (see the module docstring)."""

    def __init__(self) -> None:
        # per slot (vertex or blossom)
        self.parent: list[int] = []  # enclosing blossom, -1 at top level
        self.childs: list[list[int] | None] = []  # None: a vertex; else the cycle, base child first
        self.cedges: list[list[tuple[int, int]] | None] = []  # cedges[b][i]: x in child i, y in i+1
        self.base: list[int] = []  # base vertex
        self.dual: list[int] = []  # U (vertex, doubled) or Z (blossom)
        # top level: _FREE/_S/_T; a vertex inside a T blossom: _T = reached from an S vertex
        self.label: list[int] = []
        self.lfrom: list[int] = []  # the vertex outside through which the label came (-1: root)
        self.lto: list[int] = []  # the vertex inside that received it
        # least-slack edge (vertex: from an S vertex to it; S blossom: to another S blossom)
        self.best: list[int] = []
        # S blossom: the least-slack edge to each other S blossom
        self.bestlist: list[list[int] | None] = []
        # slack of best + dcum (a vertex whose top blossom is free) or + 2·dcum (S blossom)
        self.bkey: list[int] = []
        self.mark: list[int] = []
        self.inuse: list[bool] = []
        # per vertex slot
        self.inb: list[int] = []  # top-level blossom containing the vertex
        self.mate: list[int] = []  # matched vertex or -1
        self.adjw: list[list[int]] = []  # neighbours
        self.adjk: list[list[int]] = []  # edge ids, parallel to adjw
        self.adjx: list[list[int]] = []  # their ew, parallel to adjw
        self.active: list[bool] = []  # a vertex of the graph (not a blossom, not removed)
        self.free_slots: list[int] = []
        self.stamp = 0
        # pairs of vertices whose edges join the candidates of a dense cold start
        self.hint: list[tuple[int, int]] = []
        # per edge
        self.eu: list[int] = []
        self.ev: list[int] = []
        self.ew: list[int] = []  # 2 · effective weight
        self.pu: list[int] = []  # position of the edge in the lists of eu
        self.pv: list[int] = []  # position of the edge in the lists of ev
        self.free_edges: list[int] = []
        # per solve
        self.dcum = 0  # the total dual step of the current stage
        self.queue: list[int] = []
        self.svert: list[int] = []  # the S vertices of the stage
        self.tvert: list[int] = []  # the vertices labelled T in the stage (once each)
        self.ltops: list[int] = []  # the slots labelled at top level in the stage (once each)
        self.cand2: list[int] = []  # the vertices that got a least-slack edge in the stage
        self.stage_id = 0
        self.tmark: list[int] = []  # stage_id when the vertex joined tvert
        self.lmark: list[int] = []  # stage_id when the slot joined ltops

    # -- slots ---------------------------------------------------------------------------------

    def new_slot(self) -> int:
        if self.free_slots:
            s = self.free_slots.pop()
            self.parent[s] = -1
            self.childs[s] = None
            self.cedges[s] = None
            self.base[s] = s
            self.dual[s] = 0
            self.label[s] = _FREE
            self.lfrom[s] = -1
            self.lto[s] = -1
            self.best[s] = -1
            self.bestlist[s] = None
            self.inuse[s] = True
            self.inb[s] = s
            self.mate[s] = -1
            self.adjw[s] = []
            self.adjk[s] = []
            self.adjx[s] = []
            self.active[s] = False
            return s
        s = len(self.parent)
        self.parent.append(-1)
        self.childs.append(None)
        self.cedges.append(None)
        self.base.append(s)
        self.dual.append(0)
        self.label.append(_FREE)
        self.lfrom.append(-1)
        self.lto.append(-1)
        self.best.append(-1)
        self.bkey.append(0)
        self.bestlist.append(None)
        self.mark.append(0)
        self.tmark.append(0)
        self.lmark.append(0)
        self.inuse.append(True)
        self.inb.append(s)
        self.mate.append(-1)
        self.adjw.append([])
        self.adjk.append([])
        self.adjx.append([])
        self.active.append(False)
        return s

    def free_slot(self, s: int) -> None:
        self.inuse[s] = False
        self.active[s] = False
        self.childs[s] = None
        self.cedges[s] = None
        self.bestlist[s] = None
        self.free_slots.append(s)

    def new_vertex(self, dual: int) -> int:
        v = self.new_slot()
        self.active[v] = True
        self.dual[v] = dual
        return v

    def add_edge(self, u: int, v: int, ew: int) -> int:
        pu, pv = len(self.adjw[u]), len(self.adjw[v])
        if self.free_edges:
            k = self.free_edges.pop()
            self.eu[k] = u
            self.ev[k] = v
            self.ew[k] = ew
            self.pu[k] = pu
            self.pv[k] = pv
        else:
            k = len(self.eu)
            self.eu.append(u)
            self.ev.append(v)
            self.ew.append(ew)
            self.pu.append(pu)
            self.pv.append(pv)
        self.adjw[u].append(v)
        self.adjk[u].append(k)
        self.adjx[u].append(ew)
        self.adjw[v].append(u)
        self.adjk[v].append(k)
        self.adjx[v].append(ew)
        return k

    def set_ews(self, ews: dict[int, int]) -> None:
        """Change the stored weights of edges (the caller keeps the duals feasible)."""
        ew = self.ew
        for k, x in ews.items():
            ew[k] = x
        for v in range(len(self.parent)):
            if self.active[v]:
                self.adjx[v] = [ew[k] for k in self.adjk[v]]

    def set_edge_weight(self, k: int, ew: int) -> None:
        """Change the stored weight of one edge (the caller keeps the duals feasible)."""
        self.ew[k] = ew
        self.adjx[self.eu[k]][self.pu[k]] = ew
        self.adjx[self.ev[k]][self.pv[k]] = ew

    def remove_edge(self, k: int) -> None:
        """Remove edge ``k``: the last entry of each adjacency list fills its place."""
        eu, ev, pu, pv = self.eu, self.ev, self.pu, self.pv
        for a, i in ((eu[k], pu[k]), (ev[k], pv[k])):
            lw, lk, lx = self.adjw[a], self.adjk[a], self.adjx[a]
            last = len(lk) - 1
            if i != last:
                k2 = lk[last]
                lw[i], lk[i], lx[i] = lw[last], k2, lx[last]
                if eu[k2] == a:
                    pu[k2] = i
                else:
                    pv[k2] = i
            lw.pop()
            lk.pop()
            lx.pop()
        eu[k] = ev[k] = -1
        self.free_edges.append(k)

    def leaves(self, b: int) -> list[int]:
        childs = self.childs
        if childs[b] is None:
            return [b]
        out: list[int] = []
        stack = [b]
        while stack:
            x = stack.pop()
            c = childs[x]
            if c is None:
                out.append(x)
            else:
                stack.extend(c)
        return out

    def slack(self, k: int) -> int:
        """The slack of an edge between two different top-level blossoms."""
        dual = self.dual
        return dual[self.eu[k]] + dual[self.ev[k]] - self.ew[k]

    def full_slack(self, k: int) -> int:
        """The slack of any edge, the duals of the blossoms containing both ends included."""
        u, v = self.eu[k], self.ev[k]
        s = self.dual[u] + self.dual[v] - self.ew[k]
        parent = self.parent
        anc: set[int] = set()
        x = parent[u]
        while x != -1:
            anc.add(x)
            x = parent[x]
        x = parent[v]
        while x != -1:
            if x in anc:
                s += 2 * self.dual[x]
            x = parent[x]
        return s

    # -- labels, blossoms, augmentation --------------------------------------------------------

    def assign_label(self, w: int, t: int, x: int) -> None:
        """Label the top-level blossom of ``w`` with ``t``, reached from ``x`` (−1: a root)."""
        label, lfrom = self.label, self.lfrom
        sid = self.stage_id
        while True:
            b = self.inb[w]
            label[w] = label[b] = t
            lfrom[w] = lfrom[b] = x
            self.lto[w] = w
            self.lto[b] = w
            self.best[w] = self.best[b] = -1
            if self.lmark[b] != sid:
                self.lmark[b] = sid
                self.ltops.append(b)
            lv = self.leaves(b)
            if t == _S:
                self.queue.extend(lv)
                self.svert.extend(lv)
                return
            tmark = self.tmark
            for y in lv:
                if tmark[y] != sid:
                    tmark[y] = sid
                    self.tvert.append(y)
            # T: the mate of its base becomes S (the base is matched: an exposed base augments)
            bs = self.base[b]
            w, t, x = self.mate[bs], _S, bs

    def scan_blossom(self, v: int, w: int) -> int:
        """The nearest common S blossom of the trees of ``v`` and ``w``, or −1 (two trees)."""
        self.stamp += 1
        stamp = self.stamp
        mark, lfrom, inb = self.mark, self.lfrom, self.inb
        a, b = inb[v], inb[w]
        while a != -1 or b != -1:
            if a != -1:
                if mark[a] == stamp:
                    return a
                mark[a] = stamp
                t = lfrom[a]
                a = -1 if t == -1 else inb[lfrom[inb[t]]]
            a, b = b, a
        return -1

    def add_blossom(self, bb: int, v: int, w: int) -> None:
        """Contract the odd cycle closed by the tight edge ``vw`` into a new S blossom."""
        inb, lfrom, lto, parent = self.inb, self.lfrom, self.lto, self.parent
        b = self.new_slot()
        self.base[b] = self.base[bb]
        pv: list[int] = []
        ev: list[tuple[int, int]] = []
        x = inb[v]
        while x != bb:
            pv.append(x)
            ev.append((lfrom[x], lto[x]))
            x = inb[lfrom[x]]
        pw: list[int] = []
        ew: list[tuple[int, int]] = []
        x = inb[w]
        while x != bb:
            pw.append(x)
            ew.append((lto[x], lfrom[x]))
            x = inb[lfrom[x]]
        pv.reverse()
        ev.reverse()
        childs = [bb, *pv, *pw]
        self.childs[b] = childs
        self.cedges[b] = [*ev, (v, w), *ew]
        label = self.label
        label[b] = _S
        lfrom[b] = lfrom[bb]
        lto[b] = lto[bb]
        self.dual[b] = 0
        if self.lmark[b] != self.stage_id:
            self.lmark[b] = self.stage_id
            self.ltops.append(b)
        for c in childs:
            parent[c] = b
            lv = self.leaves(c)
            if label[c] == _T:  # its vertices become S: scan them
                self.queue.extend(lv)
                self.svert.extend(lv)
            for y in lv:
                inb[y] = b
        # least-slack edges from the new blossom to each other S blossom
        eu, evv, best, bestlist = self.eu, self.ev, self.best, self.bestlist
        dual, eww = self.dual, self.ew
        bestk: dict[int, int] = {}
        bests: dict[int, int] = {}
        adjw, adjk, adjx = self.adjw, self.adjk, self.adjx
        for c in childs:
            lst = bestlist[c]
            if lst is None:
                for y in self.leaves(c):
                    dy = dual[y]
                    for z, k, x in zip(adjw[y], adjk[y], adjx[y], strict=True):
                        bj = inb[z]
                        if bj == b or label[bj] != _S:
                            continue
                        s = dy + dual[z] - x
                        old = bests.get(bj)
                        if old is None or s < old:
                            bests[bj] = s
                            bestk[bj] = k
                best[c] = -1
                continue
            bestlist[c] = None
            for k in lst:
                i, j = eu[k], evv[k]
                bj = inb[j]
                if bj == b:
                    bj = inb[i]
                    if bj == b:
                        continue
                if label[bj] != _S:
                    continue
                s = dual[i] + dual[j] - eww[k]
                old = bests.get(bj)
                if old is None or s < old:
                    bests[bj] = s
                    bestk[bj] = k
            best[c] = -1
        bestlist[b] = list(bestk.values())
        kb, sb = -1, 0
        for bj, k in bestk.items():
            s = bests[bj]
            if kb == -1 or s < sb:
                kb, sb = k, s
        best[b] = kb
        self.bkey[b] = sb + 2 * self.dcum

    def expand_blossom(self, b: int, endstage: bool) -> None:
        """Dissolve blossom ``b`` (dual 0); mid-stage, relabel the children of a T blossom."""
        childs_all, parent, inb, label = self.childs, self.parent, self.inb, self.label
        ch = childs_all[b]
        assert ch is not None
        for c in ch:
            parent[c] = -1
            if childs_all[c] is None:
                inb[c] = c
            elif endstage and self.dual[c] == 0:
                self.expand_blossom(c, endstage)
            else:
                for y in self.leaves(c):
                    inb[y] = c
        if not endstage and label[b] == _T:
            ed = self.cedges[b]
            assert ed is not None
            n = len(ch)
            j = ch.index(inb[self.lto[b]])
            xf, xt = self.lfrom[b], self.lto[b]
            onpath = {j}
            if j & 1:
                while j != 0:  # forward: e_j matched, e_{j+1} the next T edge
                    self.assign_label(xt, _T, xf)
                    onpath.add(j + 1)
                    p, q = ed[j + 1]
                    xf, xt = p, q
                    j = (j + 2) % n
                    onpath.add(j)
            else:
                while j != 0:  # backward: e_{j-1} matched, e_{j-2} the next T edge
                    self.assign_label(xt, _T, xf)
                    onpath.add(j - 1)
                    p, q = ed[j - 2]
                    xf, xt = q, p
                    j -= 2
                    onpath.add(j)
            # the base child: T, its mate outside already S
            bc = ch[0]
            label[xt] = label[bc] = _T
            self.lfrom[xt] = self.lfrom[bc] = xf
            self.lto[xt] = xt
            self.lto[bc] = xt
            self.best[xt] = self.best[bc] = -1
            sid = self.stage_id
            if self.lmark[bc] != sid:  # a labelled top-level blossom: its dual moves
                self.lmark[bc] = sid
                self.ltops.append(bc)
            for y in self.leaves(bc):
                if self.tmark[y] != sid:
                    self.tmark[y] = sid
                    self.tvert.append(y)
            # children off the path: free, unless one of their vertices was reached from an S
            for i in range(n):
                if i in onpath:
                    continue
                c = ch[i]
                if label[c] == _S or (i in onpath):
                    continue
                reached = -1
                for y in self.leaves(c):
                    if label[y] == _T:
                        reached = y
                        break
                if childs_all[c] is not None:
                    label[c] = _FREE
                    self.lfrom[c] = -1
                if reached != -1:
                    self.assign_label(reached, _T, self.lfrom[reached])
                    onpath.add(i)
                else:
                    if childs_all[c] is None:
                        label[c] = _FREE
                        self.lfrom[c] = -1
                    # free again: the slack of its best edges starts falling with each step
                    best, bkey, dc = self.best, self.bkey, self.dcum
                    for y in self.leaves(c):
                        if best[y] != -1:
                            bkey[y] = self.slack(best[y]) + dc
        self.free_slot(b)

    def rotate(self, b: int, v: int) -> None:
        """Swap the alternating path from ``v`` to the base inside ``b``: ``v`` becomes the base."""
        parent, childs_all, mate = self.parent, self.childs, self.mate
        t = v
        while parent[t] != b:
            t = parent[t]
        if childs_all[t] is not None:
            self.rotate(t, v)
        ch = childs_all[b]
        ed = self.cedges[b]
        assert ch is not None and ed is not None
        n = len(ch)
        i = ch.index(t)
        idxs = range(i + 1, n, 2) if i & 1 else range(i - 2, -1, -2)
        for idx in idxs:
            x, y = ed[idx]
            cx, cy = ch[idx], ch[(idx + 1) % n]
            if childs_all[cx] is not None:
                self.rotate(cx, x)
            if childs_all[cy] is not None:
                self.rotate(cy, y)
            mate[x] = y
            mate[y] = x
        childs_all[b] = ch[i:] + ch[:i]
        self.cedges[b] = ed[i:] + ed[:i]
        self.base[b] = v

    def flip_half(self, s: int, p: int) -> None:
        """Match ``s`` to ``p`` (−1: leave it exposed) and swap the tree path up to its root."""
        inb, childs_all, lfrom, lto, mate = self.inb, self.childs, self.lfrom, self.lto, self.mate
        while True:
            bs = inb[s]
            if childs_all[bs] is not None:
                self.rotate(bs, s)
            mate[s] = p
            t = lfrom[bs]
            if t == -1:
                return
            bt = inb[t]
            s2, j = lfrom[bt], lto[bt]
            if childs_all[bt] is not None:
                self.rotate(bt, j)
            mate[j] = s2
            s, p = s2, j

    def augment(self, v: int, w: int) -> None:
        self.flip_half(v, w)
        self.flip_half(w, v)

    # -- releasing structure (warm starts) -----------------------------------------------------

    def dissolve(self, b: int) -> None:
        """Dissolve the top-level blossom ``b`` outside a solve, keeping every slack ≥ 0."""
        z = self.dual[b]
        ch = self.childs[b]
        assert ch is not None
        for y in self.leaves(b):
            self.dual[y] += z
        for c in ch:
            self.parent[c] = -1
            for y in self.leaves(c):
                self.inb[y] = c
        if z:
            bv = self.base[b]
            m = self.mate[bv]
            if m != -1:  # the matched edge leaving b now has slack z
                self.mate[bv] = self.mate[m] = -1
        self.free_slot(b)

    def release(self, v: int) -> None:
        """Make ``v`` a trivial, exposed vertex (no slack becomes negative)."""
        while self.inb[v] != v:
            self.dissolve(self.inb[v])
        m = self.mate[v]
        if m != -1:
            self.mate[v] = self.mate[m] = -1

    def repair_edge(self, k: int, u: int, v: int) -> None:
        """Restore dual feasibility on edge ``k`` = ``uv`` by raising the dual of one end:
        one that is trivial and exposed already (nothing to undo), else ``u`` (released), the
        end the caller named first (``set_weight(x, y, w)`` over the edges of ``x`` releases
        ``x`` once)."""
        s = self.full_slack(k)
        if s >= 0:
            return
        for x in (u, v):
            if self.inb[x] == x and self.mate[x] == -1:
                self.dual[x] -= s
                return
        self.release(u)
        s = self.full_slack(k)
        if s < 0:
            self.dual[u] -= s

    # -- the solver ----------------------------------------------------------------------------

    #: Candidate edges per vertex of a dense cold start (see :meth:`priced_start`).
    CANDIDATES = 10

    def priced_start(self) -> None:
        """Jump start of a dense graph with nothing matched yet (column generation): solve the
        graph of the candidate edges -- the pairs of :attr:`hint`, and for each vertex, taken
        heaviest first as in a greedy matching, its :attr:`CANDIDATES` heaviest edges to the
        vertices not yet taken -- then check every other edge
        against the duals of that optimum; the edges whose slack is negative join the
        candidates (one end's dual raised, :meth:`repair_edge`) and the candidates are solved
        again from there, until no other edge is violated.  The full graph is then brought
        back: its duals are feasible and the matching is tight, so it is an optimum of the full
        graph (complementary slackness), whatever the candidates were.

        The heavy edges decide most of an optimum, so few rounds are needed, each solving a
        sparse graph and checking each other edge once (one comparison of two duals with its
        weight, the blossom terms only for an edge inside a blossom).
        """
        n = len(self.parent)
        active, adjw, adjk, adjx = self.active, self.adjw, self.adjk, self.adjx
        verts = [v for v in range(n) if active[v]]
        d = self.CANDIDATES
        m = sum(len(adjk[v]) for v in verts) // 2
        if m <= 2 * d * len(verts) or any(self.mate[v] != -1 for v in verts):
            return
        if any(self.inuse[b] and self.childs[b] is not None for b in range(n)):
            return
        cand = bytearray(len(self.eu))
        eu, ev = self.eu, self.ev
        for a, b in self.hint:  # the caller's guess at the pairs of an optimum
            if active[a] and active[b]:
                for k in adjk[a]:
                    if eu[k] == b or ev[k] == b:
                        cand[k] = 1
                        break
        # each vertex, the heaviest first, takes its heaviest edge to a vertex not yet taken
        # (a greedy matching); its candidates are its heaviest edges among those it had then
        free = bytearray(n)
        for v in verts:
            free[v] = 1
        heads = {v: max(adjx[v], default=0) for v in verts}
        for v in sorted(verts, key=heads.__getitem__, reverse=True):
            if not free[v]:
                continue
            ws, ks, xs = adjw[v], adjk[v], adjx[v]
            options = [i for i, w in enumerate(ws) if free[w]]
            if len(options) > d:
                options = heapq.nlargest(d, options, key=xs.__getitem__)
            elif options:
                options.sort(key=xs.__getitem__, reverse=True)
            for i in options:
                cand[ks[i]] = 1
            if options:
                free[v] = free[ws[options[0]]] = 0
        full = (list(adjw), list(adjk), list(adjx))
        for v in verts:
            keep = [i for i, k in enumerate(adjk[v]) if cand[k]]
            aw, ak, ax = adjw[v], adjk[v], adjx[v]
            adjw[v] = [aw[i] for i in keep]
            adjk[v] = [ak[i] for i in keep]
            adjx[v] = [ax[i] for i in keep]
        ew = self.ew
        fw, fk, fx = full
        prev: list[int] | None = None
        suspects: list[int] = []
        while True:
            self.greedy()
            self.stages()
            bad, suspects = self._violated(verts, fw, fk, fx, cand, prev, suspects)
            if not bad:
                break
            prev = self.dual[:]
            for k in bad:  # the violated edges join the candidates
                cand[k] = 1
                u, v = eu[k], ev[k]
                x = ew[k]
                adjw[u].append(v)
                adjk[u].append(k)
                adjx[u].append(x)
                adjw[v].append(u)
                adjk[v].append(k)
                adjx[v].append(x)
            for k in bad:  # repairs change duals and blossoms: each edge is checked again
                self.repair_edge(k, eu[k], ev[k])
        for v in verts:
            adjw[v], adjk[v], adjx[v] = fw[v], fk[v], fx[v]

    def _violated(
        self,
        verts: list[int],
        fw: list[list[int]],
        fk: list[list[int]],
        fx: list[list[int]],
        cand: bytearray,
        prev: list[int] | None,
        before: list[int],
    ) -> tuple[list[int], list[int]]:
        """The edges of the full graph (``fw``, ``fk``, ``fx``) not among the candidates whose
        slack is negative, and the suspects checked (the edges whose two vertex duals fall short
        of their weight).

        With ``prev``, the vertex duals at the last check and ``before`` its suspects: an edge
        that was no suspect then and whose ends' duals have not fallen since is none now, so
        only the edges of the vertices whose dual has fallen and the suspects of then are
        looked at again."""
        eu, ev, ew, dual, inb, parent = self.eu, self.ev, self.ew, self.dual, self.inb, self.parent
        # ends in different top-level blossoms: no blossom holds both, no Z term; else the Z
        # of the blossoms both are in, from each vertex's chain of blossoms, top first
        chains: dict[int, list[int]] = {}
        zsum: dict[int, int] = {}  # blossom -> 2·Z of it and every blossom around it

        def chain(x: int) -> list[int]:
            c = chains.get(x)
            if c is None:
                c = []
                b = parent[x]
                while b != -1:
                    c.append(b)
                    b = parent[b]
                c.reverse()
                total = 0
                for b in c:
                    got = zsum.get(b)
                    if got is None:
                        total += 2 * dual[b]
                        zsum[b] = total
                    else:
                        total = got
                chains[x] = c
            return c

        # the blossom terms are never negative: only an edge whose two vertex duals fall short
        # of its weight can be violated (one comparison per edge, each edge seen from its
        # first end)
        suspects: list[int] = []
        if prev is None:
            for v in verts:
                dv = dual[v]
                ks = fk[v]
                suspects.extend(
                    ks[i]
                    for i, (w, x) in enumerate(zip(fw[v], fx[v], strict=True))
                    if dv + dual[w] < x and eu[ks[i]] == v
                )
        else:
            fell = bytearray(len(prev))
            for v in verts:
                if dual[v] < prev[v]:
                    fell[v] = 1
            for v in verts:
                if not fell[v]:
                    continue
                dv = dual[v]
                ks = fk[v]
                suspects.extend(
                    ks[i]
                    for i, (w, x) in enumerate(zip(fw[v], fx[v], strict=True))
                    if dv + dual[w] < x and (not fell[w] or eu[ks[i]] == v)
                )
            suspects.extend(
                k
                for k in before
                if not cand[k]
                and not fell[eu[k]]
                and not fell[ev[k]]
                and dual[eu[k]] + dual[ev[k]] < ew[k]
            )
        bad: list[int] = []
        for k in suspects:
            if cand[k]:
                continue
            u, v = eu[k], ev[k]
            s = dual[u] + dual[v] - ew[k]
            if inb[u] == inb[v]:
                cu, cv = chain(u), chain(v)
                i, top = 0, min(len(cu), len(cv))
                while i < top and cu[i] == cv[i]:
                    i += 1
                s += zsum[cu[i - 1]]
            if s < 0:
                bad.append(k)
        return bad, suspects

    def greedy(self) -> None:
        """Jump start: give each exposed trivial vertex a fresh dual, then lower it as far as
        feasibility allows and match it along a tight edge to an exposed vertex, if one is there.

        The fresh dual is the larger of its heaviest weight (enough against every other exposed
        trivial vertex, which gets the same treatment) and what its edges to the other vertices
        require; lowering keeps every slack ≥ 0 (the new dual is the largest any edge requires, at
        least 0); a tight edge between two exposed vertices may always join the matching.  So the
        start stays dual feasible and the structure valid.
        """
        dual, mate, inb, adjw, adjx = self.dual, self.mate, self.inb, self.adjw, self.adjx
        n = len(self.parent)
        fresh = [self.active[v] and mate[v] == -1 and inb[v] == v for v in range(n)]
        for v in range(n):
            if fresh[v]:
                top = 0
                for w, x in zip(adjw[v], adjx[v], strict=True):
                    r = x >> 1 if fresh[w] else x - dual[w]
                    if r > top:
                        top = r
                dual[v] = top
        for v in range(n):
            if not self.active[v] or mate[v] != -1 or inb[v] != v:
                continue
            need = 0
            for w, x in zip(adjw[v], adjx[v], strict=True):
                r = x - dual[w]
                if r > need:
                    need = r
            dual[v] = need
            for w, x in zip(adjw[v], adjx[v], strict=True):
                if mate[w] == -1 and x > 0 and x - dual[w] == need:
                    mate[v] = w
                    mate[w] = v
                    break

    def solve(self) -> None:
        """An optimum from the current state: the dense jump start when nothing is matched,
        the greedy jump start, then the stages of the primal-dual method."""
        self.priced_start()
        self.greedy()
        self.stages()

    def stages(self) -> None:
        """The primal-dual method from the current (dual feasible) state to an optimum."""
        n_slots = len(self.parent)
        label, lfrom, lto, best, bestlist = (
            self.label,
            self.lfrom,
            self.lto,
            self.best,
            self.bestlist,
        )
        dual, mate, inb, active, childs_all = (
            self.dual,
            self.mate,
            self.inb,
            self.active,
            self.childs,
        )
        parent, inuse = self.parent, self.inuse
        ew, eu, evv = self.ew, self.eu, self.ev
        adjw, adjk, adjx = self.adjw, self.adjk, self.adjx
        bkey = self.bkey
        verts = [v for v in range(n_slots) if active[v]]
        while True:  # one stage: ends with an augmentation, a swap or the optimum
            n_slots = len(self.parent)
            label[:] = [_FREE] * n_slots
            lfrom[:] = [-1] * n_slots
            lto[:] = [-1] * n_slots
            best[:] = [-1] * n_slots
            bestlist[:] = [None] * n_slots
            queue: list[int] = []
            svert: list[int] = []
            tvert: list[int] = []
            ltops: list[int] = []
            cand2: list[int] = []
            self.queue, self.svert, self.tvert, self.ltops, self.cand2 = (
                queue,
                svert,
                tvert,
                ltops,
                cand2,
            )
            self.stage_id += 1
            self.dcum = dc = 0
            dc2 = 0
            exposed = [v for v in verts if mate[v] == -1 and dual[v] > 0]
            if not exposed:
                return
            exposed.sort(key=dual.__getitem__, reverse=True)
            root_dual = dual[exposed[0]]
            pend = 0
            while pend < len(exposed) and dual[exposed[pend]] == root_dual:
                self.assign_label(exposed[pend], _S, -1)
                pend += 1
            done = False
            while not done:
                # scan the S vertices
                while queue:
                    v = queue.pop()
                    bv = inb[v]
                    uv = dual[v]
                    for w, k, x in zip(adjw[v], adjk[v], adjx[v], strict=True):
                        bw = inb[w]
                        if bw == bv:
                            continue
                        s = uv + dual[w] - x
                        lw = label[bw]
                        if s <= 0:
                            if lw == _FREE:
                                if mate[self.base[bw]] == -1:
                                    self.augment(v, w)
                                    done = True
                                    break
                                self.assign_label(w, _T, v)
                            elif lw == _S:
                                bb = self.scan_blossom(v, w)
                                if bb == -1:
                                    self.augment(v, w)
                                    done = True
                                    break
                                self.add_blossom(bb, v, w)
                                bv = inb[v]
                            elif label[w] == _FREE:
                                label[w] = _T
                                lfrom[w] = v
                        elif lw == _S:
                            s += dc2
                            if best[bv] == -1 or s < bkey[bv]:
                                best[bv] = k
                                bkey[bv] = s
                        elif lw == _FREE:
                            s += dc
                            kb = best[w]
                            if kb == -1:
                                best[w] = k
                                bkey[w] = s
                                cand2.append(w)
                            elif s < bkey[w]:
                                best[w] = k
                                bkey[w] = s
                        elif label[w] == _FREE:  # inside a T blossom: slack fixed meanwhile
                            kb = best[w]
                            if kb == -1:
                                best[w] = k
                                cand2.append(w)
                            elif s < dual[eu[kb]] + dual[evv[kb]] - ew[kb]:
                                best[w] = k
                    if done:
                        break
                if done:
                    break
                # the dual step
                kind = 0
                delta = 0
                arg = -1
                # 1: an S vertex reaches dual 0
                for v in svert:
                    d = dual[v]
                    if kind == 0 or d < delta:
                        kind, delta, arg = 1, d, v
                # 5: the roots come down to the next exposed vertices
                if pend < len(exposed):
                    d = root_dual - dual[exposed[pend]]
                    if d < delta:
                        kind, delta, arg = 5, d, -1
                for v in cand2:
                    kb = best[v]
                    if kb != -1 and label[inb[v]] == _FREE:
                        d = bkey[v] - dc
                        if d < delta:
                            kind, delta, arg = 2, d, kb
                tops = [b for b in ltops if parent[b] == -1 and inuse[b]]
                for b in tops:
                    lb = label[b]
                    if lb == _S:
                        kb = best[b]
                        if kb != -1:
                            d = bkey[b] - dc2
                            assert d % 2 == 0, "odd slack between S blossoms"
                            d //= 2
                            if d < delta:
                                kind, delta, arg = 3, d, kb
                    elif lb == _T and childs_all[b] is not None:
                        d = dual[b]
                        if d < delta:
                            kind, delta, arg = 4, d, b
                # apply it
                if delta:
                    for v in svert:
                        dual[v] -= delta
                    for v in tvert:
                        if label[inb[v]] == _T:
                            dual[v] += delta
                    for b in tops:
                        if childs_all[b] is not None:
                            lb = label[b]
                            if lb == _S:
                                dual[b] += delta
                            elif lb == _T:
                                dual[b] -= delta
                    root_dual -= delta
                    dc += delta
                    dc2 = 2 * dc
                    self.dcum = dc
                if kind == 1:
                    if root_dual == 0:
                        return  # every exposed vertex is at dual 0: optimal
                    self.flip_half(arg, -1)
                    break
                if kind == 5:
                    while pend < len(exposed) and dual[exposed[pend]] == root_dual:
                        self.assign_label(exposed[pend], _S, -1)
                        pend += 1
                elif kind == 2:
                    i, j = eu[arg], evv[arg]
                    if label[inb[i]] != _S:
                        i, j = j, i
                    bj = inb[j]
                    if mate[self.base[bj]] == -1:
                        self.augment(i, j)
                        break
                    self.assign_label(j, _T, i)
                elif kind == 3:
                    i, j = eu[arg], evv[arg]
                    bb = self.scan_blossom(i, j)
                    if bb == -1:
                        self.augment(i, j)
                        break
                    self.add_blossom(bb, i, j)
                elif kind == 4:
                    self.expand_blossom(arg, False)
            # end of stage: S blossoms with dual 0 are dissolved
            for b in ltops:
                if (
                    inuse[b]
                    and parent[b] == -1
                    and childs_all[b] is not None
                    and label[b] == _S
                    and dual[b] == 0
                ):
                    self.expand_blossom(b, True)


def _bound(weights: Iterable[int]) -> int:
    """A constant larger than the total of ``|w|``: one more pair outweighs any weight."""
    return sum(map(abs, weights)) + 1


def max_weight_matching(
    edges: Iterable[tuple[V, V, int]],
    *,
    max_cardinality: bool = False,
    hint: Iterable[tuple[V, V]] = (),
) -> dict[V, V]:
    """A maximum-weight matching of the graph given by ``edges`` (``(u, v, weight)``).

    Weights are integers of any size.  With ``max_cardinality``, the heaviest matching among those
    with the most pairs (negative weights allowed); without it, the heaviest matching (an edge of
    weight ≤ 0 is never in the answer).  Returns the mate of every matched vertex, in both
    directions.

    Tie rule: among several optimal matchings the answer is a function of the edge sequence
    alone (vertices are numbered by first appearance, edges scanned in the order given), so equal
    inputs give equal answers; a caller that needs one particular optimum encodes its preference in
    the low bits of the weights.  ``hint`` names pairs the caller expects in an optimum (or
    near one): a dense graph is first solved on them and each vertex's heaviest edges; the
    answer does not depend on it, only the time.  Raises :class:`ValueError` for a loop or a
    repeated pair and :class:`TypeError` for a weight that is not an integer (a float is never
    rounded).
    """
    # millions of small objects and no reference cycles: the cyclic collector would only
    # rescan them again and again
    enabled = gc.isenabled()
    gc.disable()
    try:
        return _max_weight_matching(edges, max_cardinality, hint)
    finally:
        if enabled:
            gc.enable()


def _hint_ids(index: Mapping[V, int], hint: Iterable[tuple[V, V]]) -> list[tuple[int, int]]:
    """The vertex ids of the pairs of ``hint`` whose two vertices are in the graph."""
    out = []
    for a, b in hint:
        ia, ib = index.get(a), index.get(b)
        if ia is not None and ib is not None and ia != ib:
            out.append((ia, ib))
    return out


def _build(
    edges: Iterable[tuple[V, V, int]], max_cardinality: bool, *, drop_useless: bool = True
) -> tuple[list[V], dict[V, int], _Solver, list[int]]:
    """The solver of the graph given by ``edges``, nothing matched, every vertex dual at the
    largest weight of its edges: (names by vertex id, ids by name, the solver, the raw weight
    of each edge id).  With ``drop_useless`` and without ``max_cardinality`` an edge of weight
    <= 0 is left out (it never helps)."""
    index: dict[V, int] = {}
    names: list[V] = []
    eu: list[int] = []
    ev: list[int] = []
    wr: list[int] = []
    add_u, add_v, add_w = eu.append, ev.append, wr.append
    for u, v, w in edges:
        iu = index.get(u)
        if iu is None:
            iu = index[u] = len(names)
            names.append(u)
        iv = index.get(v)
        if iv is None:
            iv = index[v] = len(names)
            names.append(v)
        if iu == iv:
            raise ValueError(f"loop at vertex {u!r}")
        add_u(iu)
        add_v(iv)
        add_w(w)
    if len(set(zip(map(min, eu, ev), map(max, eu, ev), strict=True))) != len(eu):
        seen: set[tuple[int, int]] = set()
        for iu, iv in zip(eu, ev, strict=True):
            key = (iu, iv) if iu < iv else (iv, iu)
            if key in seen:
                raise ValueError(f"repeated edge {names[iu]!r}–{names[iv]!r}")
            seen.add(key)
    if not set(map(type, wr)) <= {int, bool}:
        wr = [operator.index(w) for w in wr]  # an integer (a float is refused, not rounded)
    if drop_useless and not max_cardinality:  # an edge of weight <= 0 never helps
        keep = [k for k, w in enumerate(wr) if w > 0]
        if len(keep) < len(wr):
            eu = [eu[k] for k in keep]
            ev = [ev[k] for k in keep]
            wr = [wr[k] for k in keep]
    # the adjacency lists (what _Solver.add_edge does one edge at a time), raw weights first
    n = len(names)
    adjw: list[list[int]] = [[] for _ in range(n)]
    adjk: list[list[int]] = [[] for _ in range(n)]
    adjx: list[list[int]] = [[] for _ in range(n)]
    pu: list[int] = []
    pv: list[int] = []
    aw = [x.append for x in adjw]
    ak = [x.append for x in adjk]
    ax = [x.append for x in adjx]
    add_pu, add_pv = pu.append, pv.append
    for k, (iu, iv, w) in enumerate(zip(eu, ev, wr, strict=True)):
        add_pu(len(adjw[iu]))
        aw[iu](iv)
        ak[iu](k)
        ax[iu](w)
        add_pv(len(adjw[iv]))
        aw[iv](iu)
        ak[iv](k)
        ax[iv](w)
    shift = _bound(wr) if max_cardinality else 0
    sol = _Solver()
    for xs in adjx:  # each vertex starts at the largest weight of its edges
        sol.new_vertex(max(max(xs) + shift, 0) if xs else 0)
    sol.adjw, sol.adjk = adjw, adjk
    sol.adjx = [[2 * (x + shift) for x in xs] for xs in adjx]
    sol.eu, sol.ev, sol.pu, sol.pv = eu, ev, pu, pv
    sol.ew = [2 * (x + shift) for x in wr]
    return names, index, sol, wr


def _max_weight_matching(
    edges: Iterable[tuple[V, V, int]], max_cardinality: bool, hint: Iterable[tuple[V, V]]
) -> dict[V, V]:
    names, index, sol, wr = _build(edges, max_cardinality)
    if not wr:
        return {}
    sol.hint = _hint_ids(index, hint)
    sol.solve()
    sol.hint = []
    out: dict[V, V] = {}
    mate = sol.mate
    for i, name in enumerate(names):
        m = mate[i]
        if m != -1:
            out[name] = names[m]
    return out


class WeightedMatching(Generic[V]):
    """A maximum-weight matching kept between edits (warm starts).

    Bracket-by-bracket pairing asks many closely related questions: the same players with a few
    edges changed, a player more or less.  Each :meth:`solve` starts from the previous matching,
    duals and blossoms; an edit only releases the structure it invalidates.  The answer is always
    the same optimum *weight* as a cold :func:`max_weight_matching` of the current graph; when
    several matchings are optimal, which one is returned depends on the history of edits (still
    deterministic: equal edit sequences give equal answers).

    ``max_cardinality`` may change between solves: turning it on keeps the state (every weight
    is raised by the same constant, and so is every vertex dual); turning it off starts again
    from nothing matched.  Edit the edges of a vertex ``x`` as ``set_weight(x, y, w)``: when an
    edit breaks dual feasibility, the end named first is the one released, so a batch of edits
    around ``x`` releases ``x`` once.
    """

    def __init__(self) -> None:
        self._sol = _Solver()
        self._index: dict[V, int] = {}
        self._names: dict[int, V] = {}
        self._weight: dict[tuple[int, int], tuple[int, int]] = {}  # (lo, hi) -> (edge id, w)
        self._shift = 0  # the constant C of the current mode (0: plain maximum weight)
        self._mode_card = False
        self._total = 0  # the total of |w| over the edges

    @classmethod
    def from_edges(
        cls, edges: Iterable[tuple[V, V, int]], *, hint: Iterable[tuple[V, V]] = ()
    ) -> WeightedMatching[V]:
        """The graph of ``edges`` (``(u, v, weight)``, as :func:`max_weight_matching` takes
        them, an edge of weight <= 0 left out as there), nothing matched yet, built at once
        rather than edge by edge.  The first :meth:`solve` without ``max_cardinality`` returns
        what :func:`max_weight_matching` returns for the same edges (the same start, the same
        scans, the same ``hint`` for its dense start); the edits and solves after it are warm
        starts."""
        self = cls()
        names, index, sol, wr = _build(edges, False)
        sol.hint = _hint_ids(index, hint)
        self._sol = sol
        self._index = index
        self._names = dict(enumerate(names))
        self._weight = {
            ((iu, iv) if iu < iv else (iv, iu)): (k, w)
            for k, (iu, iv, w) in enumerate(zip(sol.eu, sol.ev, wr, strict=True))
        }
        self._total = sum(map(abs, wr))
        return self

    def add_potentials(self, potentials: Mapping[V, int]) -> None:
        """Raise the weight of every edge ``uv`` by ``potentials[u] + potentials[v]`` (0 for a
        vertex not named; a named vertex that is absent is added), each potential an integer
        >= 0.

        The matching, the blossoms and the slack of every edge are kept: each vertex dual rises
        by twice its potential (the duals are doubled), so the next :meth:`solve` starts from
        the previous optimum, only its exposed vertices (now with a positive dual) to be
        matched.  A criterion that is a sum of one term per player (as "pair as many players
        who may not take the bye as possible") is added to a solved graph this way."""
        for v in potentials:
            self.add_vertex(v)
        sol = self._sol
        index = self._index
        pot = [0] * len(sol.parent)
        for v, p in potentials.items():
            p = operator.index(p)
            if p < 0:
                raise ValueError(f"negative potential {p} at vertex {v!r}")
            pot[index[v]] = p
        weight = self._weight
        ew = sol.ew
        total = 0
        for key, (k, w) in weight.items():
            iu, iv = key
            add = pot[iu] + pot[iv]
            if add:
                w += add
                weight[key] = (k, w)
                ew[k] += 2 * add
            total += abs(w)
        self._total = total
        for i in self._names:
            if pot[i]:
                sol.dual[i] += 2 * pot[i]
                sol.adjx[i] = [ew[k] for k in sol.adjk[i]]
            elif any(pot[j] for j in sol.adjw[i]):
                sol.adjx[i] = [ew[k] for k in sol.adjk[i]]

    # -- edits -----------------------------------------------------------------------------------

    def add_vertex(self, v: V) -> None:
        """Add an isolated vertex (nothing happens if it is present)."""
        if v in self._index:
            return
        i = self._sol.new_vertex(0)
        self._index[v] = i
        self._names[i] = v

    def remove_vertex(self, v: V) -> None:
        """Remove ``v`` and its edges; its mate becomes free. :class:`KeyError` if absent."""
        i = self._index.pop(v)
        del self._names[i]
        sol = self._sol
        sol.release(i)
        for j in list(sol.adjw[i]):
            key = (i, j) if i < j else (j, i)
            k, w = self._weight.pop(key)
            self._total -= abs(w)
            sol.remove_edge(k)
        sol.free_slot(i)

    def set_weight(self, u: V, v: V, w: int | None) -> None:
        """Set the weight of the edge ``uv`` (adding missing vertices); ``None`` removes it."""
        if u == v:
            raise ValueError(f"loop at vertex {u!r}")
        index = self._index
        iu, iv = index.get(u), index.get(v)
        if w is None:
            if iu is None or iv is None:
                return
        else:
            w = int(w)
            if iu is None:
                self.add_vertex(u)
                iu = index[u]
            if iv is None:
                self.add_vertex(v)
                iv = index[v]
        sol = self._sol
        key = (iu, iv) if iu < iv else (iv, iu)
        old = self._weight.get(key)
        if old is not None:
            k, was = old
            if was == w:
                return
            parent = sol.parent
            if sol.mate[iu] == iv or (
                parent[iu] != -1 and parent[iv] != -1 and self._share_blossom(iu, iv)
            ):
                sol.release(iu)  # the edge was part of the structure
            self._total -= abs(was)
            if w is None:
                sol.remove_edge(k)
                del self._weight[key]
                return
            sol.set_edge_weight(k, 2 * (w + self._shift))
        elif w is None:
            return
        else:
            k = sol.add_edge(iu, iv, 2 * (w + self._shift))
        self._total += abs(w)
        self._weight[key] = (k, w)
        dual = sol.dual
        # no blossom holds both ends (no Z terms) and the slack is not negative: done
        if sol.inb[iu] != sol.inb[iv] and dual[iu] + dual[iv] >= sol.ew[k]:
            return
        self._repair_edge(k, iu, iv)

    def _share_blossom(self, a: int, b: int) -> bool:
        parent = self._sol.parent
        anc: set[int] = set()
        x = parent[a]
        while x != -1:
            anc.add(x)
            x = parent[x]
        x = parent[b]
        while x != -1:
            if x in anc:
                return True
            x = parent[x]
        return False

    def _repair_edge(self, k: int, u: int, v: int) -> None:
        self._sol.repair_edge(k, u, v)

    def _set_shift(self, shift: int) -> None:
        sol = self._sol
        d = shift - self._shift
        # every effective weight rises by d: raising every vertex dual by d keeps every slack
        sol.set_ews({k: 2 * (w + shift) for k, w in self._weight.values()})
        for i in self._names:
            sol.dual[i] += d
        self._shift = shift

    def _cold_reset(self) -> None:
        """Forget the structure: no pairs, no blossoms, every dual at the largest weight."""
        sol = self._sol
        for b in range(len(sol.parent)):
            if sol.inuse[b] and sol.childs[b] is not None:
                sol.free_slot(b)
        top = max((w for _, w in self._weight.values()), default=0) + self._shift
        for i in self._names:
            sol.parent[i] = -1
            sol.inb[i] = i
            sol.mate[i] = -1
            sol.dual[i] = max(top, 0)

    # -- queries ---------------------------------------------------------------------------------

    def solve(self, *, max_cardinality: bool = False) -> dict[V, V]:
        """A maximum-weight matching of the current graph (see :func:`max_weight_matching`)."""
        if max_cardinality:
            self._mode_card = True
            if self._shift <= self._total:  # C must exceed the total of |w|
                self._set_shift(2 * (self._total + 1))
        elif not max_cardinality and self._mode_card:
            self._mode_card = False
            self._sol.set_ews({k: 2 * w for k, w in self._weight.values()})
            self._shift = 0
            self._cold_reset()
        self._sol.solve()
        self._sol.hint = []
        out: dict[V, V] = {}
        mate = self._sol.mate
        names = self._names
        for i, name in names.items():
            m = mate[i]
            if m == -1:
                continue
            if not max_cardinality:
                key = (i, m) if i < m else (m, i)
                if self._weight[key][1] <= 0:
                    continue
            out[name] = names[m]
        return out

    def weight(self, matching: dict[V, V]) -> int:
        """The total weight of ``matching`` (each pair counted once)."""
        total = 0
        for a, b in matching.items():
            ia, ib = self._index[a], self._index[b]
            if ia < ib:
                total += self._weight[(ia, ib)][1]
        return total
