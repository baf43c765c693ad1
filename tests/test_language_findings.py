"""What a German, Russian or Polish arbiter must never read (issue 24): English words, a word
of Latin and Cyrillic letters mixed, a number counted with the wrong form of its noun, a
number with the decimal point.

Every command of the CLI is run in de/ru/pl on inputs that make it print its errors, its
warnings, its ``check`` and ``validate`` reports and its ``--help``; the English output of
the same command is the reference for English leftovers (a word that appears in both, and
is neither taken from the input nor a name, id or international term, was not translated).
The detectors are tested on the findings of issue 24 themselves, so that each kind of
finding makes a test fail if it comes back.
"""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest
from swisspairing.i18n import gettext

ROOT = Path(__file__).parent.parent
DATA = ROOT / "tests" / "data"
EXAMPLES = ROOT / "examples"
LANGS = ("de", "ru", "pl")

#: A Latin word of three letters or more (not the Latin start of a word such as "listę").
WORD = re.compile(r"(?<![^\W\d_])[A-Za-z][A-Za-z_'-]+[A-Za-z](?![^\W\d_])")
LETTERS = re.compile(r"[^\W\d_]+")
LATIN = re.compile(r"[A-Za-z]")
CYRILLIC = re.compile(r"[\u0400-\u04FF]")
#: A number with a decimal point: not part of a longer dotted run (``0.1.0``, ``C.04.3``).
DECIMAL_POINT = re.compile(r"(?<![\w.])[0-9]+\.[0-9]+(?![\w.])")
#: Rule numbers outside brackets (``Farben nach Dubov 3.2``, ``RDF 5.4.10.7.3``): ids.
RULE_NUMBER = re.compile(
    r"\b(?:Dubov|Burstein|Dutch|Lim|RDF|Olympiad|PL-team|RR-Berger|AMB|C)(?:-[0-9]+)?"
    r"\s+[A-Z]?[0-9]+(?:\.[0-9]+)*[a-z]?"
)

#: Words that are the same in every language of the output: system and tie-break names,
#: FIDE titles, file formats and record codes, the program's name, its options' values.
INTERNATIONAL = {
    "Buchholz",
    "Sonneborn-Berger",
    "Berger",
    "Solkoff",
    "FIDE",
    "TRF",
    "TRFx",
    "YAML",
    "JSON",
    "UTF-8",
    "HTTP",
    "HTML",
    "CSV",
    "BOM",
    "Name",
    "Fed",
    "Dutch-",
    "Dubov",
    "Burstein",
    "RDF",
    "Lim",
    "Olympiad",
    "swisspairing",
    "JaVaFo",
    "bbpPairings",
    "extends",
    "schema_version",
    "true",
    "false",
    "null",
    "ARO",
    "Elo",
    "MIN-MAX",
    "Start",
    "LANG",
    "LANGUAGE",
    "UTF",
    "TRF16",
    "matplotlib",
    "Dask",
    "log",
    "XXR",
    "XXP",
    "XXZ",
    "XXA",
    "XXS",
    "XXC",
    "BBW",
    "BBD",
    "BBL",
    "BBZ",
    "BBF",
    "BBU",
    "SPN",
    "SPC",
}

#: Words that are English and also words of the language (``Host``, ``Port`` in German,
#: ``program``, ``system`` in Polish).
SAME_WORD = {
    "de": {"HOST", "PORT", "BYTES", "SYSTEM", "FORMAT", "Name", "parallel", "Schema", "Index"},
    "ru": set(),
    "pl": {"HOST", "PORT", "PROGRAM", "SYSTEM", "FORMAT", "alias", "limit", "format", "port"},
}

