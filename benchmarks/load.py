"""Load figures: standings under 50 concurrent clients, against a bare Django view.

    python benchmarks/load.py [--clients 50] [--seconds 20] [--workers N] [--threads N]
        [--port 8765] [--tables 60]

Creates a scratch PostgreSQL database with psql (``duidiao_load`` on 127.0.0.1:5432,
user postgres; dropped again at the end), migrates it and builds a Mitchell of
``--tables`` tables with every result entered and scored (``benchmarks.scoring``'s
``build_mitchell``: 14,000 results at 60 tables), then serves the project with gunicorn
(DEBUG off, Redis as the cache when it answers on 127.0.0.1:6379) and sends it, for a
bounded time each, from ``--clients`` threads (plain ``http.client``, loopback only;
each keeps the cookies it is given, as a phone's browser does between refreshes — a
cookie-less request is a new phone, handed a CSRF token each time; a device id only where
table codes are typed or tried):

* ``/healthz`` — the bare view (no database, no template): the baseline;
* the public standings page of the Mitchell (HTML);
* the standings API of the same stage (JSON);
* the page and the API again while another process corrects a result every second
  (``boards.services.result_correct`` to other points: a real rescore, new standings,
  a new version once it commits, as a director at a live event). Each version is built
  once across the workers (``scoring.cache``), the previous copy served meanwhile. Needs
  Redis (the cache the workers share); skipped without it.

It prints requests/s, p50 and p99 latency for each and the standings' throughput as a
share of the bare view's, and how many corrections were made. Aim (issue 23): ≥ 70 % of
the bare view, p99 ≤ 300 ms, with the rescores.
"""

from __future__ import annotations

import argparse
import http.client
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PYTHON = sys.executable
HOST = "127.0.0.1"  # loopback only
PG = ["-h", "127.0.0.1", "-p", "5432", "-U", "postgres"]
DATABASE = "duidiao_load"  # --database: a scratch name of your own on a shared machine
EVENT = "load-mitchell"


def answers(port: int, host: str = HOST) -> bool:
    try:
        socket.create_connection((host, port), timeout=1).close()
        return True
    except OSError:
        return False


def psql(*sql: str) -> None:
    args = ["psql", "-q", *PG, "-d", "postgres", "-v", "ON_ERROR_STOP=1"]
    for statement in sql:
        args += ["-c", statement]
    subprocess.run(args, check=True)


#: Builds the stage: a Mitchell of argv[1] tables, every result entered and scored.
BUILD = """
import sys
import django
django.setup()
from benchmarks.scoring import build_mitchell
from boards.models import Result
from scoring.services import rescore_stage
from tournament.models import Event
event, stage, held_out = build_mitchell(int(sys.argv[2]), 2007)
held_out.save()
Event.objects.filter(pk=event.pk).update(code=sys.argv[1], status=Event.Status.RUNNING)
rescore_stage(stage.pk)
print(stage.order, Result.objects.filter(board__stage=stage).count())
"""

#: Started beside the server: a real correction of a result every second, rescored.
RESCORE = """
import sys, time
import django
django.setup()
from benchmarks.scoring import corrections, director
from boards.models import Result
result = Result.objects.filter(board__stage__event__code=sys.argv[1]).order_by("pk").first()
correct = corrections(result, director(), 1)[0]
print("ready", flush=True)
done = 0
try:
    while True:
        start = time.monotonic()
        correct()
        done += 1
        time.sleep(max(0.0, 1 - (time.monotonic() - start)))
except KeyboardInterrupt:
    pass
print(done, flush=True)
"""


def environment(database: str = DATABASE, redis_db: int = 3) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CELERY_", "CACHE_"))}
    env |= {
        "DJANGO_SETTINGS_MODULE": "duidiao.settings",
        "DATABASE_URL": f"postgres://postgres@127.0.0.1:5432/{database}",
        "DEBUG": "0",
        "SECRET_KEY": "load-benchmark-" + "x" * 40,
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "SESSION_COOKIE_SECURE": "0",
        "CSRF_COOKIE_SECURE": "0",
        "LOG_LEVEL": "WARNING",  # no access line per request while measuring
    }
    if answers(6379):
        env["CACHE_URL"] = f"redis://127.0.0.1:6379/{redis_db}"
    return env


