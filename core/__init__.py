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
