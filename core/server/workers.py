"""Pairing work that can really be stopped: a pool of worker processes.

Each computation of a request runs in one of ``size`` worker processes.  When it takes longer
than the time limit the worker is killed (``SIGKILL``), its death awaited, and a fresh worker
started in its place; only then is the slot free again and the request answered with 503.
So abandoned work never piles up: at any moment at most ``size`` computations run, and each
stops at its time limit.

Requests that find every worker busy wait in a bounded queue (``max_queue``); a request
that finds the queue full, or waits longer than ``queue_wait``, is answered at once with 503
and ``Retry-After``.  Large requests (bodies over ``heavy_body`` bytes) may occupy all but
``light_reserve`` workers, so small requests keep their latency while large ones run.

Workers are forked from a ``forkserver`` that has imported the package once (fast starts,
no fork of the threaded server process).  A worker reads ``(task, payload)`` from its pipe
and answers ``(kind, value)``; it exits when the pipe closes (the server stopped).
"""

from __future__ import annotations

import asyncio
import collections
import multiprocessing
import os
import signal
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

__all__ = [
    "PoolClosedError",
    "QueueFullError",
    "WorkTimeoutError",
    "WorkerCrashError",
    "WorkerPool",
]

_PRELOAD = ["swisspairing.server.warm"]


class QueueFullError(Exception):
    """Every worker is busy and the queue is full (or the wait in it too long)."""


class WorkTimeoutError(Exception):
    """The computation ran past its time limit; its worker has been killed."""


class WorkerCrashError(Exception):
    """The worker process died during the computation (e.g. killed by the kernel)."""


class PoolClosedError(Exception):
    """The pool was closed (the server is stopping)."""


def _worker_main(conn: Connection) -> None:
    """A worker's loop: compute what the pipe asks until it closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C stops the server, which closes us
    from .tasks import run_task

    while True:
        try:
            task, payload = conn.recv()
        except (EOFError, OSError):
            return
        answer = run_task(task, payload)
        try:
            conn.send(answer)
        except (BrokenPipeError, OSError):
            return


@dataclass(slots=True)
class _Worker:
    process: Any
    """The :class:`multiprocessing.Process`."""
    conn: Connection
    """The server's end of the pipe."""
    heavy: bool = False
    """Whether it runs a large request now."""


def _kill_all(processes: list[Any]) -> None:
    for proc in processes:
        if proc.is_alive():
            proc.kill()
    for proc in processes:
        proc.join(timeout=5)


