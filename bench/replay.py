"""Replay real (or generated) tournaments round by round and compare with the pairs played.

Usage::

    python bench/replay.py FILE.trf... [--ruleset fide-dutch-1992] [--bbp PATH]
                           [--timeout 20] [--rounds 2-9] [--json OUT.json] [--quiet]

For each file and each round r it builds the tournament as it stood before round r
(:func:`truncate`: rounds < r kept, round r emptied except the blocks that were already
filled before the pairing -- ``0000 - H/F/Z`` and the like, the JaVaFo/bbpPairings
convention for requested byes and announced absences), pairs round r with swisspairing's
:class:`~swisspairing.Engine` and compares the result with the round actually played:

* ``pairs``   -- unordered pairs reproduced (the pairing-allocated bye counts as a pair
  ``(n, 0)``), as a share of the real pairs of the round;
* ``colour``  -- pairs reproduced with the same colours.

Each round runs in a forked child that is killed after ``--timeout`` seconds, so one slow round
does not block the replay.  With ``--bbp PATH`` the same truncated tournament is written to a
temporary TRF and paired by a bbpPairings binary (``--dutch in.trf -p out.txt``), and both
shares are printed side by side.  (bbpPairings implements the FIDE Dutch rules of 2025, not
those of 1992: its share is a reference point, not a target.)

The script prints one line per round, a total per file, the overall totals and the slowest
rounds; files swisspairing rejects are listed with the error message.  ``--json`` saves every
round's figures for further processing.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import multiprocessing
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from swisspairing import Engine, load_ruleset, load_trf
from swisspairing.errors import SwissPairingError
from swisspairing.model import BLACK, WHITE, Colour, Player, PointSystem, RoundRecord, Tournament
from swisspairing.pairing import Bye, Pairing, RoundPairing
from swisspairing.trf import format_player

Pair = tuple[int, int]
"""A board as (white, black) start numbers; a bye is ``(player, 0)``."""

# Round blocks that can be filled before a round is paired (requested byes, absences).  A
# block without an opponent and with ``U`` or ``+`` is the pairing-allocated bye, which is the
# pairing's own output and is therefore removed.  ``-`` and ``=`` without opponent are written
# by some programs for an absence with 0 or 1/2 point; they are read as ``Z`` and ``H``.
_PRE_ENTERED = {"H": "H", "F": "F", "Z": "Z", "-": "Z", "=": "H", " ": "Z", "0": "Z", "1": "F"}


# ---------------------------------------------------------------------- truncation
def rounds_in(t: Tournament) -> int:
    """Number of round blocks of the longest player line."""
    return max((len(p.rounds) for p in t.players), default=0)


def infer_initial_colour(t: Tournament) -> Colour | None:
    """The round-1 colour of the top player, as JaVaFo/bbpPairings infer it without ``XXC``.

    The lowest start number with a colour in round 1 gives it; if that player is the
    k-th from the top, the colour is flipped for each player above him who was not paired.
    """
    for flips, p in enumerate(sorted(t.players, key=lambda p: p.number)):
        rec = p.record(1) if p.rounds else None
        if rec is not None and rec.colour is not None and rec.opponent is not None:
            c = rec.colour
            if flips % 2:
                c = BLACK if c is WHITE else WHITE
            return c
    return None


def truncate(
    t: Tournament, rnd: int, point_system: PointSystem | None = None, *, keep_colour: bool = True
) -> Tournament:
    """The tournament as it stood before round ``rnd`` was paired.

    Rounds ``< rnd`` are kept; of round ``rnd`` only the blocks filled before the pairing (a
    requested bye or an announced absence, see ``_PRE_ENTERED``) are kept; a player without a
    block for round ``rnd`` while the file has that round is marked absent (``Z``: TRF16, a blank
    block means not paired).  Later rounds are dropped and the points field is recomputed.
    With ``keep_colour`` the round-1 colour is fixed (``XXC``) from the real round 1 when the
    file does not say it.
    """
    ps = point_system or t.point_system or PointSystem()
    has_round = rounds_in(t) >= rnd
    players: list[Player] = []
    for p in t.players:
        # a blank block of a past round is "not paired" (TRF16), written back as Z
        kept: list[RoundRecord] = [
            RoundRecord(None, None, "Z") if r.opponent is None and r.result == " " else r
            for r in p.rounds[: rnd - 1]
        ]
        if has_round:
            while len(kept) < rnd - 1:  # a short line: blank blocks = not paired
                kept.append(RoundRecord(None, None, "Z"))
            rec = p.record(rnd) if len(p.rounds) >= rnd else None
            if rec is None:
                kept.append(RoundRecord(None, None, "Z"))
            elif rec.opponent is None and rec.result in _PRE_ENTERED:
                kept.append(RoundRecord(None, None, _PRE_ENTERED[rec.result]))
        points = sum(ps.points(r) for r in kept[: rnd - 1])
        players.append(replace(p, rounds=tuple(kept), points=points, rank=None))
    colour = t.initial_colour
    if colour is None and keep_colour:
        colour = infer_initial_colour(t)
    total = t.total_rounds or rounds_in(t)
    return replace(
        t,
        players=tuple(players),
        initial_colour=colour,
        total_rounds=total,
        absent_next=frozenset(),
    )


def real_round(t: Tournament, rnd: int) -> set[Pair]:
    """The boards actually made in round ``rnd`` (forfeits included) and its byes ``(n, 0)``."""
    out: set[Pair] = set()
    for p in t.players:
        rec = p.record(rnd) if len(p.rounds) >= rnd else None
        if rec is None:
            continue
        if rec.opponent is None:
            if rec.result in "U+":
                out.add((p.number, 0))
        elif rec.colour is WHITE:
            out.add((p.number, rec.opponent))
        elif rec.colour is BLACK:
            out.add((rec.opponent, p.number))
        else:  # colour unknown: keep it once, lower number first
            out.add((min(p.number, rec.opponent), max(p.number, rec.opponent)))
    return out


def unordered(pairs: Iterable[Pair]) -> set[frozenset[int]]:
    return {frozenset(p) for p in pairs}


def bbp_trf(t: Tournament) -> str:
    """The truncated tournament as a TRF(x) bbpPairings reads (LF line ends)."""
    lines = [f"012 {t.name or 'replay'}"]
    lines.append(f"XXR {t.total_rounds}")
    # JaVaFo's "XXC rank": pairing numbers re-assigned from the ratings each round
    rank = any(code == "XXC" and "rank" in line[3:].lower().split() for code, line in t.header)
    xxc = (["rank"] if rank else []) + (
        [("white1" if t.initial_colour is WHITE else "black1")]
        if t.initial_colour is not None
        else []
    )
    if xxc:
        lines.append("XXC " + " ".join(xxc))
    ps = t.point_system
    if ps is not None and (ps.win, ps.draw) != (1.0, 0.5):
        lines.append(f"BBW {ps.win:4.1f}")
        lines.append(f"BBD {ps.draw:4.1f}")
    for group in t.forbidden_pairs:
        lines.append("XXP " + " ".join(str(n) for n in sorted(group)))
    # acceleration (JaVaFo XXA, TRF-2026 250): both engines pair with the same virtual points
    lines.extend(line for code, line in t.header if code in ("XXA", "250"))
    for p in t.players:
        lines.append(format_player(p))
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------- pairing
@dataclass
class Outcome:
    """One engine's answer for one round."""

    status: str
    """``ok``, ``nopairing`` (the engine says no valid pairing), ``timeout`` or ``error``."""
    seconds: float
    pairs: list[Pair] = field(default_factory=list)
    message: str = ""


