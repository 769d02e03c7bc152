"""Round-robin schedules (第二十五条) and bracket sheets (第二十七条)."""

from __future__ import annotations

from printing.data import (
    BracketBox,
    BracketData,
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
                    BracketBox(1, "winners", 1, red, pine, winner_to=3, loser_to=2),
                    BracketBox(
                        2,
                        "losers",
                        1,
                        BracketSlot(None, "loser:M1"),
                        BracketSlot(None, "seed:3"),
                        winner_to=3,
                    ),
                    BracketBox(
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


def test_placing_matches_print_below_the_bracket_and_the_final_still_names_the_champion(event, pdf):
    """A knockout with a third-place match (第二十七条): the sheet draws it under the
    bracket, titled with the places it decides; the champion is the final's winner,
    not the winner of the match printed last."""
    from tournament.models import Entrant, Match, Stage
    from tournament.services import match_record_winner, stage_create

    teams = list(Entrant.objects.filter(event=event, kind=Entrant.Kind.TEAM).order_by("number"))
    stage = stage_create(
        event=event,
        kind=Stage.Kind.KNOCKOUT,
        name="名次淘汰赛",
        entrants=teams,
        settings={"boards_per_session": 4, "sessions": 1, "places": 4},
    )
    for match in stage.matches.order_by("number"):
        match.refresh_from_db()
        match_record_winner(match=match, winner=match.home)
    final = stage.matches.exclude(side=Match.Side.PLACING).order_by("-number").first()
    data = bracket_data(event, stage=stage)
    (sheet,) = data.sheets
    assert [m.side for m in sheet.matches][-1] == "placing"
    assert sheet.matches[-1].places == (3, 4)
    assert sheet.champion is not None and sheet.champion.label.endswith(final.winner.name)
    text = pdf(render_brackets(data, "zh-hans")).text()
    assert not missing(text, "名次赛 3–4 M4")

    from printing.selectors import standings_data
    from scoring.services import rescore_stage

    rescore_stage(stage.pk)  # the places as the standings store them
    (printed,) = standings_data(event, stage=stage).stages
    (places,) = printed.tables
    assert places.kind == "places"
    assert [line.place for line in places.lines] == [1, 2, 3, 4]


def test_a_swiss_prints_its_rounds_as_paired(event, pdf):
    from tournament.models import Entrant, Stage
    from tournament.services import stage_create

    teams = list(Entrant.objects.filter(event=event, kind=Entrant.Kind.TEAM).order_by("number"))
    stage_create(
        event=event,
        kind=Stage.Kind.SWISS,
        name="瑞士移位赛",
        entrants=teams,
        settings={"boards_per_session": 4, "sessions": 1, "rounds": 2},
    )
    data = schedule_data(event)
    swiss = next(s for s in data.stages if s.name == "瑞士移位赛")
    assert [len(r.matches) for r in swiss.rounds] == [2]  # round 2 is paired later
    assert not missing(pdf(render_schedule(data, "zh-hans")).text(), "瑞士移位赛 第1轮")
