"""The HTTP service in production (issue 22): work that stops at the time limit, a bounded
queue, cheap checks first, read timeouts, health, readiness, request ids, metrics,
several server processes, and the pages for people.

The load tests run ``swisspairing serve`` on 127.0.0.1 only, with bounded counts and times
(each server stops by itself after 150 s at the latest); the heavy request is a real one:
round 4 of a generated 2,500-player open under a short time limit.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import json
import logging
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient
from swisspairing import api as sp_api
from swisspairing.errors import InvalidInputError
from swisspairing.server import Limits, create_app
from swisspairing.server.limits import limits_from_env
from swisspairing.server.pages import DOCS_ASSETS, wants_html
from swisspairing.server.tasks import run_task
from swisspairing.server.workers import worker_pid_alive

ROOT = Path(__file__).parent.parent
TRF = (ROOT / "examples" / "swiss-open-21.trf").read_text(encoding="utf-8")
DUTCH = "fide-dutch-1992"
LIGHT = {"trf": TRF, "ruleset": DUTCH}


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(Limits(concurrency=2))) as c:
        yield c


@pytest.fixture(scope="module")
def big_trf(tmp_path_factory) -> str:
    """Round 4 to pair of a 2,500-player open (about a second of CPU: past a short limit)."""
    path = tmp_path_factory.mktemp("big") / "big.trf"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "swisspairing",
            "generate",
            "-r",
            DUTCH,
            "--players",
            "2500",
            "--rounds",
            "3",
            "-o",
            str(path),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return path.read_text(encoding="utf-8").replace("XXR 3\n", "XXR 9\n", 1)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``swisspairing serve`` on 127.0.0.1 with ``options``; ends itself after 150 s."""

    def __init__(self, *options: str) -> None:
        self.port = _free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        code = (
            "import os, sys, threading; threading.Timer(150, os._exit, (0,)).start(); "
            "from swisspairing.cli import main; sys.exit(main(sys.argv[1:]))"
        )
        self.proc = subprocess.Popen(
            [sys.executable, "-c", code, "serve", "--port", str(self.port), *options],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(self.base + "/readyz", timeout=5) as r:
                    if r.status == 200:
                        break
            except OSError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    self.stop()
                    raise RuntimeError("server did not start: " + self.log) from None
                time.sleep(0.2)

    def post(self, path: str, body: dict, timeout: float = 60) -> tuple[int, dict, dict]:
        req = urllib.request.Request(
            self.base + path,
            data=json.dumps(body).encode("utf-8"),
            headers={"Content-Type": "application/json"},
        )
        try:
            with urllib.request.urlopen(req, timeout=timeout) as r:
                return r.status, {k.lower(): v for k, v in r.headers.items()}, json.loads(r.read())
        except urllib.error.HTTPError as exc:
            return exc.code, {k.lower(): v for k, v in exc.headers.items()}, json.loads(exc.read())

    def get(self, path: str) -> str:
        with urllib.request.urlopen(self.base + path, timeout=30) as r:
            return r.read().decode("utf-8")

    def children(self) -> list[int]:
        """Process ids below the server (its worker processes and the forkserver)."""
        parents: dict[int, list[int]] = {}
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            parents.setdefault(ppid, []).append(int(entry.name))
        out: list[int] = []
        todo = [self.proc.pid]
        while todo:
            kids = parents.get(todo.pop(), [])
            out.extend(kids)
            todo.extend(kids)
        return out

    def cpu_seconds(self) -> float:
        """User + system CPU of the server and every process below it, now."""
        total = 0.0
        tick = os.sysconf("SC_CLK_TCK")
        for pid in [self.proc.pid, *self.children()]:
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            total += (int(fields[11]) + int(fields[12])) / tick
        return total

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=10)
        self.log = self.proc.stderr.read() if self.proc.stderr else ""

    log = ""