#: Nouns counted in the messages: the forms after a number (Russian one = 1, 21, …; few =
#: 2–4, 22–24, …; many = 0, 5–20, 25–30, …; Polish one = 1, few = 2–4, 22–24, …, many = the
#: rest; German one = 1), and after a preposition that takes the genitive (``для 21
#: участника``, ``dla 5 zawodników``): the genitive singular for one, the plural for the rest.
#: (lemma: (one, few, many, genitive singular, genitive plural); a form may be a set.)
COUNTED: dict[str, dict[str, tuple[object, ...]]] = {
    "ru": {
        "тур": ("тур", "тура", "туров", "тура", "туров"),
        "игрок": ("игрок", "игрока", "игроков", "игрока", "игроков"),
        "участник": ("участник", "участника", "участников", "участника", "участников"),
        "нарушение": ("нарушение", "нарушения", "нарушений", "нарушения", "нарушений"),
        "очко": ("очко", "очка", "очков", "очка", "очков"),
        "команда": ("команда", "команды", "команд", "команды", "команд"),
    },
    "pl": {
        "runda": ({"runda", "rundę"}, "rundy", "rund", "rundy", "rund"),
        "zawodnik": (  # the accusative of one is "zawodnika" (grupa licząca 1 zawodnika)
            {"zawodnik", "zawodnika"},
            {"zawodnicy", "zawodników"},
            "zawodników",
            "zawodnika",
            "zawodników",
        ),
        "naruszenie": ("naruszenie", "naruszenia", "naruszeń", "naruszenia", "naruszeń"),
        "drużyna": ({"drużyna", "drużynę"}, "drużyny", "drużyn", "drużyny", "drużyn"),
    },
    "de": {
        "Runde": ("Runde", "Runden", "Runden", "Runde", "Runden"),
        "Verstoß": ("Verstoß", "Verstöße", "Verstöße", "Verstoß", "Verstöße"),
        "Mannschaft": ("Mannschaft", "Mannschaften", "Mannschaften", "Mannschaft", "Mannschaften"),
        "Punkt": ("Punkt", {"Punkte", "Punkten"}, {"Punkte", "Punkten"}, "Punkt", "Punkten"),
    },
}
GENITIVE = {
    "ru": {"для", "из", "до", "от", "без", "больше", "меньше", "более", "менее", "свыше", "около"},
    "pl": {"dla", "do", "od", "bez", "spośród", "wśród", "około", "z"},
    "de": set(),
}


def _forms(form: object) -> set[str]:
    return set(form) if isinstance(form, set) else {str(form)}


def plural_category(lang: str, n: int) -> str:
    """The CLDR plural category of ``n`` (integers)."""
    if lang == "de":
        return "one" if n == 1 else "other"
    if lang == "ru":
        if n % 10 == 1 and n % 100 != 11:
            return "one"
        if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14):
            return "few"
        return "many"
    if n == 1:
        return "one"
    if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14):
        return "few"
    return "many"


def _strip(text: str) -> str:
    """The text without what is not language: rule citations ``[…]``, paths and file names,
    options, choices and the example commands of ``--help``."""
    lines = [line for line in text.splitlines() if not line.lstrip().startswith("swisspairing ")]
    text = "\n".join(lines)
    text = re.sub(r"\[[^\]\n]*\]", " ", text)
    text = re.sub(r"\{[^}\n]*\}", " ", text)
    text = re.sub(r"\S*/\S*", " ", text)  # paths
    text = re.sub(r"\S+\.(?:trf|yaml|json|html|csv|txt)\b", " ", text)
    text = re.sub(r"(?<!\w)--?[A-Za-z][\w-]*", " ", text)  # options
    text = re.sub(r"\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b", " ", text)  # SWISSPAIRING_DEBUG, LC_ALL
    text = re.sub(r"'[\w.+-]*'", " ", text)  # literal values: 'all', 'bucholz'
    text = re.sub(r"\b[a-z0-9]+(?:-[a-z0-9+]+)+", " ", text)  # ids: fide-dutch-1992, aro-cut1
    return RULE_NUMBER.sub(" ", text)


def english_leftovers(english: str, other: str, lang: str, allowed: set[str]) -> list[str]:
    """Words of the English output that the translated output has too."""
    keep = INTERNATIONAL | SAME_WORD[lang] | allowed
    keep |= {w for choice in re.findall(r"\{([^}\n]*)\}", english) for w in WORD.findall(choice)}
    common = set(WORD.findall(_strip(english))) & set(WORD.findall(_strip(other)))
    return sorted(
        w
        for w in common
        if w not in keep
        and w.lower() not in keep
        and not any(k.startswith(w) for k in keep if len(w) >= 3)  # an id cut short: "prog…"
    )


def mixed_script_words(text: str) -> list[str]:
    """Words with Latin and Cyrillic letters in them (``Cвободен`` with a Latin C)."""
    return sorted({w for w in LETTERS.findall(text) if LATIN.search(w) and CYRILLIC.search(w)})


def decimal_points(text: str) -> list[str]:
    """Numbers written with a decimal point (de/ru/pl write a comma)."""
    return DECIMAL_POINT.findall(_strip(text))


