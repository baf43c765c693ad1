"""Running verification jobs: serially, in local worker processes, or on a Dask cluster.

:func:`run_jobs` gives back one :class:`~.jobs.Outcome` per job in job order, whoever ran it,
so a parallel run sums up exactly as the serial one (only the measured CPU times differ).

- Local workers (``--workers N``, default all cores): N processes started afresh (``spawn``), each
  fed one job at a time through its own pipe.  A worker that dies (killed, out of memory) loses
  only the job it held: that job is given to a new worker, up to ``retries`` times; then the run
  stops with :class:`WorkerLostError` naming the tournament.
- A Dask cluster (``--scheduler ADDRESS``; the optional extra ``swisspairing[distributed]``, and
  swisspairing installed on every worker): one task per job.  The scheduler hands a task whose
  worker died to another worker (Dask's ``distributed.scheduler.allowed-failures``, 3 by
  default), then reports it lost (:class:`WorkerLostError`).
- A journal (``--journal FILE``): every outcome is appended (and flushed) as it arrives, one JSON
  line each, under a header naming the run.  A run started again with the same journal and the
  same options takes the outcomes already there and runs only the rest; when the run is
  complete the journal is rewritten in job order.  A line cut short by the interruption is
  dropped and its job run again.
"""

from __future__ import annotations

import json
import os
import traceback
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from swisspairing.errors import InvalidInputError, SwissPairingError
from swisspairing.i18n import N_

from .jobs import Job, Outcome, run_job

__all__ = [
    "JobFailedError",
    "Journal",
    "WorkerLostError",
    "default_workers",
    "run_jobs",
]

#: The journal's first line names its format.
_FORMAT = "swisspairing-verification-journal"


class WorkerLostError(SwissPairingError):
    """A job's worker died every time the job was tried (exit code 2)."""

    exit_code = 2


class JobFailedError(SwissPairingError):
    """A job raised an unexpected exception in a worker (a bug; exit code 2)."""

    exit_code = 2


