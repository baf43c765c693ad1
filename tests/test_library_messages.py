"""Library and OS messages in our own words (issue 24): a location, an ``OSError``, a YAML or
JSON syntax problem and a JSON-schema type are rendered through the catalogue, never with
the English text of the C library, PyYAML, ``json`` or ``jsonschema``."""

from __future__ import annotations

import errno
import pickle

import pytest
from swisspairing.errors import InvalidInputError, InvalidTrfError, Location
from swisspairing.explain import render_message
from swisspairing.libmessages import os_problem, yaml_problem
from swisspairing.safeyaml import load_json, load_yaml

LOCATION = {
    "en": "x.trf: line 7, column 92",
    "de": "x.trf: Zeile 7, Spalte 92",
    "ru": "x.trf: строка 7, столбец 92",
    "pl": "x.trf: wiersz 7, kolumna 92",
}


@pytest.mark.parametrize("lang", sorted(LOCATION))
def test_a_location_is_one_catalogue_entry_in_every_language(lang: str) -> None:
    error = InvalidTrfError("opponent {n} does not exist", filename="x.trf", line=7, column=92, n=9)
    assert error.render(lang).startswith(LOCATION[lang] + ": ")
    assert str(error.where) == LOCATION["en"]  # a str, English, as before


def test_a_location_survives_pickling_and_nesting() -> None:
    """Errors cross process boundaries (the service's workers); a location inside a location
    (a value read on line 3 of a KEY=VALUE file) keeps both translated."""
    inner = Location("cfg.txt", 3)
    outer = Location(inner, 1, 5)
    assert pickle.loads(pickle.dumps(outer)).render("de") == "cfg.txt: Zeile 3: Zeile 1, Spalte 5"


@pytest.mark.parametrize(
    "code, lang, words",
    [
        (errno.ENOENT, "de", "Datei oder Ordner nicht gefunden"),
        (errno.EACCES, "ru", "отказано в доступе"),
        (errno.EISDIR, "pl", "to jest folder"),
        (errno.ENOENT, "en", "No such file or directory"),
    ],
)
def test_os_errors_are_told_by_their_code(code: int, lang: str, words: str) -> None:
    reason = os_problem(OSError(code, "whatever the C library says"))
    assert render_message("cannot access file: {reason}", {"reason": reason}, lang).endswith(words)


def test_an_unknown_os_error_is_named_by_its_number() -> None:
    reason = os_problem(OSError(12345, "Some English text"))
    assert render_message("{reason}", {"reason": reason}, "de") == "Systemfehler 12345"


@pytest.mark.parametrize(
    "text, lang, words",
    [
        ("a: b: c\n", "de", "ungültiges YAML: hier darf kein „Schlüssel: Wert“ stehen"),
        ("id: x\nsystem: [a: b\n", "ru", "ожидается ',' или ']', найдено: конец файла"),
        ("a: 1\n---\nb: 2\n", "pl", "plik zawiera więcej niż jeden dokument YAML"),
        ("a: `x`\n", "de", "mit dem Zeichen '`' kann kein Wert beginnen"),
        ("a: 1\n\x00", "ru", "символ U+0000 недопустим"),
    ],
)
def test_yaml_problems_are_our_messages(text: str, lang: str, words: str) -> None:
    with pytest.raises(InvalidInputError) as exc:
        load_yaml(text, "f.yaml")
    assert words in exc.value.render(lang)


def test_an_unknown_yaml_problem_gets_a_general_message_not_english() -> None:
    message, args = yaml_problem("some problem PyYAML may say one day")
    assert render_message(message, args, "pl") == (
        "niepoprawny YAML: w tym miejscu tekstu nie da się odczytać jako YAML"
    )


@pytest.mark.parametrize(
    "text, words",
    [
        ('{"a": }', "ungültiges JSON: hier wird ein Wert erwartet"),
        ('{"a": 1} x', "ungültiges JSON: nach dem Wert folgt weiterer Text"),
        ('{"a" 1}', "ungültiges JSON: hier wird ':' erwartet"),
    ],
)
def test_json_problems_are_our_messages(text: str, words: str) -> None:
    with pytest.raises(InvalidInputError) as exc:
        load_json(text, "f.json")
    assert exc.value.render("de").startswith("f.json: Zeile 1, Spalte ") and words in str(
        exc.value.render("de")
    )