def _child(engine: Engine, t: Tournament, conn) -> None:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    try:
        res = engine.pair(t, explain=False)
        pairs = [(b.white, b.black) for b in res.boards] + [
            (b.player, 0) for b in res.byes if b.result == "U"
        ]
        conn.send(("ok", time.perf_counter() - start, pairs, ""))
    except SwissPairingError as exc:
        kind = "nopairing" if type(exc).__name__ == "NoValidPairingError" else "error"
        conn.send((kind, time.perf_counter() - start, [], str(exc)))
    except Exception as exc:
        conn.send(("error", time.perf_counter() - start, [], f"{type(exc).__name__}: {exc}"))
    finally:
        conn.close()


def pair_sp(engine: Engine, t: Tournament, timeout: float) -> Outcome:
    """Pair the next round of ``t`` in a forked child, killed after ``timeout`` seconds."""
    ctx = multiprocessing.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_child, args=(engine, t, child))
    start = time.perf_counter()
    proc.start()
    child.close()
    if parent.poll(timeout):
        try:
            status, secs, pairs, msg = parent.recv()
        except EOFError:
            status, secs, pairs, msg = "error", time.perf_counter() - start, [], "child died"
        proc.join()
        return Outcome(status, secs, [tuple(p) for p in pairs], msg)
    proc.kill()
    proc.join()
    return Outcome("timeout", time.perf_counter() - start, [], f"killed after {timeout:g} s")


