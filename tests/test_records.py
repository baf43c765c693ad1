"""``RoundPairing.records``: system records kept in the tournament by ``Engine.apply`` and
written to / read back from the TRF (a generic core mechanism; the core never interprets them)."""

from __future__ import annotations

from dataclasses import replace

from swisspairing import Engine, Player, Tournament, dumps_trf, load_ruleset, read_trf


def _tournament(header=()):
    players = tuple(Player(n, f"P{n}", rating=2000 - n) for n in range(1, 5))
    return Tournament(players=players, name="records", header=tuple(header))


def test_records_replace_the_same_codes_in_place_and_survive_the_trf():
    engine = Engine(load_ruleset("round-robin"))
    t = _tournament(
        [("012", "012 records"), ("ABC", "ABC old 1"), ("XYZ", "XYZ kept"), ("ABC", "ABC old 2")]
    )
    pairing = replace(engine.pair(t), records=(("ABC", "ABC new"),))
    applied = engine.apply(t, pairing)
    assert [h for h in applied.header if h[0] in ("ABC", "XYZ")] == [
        ("ABC", "ABC new"),
        ("XYZ", "XYZ kept"),
    ]
    back = read_trf(dumps_trf(applied))
    assert ("ABC", "ABC new") in back.header and ("ABC", "ABC old 1") not in back.header


def test_records_are_appended_when_new_and_absent_records_change_nothing():
    engine = Engine(load_ruleset("round-robin"))
    t = _tournament()
    p = engine.pair(t)
    assert engine.apply(t, p).header == t.header
    applied = engine.apply(t, replace(p, records=(("QQQ", "QQQ 1"), ("QQQ", "QQQ 2"))))
    assert applied.header == (("QQQ", "QQQ 1"), ("QQQ", "QQQ 2"))
    lines = dumps_trf(applied).splitlines()
    assert lines[lines.index("QQQ 1") + 1] == "QQQ 2" and lines.index("QQQ 1") < min(
        i for i, x in enumerate(lines) if x.startswith("001")
    )
