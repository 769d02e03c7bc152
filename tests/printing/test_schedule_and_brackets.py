"""Round-robin schedules (第二十五条) and bracket sheets (第二十七条)."""

from __future__ import annotations

from printing.data import (
    BracketData,
    BracketMatch,
    BracketSheet,
    BracketSlot,
    EntrantRef,
    EventInfo,
)
from printing.renderers import render_brackets, render_schedule
from printing.selectors import bracket_data, schedule_data

from ._pdf import missing


def test_the_schedule_lists_each_round_with_its_tables(event, pdf):
    data = schedule_data(event)

    out = pdf(render_schedule(data, "zh-hans"))

    assert [s.name for s in data.stages] == ["团体循环赛"]
    stage = data.stages[0]
    assert [len(r.matches) for r in stage.rounds] == [2, 2, 2]
    assert out.pages == 1
    text = out.text()
    assert not missing(
        text,
        "循环赛轮次表 团体循环赛 第1轮 第3轮 场次 开室 闭室 主队",
        "客队 牌号 红山队 宁城队 1号桌 2号桌 1–4",
    )
    first = stage.rounds[0].matches[0]
    assert first.tables == (1, 2)


def test_the_schedule_reads_in_english(event, pdf):
    text = pdf(render_schedule(schedule_data(event), "en")).text()

    assert not missing(
        text, ["Round-robin schedule", "Round 1", "Home", "Away", "Open room", "Table 1"]
    )


def test_the_bracket_sheet_draws_each_stage_on_a_page(event, pdf):
    data = bracket_data(event)

    out = pdf(render_brackets(data, "zh-hans"))

    assert out.pages == 1
    sheet = data.sheets[0]
    assert [m.number for m in sheet.matches] == [1, 2, 3]
    assert sheet.matches[0].winner_to == 3
    text = out.text()
    assert not missing(text, "淘汰赛对阵表 团体淘汰赛 M1 M3 冠军 红山队 宁城队 M1胜者 M2胜者")
    page = out.reader.pages[0]
    assert page.mediabox.width > page.mediabox.height  # landscape


def test_a_double_elimination_bracket_prints_both_sides_and_the_champion(pdf):
    def team(n: int, name: str) -> BracketSlot:
        return BracketSlot(EntrantRef(n, name), source=f"seed:{n}", seed=n)

    red, pine = team(1, "红山队"), team(2, "松山队")
    data = BracketData(
        event=EventInfo("赤峰市对调复式赛", "chifeng"),
        sheets=(
            BracketSheet(
                stage="团体双败淘汰赛",
                kind="double_elimination",
                champion=EntrantRef(1, "红山队"),
                matches=(
                    BracketMatch(1, "winners", 1, red, pine, winner_to=3, loser_to=2),
                    BracketMatch(
                        2,
                        "losers",
                        1,
                        BracketSlot(None, "loser:M1"),
                        BracketSlot(None, "seed:3"),
                        winner_to=3,
                    ),
                    BracketMatch(
                        3,
                        "final",
                        1,
                        BracketSlot(EntrantRef(1, "红山队"), "winner:M1", seed=1, won=True),
                        BracketSlot(None, "winner:M2"),
                    ),
                ),
            ),
        ),
    )

    out = pdf(render_brackets(data, "en"))

    text = out.text()
    assert not missing(
        text,
        [
            "Bracket",
            "Winners' bracket",
            "Losers' bracket",
            "Final",
            "Champion",
            "Loser M1",
            "Seed 3",
            "红山队",
        ],
    )
