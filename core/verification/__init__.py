"""Verification tools: comparing swisspairing with outside engines and with published pairings.

- :mod:`swisspairing.verification.reference` runs an engine that speaks the bbpPairings/JaVaFo
  command line (``PROGRAM --dutch IN.trf -p OUT``, ``-g CONFIG -o OUT.trf -s SEED``) and reads
  its answers as typed values.
- :mod:`swisspairing.verification.jobs`: one tournament's verification (generate or read it,
  re-pair every round, compare with the reference engine, measure the CPU time, name the
  relaxations) as plain data, and the per-ruleset summary in job order.
- :mod:`swisspairing.verification.parallel` runs the jobs serially, in local worker processes
  or on a Dask cluster, with the journal an interrupted run resumes from (``simulate
  --workers/--scheduler/--journal``).
- :mod:`swisspairing.verification.compare` compares a recorded round with the reference
  engine's pairing of it (``--reference``).
- :mod:`swisspairing.verification.report` writes the self-contained HTML report
  (``simulate --report``).

The pairings checker (``check --repair``) and the simulator still live in
:mod:`swisspairing.verify` and :mod:`swisspairing.verify_cli`.
"""

from __future__ import annotations

__all__: list[str] = []