def default_workers() -> int:
    """The cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


# ---------------------------------------------------------------------- the journal
class Journal:
    """The outcomes of a run as they arrive, in a JSON-lines file (see the module text)."""

    def __init__(self, path: str | os.PathLike[str], run: Mapping[str, Any]) -> None:
        self.path = Path(path)
        """The journal file."""
        self.run = json.loads(json.dumps(dict(run)))
        """What identifies the run (the options that decide the jobs), as JSON data."""
        self._fh: Any = None

    def load(self) -> dict[str, Outcome]:
        """The outcomes already written, by job key; a new file gets its header.  A journal of
        another run is refused (:class:`InvalidInputError`): its outcomes would not belong."""
        done: dict[str, Outcome] = {}
        if self.path.exists() and self.path.stat().st_size:
            with self.path.open(encoding="utf-8") as fh:
                lines = fh.read().split("\n")
            try:
                head = json.loads(lines[0])
            except json.JSONDecodeError:
                head = None
            if not isinstance(head, dict) or head.get("format") != _FORMAT:
                raise InvalidInputError(
                    N_("{file}: not a verification journal"), file=str(self.path)
                )
            if head.get("run") != self.run:
                raise InvalidInputError(
                    N_(
                        "{file}: the journal belongs to a run with other options; remove it or "
                        "name another journal"
                    ),
                    file=str(self.path),
                )
            good = [lines[0]]
            for line in lines[1:]:
                if not line.strip():
                    continue
                try:
                    o = Outcome.from_json(json.loads(line))
                except (json.JSONDecodeError, TypeError, KeyError):
                    break  # the line the interruption cut short (always the last one)
                done[o.key] = o
                good.append(line)
            # drop a torn last line, so that appending starts on a fresh line
            text = "\n".join(good) + "\n"
            if text != "\n".join(lines):
                self.path.write_text(text, encoding="utf-8")
        else:
            self.path.write_text(self._header() + "\n", encoding="utf-8")
        self._fh = self.path.open("a", encoding="utf-8")
        return done

    def _header(self) -> str:
        return json.dumps({"format": _FORMAT, "version": 1, "run": self.run}, sort_keys=True)

    def append(self, outcome: Outcome) -> None:
        """Write one outcome and flush it to the disk."""
        self._fh.write(json.dumps(outcome.to_json(), sort_keys=True) + "\n")
        self._fh.flush()
        os.fsync(self._fh.fileno())

    def close(self) -> None:
        """Close the file (what was written stays)."""
        if self._fh is not None:
            self._fh.close()
            self._fh = None

    def finish(self, outcomes: Sequence[Outcome]) -> None:
        """The run is complete: rewrite the journal in job order (atomically)."""
        from swisspairing.output import write_atomic

        self.close()
        lines = [self._header(), *(json.dumps(o.to_json(), sort_keys=True) for o in outcomes)]
        write_atomic(str(self.path), "\n".join(lines) + "\n")


# ---------------------------------------------------------------------- running
def run_jobs(
    jobs: Sequence[Job],
    *,
    workers: int | None = None,
    scheduler: Any = None,
    journal: Journal | None = None,
    on_outcome: Callable[[Outcome], None] | None = None,
    retries: int = 2,
    run: Callable[[Job], Outcome] = run_job,
    on_lost: Callable[[Job], None] | None = None,
) -> list[Outcome]:
    """Run ``jobs`` and return their outcomes in job order.

    ``scheduler``: a Dask scheduler address (or a ``distributed.Client``) to run on a cluster;
    else ``workers`` local processes (default: all cores; 1 = in this process, with ``run``).
    ``on_outcome`` is called in this process for every outcome (those from the journal first);
    ``on_lost`` whenever a worker died and its job runs again (locally as it happens; on a
    cluster once the run is complete, as the scheduler counted it).
    """
    done: dict[str, Outcome] = journal.load() if journal is not None else {}
    try:
        for o in done.values():
            if on_outcome is not None:
                on_outcome(o)

        def emit(outcome: Outcome) -> None:
            done[outcome.key] = outcome
            if journal is not None:
                journal.append(outcome)
            if on_outcome is not None:
                on_outcome(outcome)

        pending = [j for j in jobs if j.key not in done]
        if scheduler is not None:
            _run_dask(pending, scheduler, emit, on_lost)
        else:
            n = workers if workers is not None else default_workers()
            if n <= 1 or len(pending) <= 1:
                for job in pending:
                    emit(run(job))
            else:
                _run_local(pending, min(n, len(pending)), emit, retries, on_lost)
    finally:
        if journal is not None:
            journal.close()
    outcomes = [done[j.key] for j in jobs]
    if journal is not None:
        journal.finish(outcomes)
    return outcomes


# ---------------------------------------------------------------------- local processes
def _worker_main(conn: Any) -> None:
    """A local worker: run each job received, send back its outcome (or the traceback)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        try:
            reply: tuple[str, Any] = ("ok", run_job(job))
        except BaseException:
            reply = ("error", traceback.format_exc())
        conn.send(reply)


def _lost(job: Job, tries: int) -> WorkerLostError:
    return WorkerLostError(
        N_(
            "the worker running tournament {key} (ruleset {ruleset}) died; tries: {tries}; the "
            "run stops"
        ),
        key=job.path or job.seed,
        ruleset=job.ruleset,
        tries=tries,
    )


