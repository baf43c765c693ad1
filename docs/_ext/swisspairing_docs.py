"""Sphinx directives that generate reference pages from swisspairing's own code.

- ``.. swisspairing-cli::`` — every command of the command line with its ``--help`` text,
  built from :func:`swisspairing.cli.build_parser`;
- ``.. swisspairing-parameters:: SYSTEM`` — the system's ruleset parameters, from the
  plugin's ``swiss_ruleset_schema``;
- ``.. swisspairing-rulesets::`` — the registered rulesets and their systems;
- ``.. swisspairing-all-parameters::`` — the parameters of every installed system;
- ``.. swisspairing-tiebreaks::`` — every tiebreak id of the catalogue with its definition, its
  regulation and its name and abbreviation in every language (``:team:`` for the team ones);
- ``.. swisspairing-tiebreak-policy::`` — the ``tiebreak_policy`` settings of a ruleset;
- ``.. swisspairing-exit-codes::`` — the exit codes (the table ``--help`` and README use);
- ``.. reading:: AMB-ID`` (with a title and a body) — a reading of an ambiguous rule, with
  the modules whose code cites the id (found in the package source).
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import Directive, directives
from docutils.statemachine import StringList

ROOT = Path(__file__).resolve().parents[2]
SOURCES = {"core": "swisspairing", "plugins": "swisspairing.plugins"}
_ID = re.compile(r"AMB-[A-Z]+\d+")


def _module_name(path: Path) -> str:
    rel = path.relative_to(ROOT)
    package = SOURCES[rel.parts[0]]
    parts = list(rel.with_suffix("").parts[1:])
    if parts and parts[-1] == "__init__":
        parts.pop()
    return ".".join([package, *parts])


def citations() -> dict[str, list[str]]:
    """AMB id → the modules whose source cites it."""
    found: dict[str, set[str]] = {}
    for folder in SOURCES:
        for path in sorted((ROOT / folder).rglob("*.py")):
            for amb in set(_ID.findall(path.read_text(encoding="utf-8"))):
                found.setdefault(amb, set()).add(_module_name(path))
    return {k: sorted(v) for k, v in found.items()}


class CliDirective(Directive):
    """Every command with its help text."""

    def run(self) -> list[nodes.Node]:
        os.environ["COLUMNS"] = "80"
        from swisspairing.cli import build_parser

        parser = build_parser("en")
        sub = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction")
        out: list[nodes.Node] = []
        top = nodes.literal_block(text=parser.format_help(), language="text")
        out.append(top)
        for name, command in sub.choices.items():
            section = nodes.section(ids=[f"command-{name}"])
            section += nodes.title(text=f"swisspairing {name}")
            help_text = next((a.help for a in sub._choices_actions if a.dest == name), "")
            if help_text:
                section += nodes.paragraph(text=help_text[:1].upper() + help_text[1:] + ".")
            section += nodes.literal_block(text=command.format_help(), language="text")
            out.append(section)
        return out


def _schema_table(props: dict[str, Any]) -> list[str]:
    """A list-table of JSON-schema properties: parameter, values, default, meaning."""
    import json

    lines = [
        ".. list-table::",
        "   :header-rows: 1",
        "   :widths: 22 26 14 38",
        "   :class: parameters",
        "",
        "   * - parameter",
        "     - values",
        "     - default",
        "     - meaning",
    ]
    for key, sub in props.items():
        if "enum" in sub:
            values = ", ".join(f"``{v}``" for v in sub["enum"])
        else:
            kind = sub.get("type", "")
            if isinstance(kind, list):
                kind = " or ".join(kind)
            bounds = []
            if "minimum" in sub:
                bounds.append(f"≥ {sub['minimum']}")
            if "maximum" in sub:
                bounds.append(f"≤ {sub['maximum']}")
            values = " ".join([str(kind), *bounds]).strip() or "see schema"
        default = f"``{json.dumps(sub['default'])}``" if "default" in sub else ""
        description = sub.get("description", "").replace("\n", " ")
        lines += [
            f"   * - ``{key}``",
            f"     - {values}",
            f"     - {default}",
            f"     - {description}",
        ]
    return lines


def _parse(directive: Directive, lines: list[str]) -> list[nodes.Node]:
    container = nodes.container()
    directive.state.nested_parse(StringList(lines), directive.content_offset, container)
    return container.children


class ParametersDirective(Directive):
    """A system's ruleset parameters as a table."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        from swisspairing.manager import system_schema

        schema = system_schema(self.arguments[0])
        if schema is None:
            raise self.error(f"unknown pairing system {self.arguments[0]!r}")
        props = schema.get("properties", {})
        if not props:
            return [nodes.paragraph(text="This system has no parameters of its own.")]
        return _parse(self, _schema_table(props))


class AllParametersDirective(Directive):
    """Every installed system's parameters, one section per system."""

    def run(self) -> list[nodes.Node]:
        from swisspairing.i18n import gettext
        from swisspairing.manager import system_names, system_schema, systems_info

        info = {entry["name"]: entry for entry in systems_info()}
        lines: list[str] = []
        for name in system_names():
            if name.startswith("example-"):
                continue  # tests/plugin_example, when installed by a test
            title = f"System ``{name}``"
            lines += [title, "~" * len(title), ""]
            description = (info.get(name) or {}).get("description", "")
            if description:
                lines += [gettext(description, "en") + ".", ""]
            props = (system_schema(name) or {}).get("properties", {})
            if props:
                lines += _schema_table(props)
            else:
                lines += ["This system has no parameters of its own."]
            lines.append("")
        from sphinx.util.nodes import nested_parse_with_titles

        container = nodes.container()
        nested_parse_with_titles(self.state, StringList(lines, source="parameters"), container)
        return container.children