def wrong_counted_forms(text: str, lang: str) -> list[str]:
    """``<number> <noun>`` where the noun's form does not fit the number (and the case the
    word before the number asks for)."""
    index = {
        form: lemma
        for lemma, forms in COUNTED[lang].items()
        for form_set in forms
        for form in _forms(form_set)
    }
    found = []
    for before, number, noun in re.findall(
        r"(?:([^\W\d_]+)\s+)?(?<![\w.,])([0-9]+) ([^\W\d_]+)", _strip(text)
    ):
        if noun not in index:
            continue
        one, few, many, gen_one, gen_other = COUNTED[lang][index[noun]]
        category = plural_category(lang, int(number))
        if before.lower() in GENITIVE[lang]:
            right = _forms(gen_one if category == "one" else gen_other)
        else:
            right = _forms({"one": one, "few": few}.get(category, many))
        if noun not in right:
            found.append(f"{before} {number} {noun}".strip())
    return found


def findings(english: str, other: str, lang: str, allowed: set[str]) -> dict[str, list[str]]:
    """Every finding of the four kinds in the translated output ``other``."""
    result = {
        "english": english_leftovers(english, other, lang, allowed),
        "mixed": mixed_script_words(other),
        "decimal": decimal_points(other),
        "counted": wrong_counted_forms(other, lang),
    }
    return {k: v for k, v in result.items() if v}


# --------------------------------------------------------------- the detectors themselves
@pytest.mark.parametrize(
    "lang, english, other, kind",
    [  # the findings of issue 24, as they were printed
        ("ru", "line 20, column 122: x", "line 20, column 122: всего 3 туров", "english"),
        ("de", "cannot access file: No such file", "kein Zugriff: No such file", "english"),
        ("ru", "is not of type integer", "не имеет тип integer", "english"),
        ("de", "show program's version number and exit", "show program's version", "english"),
        ("ru", "", "всего 3 туров (строка 17)", "counted"),
        ("pl", "", "turniej ma tylko 3 rund", "counted"),
        ("ru", "", "всего 21 туров", "counted"),
        ("ru", "", "найдено 22 нарушений", "counted"),
        ("pl", "", "5 rundy", "counted"),
        ("de", "", "nur 1 Runden", "counted"),
        ("de", "", "Punktefeld 1.5 stimmt nicht (2.0)", "decimal"),
        ("ru", "", "игрок 7 (8.5)", "decimal"),
        ("ru", "", "Cвободен от игры", "mixed"),  # Latin C
    ],
)
def test_each_kind_of_finding_is_detected(lang: str, english: str, other: str, kind: str) -> None:
    assert kind in findings(english, other, lang, set()), (other, kind)


@pytest.mark.parametrize(
    "lang, text",
    [
        ("ru", "всего 1 тур, 2 тура, 5 туров, 11 туров, 21 тур, 22 тура"),
        ("pl", "1 rundę, 2 rundy, 5 rund, 11 rund, 21 rund, 22 rundy"),
        ("de", "1 Runde, 2 Runden, 5 Runden, 11 Runden, 21 Runden, 22 Runden"),
        ("de", "Punktgruppe 2,5; swisspairing 0.1.0; [Dutch-1992 C.04.3] Dubov 3.2"),
        ("ru", "YAML-файл TRF16"),
    ],
)
def test_right_text_has_no_finding(lang: str, text: str) -> None:
    assert findings("", text, lang, set()) == {}


# --------------------------------------------------------------- the commands
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
    "generate",
    "simulate",
    "serve",
)


def _tree(tmp: Path) -> dict[str, Path]:
    """Inputs that make the commands print their errors and warnings."""
    files = {
        "bad-flow.yaml": "id: x\nsystem: [a: b\n",
        "bad-colon.yaml": "a: b: c\n",
        "two-docs.yaml": "a: 1\n---\nb: 2\n",
        "bad-type.yaml": (
            'schema_version: 1\nid: x\nsystem: round-robin-berger\nsearch_budget: "x"\n'
        ),
        "bad.json": '{"a": 1,}',
        "records.trf": (
            "012 Turnier\nXXR 3\nQQQ unknown record\n"
            + (DATA / "rr-6-correct.trf").read_text(encoding="utf-8").split("\n", 1)[1]
        ),
    }
    lines = (DATA / "rr-6-correct.trf").read_text(encoding="utf-8").splitlines()
    lines[2] = lines[2][:80] + " 3.5" + lines[2][84:]  # the results give 1.0
    files["points-field.trf"] = "\n".join(lines) + "\n"
    out = {}
    for name, text in files.items():
        (tmp / name).write_text(text, encoding="utf-8")
        out[name] = tmp / name
    return out


