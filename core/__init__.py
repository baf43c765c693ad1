"""swisspairing: pairs Swiss-system and round-robin tournaments exactly as a federation's
written regulations say, and explains every decision in the arbiter's language.

Public API::

    from swisspairing import load_trf, load_ruleset, Engine
    tournament = load_trf("event.trf")
    engine = Engine(load_ruleset("round-robin"))
    pairing = engine.pair(tournament)
    print([str(board) for board in pairing.boards])

Plugins import :data:`hookimpl` from here (see ``swisspairing.hookspecs``).
"""

__version__ = "0.1.0"

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
from .trf import dumps_trf, load_trf, read_trf, write_trf

__all__ = [
    "__version__",
    "BLACK",
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
    "N_",
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
    "dumps_trf",
    "gettext",
    "hookimpl",
    "hookspec",
    "load_ruleset",
    "load_trf",
    "pair_round",
    "player_states",
    "read_trf",
    "write_trf",
]
