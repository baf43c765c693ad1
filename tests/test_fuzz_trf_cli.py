"""Fuzz suite for TRF input through every command (issue 9, "How it is verified").

Hypothesis takes valid tournament files and breaks them the way files break in practice:
lines truncated or shifted by a few columns, bytes replaced by random ones, opponents that do
not answer, huge, negative and non-finite numbers, stray records, every encoding of
``core/encoding.py`` (with and without byte-order mark), and plain random bytes.  Each case
runs one command (``pair`` with ``-o``/``-p``, ``check``, ``standings``, ``crosstable``,
``pairings``) in a forked subprocess under a memory limit (``resource.setrlimit``) and a
time limit, and must end with an exit code in {0, 1, 3, 4, 5} — never 2, the code of a
crash — and without a traceback.  The example budget is fixed so that CI stays fast.
"""

from __future__ import annotations

import io
import json
import os
import select
import shutil
import signal
import tempfile
import time
import traceback
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from swisspairing.cli import main

try:
    import resource
except ImportError:  # pragma: no cover - Windows
    resource = None  # type: ignore[assignment]

pytestmark = pytest.mark.skipif(
    not hasattr(os, "fork") or resource is None, reason="needs fork and setrlimit (POSIX)"
)

ROOT = Path(__file__).parent.parent
DATA = Path(__file__).parent / "data"
BASES = [
    ROOT / "examples" / "swiss-open-21.trf",
    ROOT / "examples" / "round-robin-8.trf",
    DATA / "swiss-byes-forfeits.trf",
    DATA / "javafo-prefilled-byes.trf",
    DATA / "accelerated-xxa.trf",
    DATA / "team-league.trf",
    DATA / "encodings" / "cp1251-russian.trf",
]
RULESETS = ["fide-dutch-1992", "round-robin", "rdf-random", "kpzszach-a-klasa-2005"]
ALLOWED = {0, 1, 3, 4, 5}
#: Extra address space a case may take beyond what the test process already has.
MEMORY_LIMIT = 512 * 1024 * 1024
#: A case that runs longer than this hangs (a generous bound, not a speed measurement).
TIME_LIMIT = 60.0
#: The fixed example budget (CI); ``SWISSPAIRING_FUZZ_EXAMPLES`` raises it for a long local run.
EXAMPLES = int(os.environ.get("SWISSPAIRING_FUZZ_EXAMPLES", "100"))
ENCODINGS = [
    "utf-8",
    "utf-8-sig",
    "utf-16",
    "utf-16-le",
    "utf-32",
    "cp1250",
    "cp1251",
    "cp1252",
    "iso8859-1",
    "iso8859-2",
    "iso8859-5",
    "koi8-r",
]


def _address_space() -> int:
    with open("/proc/self/statm") if os.path.exists("/proc/self/statm") else io.StringIO("0") as fh:
        pages = int(fh.read().split()[0])
    return pages * os.sysconf("SC_PAGE_SIZE") if pages else 0


def run_case(argv: list[str], files: dict[str, bytes], entry=main) -> tuple[int, str, str]:  # type: ignore[no-untyped-def]
    """Run ``swisspairing argv`` in a forked child with ``files`` in its working directory,
    under a memory limit and a time limit; returns ``(exit code, stdout, stderr)``."""
    work = tempfile.mkdtemp(prefix="swisspairing-fuzz-")
    try:
        for name, data in files.items():
            Path(work, name).write_bytes(data)
        limit = _address_space() + MEMORY_LIMIT
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: never returns into pytest
            try:
                os.close(read_end)
                if limit > MEMORY_LIMIT:
                    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
                os.chdir(work)
                out, err = io.StringIO(), io.StringIO()
                code = entry(argv, stdout=out, stderr=err)
                payload = [code, out.getvalue()[-4000:], err.getvalue()[-4000:]]
            except BaseException:
                payload = [-1, "", traceback.format_exc()]
            data = json.dumps(payload).encode()
            while data:
                data = data[os.write(write_end, data) :]
            os._exit(0)
        os.close(write_end)
        chunks: list[bytes] = []
        deadline = time.monotonic() + TIME_LIMIT
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                os.close(read_end)
                raise AssertionError(f"no answer within {TIME_LIMIT} s: {argv}")
            ready, _, _ = select.select([read_end], [], [], left)
            if ready:
                chunk = os.read(read_end, 65536)
                if not chunk:
                    break
                chunks.append(chunk)
        os.close(read_end)
        _, status = os.waitpid(pid, 0)
        assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, (
            f"child died ({status}): {argv}"
        )
        code, out, err = json.loads(b"".join(chunks))
        return code, out, err
    finally:
        shutil.rmtree(work, ignore_errors=True)


def assert_clean(code: int, out: str, err: str, argv: list[str]) -> None:
    assert code in ALLOWED, f"exit {code} for {argv}:\n{err}"
    assert "Traceback" not in err and "Traceback" not in out, err
    if code in (3, 4, 5) or err:
        assert err.startswith("swisspairing: "), err  # a message, not silence
    assert err.count("\n") <= 3, err  # one line per problem, no dump


@pytest.fixture(scope="module", autouse=True)
def _warm_caches() -> None:
    """Load plugins and rulesets once in the parent: every forked case inherits them."""
    for ruleset in RULESETS:
        main(
            ["pair", str(BASES[0]), "-r", ruleset, "-p", os.devnull],
            stdout=io.StringIO(),
            stderr=io.StringIO(),
        )


