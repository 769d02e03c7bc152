"""Issue 24, item 5: board files are capped before they are unpacked or judged. An
815 KB zip took 12.3 s and 1.7 GB in one worker; a 10,000-board file held a worker for
34 s and answered with a 450 KB error page."""

from __future__ import annotations

import io
import json
import time
import zipfile

import pytest

from boards.errors import BoardError
from boards.services import boards_import, deal_from_seed, read_board_upload
from tests import builders

pytestmark = pytest.mark.django_db


def record(number: int, seed: int | None = None) -> dict:
    hands, bottom = deal_from_seed(seed if seed is not None else number)
    return {"format": "duidiao-board/1", "board": number, "hands": hands, "bottom": bottom}


def zipped(members: dict[str, bytes]) -> io.BytesIO:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    buffer.seek(0)
    return buffer


def refused(upload: io.BytesIO) -> tuple[BoardError, float]:
    started = time.perf_counter()
    with pytest.raises(BoardError) as caught:
        read_board_upload(upload)
    return caught.value, time.perf_counter() - started


def test_a_zip_bomb_is_refused_before_it_is_unpacked(settings):
    """64 MB of one byte packs into a few dozen KB: refused from the zip's directory."""
    bomb = zipped({"boards.json": b"[" + b" " * (64 * 1024 * 1024) + b"]"})
    assert len(bomb.getvalue()) < 200_000

    error, seconds = refused(bomb)

    assert error.code == "too_big" and "unpacked" in error.message_en
    assert seconds < 1.0


def test_a_member_lying_about_its_size_is_stopped_at_the_budget(settings, monkeypatch):
    """The directory's sizes are the sender's word: reading stops at the budget."""
    settings.BOARD_FILE_MAX_UNPACKED = 1000
    upload = zipped({"boards.json": json.dumps([record(1)]).encode()})
    real = zipfile.ZipFile.infolist

    def small(self):
        infos = real(self)
        for info in infos:
            info.file_size = 10  # as a forged header would say
        return infos

    monkeypatch.setattr(zipfile.ZipFile, "infolist", small)
    error, _ = refused(upload)
    assert error.code in ("too_big", "unreadable")


def test_a_zip_of_many_members_is_refused(settings):
    settings.BOARD_FILE_MAX_MEMBERS = 50
    upload = zipped({f"b{n}.json": b"[]" for n in range(51)})

    error, _ = refused(upload)

    assert error.code == "too_big" and "50" in error.message_en


def test_too_many_boards_are_refused_before_any_is_judged(settings):
    settings.BOARD_FILE_MAX_BOARDS = 100
    settings.BOARD_FILE_MAX_BYTES = 50 * 1024 * 1024
    upload = io.BytesIO(json.dumps([record(n, 1) for n in range(1, 102)]).encode())

    error, seconds = refused(upload)

    assert error.code == "too_big" and "100 boards" in error.message_en
    assert seconds < 1.0


def test_a_refused_import_lists_the_first_twenty_findings():
    """The rest are counted, not listed: the page stays a page."""
    team = builders.team_round(boards=40)
    bad = [{**record(n), "bottom": []} for n in range(1, 41)]

    with pytest.raises(BoardError) as caught:
        boards_import(stage=team.stage, round=team.round, records=bad)

    errors = caught.value.errors
    assert len(errors) == 21 and errors[-1]["code"] == "more_errors"
    assert "未列出" in errors[-1]["message_zh"] and "not listed" in errors[-1]["message_en"]
