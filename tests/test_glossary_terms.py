"""Every glossary term of ``/work/shared/spec/glossary.md`` (copied check list below, so the
test does not depend on a file outside the repository) that an English msgid uses is
translated with the glossary's word in German, Russian and Polish.

A term matches a translation when every word of one of the glossary's variants appears in it
by its stem (Russian and Polish inflect: "очковая группа" is found in "очковой группы").
Deliberate deviations are listed in ``DEVIATIONS`` with their reasons (and in
``locales/GLOSSARY-ADDENDUM.md``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

LOCALES = Path(__file__).parent.parent / "locales"

#: glossary key: (English pattern in the msgid, German, Russian, Polish variants as in the
#: glossary, "|" between variants).
TERMS: dict[str, tuple[str, str, str, str]] = {
    "score_group": (
        r"\bscore (group|bracket)",
        "Punktgruppe",
        "очковая группа",
        "grupa punktowa|grupy punktowej",
    ),
    "homogeneous": (r"\bhomogeneous\b", "homogen", "однородная", "jednorodna"),
    "heterogeneous": (r"\bheterogeneous\b", "heterogen", "неоднородная", "niejednorodna"),
    "remainder_group": (
        r"\bremainder group\b",
        "übrigbleibende|Restgruppe",
        "оставшаяся",
        "pozostała grupa",
    ),
    "median_group": (
        r"\bmedian group\b",
        "mittlere Punktgruppe|mittlere Gruppe",
        "средняя группа|средняя очковая группа",
        "grupa środkowa|grupy środkowej",
    ),
    "top_half": (r"\b(upper|top) half\b", "obere Hälfte", "верхняя половина", "górna połowa"),
    "bottom_half": (r"\b(lower|bottom) half\b", "untere Hälfte", "нижняя половина", "dolna połowa"),
    "transposition": (
        r"\btranspos",
        "Umstellung|umgestellt|Transposition",
        "перестановка|переставл",
        "przemieszczenie|przestawien",
    ),
    "exchange": (r"\bexchange", "Austausch|getauscht", "обмен", "wymiana|wymian"),
    "absolute_criteria": (
        r"\babsolute criteri",
        "absolute Kriteri",
        "абсолютные критерии",
        "kryteria bezwzględne|kryteriów bezwzględnych",
    ),
    "colour_preference": (
        r"\bcolour preference",
        "Sollfarbe|Farbpräferenz",
        "преимущество цвета",
        "preferencja koloru|preferencji koloru",
    ),
    "due_colour": (
        r"\bdue colour\b",
        "fällige Farbe",
        "положенный цвет|должный цвет",
        "należny kolor",
    ),
    "colour_difference": (
        r"\bcolour difference",
        "Farbdifferenz",
        "разница цветов",
        "różnica kolorów",
    ),
    "rating": (r"\brating\b(?! of opponents)", "Wertungszahl|Elo", "рейтинг", "ranking|rating"),
    "pairing_number": (
        r"\bpairing number",
        "Paarungsnummer|Startnummer",
        "стартовый номер|порядковый номер",
        "numer startowy|numer kojarzenia",
    ),
    "start_list": (
        r"\bstart list\b",
        "Startliste",
        "стартовый список",
        "lista startowa|listy startowej|liście startowej",
    ),
    "round_robin": (
        r"\bround robin\b",
        "Rundenturnier",
        "круговая система|круговой турнир",
        "system kołowy|turniej kołowy",
    ),
    "berger_tables": (r"\bBerger table", "Berger-Tabelle", "таблица Бергера", "tabela Bergera"),
    "cycle": (r"\bcycles?\b", "Durchgang|Durchgäng", "круг", "cykl"),
    "tiebreak": (
        r"\btie-?break",
        "Feinwertung",
        "тай-брейк|дополнительный показатель",
        "punktacja pomocnicza",
    ),
    "buchholz": (r"\bBuchholz\b", "Buchholz", "Бухгольц", "Buchholz"),
    "sonneborn_berger": (
        r"\bSonneborn-Berger\b",
        "Sonneborn-Berger",
        "Зоннеборна-Бергера",
        "Sonneborn-Berger",
    ),
    "direct_encounter": (
        r"\bdirect encounter\b",
        "direkter Vergleich",
        "личная встреча",
        "wynik bezpośredni",
    ),
    "team": (r"\bteams?\b", "Mannschaft", "команда", "drużyna|zespół"),
    "board": (r"\bboards?\b", "Brett", "доска", "szachownica"),
    "match_points": (
        r"\bmatch points?\b",
        "Matchpunkt|Mannschaftspunkt",
        "матчевые очки",
        "punkty meczowe",
    ),
    "game_points": (r"\bgame points?\b", "Brettpunkt", "игровые очки", "punkty z gry"),
    "forfeit": (r"\bforfeit", "kampflos", "без игры", "walkower|nierozegran"),
    "withdrawal": (
        r"\bwithdrawn\b|\bwithdrawal\b",
        "ausgeschieden|Ausscheiden|zurückgezogen",
        "выбыва|выбыл",
        "wycofa",
    ),
    "white": (r"\bWhite\b", "Weiß", "белые", "białe"),
    "black": (r"\bBlack\b", "Schwarz", "чёрные", "czarne"),
    "arbiter": (r"\barbiter\b", "Schiedsrichter", "судья|арбитр", "sędzia"),
    "standings": (
        r"\bstandings\b",
        "Tabellenstand|Rangliste",
        "турнирная таблица|таблица",
        "tabela",
    ),
    "drawing_of_lots": (
        r"\bdrawing of lots\b|\bby lot\b",
        "Los|Auslosung",
        "жребий",
        "losowanie|losowo",
    ),
}

LANGS = ("de", "ru", "pl")
PLACEHOLDER = re.compile(r"\{[^}]*\}")
COLUMN = {"de": 1, "ru": 2, "pl": 3}

#: (glossary key, language, English msgid): why the catalogue uses another word here.
DEVIATIONS: dict[tuple[str, str, str], str] = {
    **{
        (
            "cycle",
            lang,
            "extends forms a cycle: {chain}",
        ): "a cycle of ruleset references, not a cycle of a round robin"
        for lang in ("de", "ru")
    },
    **{
        (
            "board",
            lang,
            "print the board list of a round in publication order",
        ): "the board list is the list of pairings (Paarungsliste / список пар / lista par)"
        for lang in LANGS
    },
    (
        "board",
        "ru",
        "only games played over the board count",
    ): "'over the board' is an idiom: played games (сыгранные партии)",
    (
        "standings",
        "de",
        "the crosstable lists players; use standings for a team event",
    ): "'standings' is the command name",
    **{
        (
            "exchange",
            lang,
            "{player} cannot meet {proposed} (already met or colours not compatible): {opponent} "
            "is exchanged in",
        ): "Lim's substitution of a proposed opponent, not the S1/S2 exchange of the glossary"
        for lang in ("ru", "pl")
    },
}


def _stem(word: str) -> str:
    word = word.lower()
    return word if len(word) <= 3 else word[: max(3, len(word) - 2)]


def _matches(variants: str, text: str) -> bool:
    low = text.lower()
    return any(all(_stem(w) in low for w in variant.split()) for variant in variants.split("|"))


def _catalogue(lang: str):  # type: ignore[no-untyped-def]
    with (LOCALES / lang / "LC_MESSAGES" / "swisspairing.po").open("rb") as fh:
        return read_po(fh, locale=lang)


@pytest.mark.parametrize("lang", LANGS)
def test_glossary_terms_are_translated_with_the_glossarys_word(lang: str) -> None:
    catalog = _catalogue(lang)
    wrong = []
    for key, entry in TERMS.items():
        pattern = re.compile(entry[0])
        variants = entry[COLUMN[lang]]
        for message in catalog:
            if not message.id:
                continue
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            if (
                not pattern.search(PLACEHOLDER.sub("", ids[-1]))
                or (key, lang, ids[0]) in DEVIATIONS
            ):
                continue
            if not all(_matches(variants, s) for s in strings):
                wrong.append((key, ids[0], strings[-1]))
    assert not wrong, f"{lang}: {len(wrong)} translations miss the glossary's word:\n" + "\n".join(
        map(repr, wrong)
    )


def test_deviations_are_still_needed() -> None:
    """A listed deviation whose msgid is gone or that now uses the glossary word is stale."""
    stale = []
    for (key, lang, msgid), _reason in DEVIATIONS.items():
        message = _catalogue(lang).get(msgid)
        if message is None:
            stale.append((key, lang, msgid))
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if all(_matches(TERMS[key][COLUMN[lang]], s) for s in strings):
            stale.append((key, lang, msgid))
    assert not stale, stale
