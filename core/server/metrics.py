"""Metrics in the Prometheus text format (``GET /metrics``), with ``prometheus_client``.

One set of metrics per application.  With several worker processes (``serve --workers N``,
or gunicorn) each process writes its values to the directory named by
``PROMETHEUS_MULTIPROC_DIR`` and ``/metrics`` sums them over all processes
(``prometheus_client``'s multiprocess mode), so a scrape gives the whole server whichever
process answers it.
"""

from __future__ import annotations

import os

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client import multiprocess as _multiprocess

__all__ = ["CONTENT_TYPE", "Metrics"]

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
"""The media type of the Prometheus text format."""

_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 20.0, 30.0, 60.0)


def _multiprocess_dir() -> str | None:
    return os.environ.get("PROMETHEUS_MULTIPROC_DIR") or None


class Metrics:
    """The service's counters, histogram and gauges."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        """Where this application's metrics are registered."""
        reg = self.registry
        self.requests = Counter(
            "swisspairing_http_requests",
            "HTTP requests answered, by method, route and status.",
            ("method", "route", "status"),
            registry=reg,
        )
        self.latency = Histogram(
            "swisspairing_http_request_duration_seconds",
            "Time from the request's arrival to its answer, by route.",
            ("route",),
            buckets=_BUCKETS,
            registry=reg,
        )
        self.pairings = Counter(
            "swisspairing_pairings",
            "Rounds paired, by pairing system.",
            ("system",),
            registry=reg,
        )
        self.timeouts = Counter(
            "swisspairing_timeouts",
            "Computations stopped at the time limit (their worker killed), by route.",
            ("route",),
            registry=reg,
        )
        self.rejected = Counter(
            "swisspairing_rejected",
            "Requests refused with 503 because every worker was busy and the queue full.",
            ("route",),
            registry=reg,
        )
        self.restarts = Counter(
            "swisspairing_worker_restarts",
            "Worker processes replaced, by reason (timeout, crash).",
            ("reason",),
            registry=reg,
        )
        self.busy = Gauge(
            "swisspairing_workers_busy",
            "Worker processes computing now.",
            registry=reg,
            multiprocess_mode="livesum",
        )
        self.waiting = Gauge(
            "swisspairing_queue_waiting",
            "Requests waiting for a worker.",
            registry=reg,
            multiprocess_mode="livesum",
        )

    def render(self) -> bytes:
        """The metrics in the Prometheus text format (summed over processes in multiprocess
        mode)."""
        directory = _multiprocess_dir()
        if directory:
            registry = CollectorRegistry()
            _multiprocess.MultiProcessCollector(registry, path=directory)  # type: ignore[no-untyped-call]
            return generate_latest(registry)
        return generate_latest(self.registry)
