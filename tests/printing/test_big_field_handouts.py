"""A board handout is one board a page at 60 tables too (issue 27).

A 60-table Mitchell (第二十八条) plays each board at 59 tables, so its handout has 59
results. Its worst case is every table's result different: 59 frequencies as well. The
stage is built and dealt by the services and its first boards released (第二十八条之6:
a handout only once players may see the board); each row is then given a result of its
own, as if no two tables played the board alike.
"""

from __future__ import annotations

import dataclasses

from django.utils import translation

from boards.models import Board
from printing.data import BoardHandoutsData, PlayedResult
from printing.labels import numbered
from printing.renderers import render_board_handouts
from printing.selectors import board_handouts_data
from scoring.services import board_release
from tests import builders
from tournament.models import Stage

from ._pdf import PdfFile

TABLES = 60
RELEASED = 3  # boards released: enough to see each handout stays on its page


def _all_different(data: BoardHandoutsData) -> BoardHandoutsData:
    """Every row played, no two alike (defenders' points and declarer vary), and each
    result's frequency once: the most lines a handout of this field can have."""
    handouts = []
    for h in data.handouts:
        rows, frequencies = [], []
        for i, row in enumerate(h.rows):
            result = PlayedResult(
                level_ns="3",
                level_ew="3",
                trump="H",
                declarer="NESW"[i % 4],
                defender_points=5 * i,
                outcome="made" if 5 * i < 80 else "broken",
                levels_after_ns="4",
                levels_after_ew="3",
                jump_ns=1,
                jump_ew=0,
            )
            rows.append(
                dataclasses.replace(
                    row,
                    result=dataclasses.replace(result, score_ns=f"{i}.5", score_ew=f"{158 - i}.5"),
                )
            )
            frequencies.append((result, 1))
        handouts.append(dataclasses.replace(h, rows=tuple(rows), frequencies=tuple(frequencies)))
    return dataclasses.replace(data, handouts=tuple(handouts))


def test_a_60_table_mitchell_handout_is_one_board_a_page(event, director):
    pairs = builders.pairs(event, 2 * TABLES)
    stage = builders.stage(
        event, Stage.Kind.MITCHELL, pairs, name="双人赛", dealt=True, boards_per_round=1
    )
    for board in Board.objects.filter(stage=stage, number__lte=RELEASED):
        board_release(board=board, user=director)

    data = _all_different(board_handouts_data(event))

    assert [h.board for h in data.handouts] == list(range(1, RELEASED + 1))
    assert all(len(h.rows) == TABLES - 1 == len(h.frequencies) for h in data.handouts)
    for language in ("zh-hans", "en"):
        out = PdfFile.of(render_board_handouts(data, language))
        assert out.pages == RELEASED
        with translation.override(language):
            for page, h in enumerate(data.handouts):
                text = out.text(page)
                assert numbered("board", h.board) in text
                words = text.split()
                # Every row printed (its matchpoints, none alike), and every frequency:
                # its defenders' points once in the results, once among the frequencies.
                assert [r for r in h.rows if r.result.score_ew not in words] == []
                points = [str(r.defender_points) for r, _n in h.frequencies]
                assert [p for p in points if words.count(p) < 2] == []
