"""The weighted matching the Dutch-1992 bracket bound asks (issue 20).

The core's ``swisspairing.matching.max_weight_matching`` (issue 19) is used when it is there.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import TypeVar

V = TypeVar("V", bound=Hashable)

try:
    from swisspairing.matching import max_weight_matching  # type: ignore[attr-defined]
except ImportError:  # TEMPORARY: until the core's weighted matching is merged into main

    def max_weight_matching(  # type: ignore[misc]
        edges: Iterable[tuple[V, V, int]], *, max_cardinality: bool = False
    ) -> dict[V, V]:
        """TEMPORARY stand-in with the core's signature (networkx, test-only dependency)."""
        import networkx as nx

        g = nx.Graph()
        for u, v, w in edges:
            g.add_edge(u, v, weight=w)
        mate: dict[V, V] = {}
        for u, v in nx.max_weight_matching(g, maxcardinality=max_cardinality):
            mate[u], mate[v] = v, u
        return mate


__all__ = ["max_weight_matching"]
