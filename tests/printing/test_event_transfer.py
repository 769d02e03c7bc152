"""A whole event to one JSON file and back: export → import → export gives the same
file, into an empty database as under a new code; the commands' exit statuses; the
export and import as background jobs."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from django.core.management import call_command

from boards.models import Board, BoxCard, Result
from printing.models import ImportJob, PrintJob
from printing.services import import_job_create, print_job_create
from printing.transfer import (
    FORMAT,
    TransferError,
    canonical_json,
    event_file_read,
    event_import,
)
from rulings.models import Ruling
from scoring.models import ScoreAdjustment, Standing
from tournament.models import Event, Stage, Table

from ._transfer import export

# The played event is built once for the module; each test reads it in a savepoint (the
# import into an empty database flushes it: test_event_transfer_flush.py).
pytestmark = pytest.mark.played_once


@pytest.fixture(autouse=True)
def _media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path


def run(command: str, *args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command(command, *args, stdout=out, stderr=err)
    except SystemExit as exit:
        return int(exit.code or 0), out.getvalue(), err.getvalue()
    return 0, out.getvalue(), err.getvalue()


def test_the_file_holds_everything_of_the_event_without_database_ids(archived):
    data = event_file_read(export(archived))

    assert data["format"] == FORMAT
    assert data["event"]["code"] == "chifeng"
    assert [s["name"] for s in data["stages"]] == ["团体循环赛", "团体淘汰赛", "双人双冠军赛"]
    boards = [b for s in data["stages"] for b in s["boards"]]
    assert len(boards) == Board.objects.filter(stage__event=archived).count()
    assert all(len(b["hands"]["N"]) == 25 and len(b["bottom"]) == 8 for b in boards)
    # generated deals keep the commitments they were dealt from (docs/dealing.md)
    commitments = [c for s in data["stages"] for c in s["deal_commitments"]]
    assert commitments and all(c["scheme"] == "duidiao-deal/2" and c["secret"] for c in commitments)
    results = [r for b in boards for r in b["results"]]
    assert len(results) == Result.objects.filter(board__stage__event=archived).count()
    corrected = [r for r in results if any(c["action"] == "correct" for c in r["changes"])]
    assert len(corrected) == 1 and corrected[0]["changes"][-1]["reason"] == "计分卡抄错"
    assert all(
        isinstance(p, str) for c in corrected[0]["changes"] for p in c["after"]["players"].values()
    )
    assert (
        sum(len(b["box_cards"]) for b in boards)
        == BoxCard.objects.filter(board__stage__event=archived).count()
    )
    (ruling,) = data["rulings"]
    assert [v["action"] for v in ruling["versions"]] == ["recorded", "appealed", "upheld"]
    assert ruling["referee"] == "chief" and ruling["offender_entrant"].startswith("team:")
    assert ruling["versions"][0]["snapshot"]["offender_entrant"] == ruling["offender_entrant"]
    adjustments = [a for s in data["stages"] for a in s["adjustments"]]
    assert [a["source"] for a in adjustments] == ["ruling:R1"]
    (order,) = data["stages"][0]["tie_orders"]
    assert all(k.startswith("team:") for k in order["entrants"])
    (override,) = data["stages"][0]["schedule_changes"]
    assert override["reason"] == "抽签号登记错" and override["first"].startswith("team:")
    assert override["by"] == "chief" and override["round"] == 1
    changes = [c for s in data["stages"] for m in s["matches"] for c in m["changes"]]
    assert changes and all(c["after"]["winner"].startswith("team:") for c in changes)
    assert data["users"] == ["chief"]
    assert {"user": "chief", "role": "director"} in data["roles"]
    text = json.dumps(data)
    assert "print_job" not in text and "standings" not in data["stages"][0]


def test_export_import_export_gives_the_same_file_under_a_new_code(archived):
    before = export(archived)

    summary = event_import(event_file_read(before), code="chifeng-copy")

    copy = summary.event
    assert copy.code == "chifeng-copy" and copy.pk != archived.pk
    assert summary.codes_replaced == Table.objects.filter(round__stage__event=archived).count()
    after = json.loads(export(copy))
    assert after["event"]["code"] == "chifeng-copy"
    original = json.loads(before)
    after["event"]["code"] = original["event"]["code"]
    for stage, old in zip(after["stages"], original["stages"], strict=True):
        for table, was in zip(stage["tables"], old["tables"], strict=True):
            assert table["code"] != was["code"]  # codes are unique on a server
            table["code"] = was["code"]
    assert canonical_json(after) == before
    # The copy is scored as the original is.
    standings = [
        (s.stage.order, s.entrant.kind, s.entrant.number, s.place, s.total, s.score_for)
        for s in Standing.objects.filter(stage__event=copy)
    ]
    original_standings = [
        (s.stage.order, s.entrant.kind, s.entrant.number, s.place, s.total, s.score_for)
        for s in Standing.objects.filter(stage__event=archived)
    ]
    assert sorted(standings) == sorted(original_standings)


def test_the_commands_export_and_import_with_bilingual_errors(archived, tmp_path):
    target = tmp_path / "event.json"

    status, out, _err = run("export_event", "chifeng", "--out", str(target))
    assert status == 0 and str(target) in out
    assert target.read_bytes() == export(archived)

    status, _out, err = run("import_event", str(target))
    assert status == 1  # the code is taken
    assert "已存在" in err and "exists already" in err and len(err.strip().splitlines()) == 1

    status, out, _err = run("import_event", str(target), "--code", "copy")
    assert status == 0 and "已导入赛事" in out and "imported event" in out
    assert Event.objects.filter(code="copy").exists()

    broken = json.loads(target.read_text())
    broken["stages"][0]["tables"][0]["ns"] = "team:99"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(broken))
    status, _out, err = run("import_event", str(bad), "--code", "copy2")
    assert status == 1 and "文件内容无效" in err and "invalid file" in err and "team:99" in err
    assert not Event.objects.filter(code="copy2").exists()  # nothing half imported


@pytest.mark.parametrize(
    ("content", "zh", "en"),
    [
        (None, "无法读取文件", "cannot read"),
        (b"not json", "不是 JSON", "not a JSON file"),
        (b'{"format": "duidiao-board/1"}', "不是赛事数据文件", "not an event file"),
        # Issue 30: a key given twice is refused, not read as its last value.
        (b'{"format": "x", "format": "y"}', "键重复：format", "repeats the key format"),
    ],
)
def test_an_unreadable_file_exits_2(db, tmp_path, content, zh, en):
    path = tmp_path / "in.json"
    if content is not None:
        path.write_bytes(content)

    status, _out, err = run("import_event", str(path))

    assert status == 2
    assert zh in err and en in err and len(err.strip().splitlines()) == 1


def test_export_of_an_unknown_event_exits_2(db, tmp_path):
    status, _out, err = run("export_event", "nope", "--out", str(tmp_path / "x.json"))

    assert status == 2 and "找不到赛事" in err and "no event" in err


def test_a_file_that_does_not_fit_together_imports_nothing(archived):
    data = event_file_read(export(archived))
    del data["stages"][2]["boards"][0]["hands"]

    with pytest.raises(TransferError) as caught:
        event_import(data, code="copy")

    assert caught.value.code == "invalid" and "hands" in str(caught.value)
    assert not Event.objects.filter(code="copy").exists()


def test_the_export_and_the_import_run_as_jobs_with_progress(
    archived, director, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        job = print_job_create(event=archived, kind="event-json", user=director)
    job.refresh_from_db()
    assert (job.status, job.progress, job.mimetype) == (
        PrintJob.Status.DONE,
        100,
        "application/json",
    )
    assert job.filename == "chifeng-event.json"
    content = job.file.read()
    assert content == export(archived)

    with django_capture_on_commit_callbacks(execute=True):
        imported = import_job_create(
            kind=ImportJob.Kind.EVENT,
            content=content,
            filename="chifeng-event.json",
            user=director,
            code="chifeng-2",
        )
    imported.refresh_from_db()
    assert imported.status == ImportJob.Status.DONE and imported.progress == 100
    assert imported.event is not None and imported.event.code == "chifeng-2"
    assert "已导入赛事" in imported.summary and "imported event" in imported.summary


# --- imports judged by the rules engine (issue 14, items 4 and 7) ------------------------------


def _first_result(data: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    for stage in data["stages"]:
        for board in stage["boards"]:
            if board["results"]:
                return board, board["results"][0]
    raise AssertionError("no result in the file")


def _import_refused(archived, tmp_path, data) -> str:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    status, _out, err = run("import_event", str(bad), "--code", "judged")
    assert status == 1, err
    assert not Event.objects.filter(code="judged").exists()  # nothing saved
    assert len(err.strip().splitlines()) == 1
    return err


def test_an_import_with_a_card_three_times_is_refused_naming_the_board(archived, tmp_path):
    """第四十一条: two decks, every card twice. Stored as it was before."""
    data = event_file_read(export(archived))
    board = data["stages"][0]["boards"][0]
    card = board["hands"]["N"][0]
    board["hands"]["E"][0] = card
    board["bottom"][0] = card

    err = _import_refused(archived, tmp_path, data)

    assert "规则引擎不接受" in err and "refused by the rules engine" in err
    assert f"第{board['key'][1]}副" in err and f"board {board['key'][1]}" in err


def test_an_import_with_seven_defender_points_is_refused(archived, tmp_path):
    """第七条: points come in fives (5, 10 and K), 200 in all."""
    data = event_file_read(export(archived))
    board, result = _first_result(data)
    result["defender_points"] = 7
    result["tricks"] = None

    err = _import_refused(archived, tmp_path, data)

    assert "7" in err and f"board {board['key'][1]}" in err


def test_an_import_whose_verdict_is_not_the_engines_is_refused(archived, tmp_path):
    data = event_file_read(export(archived))
    _board, result = _first_result(data)
    result["levels_after_ns"] = "K" if result["levels_after_ns"] != "K" else "Q"

    err = _import_refused(archived, tmp_path, data)

    assert "levels_after_ns" in err


def test_an_import_with_a_result_at_a_table_not_playing_its_board_is_refused(archived, tmp_path):
    """A result is only ever entered at a table that plays its board: the pages count on
    it to tell which boards players may see (issue 23). A file that moves one to a
    table of another round is refused, nothing saved."""
    data = event_file_read(export(archived))
    stage = next(st for st in data["stages"] if any(b["results"] for b in st["boards"]))
    board = next(b for b in stage["boards"] if b["results"] and b["key"][0] == 1)
    board["results"][-1]["table"] = [2, 1, 1]  # round 2's first table: other boards

    err = _import_refused(archived, tmp_path, data)

    assert "不打这副牌" in err and "does not play it" in err


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d.__setitem__("entrants", None),
        lambda d: d.__setitem__("stages", "everything"),
        lambda d: d["stages"][0].__setitem__("boards", [None]),
        lambda d: d["stages"][0]["boards"][0].__setitem__("hands", 5),
        lambda d: d["event"].__setitem__("starts_on", {"nested": [1, 2]}),
    ],
)
def test_nulls_and_wrong_types_in_an_import_exit_2_without_a_traceback(archived, tmp_path, damage):
    data = event_file_read(export(archived))
    damage(data)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))

    status, _out, err = run("import_event", str(bad), "--code", "shaped")

    assert status == 2, err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert not Event.objects.filter(code="shaped").exists()


def test_deeply_nested_json_exits_2_without_a_traceback(db, tmp_path):
    path = tmp_path / "deep.json"
    path.write_text('{"format": "duidiao-event/1", "event": ' + "[" * 100000 + "]" * 100000 + "}")

    status, _out, err = run("import_event", str(path))

    assert status == 2 and "Traceback" not in err
    assert "嵌套" in err and "nests deeper" in err


def test_placing_matches_and_a_swiss_travel_with_the_event(archived):
    """A knockout's placing matches keep the places they decide, a Swiss its rounds:
    export, import under a new code, export again gives the same stages."""
    from tournament.models import Entrant, Match
    from tournament.services import stage_create

    teams = list(Entrant.objects.filter(event=archived, kind="team").order_by("number"))
    stage_create(
        event=archived,
        kind=Stage.Kind.KNOCKOUT,
        name="名次淘汰赛",
        entrants=teams,
        settings={"places": 4, "boards_per_session": 2, "sessions": 1},
    )
    stage_create(
        event=archived,
        kind=Stage.Kind.SWISS,
        name="瑞士移位赛",
        entrants=teams,
        settings={"rounds": 2, "boards_per_session": 2, "sessions": 1},
    )
    before = json.loads(export(archived))
    copy = event_import(event_file_read(export(archived)), code="chifeng-swiss").event
    placing = Match.objects.get(stage__event=copy, side=Match.Side.PLACING)
    assert (placing.first_place, placing.loser_place) == (3, 4)
    after = json.loads(export(copy))
    names = [s["name"] for s in after["stages"]]
    assert "名次淘汰赛" in names and "瑞士移位赛" in names
    for stage, old in zip(after["stages"], before["stages"], strict=True):
        assert stage["matches"] == old["matches"]


def test_a_file_made_before_placing_adjustments_and_roles_imports(archived):
    """Keys later versions added (a match's loser_place, a stage's adjustments and tie
    orders, the roles, users, players and rulings lists) may be absent."""
    data = event_file_read(export(archived))
    for stage in data["stages"]:
        del stage["adjustments"], stage["tie_orders"], stage["schedule_changes"]
        for match in stage["matches"]:
            del match["loser_place"]
    data["roles"] = []
    del data["rulings"]

    copy = event_import(data, code="chifeng-old").event

    assert copy.stages.count() == archived.stages.count()
    assert not ScoreAdjustment.objects.filter(stage__event=copy).exists()
    assert not Ruling.objects.filter(event=copy).exists()


class _Text(str):
    pass


def test_the_file_is_written_as_json_dumps_writes_it():
    # canonical_json writes the file itself (faster than json.dumps with an indent):
    # the same bytes, whatever the values — empty and nested containers, text to
    # escape, numbers, constants, keys that are not text, subclasses.
    value = {
        "b": [[], {}, [1, -2.5, 1e20, 1e-7, -0.0, None, True, False]],
        "a": {"z": {"y": [{"x": (1, 2)}]}, "text": 'é中 "q" \\ \n\t\u0001', "sub": _Text("s")},
        "odd": {1: "one", 2: "two"},
        "flags": {True: 1},
        "float": float("inf"),
        "nan": float("nan"),
    }
    for data in (value, [], {}, "top", 7, None, [value, [value]]):
        expected = json.dumps(data, ensure_ascii=False, sort_keys=True, indent=1) + "\n"
        assert canonical_json(data) == expected.encode("utf-8")
