"""Two directors correct the same result at the same moment, from the same version, in
two connections (as two server processes would): one correction is saved, the other
gets a conflict, and the audit trail shows both attempts.

Runs on PostgreSQL only (``DATABASE_URL=postgres://…``): SQLite serialises writers
and has no row locks, which the single-connection tests in test_entry_flow.py cover.
"""

from __future__ import annotations

import threading
from unittest import mock

import pytest
from django.db import connection

from boards.errors import ConflictError
from boards.models import Result
from boards.services import result_correct, result_enter
from boards.services import results as results_service
from tests import builders
from tests._tables import ns

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="needs PostgreSQL (set DATABASE_URL)"
    ),
]


def test_two_simultaneous_corrections_one_succeeds_one_conflicts(as_director):
    t = builders.team_round(dealt=True)
    board = t.board(1)
    entered = result_enter(
        board=board,
        table=t.open,
        entry=builders.entry(board, points=40, declarer="N"),
        actor=ns(t.open),
    )
    both_judged = threading.Barrier(2, timeout=10)
    real_judge = results_service._judge

    def judge_then_wait(*args, **kwargs):
        verdict = real_judge(*args, **kwargs)
        both_judged.wait()  # both have read version 1 and judged their entry
        return verdict

    outcomes: dict[int, object] = {}

    def correct(points: int) -> None:
        try:
            stale = Result.objects.get(pk=entered.pk)
            outcomes[points] = result_correct(
                result=stale,
                entry=builders.entry(board, points=points, declarer="N"),
                actor=as_director,
                version=1,
            )
        except ConflictError as error:
            outcomes[points] = error
        finally:
            connection.close()

    with mock.patch.object(results_service, "_judge", judge_then_wait):
        threads = [threading.Thread(target=correct, args=(p,)) for p in (50, 90)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=30)

    saved = [p for p, o in outcomes.items() if isinstance(o, Result)]
    refused = [p for p, o in outcomes.items() if isinstance(o, ConflictError)]
    assert len(saved) == 1 and len(refused) == 1, outcomes
    entered.refresh_from_db()
    assert entered.defender_points == saved[0] and entered.version == 2
    actions = sorted(c.action for c in entered.changes.all())
    assert actions == ["conflict", "correct", "enter"]
    assert entered.changes.get(action="conflict").after["defender_points"] == refused[0]