def tiebreak_lines(*, team: bool) -> list[str]:
    """reST of every tiebreak of the core's catalogue (the team ones, or the others; the lot
    in both): id, name and heading, definition, regulation, names in de/ru/pl."""
    from swisspairing.i18n import gettext
    from swisspairing.tiebreaks import CORE_TIEBREAKS

    lines: list[str] = []
    for tb in CORE_TIEBREAKS.values():
        if tb.team != team and tb.id != "lot":
            continue
        kind = (
            "orders a tied group"
            if tb.split is not None
            else "value, lower first"
            if tb.lower_first
            else "value, higher first"
        )
        lines += [
            f"``{tb.id}``",
            f"   **{tb.name}** ({gettext(tb.heading, 'en')}) — {kind}."
            + (" Depends on ``tiebreak_policy.unplayed``." if tb.unplayed else ""),
            "",
            f"   {tb.definition}",
            "",
            f"   *Regulation:* {tb.rule}.",
            "",
        ]
        names = "; ".join(
            f"{lang}: {gettext(tb.name, lang)} ({gettext(tb.heading, lang)})"
            for lang in ("de", "ru", "pl")
        )
        lines += [f"   *Names:* {names}.", ""]
    return lines


class TiebreaksDirective(Directive):
    """Every tiebreak of the core's catalogue (``:team:`` for the team tiebreaks)."""

    option_spec: ClassVar[dict[str, Any]] = {"team": directives.flag}

    def run(self) -> list[nodes.Node]:
        return _parse(self, tiebreak_lines(team="team" in self.options))


class TiebreakPolicyDirective(Directive):
    """The ``tiebreak_policy`` settings, from the ruleset schema."""

    def run(self) -> list[nodes.Node]:
        from swisspairing.ruleset import core_schema

        props = core_schema()["properties"]["tiebreak_policy"]["properties"]
        return _parse(self, _schema_table(props))


class ExitCodesDirective(Directive):
    """The exit codes, from :data:`swisspairing.exitcodes.EXIT_CODES`."""

    def run(self) -> list[nodes.Node]:
        from swisspairing.exitcodes import EXIT_CODES

        lines = [
            ".. list-table::",
            "   :header-rows: 1",
            "   :widths: 10 90",
            "",
            "   * - code",
            "     - meaning",
        ]
        for e in EXIT_CODES:
            lines += [f"   * - {e.code}", f"     - {e.details.replace('`', '``')}"]
        return _parse(self, lines)


class RulesetsDirective(Directive):
    """The registered rulesets."""

    option_spec: ClassVar[dict[str, Any]] = {"system": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        from swisspairing.manager import ruleset_dirs
        from swisspairing.ruleset import builtin_rulesets, load_ruleset

        wanted = self.options.get("system")
        lines = [
            ".. list-table::",
            "   :header-rows: 1",
            "",
            "   * - ruleset",
            "     - system",
            "     - name",
            "     - regulation",
        ]
        for rid in builtin_rulesets(ruleset_dirs()):
            rs = load_ruleset(rid)
            if wanted and rs.system != wanted:
                continue
            lines += [
                f"   * - ``{rid}``",
                f"     - ``{rs.system}``",
                f"     - {rs.name or '-'}",
                f"     - {rs.regulation or '-'}",
            ]
        container = nodes.container()
        self.state.nested_parse(StringList(lines), self.content_offset, container)
        return container.children


class ReadingDirective(Directive):
    """``.. reading:: AMB-D3`` + ``:title:`` + body: one reading, with where the code cites it."""

    required_arguments = 1
    option_spec: ClassVar[dict[str, Any]] = {"title": directives.unchanged_required}
    has_content = True
    _cited: dict[str, list[str]] | None = None

    def run(self) -> list[nodes.Node]:
        amb = self.arguments[0]
        if not _ID.fullmatch(amb):
            raise self.error(f"not a reading id: {amb!r}")
        if ReadingDirective._cited is None:
            ReadingDirective._cited = citations()
        section = nodes.section(ids=[amb.lower()])
        section += nodes.title(text=f"{amb}: {self.options.get('title', '')}".rstrip(": "))
        body = nodes.container()
        self.state.nested_parse(self.content, self.content_offset, body)
        section += body.children
        modules = ReadingDirective._cited.get(amb, [])
        para = nodes.paragraph()
        para += nodes.emphasis(text="Cited in: ")
        if modules:
            for i, m in enumerate(modules):
                if i:
                    para += nodes.Text(", ")
                para += nodes.literal(text=m)
        else:
            para += nodes.Text("no module yet (the reading is documented for later work).")
        section += para
        return [section]


def setup(app: Any) -> dict[str, Any]:
    app.add_directive("swisspairing-cli", CliDirective)
    app.add_directive("swisspairing-parameters", ParametersDirective)
    app.add_directive("swisspairing-rulesets", RulesetsDirective)
    app.add_directive("swisspairing-all-parameters", AllParametersDirective)
    app.add_directive("swisspairing-tiebreaks", TiebreaksDirective)
    app.add_directive("swisspairing-tiebreak-policy", TiebreakPolicyDirective)
    app.add_directive("swisspairing-exit-codes", ExitCodesDirective)
    app.add_directive("reading", ReadingDirective)
    return {"version": "1", "parallel_read_safe": True}
