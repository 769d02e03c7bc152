"""``print_event EVENT KIND --out FILE [--lang en]``: a file, or one bilingual line and
exit status 2."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from pypdf import PdfReader

from printing.services import KINDS

#: Its tests read the event once played, each in a savepoint (tests/printing/conftest.py).
pytestmark = pytest.mark.played_once


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command("print_event", *args, stdout=out, stderr=err)
    except SystemExit as exit:
        return int(exit.code or 0), out.getvalue(), err.getvalue()
    return 0, out.getvalue(), err.getvalue()


#: Papers of what was played: they need results, scores and rulings.
PLAYED = {"results", "results-xlsx", "ruling-slips", "score-cards", "board-handouts"}


@pytest.mark.parametrize("kind", KINDS)
def test_it_writes_every_kind(request, event, tmp_path, kind):
    if kind in PLAYED:
        request.getfixturevalue("played")
    target = tmp_path / f"out-{kind}"

    status, out, _err = run("chifeng", kind, "--out", str(target))

    assert status == 0
    content = target.read_bytes()
    if kind.endswith("xlsx"):
        assert content.startswith(b"PK")
    elif kind.endswith("json"):
        assert content.startswith(b"{")
    else:
        assert len(PdfReader(io.BytesIO(content)).pages) >= 1
    assert str(target) in out


def test_it_writes_english_for_one_stage(event, tmp_path):
    target = tmp_path / "movement.pdf"

    status, _out, _err = run(
        "chifeng", "movement", "--out", str(target), "--lang", "en", "--stage", "双人双冠军赛"
    )

    assert status == 0
    text = PdfReader(target).pages[0].extract_text()
    assert "Mitchell movement" in text and "Round 1" in text


@pytest.mark.parametrize(
    ("args", "zh", "en"),
    [
        (["nope", "movement"], "找不到赛事", "no event"),
        (["chifeng", "menus"], "未知的打印类别", "unknown kind"),
        (["chifeng", "movement", "--lang", "fr"], "不支持的语言", "unsupported language"),
        (["chifeng", "movement", "--stage", "9"], "赛事中没有阶段", "has no stage"),
        (["chifeng", "brackets", "--stage", "1"], "没有可打印的", "to print"),
    ],
)
def test_it_exits_2_with_one_bilingual_line_on_bad_arguments(event, tmp_path, args, zh, en):
    target = tmp_path / "x.pdf"

    status, _out, err = run(*args, "--out", str(target))

    assert status == 2
    assert zh in err and en in err
    assert len(err.strip().splitlines()) == 1
    assert not target.exists()


def test_it_exits_2_without_an_output_file(event, capsys):
    status, _out, _err = run("chifeng", "movement")

    assert status == 2
    err = capsys.readouterr().err  # argparse fails before the command's own stderr is set
    assert "参数错误" in err and "bad arguments" in err and "--out" in err
    assert len(err.strip().splitlines()) == 1
