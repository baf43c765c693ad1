"""[C3] / C.3 and AMB-D21: the plugin's compatibility agrees with the core's bit-set graph.

The procedure pairs with :func:`~swisspairing.plugins.fide_dutch.criteria.compatible` ([C1]: no
second meeting; [C3]: two non-topscorers with the same absolute colour preference, A.6 / 1.7,
do not meet) and proves completion ([C4]) with the core's
:class:`~swisspairing.feasibility.PairingGraph`, built from the ruleset's colour limits (BR 6
and BR 7, ``max_difference: 2``, ``max_run: 2``, read as "must not move further out",
AMB-D21) and the topscorer exemption (``swiss_colour_exempt``).  Both must forbid the same
pairs, or a bracket could be paired into a round the graph calls incomplete (or the reverse).
Checked on every pair of the first rounds of both stored bbpPairings corpora (forfeits,
byes, late and retired players included)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from swisspairing import Engine, load_ruleset, loads_trf
from swisspairing.feasibility import PairingGraph
from swisspairing.plugins.fide_dutch.criteria import compatible
from swisspairing.plugins.fide_dutch.definitions import round_facts

DATA = Path(__file__).resolve().parent.parent / "data" / "fide_dutch"
CORPORA = {
    "fide-dutch-2025": DATA / "bbp-6.0.0-dutch-2025.jsonl",
    "fide-dutch-2017": DATA / "bbp-5.0.1-dutch-2017.jsonl",
}


@pytest.mark.parametrize("ruleset", sorted(CORPORA))
def test_plugin_compatibility_is_the_core_graph(ruleset: str) -> None:
    engine = Engine(load_ruleset(ruleset))
    rows = [row for row in CORPORA[ruleset].read_text().splitlines() if row][:80]
    checked = 0
    for row in rows:
        case = json.loads(row)
        t = loads_trf(case["trf"])
        context = engine.context(t)
        facts = round_facts(context)
        graph = PairingGraph(context, list(facts.order))
        order = facts.order
        for i, a in enumerate(order):
            for b in order[i + 1 :]:
                ours = compatible(facts.players[a], facts.players[b], facts, context)
                assert ours == graph.may_pair(a, b), (case["name"], a, b)
                checked += 1
    assert checked > 1000
