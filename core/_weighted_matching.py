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
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
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
        # per edge
        self.eu: list[int] = []
        self.ev: list[int] = []
        self.ew: list[int] = []  # 2 · effective weight
        self.free_edges: list[int] = []
        # per solve
        self.dcum = 0  # the total dual step of the current stage
        self.queue: list[int] = []
        self.svert: list[int] = []

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
        if self.free_edges:
            k = self.free_edges.pop()
            self.eu[k] = u
            self.ev[k] = v
            self.ew[k] = ew
        else:
            k = len(self.eu)
            self.eu.append(u)
            self.ev.append(v)
            self.ew.append(ew)
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

    def remove_edge(self, k: int) -> None:
        u, v = self.eu[k], self.ev[k]
        for a in (u, v):
            i = self.adjk[a].index(k)
            self.adjk[a].pop(i)
            self.adjw[a].pop(i)
            self.adjx[a].pop(i)
        self.eu[k] = self.ev[k] = -1
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
        while True:
            b = self.inb[w]
            label[w] = label[b] = t
            lfrom[w] = lfrom[b] = x
            self.lto[w] = w
            self.lto[b] = w
            self.best[w] = self.best[b] = -1
            if t == _S:
                lv = self.leaves(b)
                self.queue.extend(lv)
                self.svert.extend(lv)
                return
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

    # -- the solver ----------------------------------------------------------------------------

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
        self.greedy()
        verts = [v for v in range(n_slots) if active[v]]
        while True:  # one stage: ends with an augmentation, a swap or the optimum
            n_slots = len(self.parent)
            for s in range(n_slots):
                label[s] = _FREE
                lfrom[s] = -1
                lto[s] = -1
                best[s] = -1
                bestlist[s] = None
            self.queue = queue = []
            self.svert = svert = []
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
                            if best[w] == -1 or s < bkey[w]:
                                best[w] = k
                                bkey[w] = s
                        elif label[w] == _FREE:  # inside a T blossom: slack fixed meanwhile
                            kb = best[w]
                            if kb == -1 or s < dual[eu[kb]] + dual[evv[kb]] - ew[kb]:
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
                for v in verts:
                    kb = best[v]
                    if kb != -1 and label[inb[v]] == _FREE:
                        d = bkey[v] - dc
                        if d < delta:
                            kind, delta, arg = 2, d, kb
                tops = [b for b in range(len(parent)) if inuse[b] and parent[b] == -1]
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
                    for v in verts:
                        lb = label[inb[v]]
                        if lb == _S:
                            dual[v] -= delta
                        elif lb == _T:
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
            for b in range(len(self.parent)):
                if (
                    inuse[b]
                    and parent[b] == -1
                    and childs_all[b] is not None
                    and label[b] == _S
                    and dual[b] == 0
                ):
                    self.expand_blossom(b, True)
            verts = [v for v in range(len(self.parent)) if active[v]]


def _bound(weights: Iterable[int]) -> int:
    """A constant larger than the total of ``|w|``: one more pair outweighs any weight."""
    return sum(abs(w) for w in weights) + 1


def max_weight_matching(
    edges: Iterable[tuple[V, V, int]], *, max_cardinality: bool = False
) -> dict[V, V]:
    """A maximum-weight matching of the graph given by ``edges`` (``(u, v, weight)``).

    Weights are integers of any size.  With ``max_cardinality``, the heaviest matching among those
    with the most pairs (negative weights allowed); without it, the heaviest matching (an edge of
    weight ≤ 0 is never in the answer).  Returns the mate of every matched vertex, in both
    directions.

    Tie rule: among several optimal matchings the answer is a function of the edge sequence
    alone (vertices are numbered by first appearance, edges scanned in the order given), so equal
    inputs give equal answers; a caller that needs one particular optimum encodes its preference in
    the low bits of the weights.  Raises :class:`ValueError` for a loop or a repeated pair.
    """
    sol = _Solver()
    index: dict[V, int] = {}
    names: list[V] = []
    raw: list[tuple[int, int, int]] = []
    seen: set[int] = set()
    for u, v, w in edges:
        if u == v:
            raise ValueError(f"loop at vertex {u!r}")
        iu = index.get(u)
        if iu is None:
            iu = index[u] = len(names)
            names.append(u)
        iv = index.get(v)
        if iv is None:
            iv = index[v] = len(names)
            names.append(v)
        key = (iu << 32 | iv) if iu < iv else (iv << 32 | iu)
        if key in seen:
            raise ValueError(f"repeated edge {u!r}–{v!r}")
        seen.add(key)
        wi = int(w)
        if max_cardinality or wi > 0:
            raw.append((iu, iv, wi))
    if not raw:
        return {}
    shift = _bound(w for _, _, w in raw) if max_cardinality else 0
    top = [0] * len(names)  # each vertex starts at the largest weight of its edges
    for iu, iv, w in raw:
        we = w + shift
        if we > top[iu]:
            top[iu] = we
        if we > top[iv]:
            top[iv] = we
    for t in top:
        sol.new_vertex(t)
    # the adjacency lists in bulk (what add_edge does one edge at a time)
    adjw, adjk, adjx = sol.adjw, sol.adjk, sol.adjx
    sol.eu = [e[0] for e in raw]
    sol.ev = [e[1] for e in raw]
    sol.ew = [2 * (e[2] + shift) for e in raw]
    for k, (iu, iv, _) in enumerate(raw):
        x = sol.ew[k]
        adjw[iu].append(iv)
        adjk[iu].append(k)
        adjx[iu].append(x)
        adjw[iv].append(iu)
        adjk[iv].append(k)
        adjx[iv].append(x)
    sol.solve()
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
    """

    def __init__(self) -> None:
        self._sol = _Solver()
        self._index: dict[V, int] = {}
        self._names: dict[int, V] = {}
        self._weight: dict[tuple[int, int], tuple[int, int]] = {}  # (lo, hi) -> (edge id, w)
        self._shift = 0  # the constant C of the current mode (0: plain maximum weight)
        self._mode_card = False
        self._total = 0  # the total of |w| over the edges

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
        if w is None:
            if u not in self._index or v not in self._index:
                return
        else:
            w = int(w)
            self.add_vertex(u)
            self.add_vertex(v)
        sol = self._sol
        iu, iv = self._index[u], self._index[v]
        key = (iu, iv) if iu < iv else (iv, iu)
        old = self._weight.get(key)
        if old is not None and old[1] == w:
            return
        if old is not None and (sol.mate[iu] == iv or self._share_blossom(iu, iv)):
            sol.release(iu)  # the edge was part of the structure
        if old is not None:
            sol.remove_edge(old[0])
            del self._weight[key]
            self._total -= abs(old[1])
        if w is None:
            return
        self._total += abs(w)
        k = sol.add_edge(iu, iv, 2 * (w + self._shift))
        self._weight[key] = (k, w)
        self._repair_edge(k)

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

    def _repair_edge(self, k: int) -> None:
        """Restore dual feasibility on edge ``k`` by raising the dual of one (released) end."""
        sol = self._sol
        s = sol.full_slack(k)
        if s >= 0:
            return
        u, v = sol.eu[k], sol.ev[k]
        # prefer an end that is already trivial and exposed: nothing else to undo
        for x in (u, v):
            if sol.inb[x] == x and sol.mate[x] == -1:
                sol.dual[x] -= s
                return
        sol.release(u)
        s = sol.full_slack(k)
        if s < 0:
            sol.dual[u] -= s

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
