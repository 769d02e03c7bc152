"""One process of the concurrency test: the API in-process (Django's test client on
the real settings) against the test database named by ``DATABASE_URL``.

    python -m tests.api._concurrent_client MODE JSON_ARGS

Prints one JSON line: what this process saw (status codes, conflicts reported).
"""

from __future__ import annotations

import json
import os
import sys
import time


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "duidiao.settings")
    import django

    django.setup()
    from django.test.utils import setup_test_environment
    from rest_framework.test import APIClient

    setup_test_environment()  # ALLOWED_HOSTS for the test client's "testserver"
    mode, args = sys.argv[1], json.loads(sys.argv[2])
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {args['token']}")
    while time.time() < args["start_at"]:  # every process starts at the same moment
        time.sleep(0.001)
    out: dict[str, object] = {"pid": os.getpid()}
    if mode == "race":
        out.update(race(client, args))
    elif mode == "increments":
        out.update(increments(client, args))
    elif mode == "enter":
        out.update(enter(client, args))
    print(json.dumps(out), flush=True)


def body(args: dict, points: int, version: int | None = None) -> dict:
    # A confirmed result changes only by an explicit correction, with its reason.
    data = {**args["entry"], "defender_points": points, "reason": "计分卡抄错"}
    if version is not None:
        data["version"] = version
    return data


def race(client, args: dict) -> dict:
    """One correction from version 1: exactly one process may win."""
    response = client.post(args["url"], body(args, args["points"], 1), format="json")
    return {"status": response.status_code, "body": response.json()}


def increments(client, args: dict) -> dict:
    """``count`` corrections, each from the version last read; a 409 is re-read and
    retried. Every 409 is counted: the audit trail must hold as many."""
    done, conflicts, statuses = 0, 0, []
    version = args["version"]
    while done < args["count"]:
        points = 5 * ((args["seed"] * 7 + done) % 41)
        response = client.post(args["url"], body(args, points, version), format="json")
        statuses.append(response.status_code)
        if response.status_code == 200:
            done += 1
            version = response.json()["version"]
        elif response.status_code == 409:
            conflicts += 1
            version = response.json()["current_version"]
        else:
            return {"error": response.status_code, "body": response.content.decode()[:500]}
    return {"done": done, "conflicts": conflicts, "statuses": statuses}


def enter(client, args: dict) -> dict:
    """Enter scorecards for several (board, table) pairs as fast as possible."""
    statuses = []
    for item in args["items"]:
        response = client.post(args["url"], item, format="json")
        statuses.append([response.status_code, response.content.decode()[:200]])
    return {"statuses": statuses}


if __name__ == "__main__":
    main()
