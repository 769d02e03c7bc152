from __future__ import annotations

from scoring.tasks import check_board_task

# Only the fields a scorecard without the deal carries (interfaces.md, duidiao-board/1).
MINIMAL_RECORD = {
    "format": "duidiao-board/1",
    "board": 1,
    "levels": {"NS": "A", "EW": "A"},
    "declarer": "N",
    "trump": "H",
    "result": {"defender_points": 40, "dig": None},
}


def test_it_checks_a_board_through_celery():
    # Eager by default; through a real worker when CELERY_BROKER_URL is set (.ci/run).
    result = check_board_task.delay(MINIMAL_RECORD).get(timeout=60)

    assert result["valid"] is True
    assert result["outcome"] == "made"