# ---------------------------------------------------------------------- the worker pool
def test_a_timed_out_computation_is_killed_before_the_503(big_trf):
    """The 503 goes out after the worker has been killed: its process is gone, a new one
    has taken its place, and the server's CPU stops within a second of the answer."""
    server = Server("--concurrency", "1", "--time-limit", "0.3")
    try:
        before = set(server.children())
        status, _headers, data = server.post("/pair", {"trf": big_trf, "ruleset": DUTCH})
        answered = time.monotonic()
        assert status == 503, data
        assert data["error"]["type"] == "TimeLimitExceededError"
        assert data["error"]["exit_code"] == 4
        after = set(server.children())
        killed = before - after
        assert killed and not any(worker_pid_alive(p) for p in killed)  # killed, not left
        time.sleep(max(0.0, answered + 1.0 - time.monotonic()))
        cpu = server.cpu_seconds()
        time.sleep(2.0)
        assert server.cpu_seconds() - cpu < 0.5  # nothing runs on with nothing in flight
        status, _, data = server.post("/pair", LIGHT)  # the fresh worker answers
        assert status == 200 and data["round"] == 5
        metrics = server.get("/metrics")
        assert re.search(r'swisspairing_timeouts_total\{route="/pair"\} 1\.0', metrics)
        assert re.search(r'swisspairing_worker_restarts_total\{reason="timeout"\} 1\.0', metrics)
    finally:
        server.stop()


def test_light_requests_keep_their_latency_while_heavy_ones_run(big_trf):
    """Two workers, one kept for small requests: while heavy requests occupy the other (and
    wait for it), a light /pair is answered at its usual speed, far below the time limit;
    heavy requests beyond the queue get 503 with Retry-After at once."""
    server = Server(
        "--concurrency", "2", "--time-limit", "6", "--max-queue", "1", "--queue-wait", "20"
    )
    try:
        light = []
        for _ in range(2):
            t0 = time.monotonic()
            assert server.post("/pair", LIGHT)[0] == 200
            light.append(time.monotonic() - t0)
        baseline = min(light)
        heavy_body = {"trf": big_trf, "ruleset": DUTCH}
        with concurrent.futures.ThreadPoolExecutor(4) as ex:
            heavy = [ex.submit(server.post, "/pair", heavy_body) for _ in range(3)]
            time.sleep(1.0)  # the heavy ones are running or queued
            during = []
            for _ in range(3):
                t0 = time.monotonic()
                status, _, _ = server.post("/pair", LIGHT)
                during.append(time.monotonic() - t0)
                assert status == 200
            answers = [f.result(timeout=120) for f in heavy]
        statuses = sorted(a[0] for a in answers)
        assert 503 in statuses, statuses  # one ran, one waited, the third found the queue full
        busy = [a for a in answers if a[0] == 503 and a[2]["error"]["type"] == "ServiceBusyError"]
        assert busy and int(busy[0][1]["retry-after"]) >= 1
        assert max(during) < 3.0 and min(during) < baseline + 2.0, (baseline, during)
    finally:
        server.stop()


def test_queue_full_and_slot_held_in_process(big_trf):
    """One worker and no queue: while a heavy request computes, another gets 503 with
    Retry-After; the slot is free again once the heavy one has stopped."""
    limits = Limits(concurrency=1, max_queue=0, time_limit=5.0, light_reserve=0)
    with TestClient(create_app(limits)) as c:
        assert c.post("/pair", json=LIGHT).status_code == 200
        with concurrent.futures.ThreadPoolExecutor(2) as ex:
            heavy = ex.submit(c.post, "/pair", json={"trf": big_trf, "ruleset": DUTCH})
            time.sleep(0.2)
            busy = c.post("/pair", json=LIGHT)
            assert busy.status_code == 503 and busy.headers["retry-after"].isdigit()
            assert busy.json()["error"]["type"] == "ServiceBusyError"
            assert heavy.result(timeout=60).status_code in (200, 503)  # done or stopped
        assert c.post("/pair", json=LIGHT).status_code == 200


def _running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state not in ("Z", "X")