def _commands(tmp: Path) -> list[list[str]]:
    t = _tree(tmp)
    rr = ["-r", "round-robin"]
    commands: list[list[str]] = [
        ["--help"],
        ["--version"],
        ["pair"],  # usage error: the required arguments
        ["standings", str(DATA / "rr-6-correct.trf"), *rr, "--format", "pdf"],
        *([c, "--help"] for c in SUBCOMMANDS),
        ["pair", str(tmp / "missing.trf"), *rr],
        ["pair", str(tmp), *rr],  # a folder
        ["validate", *(str(t[n]) for n in ("bad-flow.yaml", "bad-colon.yaml", "two-docs.yaml"))],
        ["validate", str(t["bad-type.yaml"]), str(tmp / "missing.yaml")],
        ["validate", *(str(p) for p in sorted((DATA / "rulesets").glob("*.yaml")))],
        ["validate", *(str(p) for p in sorted((DATA / "hostile").glob("*.yaml")))],
        ["pair", str(EXAMPLES / "pl-a-klasa-2005.trf"), "-r", str(t["bad.json"])],
        ["check", str(DATA / "rr-6-rematch.trf"), *rr],
        ["check", str(DATA / "rr-6-wrong-colours.trf"), *rr],
        ["check", str(DATA / "rr-6-correct.trf"), *rr],
        ["pair", str(t["records.trf"]), *rr],  # a warning: records kept but not read
        ["check", str(t["points-field.trf"]), *rr],  # points field 3,5 … (1,0)
    ]
    for path in sorted(DATA.glob("*-invalid.trf")):
        commands.append(["pair", str(path), *rr])
    for path in sorted((DATA / "hostile").glob("*.trf")):
        commands.append(["check", str(path), *rr])
    return commands


def _ids() -> set[str]:
    """Names that are ids, never translated: rulesets, systems, tie-breaks, record codes."""
    from swisspairing.manager import ruleset_dirs, system_names
    from swisspairing.ruleset import builtin_rulesets
    from swisspairing.standings import CORE_TIEBREAKS

    names = set(builtin_rulesets(ruleset_dirs())) | set(system_names()) | set(CORE_TIEBREAKS)
    names |= set(SUBCOMMANDS)
    return set(WORD.findall(" ".join(sorted(names))))


