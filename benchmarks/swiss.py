"""How long a Swiss of 100 teams takes to pair and rank, round after round.

    python benchmarks/swiss.py [--teams 100] [--rounds 9]
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/scratch python benchmarks/swiss.py

Creates the stage (round 1 by seeding), then for each round: marks every match
decided with a random result, stored as the match score scoring would write (board
points and jump levels are not played out: this times the Swiss, not the engine),
and times ``scoring.services.swiss_round_next`` — the ranking with its tie-breaks,
the pairing (the cheapest perfect matching, no rematches), the round's matches,
tables and board sets written and its boards dealt — and the standings rescore.
Checks that nobody meets twice. Without ``DATABASE_URL`` a throw-away SQLite file
is used.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.scoring import setup  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--teams", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--seed", type=int, default=2007)
    parser.add_argument("--database-url", default=os.environ.get("DATABASE_URL"))
    args = parser.parse_args()
    vendor = setup(args.database_url)

    from django.db import transaction

    from scoring.models import MatchScore, Standing
    from scoring.services import swiss_round_next
    from scoring.services.team_formats import swiss_standings_rescore
    from tournament.models import Entrant, Event, Match, Stage
    from tournament.services import stage_create

    rng = random.Random(args.seed)
    event = Event.objects.create(name="瑞士移位基准测试", code=f"swiss-{os.getpid()}")
    teams = Entrant.objects.bulk_create(
        Entrant(event=event, kind=Entrant.Kind.TEAM, number=n, name=f"队{n}")
        for n in range(1, args.teams + 1)
    )
    start = time.perf_counter()
    stage = stage_create(
        event=event,
        kind=Stage.Kind.SWISS,
        entrants=teams,
        settings={"rounds": args.rounds, "boards_per_session": 8, "sessions": 1},
    )
    print(
        f"{vendor}: {args.teams} teams, {args.rounds} rounds; stage and round 1 written in "
        f"{(time.perf_counter() - start) * 1000:.0f} ms"
    )
    try:
        for number in range(1, args.rounds + 1):
            for match in Match.objects.filter(stage=stage, round__number=number):
                home, away = rng.randint(0, 16), rng.randint(0, 16)
                winner = match.home_id if home > away else match.away_id if away > home else None
                mp = (
                    {match.home_id: 1, match.away_id: 1}
                    if winner is None
                    else {
                        match.home_id: 2 * (winner == match.home_id),
                        match.away_id: 2 * (winner == match.away_id),
                    }
                )
                MatchScore.objects.create(
                    match=match,
                    stage=stage,
                    home_id=match.home_id,
                    away_id=match.away_id,
                    home_board_points=home,
                    away_board_points=away,
                    home_score=home,
                    away_score=away,
                    home_match_points=mp[match.home_id],
                    away_match_points=mp[match.away_id],
                    decision="won" if winner else "drawn",
                    winner_id=winner,
                    boards_scored=8,
                    boards_expected=8,
                )
                match.winner_id = winner
                match.status = Match.Status.FINISHED
                match.save(update_fields=["winner", "status"])
            t = time.perf_counter()
            with transaction.atomic():  # as the rescore task runs it
                swiss_standings_rescore(stage)
            ranked = (time.perf_counter() - t) * 1000
            if number == args.rounds:
                print(f"round {number}: standings {ranked:6.0f} ms")
                break
            t = time.perf_counter()
            swiss_round_next(stage=stage)
            paired = (time.perf_counter() - t) * 1000
            print(
                f"round {number}: standings {ranked:6.0f} ms; round {number + 1} paired, "
                f"written and dealt {paired:6.0f} ms"
            )
        pairs = [frozenset(p) for p in stage.matches.values_list("home_id", "away_id")]
        assert len(pairs) == len(set(pairs)), "a rematch"
        leader = Standing.objects.filter(stage=stage).order_by("place").first()
        print(f"{len(pairs)} matches, no rematch; leader {leader.entrant} {leader.match_points}")
    finally:
        stage.delete()  # its matches first: they hold the teams
        event.delete()


if __name__ == "__main__":
    main()