def test_a_crashed_worker_is_a_500_and_replaced(client):
    svc = client.app.state.service
    assert client.post("/pair", json=LIGHT).status_code == 200
    pids = svc.pool.pids()

    def kill_soon():
        time.sleep(0.05)
        for pid in pids:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, 9)

    with concurrent.futures.ThreadPoolExecutor(1) as ex:
        ex.submit(kill_soon)
        resp = client.post(
            "/pair", json={"trf": TRF, "ruleset": DUTCH}, headers={"Accept-Language": "de"}
        )
    if resp.status_code == 500:  # the kill landed during the computation
        assert resp.json()["error"] == {
            "type": "InternalError",
            "exit_code": 2,
            "message": "interner Fehler: WorkerCrashError",
        }
    deadline = time.monotonic() + 10  # the kills have landed (dead, maybe not yet reaped)
    while time.monotonic() < deadline and any(_running(p) for p in pids):
        time.sleep(0.05)
    assert client.post("/pair", json=LIGHT).status_code == 200  # a live worker answers
    assert client.get("/readyz").status_code == 200  # idle dead workers are replaced too
    assert not set(pids) & set(svc.pool.pids())
    assert all(worker_pid_alive(p) for p in svc.pool.pids())


def test_a_bug_in_a_worker_is_a_500_without_traceback(monkeypatch, client):
    def broken(*args, **kwargs):
        raise KeyError("oops")

    monkeypatch.setattr(sp_api, "standings", broken)
    payload = {"body": LIGHT, "lang": "de"}
    assert run_task("standings", payload) == ("bug", "KeyError")
    svc = client.app.state.service

    async def fake_run(task, payload, **kwargs):
        return run_task(task, payload)  # the worker's answer, computed here

    monkeypatch.setattr(svc.pool, "run", fake_run)
    resp = client.post("/standings", json=LIGHT, params={"lang": "de"})
    assert resp.status_code == 500
    assert resp.json() == {
        "error": {"type": "InternalError", "exit_code": 2, "message": "interner Fehler: KeyError"}
    }


# ---------------------------------------------------------------------- cheap checks first
def test_deep_json_is_422_not_500(client):
    for depth in (65, 1_000, 100_000):
        body = '{"trf": ' + "[" * depth + "]" * depth + ', "ruleset": "x"}'
        resp = client.post("/pair", content=body, headers={"content-type": "application/json"})
        assert resp.status_code == 422, resp.text
        assert "nested deeper than the limit of 64 levels" in resp.json()["error"]["message"]
    text = '{"format": "swisspairing-tournament", "name": ' + "[" * 5_000 + "]" * 5_000 + "}"
    with pytest.raises(InvalidInputError, match="nested deeper than the limit of 64 levels"):
        sp_api.loads_json(text)
    deep: object = 1
    for _ in range(5_000):
        deep = [deep]
    with pytest.raises(InvalidInputError, match=r"\$\.name\[0\]\[0\].*nested deeper"):
        sp_api.tournament_from_json({"format": "swisspairing-tournament", "name": deep})


def test_hostile_inline_rulesets_are_refused_cheaply(client):
    """The nesting and alias checks run over libyaml's event stream before anything is
    parsed: a 2 MB body of nesting is refused at once (it cost ~24 s of CPU before)."""
    cases = [
        "a: " + "[" * 200_000 + "]" * 200_000,
        "".join(" " * i + "k:\n" for i in range(1_000)),
        "schema_version: 1\nid: &a x\nname: *a\nsystem: fide-dutch-1992\n",
        "a: &a [*a]\n",
        "x" * 70_000,
    ]
    for text in cases:
        t0 = time.process_time()
        resp = client.post("/pair", json={"trf": TRF, "ruleset_yaml": text})
        assert resp.status_code == 422, resp.text
        assert time.process_time() - t0 < 2.0  # the server process' own CPU: no scan blow-up
        message = resp.json()["error"]["message"]
        assert message.startswith("$.ruleset_yaml"), message
        assert any(
            s in message
            for s in ("nested deeper", "aliases are not accepted", "longer than the limit")
        ), message


