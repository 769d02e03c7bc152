"""Releasing a board early (第二十八条之6): a director shows its hand record and
results before every table has confirmed (e.g. a table that will never play it).

A release changes what the stage's public pages show (the board's hand record and
traveller), so it lives with the scores and starts a new standings version on commit
(``scoring.cache``) — from the web, the API and the admin alike. Boards sit below
scoring and cannot start it themselves."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db import transaction
from django.utils import timezone

from boards.models import Board
from tournament.services import stage_changed

from ..cache import standings_changed

__all__ = ["board_release", "board_withdraw_release", "boards_release"]


@transaction.atomic
def board_release(*, board: Board, user: Any) -> Board:
    """Release ``board`` to players; releasing it again keeps the first release."""
    if board.released_at is None:
        board.released_at, board.released_by = timezone.now(), user
        board.save(update_fields=["released_at", "released_by"])
        standings_changed([board.stage_id], boards=[board.pk])
        stage_changed(board.stage_id)  # and the director's dashboard shows it
    return board


@transaction.atomic
def boards_release(*, boards: Iterable[Board], user: Any) -> list[Board]:
    """Release several boards at once (a round's boards, say)."""
    return [board_release(board=board, user=user) for board in boards]


@transaction.atomic
def board_withdraw_release(*, board: Board) -> Board:
    """Undo a release made by mistake (hidden again until every table has confirmed)."""
    if board.released_at is not None:
        board.released_at, board.released_by = None, None
        board.save(update_fields=["released_at", "released_by"])
        standings_changed([board.stage_id], boards=[board.pk])
        stage_changed(board.stage_id)  # and the director's dashboard shows it
    return board