def rescoring(env: dict[str, str]) -> subprocess.Popen[str]:
    """A process correcting a result every second (rescored), once it is ready."""
    proc = subprocess.Popen(
        [PYTHON, "-c", RESCORE, EVENT],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    assert proc.stdout is not None
    if proc.stdout.readline().strip() != "ready":
        raise SystemExit("the rescoring process did not start")
    return proc


def prepare(env: dict[str, str], database: str = DATABASE, tables: int = 60) -> int:
    """The scratch database with the Mitchell built and scored: its stage's order."""
    psql(f"DROP DATABASE IF EXISTS {database} WITH (FORCE)", f"CREATE DATABASE {database}")
    manage = [PYTHON, "manage.py"]
    subprocess.run([*manage, "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True)
    built = subprocess.run(
        [PYTHON, "-c", BUILD, EVENT, str(tables)],
        cwd=ROOT,
        env=env,
        check=True,
        stdout=subprocess.PIPE,
        text=True,
    )
    order, results = built.stdout.split()[-2:]
    print(f"a Mitchell of {tables} tables, {results} results", flush=True)
    with_stats = "ANALYZE"  # as autovacuum would, after the bulk load
    subprocess.run(["psql", "-q", *PG, "-d", database, "-c", with_stats], check=True)
    if "CACHE_URL" in env:  # a cache left by an earlier run of a database of the same name
        subprocess.run(
            [*manage, "shell", "-c", "from django.core.cache import cache; cache.clear()"],
            cwd=ROOT,
            env=env,
            check=True,
        )
    return int(order)


def serve(env: dict[str, str], port: int, workers: int) -> subprocess.Popen[bytes]:
    """gunicorn as deployed: ``gunicorn.conf.py``'s workers and threads for PostgreSQL
    (``WEB_CONCURRENCY`` / ``WEB_THREADS`` in ``env`` when ``--workers`` / ``--threads``
    ask for others: ``workers`` is what that gives), on ``port``."""
    gunicorn = shutil.which("gunicorn", path=str(Path(PYTHON).parent)) or "gunicorn"
    proc = subprocess.Popen(
        [
            gunicorn,
            "duidiao.wsgi",
            "-b",
            f"{HOST}:{port}",
            "--backlog",
            "2048",
            "--log-level",
            "warning",
            "--access-logfile",
            "/dev/null",  # gunicorn.conf.py logs every request; not while measuring
            "--max-requests",
            "0",
        ],
        cwd=ROOT,
        env=env,
        start_new_session=True,
    )
    deadline = time.monotonic() + 60
    while not ready(port):
        if proc.poll() is not None or time.monotonic() > deadline:
            raise SystemExit("gunicorn did not start")
        time.sleep(0.5)
    time.sleep(2 + workers * 0.5)  # the rest of the workers import Django too
    return proc


def sizing(env: dict[str, str]) -> tuple[str, str, str]:
    """The processes, threads and worker class ``gunicorn.conf.py`` gives ``env``."""
    code = (
        "import runpy; c = runpy.run_path('gunicorn.conf.py'); "
        "print(c['workers'], c['threads'], c['worker_class'])"
    )
    out = subprocess.run(
        [PYTHON, "-c", code], cwd=ROOT, env=env, check=True, capture_output=True, text=True
    )
    workers, threads, kind = out.stdout.split()
    return workers, threads, kind


def ready(port: int) -> bool:
    try:
        conn = http.client.HTTPConnection(HOST, port, timeout=30)
        conn.request("GET", "/healthz")
        ok = conn.getresponse().status == 200
        conn.close()
        return ok
    except OSError:
        return False


def server_cpu(pid: int) -> float:
    """CPU seconds used so far by gunicorn's workers (the children of ``pid``)."""
    total = 0.0
    tick = os.sysconf("SC_CLK_TCK")
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:  # ppid
            total += (int(fields[11]) + int(fields[12])) / tick
    return total


def run(port: int, path: str, clients: int, seconds: float) -> dict[str, float]:
    """``clients`` threads, each sending requests one after another for ``seconds``."""
    latencies: list[list[float]] = [[] for _ in range(clients)]
    errors = [0] * clients
    last_error = [""]
    start = threading.Barrier(clients + 1)
    stop_at = [0.0]

    def client(i: int) -> None:
        start.wait()
        mine = latencies[i]
        jar: SimpleCookie = SimpleCookie()  # what the phone's browser keeps between refreshes
        while time.perf_counter() < stop_at[0]:
            t0 = time.perf_counter()
            try:
                conn = http.client.HTTPConnection(HOST, port, timeout=10)
                headers = {"Connection": "close"}
                if jar:
                    headers["Cookie"] = "; ".join(f"{k}={m.value}" for k, m in jar.items())
                conn.request("GET", path, headers=headers)
                response = conn.getresponse()
                response.read()
                for cookie in response.headers.get_all("Set-Cookie") or ():
                    jar.load(cookie)
                conn.close()
                if response.status != 200:
                    errors[i] += 1
                    last_error[0] = f"HTTP {response.status}"
                    continue
            except OSError as error:
                errors[i] += 1
                last_error[0] = repr(error)
                continue
            mine.append(time.perf_counter() - t0)

    threads = [threading.Thread(target=client, args=(i,), daemon=True) for i in range(clients)]
    for t in threads:
        t.start()
    began = time.perf_counter()
    stop_at[0] = began + seconds
    start.wait()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - began
    done = sorted(x for xs in latencies for x in xs)
    if not done:
        raise SystemExit(f"{path}: no request succeeded ({sum(errors)} errors: {last_error[0]})")
    return {"latencies": done, "elapsed": elapsed, "errors": sum(errors)}


def summary(samples: list[dict[str, Any]]) -> dict[str, float]:
    done = sorted(x for s in samples for x in s["latencies"])
    elapsed = sum(s["elapsed"] for s in samples)
    return {
        "rps": len(done) / elapsed,
        "p50": statistics.median(done) * 1000,
        "p99": done[min(len(done) - 1, int(len(done) * 0.99))] * 1000,
        "requests": len(done),
        "errors": sum(s["errors"] for s in samples),
        "cpu_ms": sum(s.get("cpu", 0.0) for s in samples) * 1000 / len(done),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--workers", type=int, help="processes (default: gunicorn.conf.py's)")
    parser.add_argument("--threads", type=int, help="threads a process (gunicorn.conf.py's)")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--rounds", type=int, default=4, help="interleaved rounds")
    parser.add_argument("--keep", action="store_true", help="keep the scratch database")
    parser.add_argument("--database", default=DATABASE, help="scratch database (dropped)")
    parser.add_argument("--redis-db", type=int, default=3, help="Redis database number")
    parser.add_argument("--tables", type=int, default=60, help="the Mitchell's tables")
    args = parser.parse_args()
    if not shutil.which("psql") or not answers(5432):
        raise SystemExit("needs psql and PostgreSQL on 127.0.0.1:5432")
    if answers(args.port):
        raise SystemExit(f"port {args.port} is taken")

    env = environment(args.database, args.redis_db)
    if args.workers:
        env["WEB_CONCURRENCY"] = str(args.workers)
    if args.threads:
        env["WEB_THREADS"] = str(args.threads)
    print(f"preparing {args.database} (migrate, a {args.tables}-table Mitchell)…", flush=True)
    order = prepare(env, args.database, args.tables)
    size = sizing(env)
    server = serve(env, args.port, int(size[0]))
    paths = {
        "bare view /healthz": "/healthz",
        "standings page": f"/e/{EVENT}/s/{order}/standings/",
        "standings API": f"/api/events/{EVENT}/stages/{order}/standings/",
    }
    if "CACHE_URL" in env:  # another process's new versions reach the workers
        paths |= {
            "page, rescore 1/s": paths["standings page"],
            "API, rescore 1/s": paths["standings API"],
        }
    corrected = 0
    # Interleaved rounds, so a busy moment of the machine falls on every scenario alike.
    rounds = max(1, args.rounds)
    samples: dict[str, list[dict[str, Any]]] = {name: [] for name in paths}
    try:
        for path in paths.values():
            run(args.port, path, 5, 1.0)  # warm every worker's connections and caches
        for _ in range(rounds):
            for name, path in paths.items():
                bumping = rescoring(env) if "1/s" in name else None
                try:
                    cpu = server_cpu(server.pid)
                    sample = run(args.port, path, args.clients, args.seconds / rounds)
                    sample["cpu"] = server_cpu(server.pid) - cpu
                finally:
                    if bumping is not None:
                        os.killpg(bumping.pid, signal.SIGINT)  # it prints its count
                        out, _err = bumping.communicate(timeout=30)
                        corrected += int(out.split()[-1]) if out.split() else 0
                samples[name].append(sample)
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
        if not args.keep:
            psql(f"DROP DATABASE IF EXISTS {args.database} WITH (FORCE)")

    results = {name: summary(rows) for name, rows in samples.items()}
    cache = "Redis" if "CACHE_URL" in env else "local memory"
    print(
        "\ngunicorn, {} processes × {} threads ({}), PostgreSQL, cache: {}; ".format(*size, cache)
        + f"{args.clients} clients, {args.seconds:.0f} s each in {rounds} interleaved rounds, "
        f"{os.cpu_count()} cores; a {args.tables}-table Mitchell, {corrected} corrections "
        "rescored during the 1/s runs"
    )
    head = f"{'':22} {'req/s':>8} {'p50 ms':>8} {'p99 ms':>8} {'requests':>9} {'errors':>7}"
    print(head + f" {'server CPU ms/req':>18}")
    for name, r in results.items():
        print(
            f"{name:22} {r['rps']:8.0f} {r['p50']:8.1f} {r['p99']:8.1f} "
            f"{r['requests']:9d} {r['errors']:7d} {r['cpu_ms']:18.2f}"
        )
    bare = results["bare view /healthz"]["rps"]
    for name in (n for n in results if n != "bare view /healthz"):
        share = results[name]["rps"] / bare
        ok = share >= 0.7 and results[name]["p99"] <= 300
        verdict = "aim met" if ok else "below aim"
        print(f"{name}: {share:.0%} of the bare view's throughput  [{verdict}]")


if __name__ == "__main__":
    main()