def test_json_endpoints_require_application_json(client):
    for kind in (
        "text/plain",
        "application/x-www-form-urlencoded",
        None,
        "application/json; charset=latin-1",
    ):
        headers = {"content-type": kind} if kind else {}
        resp = client.post("/pair", content=json.dumps(LIGHT), headers=headers)
        assert resp.status_code == 415, kind
        assert resp.json()["error"]["exit_code"] == 3
        assert "must be application/json" in resp.json()["error"]["message"]
    ok = client.post(
        "/pair",
        content=json.dumps(LIGHT),
        headers={"content-type": "application/json; charset=utf-8"},
    )
    assert ok.status_code == 200


def test_long_values_are_cut_in_messages(client):
    name = "N" * 100_000
    doc = {
        "format": "swisspairing-tournament",
        "schema_version": 1,
        "players": [{"number": 1, "name": name}],
    }
    resp = client.post("/pair", json={"tournament": doc, "ruleset": DUTCH})
    assert resp.status_code == 422
    assert len(resp.text) < 2_000, len(resp.text)


def test_control_characters_in_request_strings_are_refused(client):
    doc = {
        "format": "swisspairing-tournament",
        "schema_version": 1,
        "players": [{"number": 1, "name": "Evil\x1b]0;owned\x07"}, {"number": 2}],
    }
    resp = client.post("/pair", json={"tournament": doc, "ruleset": DUTCH})
    assert resp.status_code == 422
    assert resp.json()["error"]["message"] == (
        "$.tournament.players[0].name: control character U+001B at character 5"
    )
    trf = TRF.replace("Moreau, Camille", "Moreau\x1b[2J Cam", 1)
    resp = client.post("/pair", json={"trf": trf, "ruleset": DUTCH})
    assert resp.status_code == 422
    assert "control character U+001B" in resp.json()["error"]["message"]


# ---------------------------------------------------------------------- pages and errors
def test_landing_page_is_localized_with_links(client):
    for lang, word in (("de", "API-Dokumentation"), ("ru", "документация"), ("pl", "dokumentacja")):
        resp = client.get("/", headers={"Accept-Language": lang})
        assert resp.status_code == 200 and resp.headers["content-type"].startswith("text/html")
        assert f'lang="{lang}"' in resp.text and word in resp.text
        for href in ("/docs", "/openapi.json", "/rulesets"):
            assert f'href="{href}"' in resp.text


def test_html_pages_send_csp_and_nosniff(client):
    for resp in (
        client.get("/"),
        client.get("/pages/standings", params={"trf": TRF, "ruleset": DUTCH}),
        client.get("/docs"),
    ):
        assert resp.status_code == 200
        assert resp.headers["x-content-type-options"] == "nosniff"
        csp = resp.headers["content-security-policy"]
        assert "default-src 'none'" in csp and "frame-ancestors 'none'" in csp
    assert "script-src" not in client.get("/").headers["content-security-policy"]
    assert client.get("/healthz").headers["x-content-type-options"] == "nosniff"


def test_docs_work_offline(client):
    page = client.get("/docs").text
    assert "http://" not in page and "https://" not in page  # no CDN
    for src in re.findall(r'(?:src|href)="([^"]+)"', page):
        resp = client.get(src)
        assert resp.status_code == 200 and len(resp.content) > 0, src
    assert "/openapi.json" in client.get("/docs/init.js").text
    for name in DOCS_ASSETS:
        assert client.get(f"/docs/{name}").status_code == 200
    assert client.get("/docs/../pyproject.toml").status_code == 404
    assert client.get("/docs/index.html").status_code == 404


