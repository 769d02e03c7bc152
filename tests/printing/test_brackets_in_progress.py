"""Brackets mark a match still being played (issue 16), and read well inside the
standings: a knockout match of 24 boards with 23 scored is not decided (第二十七条)."""

from __future__ import annotations

import pytest

from printing.renderers import render_brackets, render_standings
from printing.selectors import bracket_data, standings_data
from scoring.models import MatchScore
from tournament.models import Stage

# The played event is built once for the module; each test reads it in a savepoint.
pytestmark = pytest.mark.played_once


def test_a_match_under_way_says_how_far_it_has_got(played, pdf):
    knockout = played.stages.get(kind=Stage.Kind.KNOCKOUT)
    score = MatchScore.objects.filter(stage=knockout).order_by("match__number").first()
    assert score is not None and score.decision != "forfeit"
    MatchScore.objects.filter(pk=score.pk).update(boards_scored=23, boards_expected=24)

    data = bracket_data(played, stage=knockout)

    match = next(m for m in data.sheets[0].matches if m.number == score.match.number)
    assert match.progress == (23, 24)
    assert "23/24 进行中" in pdf(render_brackets(data, "zh-hans")).text()
    assert "23/24 in progress" in pdf(render_brackets(data, "en")).text()


def test_a_finished_match_is_not_marked(played, pdf):
    knockout = played.stages.get(kind=Stage.Kind.KNOCKOUT)
    MatchScore.objects.filter(stage=knockout).update(boards_scored=4, boards_expected=4)

    data = bracket_data(played, stage=knockout)

    assert all(m.progress is None for m in data.sheets[0].matches)
    assert "进行中" not in pdf(render_brackets(data, "zh-hans")).text()


def test_the_bracket_inside_the_standings_gets_a_landscape_page(played, pdf):
    data = standings_data(played)
    kinds = [s.kind for s in data.stages]
    assert Stage.Kind.KNOCKOUT in kinds

    out = pdf(render_standings(data, "zh-hans"))

    shapes = []
    for page in out.reader.pages:
        box = page.mediabox
        shapes.append((float(box.width) > float(box.height), page.extract_text()))
    bracket_pages = [text for wide, text in shapes if wide]
    assert bracket_pages and all("团体淘汰赛" in t for t in bracket_pages)
    assert any(not wide for wide, _t in shapes)  # the tables stay portrait
