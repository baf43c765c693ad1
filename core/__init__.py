"""swisspairing: pairs Swiss-system and round-robin tournaments exactly as a federation's
written regulations say, and explains every decision in the arbiter's language.

Public API (:mod:`swisspairing.api`)::

    import swisspairing
    tournament = swisspairing.load_trf("event.trf")          # or load_json / load_tournament
    result = swisspairing.pair_next_round(tournament, "round-robin", locale="de")
    print([str(board) for board in result.boards], result.explanation)
    swisspairing.dump_trf(result.tournament, "next.trf")
    table = swisspairing.standings(result.tournament, "round-robin")

The lower level: ``Engine(load_ruleset("round-robin")).pair(tournament)``.

The functions ``standings`` and ``explain`` share their names with the modules
``swisspairing.standings`` and ``swisspairing.explain``: import from those modules with
``from swisspairing.standings import …``.

Plugins import :data:`hookimpl` from here (see ``swisspairing.hookspecs``).
"""

__version__ = "0.1.0"

import sys as _sys
import types as _types
from typing import TYPE_CHECKING, Any

# Start-up (issue 20): the names below are imported on first use (PEP 562), so that
# ``swisspairing --version``, ``--help`` and a plugin importing ``swisspairing.hookimpl`` do not
# load the whole engine.  Type checkers read the imports as if they were eager.
if TYPE_CHECKING:
    from .api import (
        NextRound,
        dump_json,
        dump_trf,
        explain,
        load_json,
        load_tournament,
        load_trf,
        loads_json,
        loads_trf,
        pair_next_round,
        report,
        standings,
        tournament_from_json,
        tournament_to_json,
    )
    from .context import RoundContext
    from .engine import Bracket, BracketOutcome, ByeChoice, Engine, pair_round
    from .errors import (
        InvalidInputError,
        InvalidRulesetError,
        InvalidTournamentError,
        InvalidTrfError,
        NoValidPairingError,
        PluginError,
        SwissPairingError,
        UnknownSystemError,
    )
    from .explain import Event, Explanation, Term
    from .hookspecs import hookimpl, hookspec
    from .i18n import N_, gettext
    from .model import (
        BLACK,
        WHITE,
        Colour,
        Float,
        Player,
        PlayerState,
        PointSystem,
        RoundRecord,
        Team,
        Tournament,
        player_states,
    )
    from .pairing import Bye, Pairing, RoundPairing, Violation
    from .ruleset import Ruleset, load_ruleset
    from .trf import dumps_trf, read_trf, write_trf

#: Public name -> the module (relative to this package) that defines it.
_LAZY = {
    "NextRound": "api",
    "dump_json": "api",
    "dump_trf": "api",
    "explain": "api",
    "load_json": "api",
    "load_tournament": "api",
    "load_trf": "api",
    "loads_json": "api",
    "loads_trf": "api",
    "pair_next_round": "api",
    "report": "api",
    "standings": "api",
    "tournament_from_json": "api",
    "tournament_to_json": "api",
    "RoundContext": "context",
    "Bracket": "engine",
    "BracketOutcome": "engine",
    "ByeChoice": "engine",
    "Engine": "engine",
    "pair_round": "engine",
    "InvalidInputError": "errors",
    "InvalidRulesetError": "errors",
    "InvalidTournamentError": "errors",
    "InvalidTrfError": "errors",
    "NoValidPairingError": "errors",
    "PluginError": "errors",
    "SwissPairingError": "errors",
    "UnknownSystemError": "errors",
    "Event": "explain",
    "Explanation": "explain",
    "Term": "explain",
    "hookimpl": "hookspecs",
    "hookspec": "hookspecs",
    "N_": "i18n",
    "gettext": "i18n",
    "BLACK": "model",
    "WHITE": "model",
    "Colour": "model",
    "Float": "model",
    "Player": "model",
    "PlayerState": "model",
    "PointSystem": "model",
    "RoundRecord": "model",
    "Team": "model",
    "Tournament": "model",
    "player_states": "model",
    "Bye": "pairing",
    "Pairing": "pairing",
    "RoundPairing": "pairing",
    "Violation": "pairing",
    "Ruleset": "ruleset",
    "load_ruleset": "ruleset",
    "dumps_trf": "trf",
    "read_trf": "trf",
    "write_trf": "trf",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'swisspairing' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f"swisspairing.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})


class _Package(_types.ModuleType):
    """``standings`` and ``explain`` are functions of :mod:`swisspairing.api` *and* modules
    of this package: importing the module must not replace the function (the import system
    sets a loaded submodule as an attribute of its package), as it did not when the package
    imported :mod:`swisspairing.api` eagerly."""

    @property
    def standings(self) -> Any:
        return __getattr__("standings")

    @standings.setter
    def standings(self, value: Any) -> None:
        if not isinstance(value, _types.ModuleType):
            globals()["standings"] = value

    @property
    def explain(self) -> Any:
        return __getattr__("explain")

    @explain.setter
    def explain(self, value: Any) -> None:
        if not isinstance(value, _types.ModuleType):
            globals()["explain"] = value


_sys.modules[__name__].__class__ = _Package


__all__ = [
    "BLACK",
    "N_",
    "WHITE",
    "Bracket",
    "BracketOutcome",
    "Bye",
    "ByeChoice",
    "Colour",
    "Engine",
    "Event",
    "Explanation",
    "Float",
    "InvalidInputError",
    "InvalidRulesetError",
    "InvalidTournamentError",
    "InvalidTrfError",
    "NextRound",
    "NoValidPairingError",
    "Pairing",
    "Player",
    "PlayerState",
    "PluginError",
    "PointSystem",
    "RoundContext",
    "RoundPairing",
    "RoundRecord",
    "Ruleset",
    "SwissPairingError",
    "Team",
    "Term",
    "Tournament",
    "UnknownSystemError",
    "Violation",
    "__version__",
    "dump_json",
    "dump_trf",
    "dumps_trf",
    "explain",
    "gettext",
    "hookimpl",
    "hookspec",
    "load_json",
    "load_ruleset",
    "load_tournament",
    "load_trf",
    "loads_json",
    "loads_trf",
    "pair_next_round",
    "pair_round",
    "player_states",
    "read_trf",
    "report",
    "standings",
    "tournament_from_json",
    "tournament_to_json",
    "write_trf",
]