def test_errors_are_pages_for_browsers_and_json_for_api_clients(client):
    browser = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
    assert wants_html(browser) and not wants_html("application/json") and not wants_html(None)
    assert not wants_html("*/*")
    resp = client.get(
        "/pages/podium",
        params={"trf": TRF, "ruleset": DUTCH, "lang": "pl"},
        headers={"Accept": browser},
    )
    assert resp.status_code == 422 and resp.headers["content-type"].startswith("text/html")
    assert "unknown report" not in resp.text or 'lang="pl"' in resp.text
    assert 'lang="pl"' in resp.text and "podium" in resp.text
    resp = client.get("/nowhere", headers={"Accept": browser, "Accept-Language": "de"})
    assert resp.status_code == 404 and "<h1" in resp.text and "/nowhere" in resp.text
    resp = client.get("/nowhere")
    assert resp.status_code == 404
    assert (
        resp.json()["error"]["exit_code"] == 3 and resp.json()["error"]["type"] == "NotFoundError"
    )
    resp = client.delete("/pair")
    assert resp.status_code == 405 and resp.json()["error"]["exit_code"] == 3


# ---------------------------------------------------------------------- operations
def test_health_readiness_metrics_and_request_ids(client, caplog):
    assert client.get("/healthz").json()["status"] == "ok"
    ready = client.get("/readyz")
    assert ready.status_code == 200 and ready.json()["workers"] == 2
    with caplog.at_level(logging.INFO, logger="swisspairing.access"):
        resp = client.post("/pair", json=LIGHT, headers={"X-Request-ID": "portal-42"})
        other = client.post("/pair", json=LIGHT, headers={"X-Request-ID": "bad id\x01"})
    assert resp.headers["x-request-id"] == "portal-42"
    assert re.fullmatch(r"[0-9a-f]{32}", other.headers["x-request-id"])
    lines = [json.loads(r.getMessage()) for r in caplog.records if r.name == "swisspairing.access"]
    mine = next(line for line in lines if line["request_id"] == "portal-42")
    assert mine["status"] == 200 and mine["route"] == "/pair" and mine["duration_ms"] > 0
    metrics = client.get("/metrics")
    assert metrics.headers["content-type"].startswith("text/plain")
    text = metrics.text
    assert re.search(r'swisspairing_pairings_total\{system="fide-dutch-1992"\} [1-9]', text)
    assert re.search(
        r'swisspairing_http_requests_total\{method="POST",route="/pair",status="200"\} [1-9]',
        text,
    )
    assert 'swisspairing_http_request_duration_seconds_bucket{le="0.5",route="/pair"}' in text
    assert "swisspairing_workers_busy" in text


def test_limits_from_the_environment():
    env = {"SWISSPAIRING_HEADER_TIMEOUT": "2.5", "SWISSPAIRING_MAX_QUEUE": "3"}
    assert limits_from_env(env) == Limits(header_timeout=2.5, max_queue=3)
    with pytest.raises(InvalidInputError):
        limits_from_env({"SWISSPAIRING_MAX_QUEUE": "many"})


def test_a_retired_variable_is_refused_not_ignored():
    """The search budget is gone from every system (issue 20: no pairing is decided by a
    budget); a container that still sets its variable is told so at start-up, with the
    variable named, instead of running with a setting that silently means nothing."""
    with pytest.raises(InvalidInputError) as got:
        limits_from_env({"SWISSPAIRING_MAX_SEARCH_BUDGET": "200000"})
    assert str(got.value) == (
        "SWISSPAIRING_MAX_SEARCH_BUDGET: no longer a setting: no pairing depends on a search "
        "budget; remove it"
    )
    assert got.value.exit_code == 3


