"""Verification tools: comparing swisspairing with outside engines and with published pairings.

- :mod:`swisspairing.verification.reference` runs an engine that speaks the bbpPairings/JaVaFo
  command line (``PROGRAM --dutch IN.trf -p OUT``, ``-g CONFIG -o OUT.trf -s SEED``) and reads
  its answers as typed values.

The pairings checker (``check --repair``) and the simulator still live in
:mod:`swisspairing.verify` and :mod:`swisspairing.verify_cli`.
"""

from __future__ import annotations

__all__: list[str] = []