# ---------------------------------------------------------------------- strategies
_HUGE = [
    "99999999999999999999",
    "-5",
    "-0.5",
    "1e999",
    "nan",
    "inf",
    "9" * 60,
    "0000",
    "-",
    "+",
    "=",
    "½",
    "٣",
]
_RECORDS = [
    "XXR",
    "XXC",
    "XXP",
    "XXZ",
    "XXS",
    "XXA",
    "SPW",
    "142",
    "152",
    "162",
    "013",
    "001",
    "240",
    "250",
    "BBW",
    "BBU",
]


@st.composite
def _mutation(draw: st.DrawFn, lines: list[str]) -> list[str]:
    lines = list(lines)
    if not lines:
        return lines
    i = draw(st.integers(0, len(lines) - 1))
    line = lines[i]
    kind = draw(
        st.sampled_from(
            ["truncate", "shift", "random", "delete", "duplicate", "opponent", "number", "record"]
        )
    )
    k = draw(st.integers(0, max(len(line), 1)))
    if kind == "truncate":
        lines[i] = line[:k]
    elif kind == "shift":
        n = draw(st.integers(1, 12))
        lines[i] = (
            line[:k] + " " * n + line[k:] if draw(st.booleans()) else line[:k] + line[k + n :]
        )
    elif kind == "random":
        junk = draw(st.text(min_size=1, max_size=12))
        lines[i] = line[:k] + junk + line[k + len(junk) :]
    elif kind == "delete":
        del lines[i]
    elif kind == "duplicate":
        lines.insert(i, line)
    elif kind == "opponent" and line.startswith("001") and len(line) >= 95:
        block = draw(st.integers(0, (len(line) - 92) // 10))
        col = 91 + 10 * block
        lines[i] = line[:col] + f"{draw(st.integers(0, 9999)):04d}" + line[col + 4 :]
    elif kind == "number":
        value = draw(st.sampled_from(_HUGE))
        lines[i] = line[:k] + value + line[k + len(value) :]
    else:
        code = draw(st.sampled_from(_RECORDS))
        tokens = draw(
            st.lists(
                st.sampled_from([*_HUGE, "1", "2", "7", "white1", "W=3", "rank", "0.5"]), max_size=5
            )
        )
        lines.insert(i, code + " " + " ".join(tokens))
    return lines


@st.composite
def tournament_files(draw: st.DrawFn) -> bytes:
    """A broken tournament file, as bytes."""
    if draw(st.integers(0, 9)) == 0:
        return draw(st.binary(max_size=3000))
    base = draw(st.sampled_from(BASES))
    from swisspairing.encoding import decode_bytes

    lines = decode_bytes(base.read_bytes()).text.splitlines()
    for _ in range(draw(st.integers(1, 4))):
        lines = draw(_mutation(lines))
    newline = draw(st.sampled_from(["\n", "\r\n", "\r"]))
    text = newline.join(lines) + newline
    return text.encode(draw(st.sampled_from(ENCODINGS)), errors="replace")


@st.composite
def commands(draw: st.DrawFn) -> list[str]:
    command = draw(st.sampled_from(["pair", "check", "standings", "crosstable", "pairings"]))
    argv = [command, "t.trf", "-r", draw(st.sampled_from(RULESETS))]
    if command == "pair":
        argv += ["-o", "next.trf", "-p", "pairs.txt"]
        if draw(st.booleans()):
            argv.append("--explain")
    elif command in ("standings", "crosstable"):
        argv += ["--format", draw(st.sampled_from(["text", "csv", "json", "html"]))]
    return argv


# ---------------------------------------------------------------------- the suite
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(tournament_files(), commands())
def test_broken_files_never_crash_any_command(data: bytes, argv: list[str]) -> None:
    code, out, err = run_case(argv, {"t.trf": data})
    assert_clean(code, out, err, argv)


HOSTILE = sorted(DATA.rglob("*invalid*.trf"))


@pytest.mark.parametrize("command", ["pair", "check", "standings", "crosstable", "pairings"])
def test_every_invalid_data_file_in_every_command(command: str) -> None:
    """Each ``tests/data`` file made to be invalid: exit 3 (or 4), one line, no traceback."""
    assert HOSTILE
    for path in HOSTILE:
        argv = [command, "t.trf", "-r", "fide-dutch-1992"]
        code, out, err = run_case(argv, {"t.trf": path.read_bytes()})
        assert_clean(code, out, err, argv)
        assert code in (3, 4), (path.name, err)


def test_devices_are_read_with_the_cap() -> None:
    """``/dev/zero`` as the tournament: refused within the memory limit."""
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero")
    code, _out, err = run_case(["standings", "/dev/zero", "-r", "round-robin"], {})
    assert (
        code == 3
        and err == f"swisspairing: /dev/zero: the file is larger than {32 * 1024 * 1024} bytes\n"
    )


def test_the_harness_enforces_the_memory_limit() -> None:
    """The suite can fail: a case that takes more memory than allowed is stopped there."""

    def greedy(argv, stdout, stderr):  # type: ignore[no-untyped-def]
        return len(bytearray(2 * MEMORY_LIMIT))

    code, _out, err = run_case(["greedy"], {}, entry=greedy)
    assert code == -1 and "MemoryError" in err
