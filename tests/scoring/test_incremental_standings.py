"""Incremental standings equal the full rescore (issue 18).

A changed result rescores its board's traveller and moves the rankings by that board's
differences (``scoring.services.pairs``); a full rescore of the stage, from nothing,
adds every line up again and stays the reference. After every step of random sequences
of entries, corrections, rulings (forfeits 第三十条, overrides 第三十三、三十八条,
penalties) and their withdrawals, what the incremental path stored must be exactly
what a full rescore from nothing stores — the lines, the places (第二十八条之7), the
totals to the last of the four stored places.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.adjustments import OVERRIDES
from scoring.models import Standing, TravellerInputs, TravellerScore
from scoring.services import (
    adjustment_forfeit,
    adjustment_override,
    adjustment_penalty,
    adjustments_set,
    rescore_stage,
)
from tournament.models import Stage

from .test_pairs_scoring import board, mitchell, tables_for

pytestmark = pytest.mark.django_db

TABLES = 5
SOURCES = ("ruling:1", "ruling:2", "ruling:3")
OVERRIDE_KINDS = sorted(k.value for k in OVERRIDES)

entries = st.tuples(
    st.just("enter"),
    st.integers(1, TABLES),  # board
    st.integers(0, TABLES - 1),  # its n-th table
    st.sampled_from(range(0, 165, 5)),  # defender points
)
forfeits = st.tuples(
    st.just("forfeit"), st.sampled_from(SOURCES), st.integers(0, TABLES - 1), st.booleans()
)
overrides = st.tuples(
    st.just("override"),
    st.sampled_from(SOURCES),
    st.integers(1, TABLES),
    st.integers(0, TABLES - 1),
    st.sampled_from(OVERRIDE_KINDS),
)
penalties = st.tuples(
    st.just("penalty"),
    st.sampled_from(SOURCES),
    st.integers(0, 2 * TABLES - 1),
    st.sampled_from(["0.5", "1", "3"]),
)
withdrawals = st.tuples(st.just("withdraw"), st.sampled_from(SOURCES))
steps = st.lists(
    st.one_of(entries, entries, entries, forfeits, overrides, penalties, withdrawals),
    min_size=1,
    max_size=8,
)


def snapshot(stage: Stage) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    lines = TravellerScore.objects.filter(stage=stage).order_by("board_id", "table_id")
    standings = Standing.objects.filter(stage=stage).order_by("entrant_id")
    return (
        list(
            lines.values_list(
                "board_id",
                "table_id",
                "result_id",
                "ns_id",
                "ew_id",
                "kind",
                "ns_score",
                "ew_score",
                "top",
            )
        ),
        list(
            standings.values_list(
                "entrant_id",
                "direction",
                "place",
                "shared",
                "boards",
                "matchpoints",
                "adjustment",
                "total",
                "top",
                "lines_sum",
            )
        ),
    )


def full_rescore(stage: Stage) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    """The reference: every derived row deleted and the stage rescored from nothing (in
    a savepoint rolled back after, so the incremental rows carry on)."""
    with transaction.atomic():
        for model in (TravellerScore, TravellerInputs, Standing):
            model.objects.filter(stage=stage).delete()
        rescore_stage(stage.pk)
        reference = snapshot(stage)
        transaction.set_rollback(True)
    return reference


@pytest.fixture
def stage(make_pairs, make_stage) -> Stage:
    """One Mitchell for all the examples of a test (hypothesis shares the fixture);
    each example's changes are rolled back after it. Scored once, empty, as the
    director's opening the event leaves it: every pair ranked with nothing yet."""
    stage = mitchell(make_pairs, make_stage, TABLES)
    rescore_stage(stage.pk)
    return stage


def step(play, stage: Stage, action: tuple[Any, ...], capture) -> None:
    kind = action[0]
    if kind == "enter":
        _kind, number, index, points = action
        b = board(stage, number)
        table = tables_for(stage, number)[index]
        existing = b.results.filter(table=table).first()
        if existing is None:
            play.by_director(b, table, points)
        elif existing.defender_points != points:
            play.correct(existing, points)
        return
    source = action[1]
    if kind == "forfeit":
        table = tables_for(stage, 1 + action[2])[0]
        target = table.ns if action[3] else table.ew
        made = [adjustment_forfeit(target=target, table=table)]
    elif kind == "override":
        _kind, source, number, index, override = action
        made = [
            adjustment_override(
                kind=override, board=board(stage, number), table=tables_for(stage, number)[index]
            )
        ]
    elif kind == "penalty":
        pairs = sorted(
            {t.ns for t in tables_for(stage, 1)} | {t.ew for t in tables_for(stage, 1)},
            key=lambda p: p.pk,
        )
        made = [
            adjustment_penalty(
                target=pairs[action[2] % len(pairs)], amount=Decimal(action[3]), stage=stage
            )
        ]
    else:
        made = []
    with capture(execute=True):
        adjustments_set(source=source, adjustments=made)


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(actions=steps)
def test_incremental_standings_equal_a_full_rescore(
    play, stage, django_capture_on_commit_callbacks, actions
):
    with transaction.atomic():  # each example starts from the same empty event
        for action in actions:
            step(play, stage, action, django_capture_on_commit_callbacks)
            assert snapshot(stage) == full_rescore(stage), action
        transaction.set_rollback(True)


def test_a_correction_updates_its_boards_lines_in_place(play, stage):
    """A correction moves the matchpoints of the other lines of its board (第二十八条之7:
    each line is compared with every other), and those lines stay the same rows,
    updated, not deleted and inserted again; what is stored is still what a full
    rescore from nothing stores."""
    b, tables = board(stage, 1), tables_for(stage, 1)
    results = [
        play.by_director(b, t, p) for t, p in zip(tables, (0, 40, 80, 120, 150), strict=True)
    ]
    rows = TravellerScore.objects.filter(board=b).order_by("table_id")
    before = list(rows.values_list("table_id", "id", "ns_score"))

    play.correct(results[0], 155)

    after = list(rows.values_list("table_id", "id", "ns_score"))
    assert [(t, pk) for t, pk, _ in after] == [(t, pk) for t, pk, _ in before]
    moved = [t for (t, _, old), (_, _, new) in zip(before, after, strict=True) if old != new]
    assert len(moved) >= 3, (before, after)
    assert snapshot(stage) == full_rescore(stage)
