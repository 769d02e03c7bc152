"""Groups through the database (第二十六条): a table per group from the entered results,
the cross-table, and the qualifiers going on into the knockout."""

from __future__ import annotations

import pytest

from scoring.models import Standing
from scoring.selectors import (
    cross_table_rows,
    qualification_standings,
    stage_group_qualifiers,
)
from tests.builders import play_match
from tournament.models import Stage
from tournament.services import stage_qualify

pytestmark = pytest.mark.django_db


def test_group_tables_qualifiers_and_the_knockout(play, make_teams, make_stage):
    """第二十六条之1、3: 小组内循环赛，决出小组名次 … 各小组前若干名出线 — two groups of
    three; in each the lower-numbered team wins every match; the top two of each group
    take their seeds in the knockout (A1, B1, B2, A2)."""
    teams = make_teams(6)
    groups = make_stage(
        Stage.Kind.GROUP_ROUND_ROBIN,
        teams,
        groups=2,
        qualifiers_per_group=2,
        boards_per_session=2,
        sessions=1,
    )
    knockout = make_stage(Stage.Kind.KNOCKOUT, source=groups, boards_per_session=2, sessions=1)
    assert not stage_group_qualifiers(groups).ready  # nothing played yet

    for match in groups.matches.select_related("home", "away"):
        play_match(play, match, "home" if match.home.number < match.away.number else "away")

    by_group: dict[str, list[tuple[int, int, int]]] = {}
    for s in Standing.objects.filter(stage=groups).select_related("entrant").order_by("place"):
        by_group.setdefault(s.group_label, []).append((s.entrant.number, s.place, s.match_points))
    assert set(by_group) == {"A", "B"}
    for rows in by_group.values():
        assert [place for _, place, _ in rows] == [1, 2, 3]
        assert [mp for _, _, mp in rows] == [4, 2, 0]
        assert [n for n, _, _ in rows] == sorted(n for n, _, _ in rows)

    cross = cross_table_rows(groups, official=True, group_label="A").table
    first, second, _ = cross.entrants
    (cell,) = cross.cell(first, second)
    assert cell.match_points == 2 and cell.score_for > cell.score_against

    qualifiers = stage_group_qualifiers(groups)
    assert qualifiers.ready and {k: len(v) for k, v in qualifiers.qualifiers.items()} == {
        "A": 2,
        "B": 2,
    }
    stage_qualify(stage=knockout, standings=qualification_standings(groups))
    first_round = knockout.matches.select_related("home", "away").order_by("number")
    seeded = {(m.home.pk, m.away.pk) for m in first_round if m.home and m.away}
    a1, a2 = (e for e in qualifiers.qualifiers["A"])
    b1, b2 = (e for e in qualifiers.qualifiers["B"])
    assert seeded == {(a1, a2), (b1, b2)} or seeded == {(a1, b2), (b1, a2)}