def pair_bbp(binary: str, t: Tournament, timeout: float) -> Outcome:
    """Pair the next round of ``t`` with a bbpPairings binary."""
    with tempfile.TemporaryDirectory(prefix="replay-") as tmp:
        src = os.path.join(tmp, "in.trf")
        out = os.path.join(tmp, "out.txt")
        with open(src, "w", encoding="utf-8") as fh:
            fh.write(bbp_trf(t))
        start = time.perf_counter()
        try:
            proc = subprocess.run(
                [binary, "--dutch", src, "-p", out], capture_output=True, text=True, timeout=timeout
            )
        except subprocess.TimeoutExpired:
            return Outcome(
                "timeout", time.perf_counter() - start, [], f"killed after {timeout:g} s"
            )
        secs = time.perf_counter() - start
        if proc.returncode == 1:
            return Outcome("nopairing", secs, [], proc.stderr.strip())
        if proc.returncode != 0:
            return Outcome("error", secs, [], f"rc={proc.returncode}: {proc.stderr.strip()[:300]}")
        with open(out, encoding="utf-8") as fh:
            rows = fh.read().split()
        nums = [int(x) for x in rows[1:]]
        pairs = [(nums[i], nums[i + 1]) for i in range(0, len(nums) - 1, 2)]
        return Outcome("ok", secs, pairs)


# ---------------------------------------------------------------------- replay
@dataclass
class RoundResult:
    file: str
    round: int
    real: int
    sp: Outcome
    sp_same: int = 0
    sp_colour: int = 0
    bbp: Outcome | None = None
    bbp_same: int = 0
    bbp_colour: int = 0


def parse_rounds(spec: str | None, last: int) -> list[int]:
    if not spec:
        return list(range(1, last + 1))
    out: list[int] = []
    for part in spec.split(","):
        a, _, b = part.partition("-")
        lo = int(a)
        hi = int(b) if b else (lo if not _ else last)
        out.extend(range(lo, min(hi, last) + 1))
    return out


def replay_file(
    path: str,
    engine: Engine,
    *,
    bbp: str | None = None,
    timeout: float = 20.0,
    rounds: str | None = None,
    out=sys.stdout,  # type: ignore[no-untyped-def]
    quiet: bool = False,
) -> tuple[list[RoundResult], str | None]:
    """Replay every round of one file; returns the rounds and, if the file was rejected, why."""
    note = None
    try:
        t = load_trf(path)
    except OSError as exc:
        return [], str(exc)
    except SwissPairingError as exc:
        note = str(exc)
        try:
            t = load_trf(path, check=False)
        except SwissPairingError as exc2:
            return [], str(exc2)
        print(f"# {path}: rejected ({note}); replayed without the consistency check", file=out)
    last = rounds_in(t)
    results: list[RoundResult] = []
    if not quiet:
        head = f"{'round':>5} {'real':>5} {'sp pairs':>9} {'sp col':>7} {'sp s':>7} {'sp':>9}"
        if bbp:
            head += f" {'bbp pairs':>9} {'bbp col':>7} {'bbp s':>6} {'bbp':>9}"
        print(f"== {path} ({len(t.players)} players, {last} rounds)", file=out)
        print(head, file=out)
    for rnd in parse_rounds(rounds, last):
        real = real_round(t, rnd)
        if not real:
            continue
        trunc = truncate(t, rnd, t.point_system or engine.ruleset.points)
        sp = pair_sp(engine, trunc, timeout)
        rr = RoundResult(path, rnd, len(real), sp)
        real_u = unordered(real)
        rr.sp_same = len(unordered(sp.pairs) & real_u)
        rr.sp_colour = len(set(sp.pairs) & real)
        if bbp:
            rr.bbp = pair_bbp(bbp, trunc, timeout)
            rr.bbp_same = len(unordered(rr.bbp.pairs) & real_u)
            rr.bbp_colour = len(set(rr.bbp.pairs) & real)
        results.append(rr)
        if not quiet:
            line = (
                f"{rnd:>5} {len(real):>5} {100 * rr.sp_same / len(real):>8.1f}% "
                f"{100 * rr.sp_colour / len(real):>6.1f}%"
                f" {sp.seconds:>7.2f} {sp.status:>9}"
            )
            if rr.bbp is not None:
                line += (
                    f" {100 * rr.bbp_same / len(real):>8.1f}% "
                    f"{100 * rr.bbp_colour / len(real):>6.1f}%"
                    f" {rr.bbp.seconds:>6.2f} {rr.bbp.status:>9}"
                )
            if sp.status != "ok" and sp.message:
                line += f"  [sp: {sp.message[:120]}]"
            if rr.bbp is not None and rr.bbp.status != "ok" and rr.bbp.message:
                line += f"  [bbp: {rr.bbp.message[:120]}]"
            print(line, file=out, flush=True)
    if not quiet and results:
        print(_total_line("total", results, bbp is not None), file=out, flush=True)
    return results, note


