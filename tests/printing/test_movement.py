"""Mitchell movement sheets and table guide cards (第二十八条)."""

from __future__ import annotations

from core.formats.movement import Balance
from printing.renderers import render_guide_cards, render_movement
from printing.selectors import guide_cards_data, movement_data
from tests import builders
from tournament.models import Table

from ._pdf import missing


def test_the_movement_sheet_has_a_page_a_round(event, mitchell, pdf):
    data = movement_data(event)

    out = pdf(render_movement(data, "zh-hans"))

    assert out.filename == "chifeng-movement.pdf"
    assert out.pages == mitchell.rounds.count() == 3
    first = out.text(0)
    assert not missing(first, "米切尔移位表 双人双冠军赛 第1轮 桌号 南北 东西 牌号 起打级别")
    for row in data.stages[0].rounds[0].rows:
        assert row.ns.label in first and row.ew.label in first
    assert "1–2" in first and "3–4" in first and "5–6" in first
    assert "第3轮" in out.text(2)


def test_the_movement_sheet_reads_in_english(event, pdf):
    text = pdf(render_movement(movement_data(event), "en")).text()

    assert not missing(text, ["Mitchell movement", "Round 1", "Table", "N–S", "E–W", "Start level"])
    assert "起打级别" not in text
    assert "双人双冠军赛" in text  # the data stays as entered


def test_the_guide_card_follows_the_pairs_and_the_boards(event, mitchell):
    cards = guide_cards_data(event).cards

    assert [c.table for c in cards] == [1, 2, 3]
    card = cards[0]
    assert [r.round for r in card.rounds] == [1, 2, 3]
    # E–W move up a table, the boards move down one (3 tables: 1 → 3).
    second = card.rounds[1]
    assert second.ew_from == 3
    assert card.rounds[0].boards_next == 3
    assert card.rounds[0].ew_next == 2
    assert card.rounds[-1].boards_next is None and card.rounds[-1].ew_next is None
    table = Table.objects.get(round__stage=mitchell, round__number=2, number=1)
    assert second.code == table.code
    assert second.url == f"http://127.0.0.1:8000/t/{table.code}/"


def test_the_guide_cards_print_a_page_a_table_with_each_rounds_code(event, mitchell, pdf, settings):
    settings.SITE_URL = "https://duidiao.example"
    data = guide_cards_data(event)

    out = pdf(render_guide_cards(data, "zh-hans"))

    assert out.pages == 3
    assert data.cards[0].rounds[0].url.startswith("https://duidiao.example/t/")
    text = out.text(0)
    assert not missing(text, "牌桌指引卡 第1桌 东西来自 牌送往 东西下轮去 录入码 扫码录入成绩")
    for r in data.cards[0].rounds:
        assert r.code in text
    assert "交裁判长" in text  # the last round's boards go back


def test_the_guide_cards_read_in_english(event, pdf):
    text = pdf(render_guide_cards(guide_cards_data(event), "en")).text()

    assert "Table guide card" in text and "Table 1" in text and "Entry code" in text


def _pairs_event(count: int, kind: str, **settings):
    ev = builders.event(
        name="小型双人赛", code=f"small-{kind}-{count}", venue="", starts_on=None, ends_on=None
    )
    pairs = builders.pairs(ev, [(f"甲{i}", f"乙{i}") for i in range(count)])
    return ev, builders.stage(ev, kind, pairs, draw_seed=5, **settings)


def test_an_odd_mitchell_prints_who_sits_out_each_round(db, pdf):
    ev, stage = _pairs_event(9, "mitchell", boards_per_round=2)
    data = movement_data(ev)
    rounds = data.stages[0].rounds
    assert len(rounds) == 5
    assert all(len(r.rows) == 4 and len(r.sit_out) == 1 for r in rounds)
    assert len({r.sit_out[0].number for r in rounds}) == 5  # a different pair each round
    out = pdf(render_movement(data, "zh-hans"))
    assert f"轮空：{rounds[0].sit_out[0].numbered}" in out.text(0).replace("\n", "")
    # The guide card of each table has one sit-out line: no boards, no code.
    cards = guide_cards_data(ev).cards
    assert len(cards) == 5
    for card in cards:
        assert [r.round for r in card.rounds] == [1, 2, 3, 4, 5]
        assert sum(1 for r in card.rounds if not r.code) == 1
    text = pdf(render_guide_cards(guide_cards_data(ev), "zh-hans")).text()
    assert "轮空" in text


