"""The bracket picture (web.bracket_svg), pure: a box for every match, a line for every
feed, boxes apart from each other, every line running rightwards, text escaped."""

from __future__ import annotations

from xml.etree import ElementTree

import pytest

from core.formats.bracket import Bracket, LoserOf, Seed, WinnerOf
from core.formats.double_elimination import double_elimination
from core.formats.knockout import knockout
from web.bracket_svg import BOX_H, BOX_W, BoxMatch, BoxSlot, Feed, bracket_svg, layout

SVG = "{http://www.w3.org/2000/svg}"


def boxes(bracket: Bracket) -> list[BoxMatch]:
    def text(source) -> str:
        if isinstance(source, Seed):
            return f"种子{source.seed}"
        return f"M{source.match}{'胜者' if isinstance(source, WinnerOf) else '负者'}"

    return [
        BoxMatch(
            id=m.id,
            side=m.side.value,
            round=m.round,
            label=f"M{m.id}",
            slots=(BoxSlot(text(m.a), "open"), BoxSlot(text(m.b), "open")),
            feeds=tuple(
                Feed(s.match, "winner" if isinstance(s, WinnerOf) else "loser", i)
                for i, s in enumerate(m.sources)
                if isinstance(s, WinnerOf | LoserOf)
            ),
        )
        for m in bracket.matches
    ]


BRACKETS = [knockout(n) for n in (2, 3, 5, 8, 12, 16)] + [
    double_elimination(n, bracket_reset=reset) for n in (2, 3, 6, 8, 13, 16) for reset in (0, 1)
]


@pytest.mark.parametrize("bracket", BRACKETS, ids=lambda b: f"{b.kind}-{b.entrants}-{len(b.ids)}")
def test_every_match_has_a_box_and_every_feed_a_line(bracket):
    root = ElementTree.fromstring(bracket_svg(boxes(bracket), title="对阵图"))

    drawn = [int(g.get("data-match")) for g in root.iter(f"{SVG}g") if g.get("data-match")]
    assert sorted(drawn) == sorted(bracket.ids)
    lines = {
        (int(p.get("data-from")), int(p.get("data-to")), int(p.get("data-slot")), p.get("class"))
        for p in root.iter(f"{SVG}path")
    }
    feeds = {
        (s.match, m.id, i, "feed winner" if isinstance(s, WinnerOf) else "feed loser")
        for m in bracket.matches
        for i, s in enumerate(m.sources)
        if isinstance(s, WinnerOf | LoserOf)
    }
    assert lines == feeds


@pytest.mark.parametrize("bracket", BRACKETS, ids=lambda b: f"{b.kind}-{b.entrants}-{len(b.ids)}")
def test_boxes_do_not_overlap_and_lines_run_rightwards(bracket):
    placed, _tops, height = layout(boxes(bracket))

    spots = list(placed.values())
    for i, a in enumerate(spots):
        assert a.y + BOX_H <= height
        for b in spots[i + 1 :]:
            apart = a.x + BOX_W <= b.x or b.x + BOX_W <= a.x
            apart = apart or a.y + BOX_H <= b.y or b.y + BOX_H <= a.y
            assert apart, (a, b)
    for m in bracket.matches:
        for s in m.sources:
            if isinstance(s, WinnerOf | LoserOf):
                assert placed[s.match].x + BOX_W < placed[m.id].x


def test_a_match_sits_between_the_two_it_is_fed_by():
    placed, _tops, _height = layout(boxes(knockout(8)))

    final = placed[7]
    assert final.y == (placed[5].y + placed[6].y) / 2


def test_the_losers_bracket_is_drawn_below_the_winners():
    bracket = double_elimination(8)
    placed, tops, _height = layout(boxes(bracket))

    winners = [placed[m.id].y for m in bracket.matches if m.side.value == "winners"]
    losers = [placed[m.id].y for m in bracket.matches if m.side.value == "losers"]
    assert max(winners) < min(losers)
    assert tops["winners"] < tops["losers"]


def test_text_is_escaped_and_long_names_are_shortened():
    match = BoxMatch(
        id=1,
        side="winners",
        round=1,
        label="M1",
        slots=(BoxSlot("<b>红山&松山</b>"), BoxSlot("阿鲁科尔沁旗代表队第一队")),
    )

    svg = bracket_svg([match], title='对阵 "图"')

    assert "<b>" not in svg and "&lt;b&gt;红山&amp;松山&lt;/b&gt;" in svg
    root = ElementTree.fromstring(svg)
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "阿鲁科尔沁旗代表…" in texts
    titles = [t.text for t in root.iter(f"{SVG}title")]
    assert "阿鲁科尔沁旗代表队第一队" in titles
    assert root.get("aria-label") == '对阵 "图"'


def test_column_titles_are_drawn_once_per_round():
    bracket = knockout(4)

    svg = bracket_svg(
        boxes(bracket),
        title="淘汰赛",
        column_titles={("winners", 1): "半决赛", ("winners", 2): "决赛"},
    )

    assert svg.count(">半决赛</text>") == 1 and svg.count(">决赛</text>") == 1


def test_an_empty_bracket_is_an_empty_picture():
    root = ElementTree.fromstring(bracket_svg([], title="空"))

    assert root.tag == f"{SVG}svg"
    assert not [g for g in root.iter(f"{SVG}g") if g.get("data-match")]