def _total_line(label: str, results: list[RoundResult], with_bbp: bool) -> str:
    real = sum(r.real for r in results) or 1
    same = sum(r.sp_same for r in results)
    col = sum(r.sp_colour for r in results)
    secs = sum(r.sp.seconds for r in results)
    bad = sum(1 for r in results if r.sp.status != "ok")
    line = (
        f"{label:>5} {real:>5} {100 * same / real:>8.1f}% {100 * col / real:>6.1f}% {secs:>7.2f} "
        f"{bad:>5} fail"
    )
    if with_bbp:
        bs = sum(r.bbp_same for r in results)
        bc = sum(r.bbp_colour for r in results)
        bsecs = sum(r.bbp.seconds for r in results if r.bbp)
        bbad = sum(1 for r in results if r.bbp and r.bbp.status != "ok")
        line += f" {100 * bs / real:>8.1f}% {100 * bc / real:>6.1f}% {bsecs:>6.2f} {bbad:>5} fail"
    return line


def check_pairing(engine: Engine, t: Tournament, pairs: Iterable[Pair]) -> list[str]:
    """Violations of the ruleset's absolute criteria if ``pairs`` were the next round of ``t``.

    Used to verify an outside engine's pairing with swisspairing's own checker (the
    ``swisspairing check`` hook): an empty list proves that a pairing satisfying them exists.
    """
    rnd = t.next_round
    boards = tuple(Pairing(w, b) for w, b in pairs if b)
    byes = tuple(Bye(w) for w, b in pairs if not b)
    applied = engine.apply(t, RoundPairing(round=rnd, boards=boards, byes=byes))
    return [f"{v.rule}: {v.render('en')}" for v in engine.check(applied) if v.round == rnd]