def _run_local(
    pending: Sequence[Job],
    n: int,
    emit: Callable[[Outcome], None],
    retries: int,
    on_lost: Callable[[Job], None] | None,
) -> None:
    import multiprocessing as mp
    from multiprocessing.connection import wait

    ctx = mp.get_context("spawn")
    queue: deque[Job] = deque(pending)
    tries: dict[str, int] = {}
    busy: dict[Any, tuple[Any, Job]] = {}  # our end of the pipe -> (process, its job)

    def start() -> None:
        ours, theirs = ctx.Pipe()
        proc = ctx.Process(target=_worker_main, args=(theirs,), daemon=True)
        proc.start()
        theirs.close()
        assign(ours, proc, queue.popleft())

    def assign(conn: Any, proc: Any, job: Job) -> None:
        busy[conn] = (proc, job)
        try:
            conn.send(job)
        except OSError:  # the worker died after its last outcome: the job never reached it
            busy.pop(conn)
            conn.close()
            proc.join(timeout=5)
            queue.appendleft(job)
            start()

    def died(conn: Any) -> None:
        proc, job = busy.pop(conn)
        conn.close()
        proc.join(timeout=5)
        tries[job.key] = tries.get(job.key, 0) + 1
        if tries[job.key] > retries:
            raise _lost(job, tries[job.key])
        if on_lost is not None:
            on_lost(job)
        queue.appendleft(job)
        start()

    try:
        for _ in range(n):
            start()
        while busy:
            sentinels = {proc.sentinel: conn for conn, (proc, _) in busy.items()}
            ready = wait([*busy, *sentinels])
            handled: set[Any] = set()
            for r in ready:
                conn = sentinels.get(r, r)
                if conn in handled or conn not in busy:
                    continue
                handled.add(conn)
                proc, job = busy[conn]
                try:
                    if not conn.poll():
                        raise EOFError
                    kind, value = conn.recv()
                except (EOFError, OSError):
                    died(conn)
                    continue
                if kind == "error":
                    raise JobFailedError(
                        N_("tournament {key} (ruleset {ruleset}) failed in a worker: {error}"),
                        key=job.path or job.seed,
                        ruleset=job.ruleset,
                        error=value.strip().splitlines()[-1],
                    )
                emit(value)
                if queue:
                    assign(conn, proc, queue.popleft())
                else:
                    conn.send(None)
                    busy.pop(conn)
                    conn.close()
                    proc.join(timeout=5)
    finally:
        for conn, (proc, _) in list(busy.items()):
            proc.kill()
            proc.join(timeout=5)
            conn.close()


# ---------------------------------------------------------------------- a Dask cluster
def _suspicious(dask_scheduler: Any, keys: Sequence[str]) -> dict[str, int]:
    """On the scheduler: how many workers died while running each task (Dask's count,
    ``TaskState.suspicious``); only the tasks that were retried."""
    out: dict[str, int] = {}
    for key in keys:
        ts = dask_scheduler.tasks.get(key)
        if ts is not None and ts.suspicious:
            out[key] = int(ts.suspicious)
    return out


def _run_dask(
    pending: Iterable[Job],
    scheduler: Any,
    emit: Callable[[Outcome], None],
    on_lost: Callable[[Job], None] | None = None,
) -> None:
    """The jobs as tasks of a Dask cluster.  The scheduler gives the task of a worker that died
    to another worker (``distributed.scheduler.allowed-failures`` times, then the run stops
    naming the tournament); ``on_lost`` is told of every task that ran again (asked of the
    scheduler before the futures are released)."""
    try:
        from distributed import Client, as_completed
        from distributed.scheduler import KilledWorker
    except ImportError:
        raise InvalidInputError(
            N_(
                "--scheduler needs Dask distributed: pip install 'swisspairing[distributed]' (on "
                "this machine and every worker)"
            )
        ) from None
    import uuid

    jobs = list(pending)
    if not jobs:
        return
    own = not isinstance(scheduler, Client)
    client = Client(scheduler, timeout=30) if own else scheduler  # type: ignore[no-untyped-call]
    try:
        token = uuid.uuid4().hex[:12]
        futures = client.map(
            run_job, jobs, key=[f"swisspairing-{token}-{j.index}" for j in jobs], pure=False
        )
        by_key = {f.key: j for f, j in zip(futures, jobs, strict=True)}
        for future in as_completed(futures):  # type: ignore[no-untyped-call]
            try:
                outcome = future.result()
            except KilledWorker:
                job = by_key[future.key]
                raise _lost(job, 1 + _allowed_failures()) from None
            emit(outcome)
        if on_lost is not None:
            retried = client.run_on_scheduler(_suspicious, keys=list(by_key))  # type: ignore[no-untyped-call]
            for key in sorted(retried, key=lambda k: by_key[k].index):
                for _ in range(retried[key]):
                    on_lost(by_key[key])
    finally:
        if own:
            client.close()


def _allowed_failures() -> int:
    import dask

    return int(dask.config.get("distributed.scheduler.allowed-failures", 3))
