"""An event played through, for the tests that visit every page: each format with
results, a knockout with its champion, a pairs final, a published ruling."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from boards.models import Board
from rulings.services import ruling_create
from scoring.cache import local_clear
from scoring.selectors import qualification_standings
from scoring.services import board_release
from tests.builders import Play, deal
from tournament.models import Match, Stage, Table
from tournament.services import stage_qualify

from .conftest import Demo


def home_wins(table: Table, board: Board) -> int:
    """The home team's N–S do well in the open room only: home wins every match."""
    return 40 if table.room == "open" else 120


def _play_matches(capture: Any, user: Any, stage: Stage) -> None:
    """Every match that can be played, round after round, until none is left (a bracket
    fills its later matches as winners move on)."""
    while True:
        ready = [
            m
            for m in stage.matches.order_by("number")
            if m.home_id
            and m.away_id
            and m.winner_id is None
            and m.status != "not_needed"
            and not m.tables.filter(results__isnull=False).exists()
        ]
        if not ready:
            return
        deal(stage)
        for match in ready:
            Play(user, capture).tables(list(match.tables.order_by("session", "number")), home_wins)


def play_event(demo: Demo, capture: Any, director: Any, referee: Any) -> dict[str, str]:
    """Play the demo event through and return the public and table pages to visit, by
    name (URL paths)."""
    for stage in (demo.round_robin, demo.groups, demo.team_match):
        _play_matches(capture, director, stage)
    with capture(execute=True):
        stage_qualify(stage=demo.knockout, standings=qualification_standings(demo.groups))
    _play_matches(capture, director, demo.knockout)
    first = demo.double_elimination.matches.get(number=1)
    deal(demo.double_elimination)
    Play(director, capture).tables(list(first.tables.order_by("number")), home_wins)
    mitchell = deal(demo.mitchell)
    Play(director, capture).tables(
        list(Table.objects.filter(round__stage=mitchell).order_by("round__number", "number")),
        lambda table, board: 20 + 5 * ((table.number + board.number) % 5),
    )
    for board in Board.objects.filter(stage=demo.round_robin).order_by("number")[:2]:
        with capture(execute=True):
            board_release(board=board, user=director)
    with capture(execute=True):
        stage_qualify(stage=demo.pairs_final, standings=qualification_standings(mitchell))
    match = demo.round_robin.matches.order_by("number").first()
    table = match.tables.order_by("number").first()
    with capture(execute=True):
        ruling_create(
            by=referee,
            table=table,
            irregularity="drew_early",
            decision="penalty",
            offender_side="NS",
            reason_zh="多抓一张牌",
            reason_en="drew one card too many",
            published=True,
        )
    local_clear()
    code = demo.event.code

    def stage_pages(stage: Stage) -> dict[str, str]:
        args = [code, stage.order]
        return {
            f"{stage.kind}": reverse("web:stage", args=args),
            f"{stage.kind}-standings": reverse("web:standings", args=args),
        }

    pages = {"home": reverse("home"), "event": reverse("web:event", args=[code])}
    for stage in (
        demo.round_robin,
        demo.groups,
        demo.knockout,
        demo.double_elimination,
        demo.team_match,
        demo.mitchell,
        demo.pairs_final,
    ):
        pages |= stage_pages(stage)
    rr = demo.round_robin
    first_board = Board.objects.filter(stage=rr).order_by("number").first()
    pages |= {
        "match": reverse("web:match", args=[code, rr.order, match.number]),
        "board": reverse(
            "web:round_board", args=[code, rr.order, first_board.round.number, first_board.number]
        ),
        "mitchell-pair": reverse("web:mitchell_pair", args=[code, mitchell.order, "ns", 1]),
        "table": reverse("web:table", args=[table.code]),
        "table-board": reverse("web:table_board", args=[table.code, first_board.number]),
        "rulings": reverse("rulings:list", args=[code]),
        "table-rulings": reverse("rulings:table", args=[table.code]),
    }
    assert Match.objects.filter(stage=demo.knockout, winner__isnull=False).count() == 3
    return pages
