"""The command line in the user's language: argparse's own words from the catalogues, and a
``--help`` that lists the exit codes, where the rulesets are and an example per subcommand."""

from __future__ import annotations

import argparse

import pytest
from swisspairing.cli import _EXAMPLES, main

SUBCOMMANDS = (
    "pair",
    "check",
    "systems",
    "rulesets",
    "validate",
    "schema",
    "standings",
    "crosstable",
    "pairings",
)

MISSING = {  # usage, the error, and the metavariable in the language (issue 24)
    "en": ("usage: ", "error: the following arguments are required: ", "TOURNAMENT.trf"),
    "de": ("Aufruf: ", "Fehler: folgende Argumente sind erforderlich: ", "TURNIER.trf"),
    "ru": ("использование: ", "ошибка: требуются следующие аргументы: ", "ТУРНИР.trf"),
    "pl": ("użycie: ", "błąd: wymagane są następujące argumenty: ", "TURNIEJ.trf"),
}


@pytest.mark.parametrize("lang", sorted(MISSING))
def test_usage_errors_speak_the_language(capsys, lang: str) -> None:  # type: ignore[no-untyped-def]
    assert main(["--lang", lang, "pair"]) == 3
    err = capsys.readouterr().err
    usage, error, metavar = MISSING[lang]
    assert err.startswith(usage) and f"swisspairing pair: {error}{metavar}, --ruleset/-r" in err
    assert f" {metavar}\n" in err  # the usage line names it so too


@pytest.mark.parametrize(
    "lang, word",
    [("de", "ungültige Auswahl"), ("ru", "недопустимый выбор"), ("pl", "nieprawidłowy wybór")],
)
def test_invalid_choice_is_translated(capsys, lang: str, word: str) -> None:  # type: ignore[no-untyped-def]
    assert main(["--lang", lang, "standings", "x.trf", "-r", "round-robin", "--format", "pdf"]) == 3
    assert word in capsys.readouterr().err


def test_argparse_is_left_as_it_was(cli) -> None:  # type: ignore[no-untyped-def]
    before = argparse._("usage: ")  # type: ignore[attr-defined]
    cli("--lang", "de", "pair")
    assert argparse._("usage: ") == before == "usage: "  # type: ignore[attr-defined]


def _help(capsys, *argv: str) -> str:  # type: ignore[no-untyped-def]
    assert main(list(argv)) == 0
    return capsys.readouterr().out


def test_help_lists_exit_codes_rulesets_and_examples(capsys) -> None:  # type: ignore[no-untyped-def]
    text = _help(capsys, "--help")
    codes = text.split("exit codes:")[1].split("\n\n")[0]
    assert [line.split()[0] for line in codes.strip().splitlines()] == [
        "0",
        "1",
        "2",
        "3",
        "4",
        "5",
    ]
    assert "no valid pairing" in codes and "size limit" in codes and "file" in codes
    assert "rulesets:" in text and "swisspairing rulesets" in text and "--ruleset FILE" in text
    assert "examples:" in text and "swisspairing pair " in text


@pytest.mark.parametrize("command", SUBCOMMANDS)
def test_every_subcommand_has_an_example(capsys, command: str) -> None:  # type: ignore[no-untyped-def]
    text = _help(capsys, command, "--help")
    assert text.rstrip().endswith(_EXAMPLES[command]) and _EXAMPLES[command].startswith(
        f"swisspairing {command}"
    )


@pytest.mark.parametrize(
    "lang, words",
    [
        (
            "de",
            (
                "Aufruf:",
                "Optionen:",
                "diese Hilfe zeigen und beenden",
                "Rückgabewerte:",
                "Beispiele:",
            ),
        ),
        (
            "ru",
            (
                "использование:",
                "параметры:",
                "показать эту справку и выйти",
                "коды завершения:",
                "примеры:",
            ),
        ),
        ("pl", ("użycie:", "opcje:", "pokaż tę pomoc i zakończ", "kody wyjścia:", "przykłady:")),
    ],
)
def test_help_speaks_the_language(capsys, lang: str, words: tuple[str, ...]) -> None:  # type: ignore[no-untyped-def]
    text = _help(capsys, "--lang", lang, "--help")
    for word in words:
        assert word in text, word
    assert "show this help" not in text and "usage:" not in text