def _call(cli, argv: list[str]):  # type: ignore[no-untyped-def]
    """``cli(*argv)``, with what argparse prints on ``sys.stdout`` (``--help``) in ``out``."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        result = cli(*argv)
    result.out, result.err = out.getvalue() + result.out, err.getvalue() + result.err
    return result


def _input_words(argv: list[str]) -> set[str]:
    """Words of the command line and of the files it names (keys, names, ids in them)."""
    words = set(WORD.findall(" ".join(argv)))
    for arg in argv:
        path = Path(arg)
        if path.is_file():
            words |= set(WORD.findall(path.read_text(encoding="utf-8", errors="replace")))
    return words


def _run_all(cli, tmp: Path, lang: str) -> list[tuple[list[str], dict[str, list[str]]]]:  # type: ignore[no-untyped-def]
    found = []
    ids = _ids()
    for argv in _commands(tmp):
        english = _call(cli, ["--lang", "en", *argv])
        other = _call(cli, ["--lang", lang, *argv])
        assert english.code == other.code, (argv, english.err, other.err)
        allowed = _input_words(argv) | ids
        result = findings(english.out + english.err, other.out + other.err, lang, allowed)
        if result:
            found.append((argv, result))
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_errors_warnings_checks_and_help_read_in_the_language(
    cli, tmp_path: Path, lang: str
) -> None:  # type: ignore[no-untyped-def]
    assert _run_all(cli, tmp_path, lang) == []


#: One input per system (and edition) whose ``--explain`` says much: brackets, floats,
#: colours, byes, scores with halves.
EXPLAINED = [
    (DATA / "fide_dubov_2026" / "n16-seed4-round5.trf", "fide-dubov-2026"),
    (DATA / "fide_dubov_2026" / "n16-seed4-round5.trf", "fide-dubov-1997"),
    (DATA / "fide_burstein_2025" / "n16-seed1-round5.trf", "fide-burstein-2025"),
    (EXAMPLES / "swiss-open-21.trf", "fide-dutch-2025"),
    (EXAMPLES / "swiss-open-21.trf", "fide-dutch-2017"),
    (EXAMPLES / "swiss-open-21.trf", "fide-dutch-1992"),
    (EXAMPLES / "lim-open-24.trf", "fide-lim"),
    (EXAMPLES / "pl-a-klasa-2005.yaml", "kpzszach-a-klasa-2005"),
    (EXAMPLES / "olympiad-21-teams.trf", "fide-olympiad-2006"),
    (EXAMPLES / "olympiad-21-teams.trf", "fide-olympiad-2010"),
    (EXAMPLES / "olympiad-21-teams.trf", "fide-olympiad-2022"),
    (DATA / "ru_draughts" / "round3-forfeit-withdrawal.trf", "rdf-coefficient"),
    (EXAMPLES / "round-robin-8.trf", "round-robin"),
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("path, ruleset", EXPLAINED, ids=[r for _, r in EXPLAINED])
def test_every_system_explains_in_the_language(cli, lang: str, path: Path, ruleset: str) -> None:  # type: ignore[no-untyped-def]
    """``pair --explain`` of every system, the team systems too: no English word, no mixed
    script, every count in its form, every score with the decimal comma."""
    argv = ["pair", str(path), "-r", ruleset, "--explain"]
    english, other = _call(cli, ["--lang", "en", *argv]), _call(cli, ["--lang", lang, *argv])
    assert english.code == other.code == 0, other.err
    allowed = _input_words(argv) | _ids()
    assert findings(english.out + english.err, other.out + other.err, lang, allowed) == {}


# --------------------------------------------------------------- counted nouns
COUNTS = (1, 2, 5, 11, 21, 22)


#: A TRF16 player line without its round blocks (start number, name and points in their columns).
_TEMPLATE = (DATA / "rr-6-correct.trf").read_text(encoding="utf-8").splitlines()[2][:89]


def _player(number: int, blocks: str = "") -> str:
    line = _TEMPLATE[:4] + f"{number:>4}" + _TEMPLATE[8:14] + f"Spieler {number}".ljust(33)
    return (line + _TEMPLATE[47:80] + " 0.0").ljust(89) + blocks


def _beyond_xxr(tmp: Path, total: int) -> Path:
    """A round-robin TRF with ``XXR total`` and one more round recorded than that."""
    lines = ["012 Zähltest", f"XXR {total}"]
    for number in (1, 2):
        colour = "w" if number == 1 else "b"
        lines.append(_player(number, f"  {3 - number:04d} {colour} =" * (total + 1)))
    path = tmp / f"beyond-{total}.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("total", COUNTS)
def test_rounds_are_counted_in_the_right_form(cli, tmp_path: Path, lang: str, total: int) -> None:  # type: ignore[no-untyped-def]
    """``round 2 is recorded, but the tournament has only N rounds``: the noun in the form of
    N (Russian 21 тур, 22 тура; Polish 21 rund, 22 rundy)."""
    path = _beyond_xxr(tmp_path, total)
    english = cli("--lang", "en", "pair", str(path), "-r", "round-robin")
    other = cli("--lang", lang, "pair", str(path), "-r", "round-robin")
    assert other.code == english.code == 3, other.err
    assert f"only {total} round" in english.err, english.err
    expected = {"de": "Runde", "ru": "тур", "pl": "rund"}[lang]
    assert re.search(rf" {total} {expected}", other.err), other.err
    assert findings(english.err, other.err, lang, {"Spieler"}) == {}


def _round_robin(tmp: Path, players: int) -> Path:
    lines = ["012 Rundenturnier", f"XXR {players - 1 + players % 2}"]
    lines += [_player(number) for number in range(1, players + 1)]
    path = tmp / f"rr-{players}.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("players", [n for n in COUNTS if n > 1])
def test_round_robin_explanation_counts_players(
    cli, tmp_path: Path, lang: str, players: int
) -> None:  # type: ignore[no-untyped-def]
    """RR-Berger 2/3: ``players take the table numbers 1 to 21`` (never the singular for 21)
    and ``Berger table for 21 players`` in the form of the number."""
    path = _round_robin(tmp_path, players)
    argv = ["pair", str(path), "-r", "round-robin", "--explain"]
    english, other = cli("--lang", "en", *argv), cli("--lang", lang, *argv)
    assert english.code == other.code == 0, other.err
    assert "the player takes table number" not in english.out
    assert findings(english.out, other.out, lang, {"Spieler"}) == {}


def test_polish_help_speaks_in_the_imperative(cli) -> None:  # type: ignore[no-untyped-def]
    """One mood in the Polish ``--help``: the imperative of argparse's own ``pokaż tę pomoc
    i zakończ`` (issue 24: ``skojarzyć`` beside ``wygeneruj``), never an infinitive."""
    infinitives = []
    for command in ("", *SUBCOMMANDS):
        text = _call(cli, ["--lang", "pl", *([command] if command else []), "--help"]).out
        for line in text.splitlines():
            match = re.match(r"\s+(?:-\S+(?:, -\S+)?(?: \S+)?|\w+)\s{2,}(\w+)", line)
            if match and match.group(1).endswith("ć"):
                infinitives.append(line.strip())
    assert infinitives == []


# --------------------------------------------------------------- the system's own terms
#: The word seed 002 uses for the pairing-allocated bye of the draughts Swiss (RDF 5.4.10.2(f):
#: «получает плюс») and that the same ruleset's explanation uses, per language; the core's
#: ``bye`` (Russian «свободен от игры») must not stand beside it in the pairing list.
#: (label in the list, its stem in the explanation's sentences, the core's word).
DRAUGHTS_PLUS = {
    "ru": ("плюс", "плюс", "свободен от игры"),
    "de": ("Freilos", "Freilos", None),
    "pl": ("pauza", "pauz", None),
}


@pytest.mark.parametrize("lang", LANGS)
def test_draughts_pairing_list_names_the_bye_as_the_explanation_does(
    cli, tmp_path: Path, lang: str
) -> None:  # type: ignore[no-untyped-def]
    """RDF 5.4.10.2(f): nine players, the last of the order gets the plus.  The board list of
    ``pair`` and the ``pairings`` report of the written round print the word the explanation
    uses for it (``plus`` through the system's ``swiss_system_info``), not the core's."""
    word, stem, core_word = DRAUGHTS_PLUS[lang]
    source = DATA / "ru_draughts" / "round1-nine.trf"
    argv = ["--lang", lang, "pair", str(source), "-r", "rdf-base", "--explain"]
    shown = _call(cli, argv)
    assert shown.code == 0, shown.err
    table, explanation = shown.out.split("\n\n" + gettext("Explanation", lang) + "\n")
    bye_line = [line for line in table.splitlines() if line.strip().startswith("9  ")]
    assert bye_line and bye_line[0].rstrip().endswith(word), table
    assert stem in explanation, explanation
    written = tmp_path / "r1.trf"
    assert _call(cli, ["pair", str(source), "-r", "rdf-base", "-o", str(written)]).code == 0
    report = _call(cli, ["--lang", lang, "pairings", str(written), "-r", "rdf-base"])
    assert report.code == 0, report.err
    assert re.search(rf"\b{word} \(1\)", report.out), report.out
    if core_word:
        assert core_word not in shown.out + report.out
    english = _call(cli, ["--lang", "en", "pairings", str(written), "-r", "rdf-base"])
    assert "plus (1)" in english.out, english.out


@pytest.mark.parametrize("lang", LANGS)
def test_draughts_tiebreak_is_the_truncated_solkoff_of_seed_002(cli, lang: str) -> None:  # type: ignore[no-untyped-def]
    """RDF 5.4.10.6.2 names the sum of the opponents' points except the worst «усечённый
    коэффициент Солкофа» (glossary 61): the draughts standings' legend says so and cites that
    rule, not the chess «Бухгольц без худшего» (glossary 60) nor the digest's English ``TB 2``;
    the chess rulesets keep the FIDE name (C.07 14.1)."""
    name = {
        "de": "gekürzte Solkoff-Wertung",
        "ru": "усечённый коэффициент Солкофа",
        "pl": "obcięty współczynnik Solkoffa",
    }[lang]
    chess = gettext("Buchholz cut 1", lang)
    source = DATA / "ru_draughts" / "round2-eight.trf"
    draughts = _call(cli, ["--lang", lang, "standings", str(source), "-r", "rdf-base"])
    assert draughts.code == 0, draughts.err
    legend = [line for line in draughts.out.splitlines() if name in line]
    assert legend and legend[0].endswith(f"{name} (RDF 5.4.10.6.2)"), draughts.out
    assert chess not in draughts.out and "TB 2" not in draughts.out
    lim = _call(
        cli, ["--lang", lang, "standings", str(EXAMPLES / "lim-open-24.trf"), "-r", "fide-lim"]
    )
    assert lim.code == 0, lim.err
    assert chess in lim.out and name not in lim.out, lim.out


# --------------------------------------------------------------- reasons cite the regulation
#: Four rounds of six players (all games drawn) in which player 1 has White every round:
#: round 4 gives him White a fourth time running (and a colour difference of 4), and the
#: rematch file repeats round 1 as round 2.
_WHITE_FOUR = [
    [(1, 2), (3, 4), (5, 6)],
    [(1, 3), (2, 5), (4, 6)],
    [(1, 4), (6, 2), (5, 3)],
    [(1, 5), (4, 2), (6, 3)],
]
_REMATCH = [[(1, 2), (3, 4), (5, 6)], [(2, 1), (4, 3), (6, 5)]]


def _schedule(tmp: Path, name: str, rounds: list[list[tuple[int, int]]]) -> Path:
    blocks: dict[int, str] = {n: "" for n in range(1, 7)}
    for pairs in rounds:
        for white, black in pairs:
            blocks[white] += f"  {black:04d} w ="
            blocks[black] += f"  {white:04d} b ="
    points = f"{len(rounds) / 2:>4.1f}"  # every game drawn
    lines = ["012 Begründungen", "XXR 7"]
    lines += [(line := _player(n, blocks[n]))[:80] + points + line[84:] for n in range(1, 7)]
    path = tmp / f"{name}.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


#: What each system cites for the core's generic criteria (its ``CORE_CRITERIA`` table):
#: (rematch, colour limit the fourth White breaks).
CITED = {
    "rdf-base": ("RDF 5.4.10.2(a)", "RDF 5.4.10.2(c)"),
    "fide-dutch-1992": ("Dutch-1992 B1a", "Dutch-1992 B2a"),
    "fide-dutch-2025": ("BR 2", "BR 6"),
}


@pytest.mark.parametrize("ruleset", sorted(CITED))
@pytest.mark.parametrize("lang", ("en", *LANGS))
def test_repair_reasons_cite_the_systems_rule(cli, tmp_path: Path, lang: str, ruleset: str) -> None:  # type: ignore[no-untyped-def]
    """``check --repair --explain``: the reasons why the published pairing is not ours cite
    the rule the system cites for the same criterion in ``check`` (RDF 5.4.10.2(a)/(c),
    Dutch-1992 B1a/B2a, C.04.1 BR 2/BR 6), never the configuration keys ``max_meetings``,
    ``forbidden`` or ``colours`` (issue 24, finding 8)."""
    rematch_rule, colour_rule = CITED[ruleset]
    for name, rounds, rule in (
        ("rematch", _REMATCH, rematch_rule),
        ("white-four", _WHITE_FOUR, colour_rule),
    ):
        path = _schedule(tmp_path, name, rounds)
        argv = ["--lang", lang, "check", str(path), "-r", ruleset, "--repair", "--explain"]
        shown = _call(cli, argv)
        assert shown.code == 1, shown.out + shown.err
        assert f"[{rule}] " in shown.out, shown.out
        for key in ("max_meetings", "forbidden", "colours"):
            assert f"[{key}" not in shown.out, shown.out


# --------------------------------------------------------------- one entry per form
#: The forms that one listed player and several take in the sentences of issue 24's finding 3
#: (player 1 with White four times running: he already met 2, 3, 4, 5, and the colour limits
#: leave him no game against 6 — AMB-D21, Dutch-1992 B2).
ONE_AND_MANY = {
    "en": ("already met players 2, 3, 4, 5", "to meet player 6", "of player 1 already breaks"),
    "de": (
        "gegen Spieler 2, 3, 4, 5 gespielt",
        "die Partie gegen Spieler 6",
        "von Spieler 1 verletzt",
    ),
    "ru": ("с игроками 2, 3, 4, 5", "с игроком 6", "у игрока 1 уже нарушает"),
    "pl": ("z zawodnikami 2, 3, 4, 5", "z zawodnikiem 6", "zawodnika 1 już narusza"),
}


@pytest.mark.parametrize("lang", ("en", *LANGS))
def test_listed_players_take_the_form_of_their_number(cli, tmp_path: Path, lang: str) -> None:  # type: ignore[no-untyped-def]
    """Why player 1 cannot be paired (Dutch-1992 B1a, B2) and that his colour history already
    breaks the limits (AMB-D21, RDF 5.4.10.2(c)): one listed player takes the singular (he,
    «игроком», «zawodnikiem»), several the plural — one catalogue entry per form."""
    many, one, history = ONE_AND_MANY[lang]
    path = _schedule(tmp_path, "white-four", _WHITE_FOUR)
    unpaired = _call(cli, ["--lang", lang, "pair", str(path), "-r", "fide-dutch-1992"])
    assert many in unpaired.err and one in unpaired.err, unpaired.err
    explained = _call(cli, ["--lang", lang, "pair", str(path), "-r", "rdf-base", "--explain"])
    assert explained.code == 0, explained.err
    assert history in explained.out, explained.out


#: The colour of both players in the sentence's own form, never the file's code pasted in.
BOTH_COLOURS = {
    "en": ("both have White", "both have Black"),
    "de": ("haben beide Weiß", "haben beide Schwarz"),
    "ru": ("играют белыми", "играют чёрными"),
    "pl": ("obaj grają białymi", "obaj grają czarnymi"),
}


@pytest.mark.parametrize("lang", ("en", *LANGS))
@pytest.mark.parametrize("code", ["w", "b"])
@pytest.mark.parametrize("kind", ["trf", "json"])
def test_both_players_with_one_colour_is_said_in_words(
    cli, tmp_path: Path, lang: str, code: str, kind: str
) -> None:  # type: ignore[no-untyped-def]
    """A game recorded with the same colour for both players (TRF and JSON readers): the
    sentence names the colour as the language says it, one entry per colour."""
    import json

    from swisspairing.jsonio import dumps_json
    from swisspairing.trf import load_trf

    other = "b" if code == "w" else "w"
    rounds = [[(1, 2), (3, 4), (5, 6)]]
    path = _schedule(tmp_path, "same-colour", rounds)
    wrong_player = 2 if code == "w" else 1  # the player whose colour is written wrong
    if kind == "trf":
        lines = path.read_text(encoding="utf-8").splitlines()
        line = lines[1 + wrong_player]
        lines[1 + wrong_player] = line.replace(f" {other} =", f" {code} =")
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    else:
        data = json.loads(dumps_json(load_trf(str(path))))
        data["players"][wrong_player - 1]["rounds"][0]["colour"] = code
        path = tmp_path / "same-colour.json"
        path.write_text(json.dumps(data), encoding="utf-8")
    shown = _call(cli, ["--lang", lang, "pair", str(path), "-r", "fide-dutch-1992"])
    assert shown.code == 3, shown.err
    expected = BOTH_COLOURS[lang][0 if code == "w" else 1]
    assert expected in shown.err, shown.err
    assert not re.search(rf"\b{code}\b", shown.err.split(":", 3)[-1]), shown.err


# --------------------------------------------------------------- plugin load errors
#: Entry points of a system that cannot be loaded, and the word of our sentence that each must
#: show whatever the language: the entry point's target (and the missing module).
_BROKEN = {
    "missing-module": "lang2_no_such_module_xyz",
    "missing-object": "swisspairing.errors:NoSuchObject",
    "unknown-hook": "{module}",
}
_OUR_SENTENCE = {
    "en": ("cannot be loaded", "do not fit"),
    "de": ("kann nicht geladen werden", "passen nicht"),
    "ru": ("не удаётся загрузить", "не соответствуют"),
    "pl": ("nie można załadować", "nie pasują"),
}


@pytest.mark.parametrize("lang", ("en", *LANGS))
@pytest.mark.parametrize("case", sorted(_BROKEN))
def test_plugin_load_errors_are_our_sentence(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, lang: str, case: str
) -> None:
    """A system that cannot be loaded (module missing, object missing, a hook pluggy does not
    know): one catalogue sentence in the language names the system and its entry point;
    Python's or pluggy's English text only follows as the detail, on the same line."""
    import sys
    from importlib import metadata

    from swisspairing import PluginError, manager

    module = tmp_path / "lang2_unknown_hook.py"
    module.write_text(
        "from swisspairing import hookimpl\n\n\n"
        "@hookimpl\ndef swiss_no_such_hook():\n    return None\n",
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    target = _BROKEN[case].format(module="lang2_unknown_hook")
    declared = manager._scan()
    broken = metadata.EntryPoint(name="lang2-broken", value=target, group=manager.GROUP)
    monkeypatch.setattr(manager, "_scan", lambda: (*declared, broken))
    manager._load_module.cache_clear()
    try:
        with pytest.raises(PluginError) as raised:
            manager.make_manager("lang2-broken")
    finally:
        manager._load_module.cache_clear()
        sys.modules.pop("lang2_unknown_hook", None)
    text = raised.value.render(lang)
    loaded, fits = _OUR_SENTENCE[lang]
    ours = fits if case == "unknown-hook" else loaded
    assert ours in text and "'lang2-broken'" in text and target in text, text
    english = {"unknown-hook": "unknown hook", "missing-object": "has no attribute"}.get(case)
    if english is not None:  # Python's or pluggy's text: the detail after our sentence
        assert text.index(ours) < text.index(english), text
    if case == "missing-module":
        assert "No module named" not in text, text  # our sentence says it, not Python's
    assert "\n" not in text
