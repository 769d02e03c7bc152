"""Page sizes and server times of a big pairs stage: the director's dashboard, the
stage page and a pair's where-next page of a 30-table Mitchell (issue 15, item 7).

    python benchmarks/pages.py [--tables 30] [--repeats 5] [--database-url URL]

Builds the stage through the services (60 pairs, 29 rounds) in a throw-away SQLite
database (or ``--database-url``, a scratch one), logs a director in, and fetches each
page with Django's test client, printing its size and the best and median server time.
Aim: every page under 200 KB and at most 200 ms.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.scoring import setup  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--database-url")
    args = parser.parse_args()
    setup(args.database_url)
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.test import Client

    from boards.services import boards_generate
    from tournament.models import Entrant, EventRole
    from tournament.services import entrants_add, event_create, stage_create

    settings.ALLOWED_HOSTS = ["*"]
    event = event_create(name="大型双人赛", code=f"big-{int(time.time())}")
    pairs = entrants_add(
        event=event,
        kind=Entrant.Kind.PAIR,
        entries=[{"players": [f"甲{i}", f"乙{i}"]} for i in range(2 * args.tables)],
    )
    stage = stage_create(event=event, kind="mitchell", entrants=pairs, draw_seed=1)
    boards_generate(stage=stage)
    user = get_user_model().objects.create_user(f"td-{event.pk}", password="x")
    EventRole.objects.create(event=event, user=user, role="director")
    client = Client()
    client.force_login(user)
    pages = {
        "dashboard": f"/e/{event.code}/director/",
        "stage": f"/e/{event.code}/s/{stage.order}/",
        "stage round 15": f"/e/{event.code}/s/{stage.order}/?round=15",
        "pair N–S 7": f"/e/{event.code}/s/{stage.order}/ns/7/",
        "standings": f"/e/{event.code}/s/{stage.order}/standings/",
    }
    for name, url in pages.items():
        times = []
        size = 0
        for _ in range(args.repeats):
            start = time.perf_counter()
            response = client.get(url)
            times.append(time.perf_counter() - start)
            assert response.status_code == 200, (url, response.status_code)
            size = len(response.content)
        print(
            f"{name:16} {size / 1024:8.1f} KB  best {min(times) * 1000:6.0f} ms  "
            f"median {statistics.median(times) * 1000:6.0f} ms"
        )


if __name__ == "__main__":
    main()