# ---------------------------------------------------------------------- slow clients
def test_slow_clients_are_dropped_at_the_read_timeouts():
    """A client that sends its headers a byte at a time is cut off at the header timeout
    (it used to hold the connection for ever); one whose body never completes gets 408 at
    the read timeout.  Twenty such clients do not stop a normal request."""
    server = Server("--header-timeout", "1", "--read-timeout", "1", "--keep-alive", "2")
    socks: list[socket.socket] = []
    try:
        for _ in range(20):
            s = socket.create_connection(("127.0.0.1", server.port), timeout=10)
            s.sendall(b"POST /pair HTTP/1.1\r\nHost: x\r\n")
            socks.append(s)
        t0 = time.monotonic()
        for s in socks:
            with contextlib.suppress(OSError):
                s.sendall(b"X")  # a byte every now and then
        assert server.post("/pair", LIGHT)[0] == 200  # served meanwhile
        closed = 0
        for s in socks:
            s.settimeout(max(0.1, t0 + 5 - time.monotonic()))
            try:
                data = s.recv(1000)
            except TimeoutError:
                continue
            if data.startswith(b"HTTP/1.1 408") or data == b"":
                closed += 1
        assert closed == len(socks)
        assert time.monotonic() - t0 < 5
        s = socket.create_connection(("127.0.0.1", server.port), timeout=10)
        s.sendall(
            b"POST /pair HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: 1000\r\n\r\n{"
        )
        t0 = time.monotonic()
        answer = s.recv(4000)
        assert answer.startswith(b"HTTP/1.1 408"), answer[:200]
        assert time.monotonic() - t0 < 4
        s.close()
    finally:
        for s in socks:
            s.close()
        server.stop()


# ---------------------------------------------------------------------- several processes
def test_several_server_processes_share_the_port_and_the_metrics():
    server = Server("--workers", "2", "--concurrency", "1")
    try:
        for _ in range(6):
            assert server.post("/pair", LIGHT)[0] == 200
        totals = set()
        for _ in range(4):  # whichever process answers the scrape, it counts all six
            text = server.get("/metrics")
            found = re.search(
                r'swisspairing_pairings_total\{system="fide-dutch-1992"\} (\S+)', text
            )
            assert found, text[:2000]
            totals.add(float(found.group(1)))
        assert totals == {6.0}
    finally:
        server.stop()
    pids = {json.loads(line)["pid"] for line in server.log.splitlines() if line.startswith("{")}
    assert len(pids) >= 1


# ---------------------------------------------------------------------- deployment files
def test_deployment_examples_probe_the_right_endpoints():
    """The documented production set-up: the image runs ``serve`` and checks /healthz; the
    Kubernetes pods probe /healthz (liveness) and /readyz (readiness); Compose runs replicas
    behind nginx, whose limits match the service's."""
    import yaml

    docker = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    assert '"swisspairing", "serve", "--host", "0.0.0.0", "--port", "8080"' in docker
    assert "/healthz" in docker and "USER nobody" in docker
    docs = list(
        yaml.safe_load_all((ROOT / "examples/deploy/kubernetes.yaml").read_text(encoding="utf-8"))
    )
    pod = docs[0]["spec"]["template"]["spec"]["containers"][0]
    assert pod["livenessProbe"]["httpGet"]["path"] == "/healthz"
    assert pod["readinessProbe"]["httpGet"]["path"] == "/readyz"
    assert docs[1]["kind"] == "Service"
    env = {e["name"] for e in pod["env"]}
    known = set(limits_from_env.__globals__["_ENV"].values())
    assert env <= known, env - known
    compose = yaml.safe_load((ROOT / "examples/deploy/compose.yaml").read_text(encoding="utf-8"))
    assert set(compose["services"]["swisspairing"]["environment"]) <= known
    nginx = (ROOT / "examples/deploy/nginx.conf").read_text(encoding="utf-8")
    assert f"client_max_body_size {Limits().max_body // 1_000_000}m" in nginx
    assert f"client_header_timeout {Limits().header_timeout:g}s" in nginx
    assert "X-Request-ID" in nginx


def test_serve_options_fall_back_to_the_environment(monkeypatch, cli):
    """The container sets ``SWISSPAIRING_*``; an option given on the command line wins."""
    import swisspairing.server as srv

    seen = {}
    monkeypatch.setattr(srv, "run", lambda host, port, *, workers, limits: seen.update(l=limits))
    monkeypatch.setenv("SWISSPAIRING_CONCURRENCY", "2")
    monkeypatch.setenv("SWISSPAIRING_TIME_LIMIT", "9")
    assert cli("serve", "--time-limit", "3", "--header-timeout", "4").code == 0
    assert seen["l"] == Limits(concurrency=2, time_limit=3.0, header_timeout=4.0)
