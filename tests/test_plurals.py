"""Plural forms: every countable message is rendered with ``ngettext`` and the catalogue's
plural rule (Russian and Polish three forms, German and English two).

Russian: 1, 21 → form 0 (тур); 2, 22 → form 1 (тура); 5, 11 → form 2 (туров).
Polish: 1 → form 0 (rundę); 2, 22 → form 1 (rundy); 5, 11, 21 → form 2 (rund).
"""

from __future__ import annotations

import pytest
from swisspairing.errors import InvalidInputError
from swisspairing.explain import Event
from swisspairing.i18n import NP_, Plural, ngettext, plural_count

COUNTS = (1, 2, 5, 11, 21, 22)

ROUNDS = NP_(
    "the round robin has only {total} round", "the round robin has only {total} rounds", "total"
)

EXPECTED = {
    "en": ("round", "rounds", "rounds", "rounds", "rounds", "rounds"),
    "de": ("Runde", "Runden", "Runden", "Runden", "Runden", "Runden"),
    "ru": ("тур", "тура", "туров", "туров", "тур", "тура"),
    "pl": ("rundę", "rundy", "rund", "rund", "rund", "rundy"),
}


@pytest.mark.parametrize("lang", sorted(EXPECTED))
@pytest.mark.parametrize("k", range(len(COUNTS)))
def test_counted_noun_takes_the_languages_form(lang: str, k: int) -> None:
    n = COUNTS[k]
    text = Event("RR-Berger 1", ROUNDS, {"total": n}).render(lang)
    assert text.endswith(f" {n} {EXPECTED[lang][k]}"), text


VIOLATIONS = {
    "en": ("violation", "violations", "violations", "violations", "violations", "violations"),
    "de": ("Verstoß", "Verstöße", "Verstöße", "Verstöße", "Verstöße", "Verstöße"),
    "ru": ("нарушение", "нарушения", "нарушений", "нарушений", "нарушение", "нарушения"),
    "pl": ("naruszenie", "naruszenia", "naruszeń", "naruszeń", "naruszeń", "naruszenia"),
}


@pytest.mark.parametrize("lang", sorted(VIOLATIONS))
def test_ngettext_call_sites_count_too(lang: str) -> None:
    for n, word in zip(COUNTS, VIOLATIONS[lang], strict=True):
        text = ngettext("{count} violation found", "{count} violations found", n, lang).format(
            count=n
        )
        assert f"{n} {word}" in text, (lang, n, text)


@pytest.mark.parametrize("lang", ["de", "ru", "pl"])
def test_errors_are_rendered_with_the_plural_form(lang: str) -> None:
    msg = NP_(
        "{count} board result, but matches have {boards} boards",
        "{count} board results, but matches have {boards} boards",
        "count",
    )
    texts = [InvalidInputError(msg, count=n, boards=6).render(lang) for n in COUNTS]
    assert len(set(t.replace(str(n), "#") for t, n in zip(texts, COUNTS, strict=True))) == (
        2 if lang == "de" else 3
    )
    assert (
        str(InvalidInputError(msg, count=1, boards=6))
        == "1 board result, but matches have 6 boards"
    )
    assert (
        str(InvalidInputError(msg, count=21, boards=6))
        == "21 board results, but matches have 6 boards"
    )


def test_a_list_is_named_not_counted() -> None:
    """ "team 7" for one team, "teams 7, 9" for more; in Russian the nominative plural even
    for 21 or 22 named teams (the list carries no numeral)."""
    msg = NP_(
        "team {teams} was transferred into this group",
        "teams {teams} were transferred into this group",
        "teams",
    )
    assert (
        Event("PL-team 9", msg, {"teams": [7]}).render("en")
        == "[PL-team 9] team 7 was transferred into this group"
    )
    assert (
        Event("PL-team 9", msg, {"teams": [7, 9]}).render("en")
        == "[PL-team 9] teams 7, 9 were transferred into this group"
    )
    many = list(range(1, 22))
    assert (
        Event("PL-team 9", msg, {"teams": many}).render("ru").startswith("[PL-team 9] команды 1, 2")
    )
    assert Event("PL-team 9", msg, {"teams": [7]}).render("ru").startswith("[PL-team 9] команда 7 ")
    assert (
        Event("PL-team 9", msg, {"teams": many[:2]})
        .render("pl")
        .startswith("[PL-team 9] drużyny 1, 2 ")
    )
    assert plural_count([1]) == 1 and plural_count([]) == plural_count(list(range(21))) == 5


def test_fractions_take_the_form_of_two_and_the_locales_decimal_sign() -> None:
    msg = NP_(
        "group of {score} point above the median group, paired downward: {players}",
        "group of {score} points above the median group, paired downward: {players}",
        "score",
    )
    assert (
        Event("Lim 2.2", msg, {"score": 2.5, "players": [1]})
        .render("en")
        .startswith("[Lim 2.2] group of 2.5 points above")
    )
    assert (
        Event("Lim 2.2", msg, {"score": 2.5, "players": [1]})
        .render("de")
        .startswith("[Lim 2.2] Gruppe mit 2,5 Punkten ")
    )
    assert (
        Event("Lim 2.2", msg, {"score": 2.5, "players": [1]})
        .render("ru")
        .startswith("[Lim 2.2] группа с 2,5 очками ")
    )
    assert (
        Event("Lim 2.2", msg, {"score": 1.0, "players": [1]})
        .render("en")
        .startswith("[Lim 2.2] group of 1 point above")
    )


def test_plural_message_is_its_singular_msgid_and_round_trips() -> None:
    assert ROUNDS == "the round robin has only {total} round"
    assert eval(repr(ROUNDS)) == ROUNDS and eval(repr(ROUNDS)).plural == ROUNDS.plural
    assert isinstance(eval(repr(ROUNDS)), Plural)
