"""Maximum-value flow with concave arc values: a fixed amount sent at the greatest worth.

Each arc carries units at a value per unit that may fall as it carries more: its *segments*
``(capacity, value)`` are filled in order, the values never rising (a concave, piecewise-linear
worth, the usual way to state a separable convex cost as a flow).  :class:`ConvexFlow` sends a
given amount from a source to a sink at the greatest total value by successive longest
augmenting paths (Bellman-Ford on the residual graph, each path as wide as its narrowest
segment allows).  Values are integers of any size, so that a lexicographic order of criteria is
one value, as in :mod:`.weighted` and :mod:`.transport`.

The network must have no cycle of positive value (a layered network has none), so that the
empty flow is the most valuable of amount 0.  Why it is exact: the empty flow then has no
residual cycle of positive gain, and sending along a longest path keeps that so (the values
being concave, a unit sent back is worth what the last one sent was); a flow of its amount
with no residual cycle of positive gain is the most valuable one (the classic argument of
successive shortest paths, read segment by segment).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

__all__ = ["ConvexFlow"]


class ConvexFlow:
    """A network of arcs with concave values per unit (see the module docstring)."""

    def __init__(self) -> None:
        self._node_id: dict[Hashable, int] = {}
        self._tail: list[int] = []
        self._head: list[int] = []
        self._caps: list[list[int]] = []
        """Each arc's segments' cumulative capacities (the last is the arc's capacity)."""
        self._values: list[list[int]] = []
        """Each arc's segments' values per unit, never rising."""
        self.flow: list[int] = []
        """Units carried by each arc (by the number :meth:`add_arc` gave it)."""
        self.value: int | None = None
        """The value of the flow after :meth:`solve`; ``None`` when the amount cannot be sent."""

    def _node(self, name: Hashable) -> int:
        i = self._node_id.get(name)
        if i is None:
            i = self._node_id[name] = len(self._node_id)
        return i

    def add_arc(self, tail: Hashable, head: Hashable, segments: Sequence[tuple[int, int]]) -> int:
        """An arc from ``tail`` to ``head`` whose units are worth, in turn, the values of
        ``segments`` (``(capacity, value)`` each, the values never rising); its number."""
        total = 0
        caps: list[int] = []
        values: list[int] = []
        for cap, value in segments:
            if cap < 0:
                raise ValueError(f"segment capacity {cap} is negative")
            if values and value > values[-1]:
                raise ValueError("segment values must not rise: the arc's worth is concave")
            if cap:
                total += cap
                caps.append(total)
                values.append(value)
        self._tail.append(self._node(tail))
        self._head.append(self._node(head))
        self._caps.append(caps)
        self._values.append(values)
        self.flow.append(0)
        return len(self.flow) - 1

    def _forward(self, k: int) -> tuple[int, int] | None:
        """The value of the next unit arc ``k`` would carry and how many more units carry it
        so; ``None`` when the arc is full."""
        f, caps = self.flow[k], self._caps[k]
        for i, c in enumerate(caps):
            if f < c:
                return self._values[k][i], c - f
        return None

    def _backward(self, k: int) -> tuple[int, int] | None:
        """The value of the last unit arc ``k`` carries (sent back, it is lost) and how many
        of its units are worth that; ``None`` when the arc is empty."""
        f, caps = self.flow[k], self._caps[k]
        if not f:
            return None
        start = 0
        for i, c in enumerate(caps):
            if f <= c:
                return self._values[k][i], f - start
            start = c
        raise AssertionError("an arc carries more than its capacity")  # pragma: no cover

    def _longest(self, source: int) -> tuple[list[int | None], list[tuple[int, int]]]:
        """Longest residual paths from ``source``: each node's gain and the arc that reaches
        it (``(k, +1)`` forward, ``(k, -1)`` backward)."""
        n = len(self._node_id)
        best: list[int | None] = [None] * n
        via: list[tuple[int, int]] = [(-1, 0)] * n
        best[source] = 0
        out: list[list[int]] = [[] for _ in range(n)]
        into: list[list[int]] = [[] for _ in range(n)]
        for k, (t, h) in enumerate(zip(self._tail, self._head, strict=True)):
            out[t].append(k)
            into[h].append(k)
        forward = [self._forward(k) for k in range(len(self.flow))]
        backward = [self._backward(k) for k in range(len(self.flow))]
        frontier = [source]
        rounds = 0
        while frontier:
            rounds += 1
            if rounds > n + 1:  # pragma: no cover - no cycle gains (module docstring)
                raise AssertionError("a residual cycle of positive gain")
            marked: dict[int, None] = {}
            for node in frontier:
                gain = best[node]
                assert gain is not None
                for k in out[node]:
                    step = forward[k]
                    if step is not None:
                        h = self._head[k]
                        cand = gain + step[0]
                        have = best[h]
                        if have is None or cand > have:
                            best[h], via[h] = cand, (k, 1)
                            marked[h] = None
                for k in into[node]:
                    step = backward[k]
                    if step is not None:
                        t = self._tail[k]
                        cand = gain - step[0]
                        have = best[t]
                        if have is None or cand > have:
                            best[t], via[t] = cand, (k, -1)
                            marked[t] = None
            frontier = list(marked)
        return best, via

    def solve(self, source: Hashable, sink: Hashable, amount: int) -> int | None:
        """Send ``amount`` units from ``source`` to ``sink`` at the greatest value (from the
        empty flow); that value, or ``None`` when the network cannot carry the amount."""
        s, t = self._node(source), self._node(sink)
        self.flow = [0] * len(self.flow)
        self.value = None
        sent, value = 0, 0
        while sent < amount:
            best, via = self._longest(s)
            gain = best[t]
            if gain is None:
                return None
            width = amount - sent
            node = t
            path: list[tuple[int, int]] = []
            while node != s:
                k, d = via[node]
                step = self._forward(k) if d > 0 else self._backward(k)
                assert step is not None
                width = min(width, step[1])
                path.append((k, d))
                node = self._tail[k] if d > 0 else self._head[k]
            for k, d in path:
                self.flow[k] += d * width
            sent += width
            value += gain * width
        self.value = value
        return value