def write_problems(
    path: str,
    results: list[RoundResult],
    engine: Engine,
    bbp: str | None,
    slow: float,
    timeout: float,
) -> int:
    """List every round slower than ``slow`` seconds or not paired, with bbpPairings' answer
    and whether that answer passes swisspairing's check of the absolute criteria."""
    lines = [
        "# file\tround\tswisspairing (status, seconds, message)\tbbpPairings (status, "
        "seconds)\tcheck of bbp's pairing"
    ]
    cache: dict[str, Tournament] = {}
    count = 0
    for r in results:
        if r.sp.status == "ok" and r.sp.seconds <= slow:
            continue
        count += 1
        verdict = "-"
        bb = r.bbp
        try:
            t = cache.get(r.file) or load_trf(r.file, check=False)
            cache[r.file] = t
            trunc = truncate(t, r.round, t.point_system or engine.ruleset.points)
            if bb is None and bbp:
                bb = pair_bbp(bbp, trunc, timeout)
            if bb is not None and bb.status == "ok":
                found = check_pairing(engine, trunc, bb.pairs)
                verdict = (
                    "passes swisspairing check (absolute criteria)"
                    if not found
                    else "violations: " + "; ".join(found[:3])
                )
        except Exception as exc:
            verdict = f"check failed: {type(exc).__name__}: {exc}"
        bbs = f"{bb.status} {bb.seconds:.2f}s" if bb is not None else "not run"
        lines.append(
            f"{r.file}\t{r.round}\t{r.sp.status} {r.sp.seconds:.2f}s "
            f"{r.sp.message}\t{bbs}\t{verdict}"
        )
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as fh:
        fh.write("\n".join(lines) + "\n")
    os.replace(tmp, path)
    return count


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("files", nargs="+")
    ap.add_argument("--ruleset", default="fide-dutch-1992")
    ap.add_argument("--bbp", metavar="PATH", help="bbpPairings binary to pair the same rounds")
    ap.add_argument(
        "--timeout", type=float, default=20.0, help="seconds per round and engine (default 20)"
    )
    ap.add_argument("--rounds", help="rounds to replay, e.g. 2-9 or 5,7 (default: all)")
    ap.add_argument("--json", metavar="OUT", help="write every round's figures to this JSON file")
    ap.add_argument("--quiet", action="store_true", help="print only the totals")
    ap.add_argument("--slowest", type=int, default=10, help="how many slowest rounds to list")
    ap.add_argument(
        "--problems",
        metavar="OUT",
        help="write the rounds slower than --slow or not paired to this file",
    )
    ap.add_argument(
        "--slow", type=float, default=2.0, help="threshold in seconds for --problems (default 2)"
    )
    args = ap.parse_args(argv)
    engine = Engine(load_ruleset(args.ruleset))
    everything: list[RoundResult] = []
    rejected: list[tuple[str, str]] = []
    per_file: list[tuple[str, list[RoundResult]]] = []
    for path in args.files:
        results, note = replay_file(
            path, engine, bbp=args.bbp, timeout=args.timeout, rounds=args.rounds, quiet=args.quiet
        )
        if note is not None:
            rejected.append((path, note))
        if results:
            per_file.append((path, results))
            everything.extend(results)
    print(
        "\n== per file (real pairs, sp share, sp colour-exact, sp seconds, sp failures"
        + (", bbp ..." if args.bbp else "")
        + ")"
    )
    for path, results in per_file:
        print(_total_line("", results, bool(args.bbp)) + f"  {os.path.basename(path)}")
    if everything:
        print(_total_line("ALL", everything, bool(args.bbp)))
        print("\n== slowest rounds (swisspairing)")
        for r in sorted(everything, key=lambda r: -r.sp.seconds)[: args.slowest]:
            extra = f" bbp {r.bbp.seconds:.2f} s {r.bbp.status}" if r.bbp else ""
            print(f"{r.sp.seconds:8.2f} s  {r.sp.status:>9}  {r.file} round {r.round}{extra}")
        fails = [r for r in everything if r.sp.status != "ok"]
        if fails:
            print("\n== rounds swisspairing did not pair")
            for r in fails:
                extra = f" | bbp: {r.bbp.status}" if r.bbp else ""
                print(
                    f"{r.file} round {r.round}: {r.sp.status} after {r.sp.seconds:.1f} s: "
                    f"{r.sp.message}{extra}"
                )
    if rejected:
        print("\n== files swisspairing rejects (replayed without the check where possible)")
        for path, msg in rejected:
            print(f"{path}: {msg}")
    if args.problems:
        n = write_problems(args.problems, everything, engine, args.bbp, args.slow, args.timeout)
        print(f"\n{n} problem rounds written to {args.problems}")
    if args.json:
        data = {
            "rounds": [
                {
                    "file": r.file,
                    "round": r.round,
                    "real": r.real,
                    "sp": dataclasses.asdict(r.sp),
                    "sp_same": r.sp_same,
                    "sp_colour": r.sp_colour,
                    "bbp": dataclasses.asdict(r.bbp) if r.bbp else None,
                    "bbp_same": r.bbp_same,
                    "bbp_colour": r.bbp_colour,
                }
                for r in everything
            ],
            "rejected": rejected,
        }
        tmp = args.json + ".tmp"
        with open(tmp, "w", encoding="utf-8") as fh:
            json.dump(data, fh, indent=1)
        os.replace(tmp, args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
