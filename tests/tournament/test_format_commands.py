"""The ``movement`` and ``schedule`` commands (interfaces.md): JSON on stdout, and a
one-line reason with exit status 2 for arguments that cannot be used."""

from __future__ import annotations

import json

import pytest

django = pytest.importorskip("django")


@pytest.fixture(autouse=True)
def _django_settings():
    from django.conf import settings

    if not settings.configured:
        pytest.skip("needs the project's Django settings (pytest-django)")


def run(*args: str) -> dict:
    from io import StringIO

    from django.core.management import call_command

    out = StringIO()
    call_command(*args, stdout=out)
    return json.loads(out.getvalue())


def refused(capsys, *args: str) -> str:
    from django.core.management import call_command

    with pytest.raises(SystemExit) as caught:
        call_command(*args)
    assert caught.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1
    return lines[0]


def test_movement_prints_the_mitchell_of_the_contract():
    data = run("movement", "mitchell", "--tables", "4")
    assert len(data["rounds"]) == 3  # four tables: one round fewer, with a skip
    assert data["rounds"][0] == {
        "round": 1,
        "tables": [
            {"table": 1, "ns": 1, "ew": 1, "boards": [1, 2, 3, 4], "start_level": "A"},
            {"table": 2, "ns": 2, "ew": 2, "boards": [5, 6, 7, 8], "start_level": "5"},
            {"table": 3, "ns": 3, "ew": 3, "boards": [9, 10, 11, 12], "start_level": "9"},
            {"table": 4, "ns": 4, "ew": 4, "boards": [13, 14, 15, 16], "start_level": "K"},
        ],
    }


def test_movement_takes_the_boards_per_round():
    data = run("movement", "mitchell", "--tables", "5", "--boards-per-round", "2")
    assert len(data["rounds"]) == 5
    assert [t["boards"] for t in data["rounds"][0]["tables"]][:2] == [[1, 2], [3, 4]]
    assert [t["start_level"] for t in data["rounds"][0]["tables"]] == ["A", "3", "5", "7", "9"]


def test_schedule_prints_the_berger_round_robin_of_the_contract():
    data = run("schedule", "round-robin", "--teams", "6")
    assert data["rounds"][0] == {
        "round": 1,
        "matches": [{"home": 1, "away": 6}, {"home": 2, "away": 5}, {"home": 3, "away": 4}],
        "bye": None,
    }
    assert len(data["rounds"]) == 5


def test_schedule_names_the_bye_of_an_odd_field():
    data = run("schedule", "round-robin", "--teams", "5")
    assert [r["bye"] for r in data["rounds"]] == [1, 4, 2, 5, 3]


def test_schedule_plays_a_double_round_robin():
    data = run("schedule", "round-robin", "--teams", "4", "--double")
    assert len(data["rounds"]) == 6
    assert data["rounds"][3]["matches"] == [{"home": 4, "away": 1}, {"home": 3, "away": 2}]


def test_movement_for_an_odd_number_of_pairs_leaves_one_seat_empty_each_round():
    data = run("movement", "mitchell", "--pairs", "9", "--boards-per-round", "3")
    assert len(data["rounds"]) == 5
    for r in data["rounds"]:
        empty = [t for t in r["tables"] if t["ew"] is None]
        assert len(empty) == 1 and empty[0]["ns"] is not None
        assert len(r["tables"]) == 5 and len(empty[0]["boards"]) == 3
    sat_out = [t["ns"] for r in data["rounds"] for t in r["tables"] if t["ew"] is None]
    assert sorted(sat_out) == [1, 2, 3, 4, 5]


def test_movement_with_pairs_even_is_the_tables_movement_and_rounds_shorten_it():
    assert run("movement", "mitchell", "--pairs", "10") == run(
        "movement", "mitchell", "--tables", "5"
    )
    short = run("movement", "mitchell", "--pairs", "30", "--rounds", "6")
    assert short["rounds"] == run("movement", "mitchell", "--tables", "15")["rounds"][:6]


def test_movement_howell_for_seven_pairs():
    data = run("movement", "howell", "--pairs", "7", "--boards-per-round", "2")
    assert len(data["rounds"]) == 7
    assert all(len(r["tables"]) == 4 for r in data["rounds"])
    assert data["rounds"][0]["tables"][0] == {
        "table": 1,
        "ns": None,
        "ew": 1,
        "boards": [1, 2],
        "start_level": "A",
    }


def test_schedule_draws_brackets():
    knockout = run("schedule", "knockout", "--teams", "8")
    assert knockout["kind"] == "knockout" and len(knockout["matches"]) == 7
    double = run("schedule", "double-elimination", "--teams", "8", "--reset")
    assert len(double["matches"]) == 15 and double["matches"][-1]["reset"] is True


def test_schedule_adds_placing_matches_and_prints_a_swiss_first_round():
    """A third-place match after the final (第二十七条); a Swiss's round 1 by seeding,
    top half against bottom half, and the most rounds the field can play (7 teams: 7,
    one bye each; then every team has met every other)."""
    knockout = run("schedule", "knockout", "--teams", "4", "--places", "4")
    assert knockout["matches"][-1]["side"] == "placing"
    assert knockout["matches"][-1]["places"] == [3, 4]
    swiss = run("schedule", "swiss", "--teams", "7")
    assert swiss["max_rounds"] == 7
    (first,) = swiss["rounds"]
    assert [(m["home"], m["away"]) for m in first["matches"]] == [(1, 4), (2, 5), (3, 6)]
    assert first["bye"] == 7


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (("movement", "mitchell", "--tables", "0"), "at least 3 tables"),
        (("movement", "mitchell", "--tables", "2"), "至少需要3张桌"),
        (("movement", "mitchell", "--tables", "4", "--boards-per-round", "0"), "1 board"),
        (("movement", "howell", "--tables", "4"), "a Howell takes --pairs P"),
        (("movement", "howell", "--pairs", "12"), "4 to 10 pairs"),
        (("movement", "mitchell", "--pairs", "4"), "至少需要5对"),
        (("movement", "mitchell", "--pairs", "9", "--tables", "5"), "either --tables T or"),
        (("movement", "mitchell", "--pairs", "9", "--rounds", "6"), "between 1 and 5"),
        (("movement", "swiss", "--pairs", "9"), "unknown movement 'swiss'"),
        (("movement", "mitchell", "--tables", "four"), "invalid int value"),
        (("movement", "mitchell"), "--tables"),
        (("schedule", "round-robin", "--teams", "1"), "at least 2 teams"),
        (("schedule", "swiss", "--teams", "3"), "at least 4 teams"),
        (("schedule", "groups", "--teams", "8"), "unknown schedule 'groups'"),
        (("schedule", "round-robin", "--teams", "4", "--places", "4"), "knockout only"),
        (("schedule", "knockout", "--teams", "8", "--places", "3"), "places decided"),
        (("schedule", "knockout", "--teams", "8", "--double"), "round-robin only"),
        (("schedule", "double-elimination", "--teams", "33"), "at most 32"),
    ],
)
def test_bad_arguments_exit_2_with_a_one_line_reason(capsys, args, reason):
    assert reason in refused(capsys, *args)