def test_a_howell_has_its_movement_sheet_and_guide_cards(db, pdf):
    ev, stage = _pairs_event(8, "howell", boards_per_round=3)
    data = movement_data(ev)
    assert data.stages[0].howell and data.stages[0].skip_after_round is None
    assert len(data.stages[0].rounds) == 7
    out = pdf(render_movement(data, "zh-hans"))
    assert out.pages == 7 and "豪威尔移位" in out.text(0)
    cards = guide_cards_data(ev).cards
    assert [c.table for c in cards] == [1, 2, 3, 4]
    # Both pairs move: the card says where each goes next, read from the stored tables.
    card = cards[1]
    tables = {(t.round.number, t.number): t for t in Table.objects.filter(round__stage=stage)}
    first = card.rounds[0]
    nxt = {tables[2, n].ns_id: n for n in range(1, 5)} | {
        tables[2, n].ew_id: n for n in range(1, 5)
    }
    assert first.ns_next == nxt[tables[1, 2].ns_id]
    assert first.ew_next == nxt[tables[1, 2].ew_id]
    guide = pdf(render_guide_cards(guide_cards_data(ev), "zh-hans"))
    assert guide.pages == 4 and "南北下轮去" in guide.text(1)  # table 2: both pairs move


def test_a_ten_pair_howell_sheet_prints_its_balance(db, pdf):
    """Two pairs are compared on the sets both play in the same direction (第二十八条);
    the sheet prints how evenly, counted from the stored tables: 3–5 for 10 pairs,
    mean 4 (4 everywhere is impossible, see core/formats/howell.py)."""
    ev, _ = _pairs_event(10, "howell", boards_per_round=1)
    data = movement_data(ev)
    assert data.stages[0].balance == Balance(3, 5, 4.0)
    zh = pdf(render_movement(data, "zh-hans")).text(0).replace("\n", "")
    assert "比较次数（两对同向打同一牌组的次数）：3–5，平均4。" in zh
    en = pdf(render_movement(data, "en")).text(0).replace("\n", " ")
    assert "Comparisons" in en and "3–5, mean 4." in en
    mitchell = movement_data(_pairs_event(10, "mitchell", boards_per_round=1)[0])
    assert mitchell.stages[0].balance is None  # a Mitchell ranks each direction apart


def test_a_howell_and_a_sectioned_mitchell_print_their_standings_and_travellers(db, pdf):
    from printing.renderers import render_standings
    from printing.selectors import standings_data, travellers_data
    from scoring.services import rescore_stage

    ev, howell = _pairs_event(6, "howell", boards_per_round=1)
    rescore_stage(howell.pk)
    tables = standings_data(ev).stages[0].tables
    assert [(t.direction, len(t.lines)) for t in tables] == [("", 6)]
    assert "全场" in pdf(render_standings(standings_data(ev), "zh-hans")).text()
    # A Howell's boards travel too: a traveller a board, 5 sets of one board, 3 lines each.
    travellers = travellers_data(ev).travellers
    assert len(travellers) == 5 and {len(t.rows) for t in travellers} == {3}

    ev2, split = _pairs_event(20, "mitchell", boards_per_round=1, sections=2)
    rescore_stage(split.pk)
    tables = standings_data(ev2).stages[0].tables
    assert [(t.group, t.direction) for t in tables] == [
        ("A", "NS"),
        ("A", "EW"),
        ("B", "NS"),
        ("B", "EW"),
    ]
    assert "A区" in pdf(render_standings(standings_data(ev2), "zh-hans")).text()
