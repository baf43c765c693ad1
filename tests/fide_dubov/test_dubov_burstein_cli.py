"""``swisspairing pair --explain`` for the Dubov and Burstein rulesets, in every language."""

from __future__ import annotations

import pytest
from swisspairing import Engine, dumps_trf, load_ruleset
from swisspairing.simulate import simulate


@pytest.mark.parametrize(
    ("ruleset", "lang", "expected"),
    [
        ("fide-dubov-1997", "en", "ARO list"),
        # the tables' words for ARO, not the English letters (issue 24 item 7)
        ("fide-dubov-1997", "de", "Elo-Schnitt der Gegner"),
        ("fide-dubov-1997", "ru", "Список среднего рейтинга"),
        ("fide-dubov-1997", "pl", "Lista ŚRP"),
        ("fide-burstein", "de", "nach dem Index geordnet"),
        ("fide-burstein-2025", "ru", "в порядке индекса"),
        ("fide-burstein", "pl", "według indeksu"),
        ("fide-dubov-2026", "de", "Elo-Schnitt der Gegner"),
        ("fide-dubov-2026", "pl", "S1 według rosnącego ŚRP"),
    ],
)
def test_pair_explain_translated(cli, tmp_path, ruleset: str, lang: str, expected: str) -> None:  # type: ignore[no-untyped-def]
    engine = Engine(load_ruleset(ruleset))
    t = simulate(engine, 21, 5, 3)
    text = dumps_trf(t).replace("XXR 5", "XXR 9")
    path = tmp_path / "t.trf"
    path.write_text(text)
    r = cli("--lang", lang, "pair", str(path), "--ruleset", ruleset, "--explain")
    assert r.code == 0, r.err
    assert expected in r.out
    r2 = cli("pair", str(path), "--ruleset", ruleset, "-p", str(tmp_path / "pairs.txt"))
    assert r2.code == 0
    lines = (tmp_path / "pairs.txt").read_text().split("\n")
    assert int(lines[0]) >= 9