class WorkerPool:
    """``size`` worker processes with a bounded queue (see the module docs)."""

    def __init__(
        self,
        size: int,
        *,
        max_queue: int = 16,
        queue_wait: float = 10.0,
        light_reserve: int = 1,
    ) -> None:
        self.size = max(1, size)
        """Worker processes: computations at once."""
        self.max_queue = max(0, max_queue)
        """Requests that may wait for a worker."""
        self.queue_wait = queue_wait
        """Seconds a request may wait for a worker."""
        self.heavy_limit = max(1, self.size - max(0, light_reserve))
        """Workers that large requests may occupy at once."""
        self._idle: list[_Worker] = []
        self._all: list[Any] = []  # every live process, for the finaliser
        self._waiters: collections.deque[tuple[asyncio.Future[_Worker], bool]] = collections.deque()
        self._busy_heavy = 0
        self._started = False
        self._closed = False
        self._start_lock: asyncio.Lock | None = None
        self._reaping: set[asyncio.Task[None]] = set()
        self._ctx = multiprocessing.get_context("forkserver")
        self.restarts = 0
        """Workers replaced (after a time-out or a crash)."""
        self.on_restart: Callable[[str], None] | None = None
        """Called with the reason (``timeout``, ``crash``) when a worker is replaced."""
        weakref.finalize(self, _kill_all, self._all)

    # ---------------------------------------------------------------- state
    @property
    def busy(self) -> int:
        """Workers computing now."""
        return len(self._all) - len(self._idle) if self._started else 0

    @property
    def waiting(self) -> int:
        """Requests waiting for a worker."""
        return sum(1 for fut, _ in self._waiters if not fut.done())

    @property
    def ready(self) -> bool:
        """Started, not closed, and able to take a request (a worker free or a queue place)."""
        return (
            self._started
            and not self._closed
            and (bool(self._idle) or self.waiting < self.max_queue)
        )

    def pids(self) -> list[int]:
        """Process ids of the workers."""
        return [p.pid for p in self._all if p.pid is not None]

    # ---------------------------------------------------------------- life cycle
    def _spawn(self) -> _Worker:
        parent, child = self._ctx.Pipe(duplex=True)
        proc = self._ctx.Process(
            target=_worker_main, args=(child,), name="swisspairing-worker", daemon=True
        )
        proc.start()
        child.close()
        self._all.append(proc)
        return _Worker(proc, parent)

    def _start_sync(self) -> None:
        self._ctx.set_forkserver_preload(_PRELOAD)
        for _ in range(self.size):
            self._idle.append(self._spawn())

    async def start(self) -> None:
        """Start the workers (once; later calls return at once)."""
        if self._started:
            return
        if self._start_lock is None:
            self._start_lock = asyncio.Lock()
        async with self._start_lock:
            if self._started:
                return
            if self._closed:
                raise PoolClosedError
            loop = asyncio.get_running_loop()
            await loop.run_in_executor(None, self._start_sync)  # the forkserver imports once
            self._started = True

    def close(self) -> None:
        """Kill every worker; waiting requests get :class:`PoolClosedError`."""
        self._closed = True
        for fut, _ in self._waiters:
            if not fut.done():
                fut.set_exception(PoolClosedError())
        self._waiters.clear()
        for w in self._idle:
            w.conn.close()
        self._idle.clear()
        _kill_all(self._all)
        self._all.clear()

    async def reap(self) -> int:
        """Replace idle workers that died (killed from outside); returns how many."""
        dead = [w for w in self._idle if not w.process.is_alive()]
        for w in dead:
            self._idle.remove(w)
            await self._replace(w, "crash")
        return len(dead)

    # ---------------------------------------------------------------- slots
    async def _acquire(self, heavy: bool) -> _Worker:
        if self._closed:
            raise PoolClosedError
        if self._idle and (not heavy or self._busy_heavy < self.heavy_limit):
            # a waiter is there only when no worker fits it: an idle worker fits none of them
            return self._take(self._idle.pop(), heavy)
        if self.waiting >= self.max_queue:
            raise QueueFullError
        fut: asyncio.Future[_Worker] = asyncio.get_running_loop().create_future()
        self._waiters.append((fut, heavy))
        try:
            return await asyncio.wait_for(asyncio.shield(fut), self.queue_wait)
        except TimeoutError:
            if fut.done() and not fut.cancelled() and fut.exception() is None:
                self._release(fut.result())  # handed over just as the wait ended
            fut.cancel()
            raise QueueFullError from None
        except asyncio.CancelledError:
            if fut.done() and not fut.cancelled() and fut.exception() is None:
                self._release(fut.result())
            fut.cancel()
            raise

    def _take(self, worker: _Worker, heavy: bool) -> _Worker:
        worker.heavy = heavy
        if heavy:
            self._busy_heavy += 1
        return worker

    def _release(self, worker: _Worker) -> None:
        if worker.heavy:
            self._busy_heavy -= 1
            worker.heavy = False
        if self._closed:
            worker.conn.close()
            return
        for i, (fut, heavy) in enumerate(self._waiters):
            if fut.done():
                continue
            if heavy and self._busy_heavy >= self.heavy_limit:
                continue
            del self._waiters[i]
            fut.set_result(self._take(worker, heavy))
            self._prune()
            return
        self._prune()
        self._idle.append(worker)

    def _prune(self) -> None:
        while self._waiters and self._waiters[0][0].done():
            self._waiters.popleft()

    # ---------------------------------------------------------------- work
    async def run(self, task: str, payload: Any, *, time_limit: float, heavy: bool = False) -> Any:
        """The answer of ``task`` for ``payload`` from a worker, within ``time_limit`` seconds
        of computation (the wait for a worker not counted)."""
        await self.start()
        worker = await self._acquire(heavy)
        while not worker.process.is_alive():  # died while idle (killed from outside)
            await self._replace(worker, "crash")
            worker = await self._acquire(heavy)
        loop = asyncio.get_running_loop()
        try:
            worker.conn.send((task, payload))
            answer = await asyncio.wait_for(self._receive(loop, worker), time_limit)
        except TimeoutError:
            await self._replace(worker, "timeout")
            raise WorkTimeoutError from None
        except (EOFError, OSError, WorkerCrashError):
            await self._replace(worker, "crash")
            raise WorkerCrashError from None
        except asyncio.CancelledError:  # the request was abandoned: stop its work too
            worker.process.kill()
            task_ = loop.create_task(self._replace(worker, "timeout"))
            self._reaping.add(task_)
            task_.add_done_callback(self._reaping.discard)
            raise
        self._release(worker)
        return answer

    @staticmethod
    async def _receive(loop: asyncio.AbstractEventLoop, worker: _Worker) -> Any:
        """Wait until the pipe (or the process's end) is readable, then read the answer."""
        fut: asyncio.Future[None] = loop.create_future()
        fds = (worker.conn.fileno(), worker.process.sentinel)

        def ready() -> None:
            if not fut.done():
                fut.set_result(None)

        for fd in fds:
            loop.add_reader(fd, ready)
        try:
            await fut
        finally:
            for fd in fds:
                loop.remove_reader(fd)
        if not worker.conn.poll():
            raise WorkerCrashError
        return worker.conn.recv()

    async def _replace(self, worker: _Worker, reason: str) -> None:
        """Kill ``worker``, await its death, start a new one and free the slot."""
        proc = worker.process
        if proc.is_alive():
            proc.kill()
        loop = asyncio.get_running_loop()
        gone: asyncio.Future[None] = loop.create_future()

        def dead() -> None:
            if not gone.done():
                gone.set_result(None)

        loop.add_reader(proc.sentinel, dead)
        try:
            await asyncio.wait_for(gone, 5.0)
        except TimeoutError:  # pragma: no cover - SIGKILL is not refused
            pass
        finally:
            loop.remove_reader(proc.sentinel)
        proc.join(timeout=1)
        worker.conn.close()
        if proc in self._all:
            self._all.remove(proc)
        self.restarts += 1
        if self.on_restart is not None:
            self.on_restart(reason)
        if worker.heavy:
            self._busy_heavy -= 1
            worker.heavy = False
        if self._closed:
            return
        self._release(self._spawn())


def worker_pid_alive(pid: int) -> bool:
    """Whether process ``pid`` still exists (for tests and health checks)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # pragma: no cover
        return True
    return True
