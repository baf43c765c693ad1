"""End to end: what the program prints in German, Russian or Polish contains no English word
of the English output, apart from names, numbers, rule ids and the international terms below.

The English output of the same command is the reference: every word of it that appears in
the translated output too is an untranslated leftover unless it is a player, team or file
name (taken from the input), inside a rule citation ``[...]``, or in ``INTERNATIONAL``.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
EXAMPLES = ROOT / "examples"
DRAUGHTS = ROOT / "tests" / "data" / "ru_draughts"
WORD = re.compile(r"[A-Za-z][A-Za-z'-]{2,}")

#: Words that are the same in every language of the output: proper names of tie-breaks and
#: systems, FIDE titles and the FIDE C.07 codes, rule-id prefixes, "Name" (German too),
#: "Fed" (Polish abbreviation too), TRF record codes.
INTERNATIONAL = {
    "Buchholz",
    "Sonneborn-Berger",
    "Berger",
    "Solkoff",
    "FIDE",
    "TRF",
    "GM",
    "IM",
    "FM",
    "CM",
    "WGM",
    "WIM",
    "WFM",
    "WCM",
    "Name",
    "Fed",
    "PL-team",
    "Dutch-",
    "RDF",
    "Lim",
    "Olympiad",
    "WIN",
    "WON",
    "BPG",
    "BWG",
    "AMB-",
    "RR-Berger",
    "swisspairing",
    "SPN",
    "SPC",
    "XXR",
}


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.skip = False

    def handle_starttag(self, tag: str, attrs: object) -> None:
        self.skip = tag in ("style", "script")

    def handle_endtag(self, tag: str) -> None:
        self.skip = False

    def handle_data(self, data: str) -> None:
        if not self.skip:
            self.parts.append(data)


def _words(output: str) -> set[str]:
    if "<html" in output:
        parser = _Text()
        parser.feed(output)
        output = " ".join(parser.parts)
    return set(WORD.findall(re.sub(r"\[[^\]]*\]", " ", output)))


def _untranslated(cli, args: list[str], lang: str, source: Path) -> list[str]:  # type: ignore[no-untyped-def]
    english = cli("--lang", "en", *args)
    other = cli("--lang", lang, *args)
    assert english.code == other.code == 0, (english.err, other.err)
    allowed = set(INTERNATIONAL) | set(
        WORD.findall(source.read_text(encoding="utf-8", errors="replace"))
    )
    return sorted((_words(english.out + english.err) & _words(other.out + other.err)) - allowed)


DRAUGHTS_RULESETS = [
    "rdf-base",
    "rdf-buchholz",
    "rdf-buchholz-manual-draw",
    "rdf-coefficient",
    "rdf-random",
    "rdf-solkoff",
    "rdf-solkoff-manual-draw",
]


@pytest.mark.parametrize("ruleset", DRAUGHTS_RULESETS)
@pytest.mark.parametrize("trf", ["round2-eight.trf", "round3-forfeit-withdrawal.trf"])
def test_draughts_explanation_in_russian(cli, ruleset: str, trf: str) -> None:  # type: ignore[no-untyped-def]
    path = DRAUGHTS / trf
    assert (
        _untranslated(cli, ["pair", str(path), "--ruleset", ruleset, "--explain"], "ru", path) == []
    )


@pytest.mark.parametrize("source", ["pl-a-klasa-2005.trf", "pl-a-klasa-2005.yaml"])
def test_polish_team_explanation_in_polish(cli, source: str) -> None:  # type: ignore[no-untyped-def]
    path = EXAMPLES / source
    assert (
        _untranslated(
            cli, ["pair", str(path), "--ruleset", "kpzszach-a-klasa-2005", "--explain"], "pl", path
        )
        == []
    )


def test_dutch_explanation_in_german(cli) -> None:  # type: ignore[no-untyped-def]
    path = EXAMPLES / "swiss-open-21.trf"
    assert (
        _untranslated(
            cli, ["pair", str(path), "--ruleset", "fide-dutch-1992", "--explain"], "de", path
        )
        == []
    )


@pytest.mark.parametrize("lang", ["de", "ru", "pl"])
@pytest.mark.parametrize(
    "source, ruleset",
    [
        ("lim-open-24.trf", "fide-lim"),
        ("olympiad-21-teams.trf", "fide-olympiad-2022"),
        ("round-robin-8.trf", "round-robin"),
    ],
)
def test_other_systems_explanations(cli, lang: str, source: str, ruleset: str) -> None:  # type: ignore[no-untyped-def]
    path = EXAMPLES / source
    assert (
        _untranslated(cli, ["pair", str(path), "--ruleset", ruleset, "--explain"], lang, path) == []
    )


REPORT_INPUTS = [
    (EXAMPLES / "swiss-open-21.trf", "fide-dutch-1992", True),
    (DRAUGHTS / "round3-forfeit-withdrawal.trf", "rdf-buchholz", True),
    (EXAMPLES / "round-robin-8.trf", "round-robin", True),
    (EXAMPLES / "pl-a-klasa-2005.yaml", "kpzszach-a-klasa-2005", False),
    (EXAMPLES / "olympiad-21-teams.trf", "fide-olympiad-2022", False),
]


@pytest.mark.parametrize("lang", ["de", "ru", "pl"])
@pytest.mark.parametrize("command", ["standings", "crosstable", "pairings"])
@pytest.mark.parametrize("fmt", ["text", "html", "csv"])
def test_reports_in_every_language(cli, lang: str, command: str, fmt: str) -> None:  # type: ignore[no-untyped-def]
    for path, ruleset, individual in REPORT_INPUTS:
        if command == "crosstable" and not individual:
            continue  # a crosstable is a table of players
        leftovers = _untranslated(
            cli, [command, str(path), "--ruleset", ruleset, "--format", fmt], lang, path
        )
        assert leftovers == [], (path.name, leftovers)
