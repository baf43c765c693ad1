"""TRF files: TRF16 (FIDE Tournament Report File), TRF(x)/TRF(bx) and TRF-2026.

- :mod:`swisspairing.trf.records`: one reader per record kind (what each record means, which
  ones change a pairing and are applied, which ones are refused with their line).
- :mod:`swisspairing.trf.reader`: the ``001`` fields, the whole file, its checks, loading
  from disk with the encoding and size bounds.
- :mod:`swisspairing.trf.writer`: writing back, in the version the file was read in.
"""

from __future__ import annotations

from .reader import (
    MAX_LINE_CHARS,
    MAX_POINT_VALUE,
    MAX_ROUNDS,
    MAX_TRF_BYTES,
    OWNED_CODES,
    TYPED_CODES,
    InvalidTrfError,
    apply_records,
    check_points,
    has_acceleration,
    inferred_initial_colour,
    load_trf,
    load_trf_source,
    read_file_capped,
    read_trf,
    unknown_records,
)
from .records import BB_FIELDS, TRF26_CODES
from .writer import (
    TRF16,
    TRF26,
    dumps_trf,
    format_162,
    format_player,
    format_round,
    format_team,
    trf_version,
    write_trf,
)
from .writer import (
    _owned_records as _owned_records,
)

#: Kept under its former name for :mod:`swisspairing.jsonio`.
_BB_FIELDS = BB_FIELDS

__all__ = [
    "MAX_LINE_CHARS",
    "MAX_POINT_VALUE",
    "MAX_ROUNDS",
    "MAX_TRF_BYTES",
    "OWNED_CODES",
    "TRF16",
    "TRF26",
    "TRF26_CODES",
    "TYPED_CODES",
    "InvalidTrfError",
    "apply_records",
    "check_points",
    "dumps_trf",
    "format_162",
    "format_player",
    "format_round",
    "format_team",
    "has_acceleration",
    "inferred_initial_colour",
    "load_trf",
    "load_trf_source",
    "read_file_capped",
    "read_trf",
    "trf_version",
    "unknown_records",
    "write_trf",
]
