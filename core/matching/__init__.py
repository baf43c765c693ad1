"""Matchings on general graphs: one implementation of each algorithm, shared by every plugin.

- Maximum cardinality (:mod:`.cardinality`): Edmonds' blossom algorithm on bit sets — the
  feasibility oracle of the engine (:class:`~swisspairing.feasibility.PairingGraph`) and of the
  systems' searches ("can the rest still be completed?"): :func:`augment_path`,
  :func:`even_vertices`, :func:`maximum_matching_masks`, :func:`matching_size_masks`,
  :func:`max_matching_size`, :func:`has_matching_of_size`, :func:`augment`,
  :func:`maximum_matching`, :func:`has_perfect_matching` and :class:`IncrementalMatching`.
- Maximum weight (:mod:`.weighted`): Edmonds' blossom algorithm with dual variables, O(V³),
  integer weights of any size so that a lexicographic order of criteria is one weight
  (``dutch-current.md`` G.2), cold (:func:`max_weight_matching`) or warm-started between edits
  (:class:`WeightedMatching`).
- Bipartite (:mod:`.bipartite`): :func:`bipartite_matching`, :func:`bipartite_saturates`,
  Kuhn's augmenting paths with a lazily asked predicate.
- Transportation (:mod:`.transport`): the heaviest complete assignment of typed units, over the
  types (few kinds of many players), with exact "does an optimum hold this pair" questions.
- Flow (:mod:`.flow`): a maximum-value flow with concave arc values (separable convex costs),
  by successive longest paths.
"""

from __future__ import annotations

from .bipartite import bipartite_matching, bipartite_saturates
from .cardinality import (
    IncrementalMatching,
    NeighbourSets,
    augment,
    augment_path,
    even_vertices,
    exposed_mask,
    has_matching_of_size,
    has_perfect_matching,
    matching_size_masks,
    max_matching_size,
    maximum_matching,
    maximum_matching_masks,
)
from .weighted import WeightedMatching, max_weight_matching

__all__ = [
    "IncrementalMatching",
    "NeighbourSets",
    "WeightedMatching",
    "augment",
    "augment_path",
    "bipartite_matching",
    "bipartite_saturates",
    "even_vertices",
    "exposed_mask",
    "has_matching_of_size",
    "has_perfect_matching",
    "matching_size_masks",
    "max_matching_size",
    "max_weight_matching",
    "maximum_matching",
    "maximum_matching_masks",
]
