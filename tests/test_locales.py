"""The catalogues: every message in English, German, Russian and Polish.

- the template ``locales/swisspairing.pot`` holds exactly the msgids of the code
  (``test_pot_is_current``: re-extracted with Babel, as the README's maintenance commands do);
- every msgid of the template is translated in de/ru/pl, not fuzzy, with all plural forms,
  the same ``{placeholders}`` as the English text and no Babel checker errors.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po
from swisspairing.i18n import gettext, translations

ROOT = Path(__file__).parent.parent
LOCALES = ROOT / "locales"
POT = LOCALES / "swisspairing.pot"
LANGS = ("de", "ru", "pl")
PLACEHOLDER = re.compile(r"\{([a-zA-Z_][a-zA-Z0-9_]*)(?:![rsa])?(?::[^}]*)?\}")


def _ids(catalog) -> set[str]:  # type: ignore[no-untyped-def]
    return {m.id if isinstance(m.id, str) else m.id[0] for m in catalog if m.id}


def _code_msgids() -> set[str]:
    found: set[str] = set()
    for folder in ("core", "plugins", "rulesets"):
        for _filename, _lineno, message, _comments, _context in extract_from_dir(
            ROOT / folder,
            method_map=[
                ("**.py", "python"),
                ("**.yaml", "swisspairing.i18n:extract_ruleset_names"),
            ],
            keywords={
                "N_": None,
                "NP_": (1, 2),
                "gettext": None,
                "ngettext": (1, 2),
                "pgettext": ((1, "c"), 2),
            },
        ):
            found.add(message if isinstance(message, str) else message[0])
    return found


def test_pot_is_current() -> None:
    with POT.open("rb") as fh:
        pot = read_po(fh)
    assert _code_msgids() == _ids(pot), (
        "locales/swisspairing.pot is out of date: run the extract/update commands of the README"
    )


@pytest.mark.parametrize("lang", LANGS)
def test_catalogue_is_complete(lang: str) -> None:
    with POT.open("rb") as fh:
        pot = read_po(fh)
    path = LOCALES / lang / "LC_MESSAGES" / "swisspairing.po"
    with path.open("rb") as fh:
        po = read_po(fh, locale=lang)
    missing, fuzzy, bad_placeholders = [], [], []
    for template in pot:
        if not template.id:
            continue
        msg = po.get(template.id, context=template.context)
        if msg is None or not (msg.string if isinstance(msg.string, str) else all(msg.string)):
            missing.append(template.id)
            continue
        if msg.fuzzy:
            fuzzy.append(template.id)
        ids = template.id if isinstance(template.id, tuple) else (template.id,)
        strings = msg.string if isinstance(msg.string, tuple) else (msg.string,)
        if isinstance(msg.string, tuple):
            assert len(strings) == po.num_plurals, (
                f"{lang}: {template.id!r} needs {po.num_plurals} plural forms"
            )
        wanted = set(PLACEHOLDER.findall(ids[0]))
        for s in strings:
            if set(PLACEHOLDER.findall(s)) != wanted:
                bad_placeholders.append((template.id, s))
    assert not missing, f"{lang}: {len(missing)} untranslated, e.g. {missing[:5]}"
    assert not fuzzy, f"{lang}: fuzzy entries {fuzzy[:5]}"
    assert not bad_placeholders, f"{lang}: placeholders differ {bad_placeholders[:5]}"
    errors = [(m.id, e) for m, errs in po.check() for e in errs]
    assert not errors, errors[:5]


@pytest.mark.parametrize("lang", LANGS)
def test_translations_are_used(lang: str) -> None:
    """The in-memory compiled catalogue really answers (no ``.mo`` files are needed)."""
    assert gettext("White", lang) != "White"
    assert gettext("White", "en") == "White"
    assert translations(lang).gettext("Round {round}") != "Round {round}"


def test_cli_speaks_the_language(cli) -> None:  # type: ignore[no-untyped-def]
    en = cli(
        "--lang",
        "en",
        "pair",
        str(ROOT / "examples" / "round-robin-8.trf"),
        "--ruleset",
        "round-robin",
    )
    de = cli(
        "--lang",
        "de",
        "pair",
        str(ROOT / "examples" / "round-robin-8.trf"),
        "--ruleset",
        "round-robin",
    )
    assert en.code == de.code == 0
    assert "Board" in en.out and "Board" not in de.out
    assert gettext("White", "de") in de.out
