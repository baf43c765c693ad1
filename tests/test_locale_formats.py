"""Locale negotiation (LANGUAGE priority list, LC_ALL/LC_MESSAGES/LANG, through Babel), the
ruleset's ``language:`` for ``pair``, and numbers in the locale's format."""

from __future__ import annotations

from pathlib import Path

import pytest
from swisspairing.explain import DECIMAL_SIGNS
from swisspairing.explain import format_number as localized
from swisspairing.i18n import LANGUAGES, default_locale
from swisspairing.reports import format_number

ROOT = Path(__file__).parent.parent
ENV = ("SWISSPAIRING_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


@pytest.fixture
def env(monkeypatch):  # type: ignore[no-untyped-def]
    for var in ENV:
        monkeypatch.delenv(var, raising=False)
    return monkeypatch


@pytest.mark.parametrize(
    "settings, expected",
    [
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANG": "de_AT.UTF-8"}, "de"),
        ({"LANG": "en_US.UTF-8", "LC_MESSAGES": "pl_PL.UTF-8"}, "pl"),
        ({"LANG": "en_US.UTF-8", "LC_ALL": "ru_RU.UTF-8"}, "ru"),
        ({"LANG": "de_DE.UTF-8", "LANGUAGE": "pl:ru"}, "pl"),
        ({"LANG": "de_DE.UTF-8", "LANGUAGE": "fr_FR:ru_RU:de"}, "ru"),  # first with a catalogue
        ({"LANG": "de_DE.UTF-8", "LANGUAGE": "fr:it"}, "de"),  # none: the locale decides
        ({"LANG": "C", "LANGUAGE": "pl"}, "en"),  # GNU: LANGUAGE is ignored in the C locale
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({"LANG": "pl_PL.UTF-8", "SWISSPAIRING_LANG": "de"}, "de"),
        ({}, "en"),
    ],
)
def test_negotiation(env, settings, expected) -> None:  # type: ignore[no-untyped-def]
    for var, value in settings.items():
        env.setenv(var, value)
    assert default_locale() == expected


def test_pair_honours_the_rulesets_language(cli, env) -> None:  # type: ignore[no-untyped-def]
    """kpzszach-a-klasa-2005 says ``language: pl``: pair speaks Polish unless --lang says
    otherwise."""
    trf = str(ROOT / "examples" / "pl-a-klasa-2005.trf")
    polish = cli("pair", trf, "--ruleset", "kpzszach-a-klasa-2005", "--explain")
    assert polish.code == 0 and polish.out.startswith("Runda ") and "Wyjaśnienie" in polish.out
    english = cli("--lang", "en", "pair", trf, "--ruleset", "kpzszach-a-klasa-2005", "--explain")
    assert english.out.startswith("Round ") and "Explanation" in english.out


@pytest.mark.parametrize("lang, text", [("en", "2.5"), ("de", "2,5"), ("ru", "2,5"), ("pl", "2,5")])
def test_numbers_in_the_locales_format(lang: str, text: str) -> None:
    assert localized(2.5, lang) == text
    assert format_number(2.5, lang) == text
    assert format_number(1234.25, lang) == text.replace("2", "1234", 1).replace(
        "5", "25"
    )  # no grouping
    assert format_number(3.0, lang) == "3"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_decimal_signs_are_babels(lang: str) -> None:
    """The decimal signs written out for start-up (issue 20) are Babel's locale data."""
    from babel.numbers import get_decimal_symbol

    assert DECIMAL_SIGNS[lang] == get_decimal_symbol(lang)
    assert set(DECIMAL_SIGNS) == set(LANGUAGES)


def test_halves_as_a_fraction() -> None:
    assert format_number(2.5, "de", halves=True) == "2½"
    assert format_number(0.5, "ru", halves=True) == "½"
    assert format_number(10.25, "pl", halves=True) == "10,25"  # not a half: decimal


@pytest.mark.parametrize(
    "lang, decimal", [("de", "3,5"), ("ru", "3,5"), ("pl", "3,5"), ("en", "3.5")]
)
def test_reports_print_scores_in_the_locales_format(cli, lang: str, decimal: str) -> None:  # type: ignore[no-untyped-def]
    trf = str(ROOT / "examples" / "swiss-open-21.trf")
    for fmt in ("text", "csv", "html"):
        res = cli("--lang", lang, "standings", trf, "--ruleset", "fide-dutch-1992", "--format", fmt)
        assert res.code == 0 and decimal in res.out, (fmt, res.out[:300])


def test_ruleset_chooses_the_fraction_sign(cli, tmp_path) -> None:  # type: ignore[no-untyped-def]
    ruleset = tmp_path / "dutch-halves.yaml"
    ruleset.write_text(
        "schema_version: 1\nid: dutch-halves\nextends: fide-dutch-1992\nscore_format: fraction\n",
        encoding="utf-8",
    )
    trf = str(ROOT / "examples" / "swiss-open-21.trf")
    res = cli("--lang", "de", "standings", trf, "--ruleset", str(ruleset))
    assert res.code == 0 and "3½" in res.out and "3,5" not in res.out


def test_russian_crosstable_marks_colours_unambiguously(cli) -> None:  # type: ignore[no-untyped-def]
    """ "21б1" reads "2161": the Russian cells use ○/● and no Cyrillic letter touches a digit."""
    import re

    trf = str(ROOT / "examples" / "swiss-open-21.trf")
    res = cli("--lang", "ru", "crosstable", trf, "--ruleset", "rdf-buchholz")
    assert res.code == 0 and re.search(r"\d+[○●][01½]", res.out)
    assert not re.search(r"\d[а-яё]|[а-яё]\d", res.out, re.IGNORECASE), res.out


@pytest.mark.parametrize("lang, heading", [("de", "Elo-Schnitt"), ("ru", "СРС"), ("pl", "ŚRP")])
def test_aro_has_the_localized_abbreviation(cli, lang: str, heading: str) -> None:  # type: ignore[no-untyped-def]
    trf = str(ROOT / "examples" / "swiss-open-21.trf")
    res = cli("--lang", lang, "standings", trf, "--ruleset", "fide-dutch-1992")
    assert res.code == 0 and heading in res.out and "ARO" not in res.out


def test_pair_errors_after_loading_speak_the_rulesets_language(cli, env, tmp_path) -> None:  # type: ignore[no-untyped-def]
    event = tmp_path / "league.yaml"
    event.write_text(
        "rounds: 1\nboards: 1\nteams:\n  - {name: A, players: [a]}\n  - {name: B, players: [b]}\n"
        "results:\n  - matches: [{white: A, black: B, boards: ['1-0']}]\n",
        encoding="utf-8",
    )
    res = cli("pair", str(event), "--ruleset", "kpzszach-a-klasa-2005")
    assert (
        res.code == 3
        and res.err == "swisspairing: turniej ma tylko 1 rundę i została ona już skojarzona\n"
    )
    english = cli("--lang", "en", "pair", str(event), "--ruleset", "kpzszach-a-klasa-2005")
    assert english.err == "swisspairing: the event has only 1 round and it has been paired\n"
