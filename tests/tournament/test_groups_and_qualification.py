"""Groups (第二十六条): serpentine or a recorded draw, a round robin in each group, and
the top teams qualifying into a knockout."""

from __future__ import annotations

import pytest
from django.utils import translation

from core.formats.groups import draw_groups, serpentine
from core.formats.round_robin import berger_rounds
from tournament.errors import EventError
from tournament.models import Match, StageEntry
from tournament.services import match_record_winner, stage_create, stage_qualify

pytestmark = pytest.mark.django_db


def groups_of(stage) -> dict[str, list[int]]:
    result: dict[str, list[int]] = {}
    for entry in stage.entries.order_by("group_label", "position"):
        result.setdefault(entry.group_label, []).append(entry.entrant_id)
    return result


@pytest.fixture
def groups_stage(event, make_teams):
    return stage_create(
        event=event,
        kind="group_round_robin",
        entrants=make_teams(8),
        settings={"groups": 2, "qualifiers_per_group": 2},
    )


def test_serpentine_seeding_places_the_ranked_field(groups_stage, make_teams):
    field = [e.entrant_id for e in groups_stage.entries.order_by("seed")]

    expected = serpentine(field, 2)
    assert groups_of(groups_stage) == {g.label: list(g.members) for g in expected.groups}


def test_a_recorded_draw_can_be_repeated_from_its_seed(event, make_teams):
    field = make_teams(9)
    stage = stage_create(
        event=event,
        kind="group_round_robin",
        entrants=field,
        settings={"groups": 3, "draw": "draw", "seeded": 3, "qualifiers_per_group": 1},
        draw_seed=20250801,
    )

    expected = draw_groups([e.pk for e in field], 3, 20250801, seeded=3)
    assert stage.draw_seed == 20250801
    assert groups_of(stage) == {g.label: list(g.members) for g in expected.groups}


def test_each_group_plays_its_own_berger_round_robin(groups_stage):
    for label, members in groups_of(groups_stage).items():
        matches = Match.objects.filter(stage=groups_stage, group_label=label)
        by_round = [
            [
                (members.index(m.home_id) + 1, members.index(m.away_id) + 1)
                for m in matches.filter(round__number=r.number).order_by("number")
            ]
            for r in berger_rounds(len(members)).rounds
        ]
        assert by_round == [[(m.home, m.away) for m in r.matches] for r in berger_rounds(4)]


def test_the_top_of_each_group_qualify_into_the_knockout(event, groups_stage):
    knockout = stage_create(event=event, kind="knockout", source=groups_stage)
    first_round = knockout.matches.filter(round__number=1).order_by("number")
    assert [(m.home_source, m.away_source) for m in first_round] == [
        ("group:A:1", "group:B:2"),
        ("group:B:1", "group:A:2"),
    ]
    assert all(m.home is None for m in first_round)

    groups = groups_of(groups_stage)
    entrants = {e.entrant_id: e.entrant for e in groups_stage.entries.select_related("entrant")}
    standings = {label: [entrants[pk] for pk in members] for label, members in groups.items()}
    stage_qualify(stage=knockout, standings=standings)

    first = knockout.matches.get(number=1)
    assert (first.home_id, first.away_id) == (groups["A"][0], groups["B"][1])
    assert first.status == Match.Status.READY
    assert knockout.entries.get(seed=1).source == "group:A:1"


def test_qualification_refuses_a_team_from_another_group_and_saves_nothing(event, groups_stage):
    knockout = stage_create(event=event, kind="knockout", source=groups_stage)
    groups = groups_of(groups_stage)
    entrants = {e.entrant_id: e.entrant for e in groups_stage.entries.select_related("entrant")}
    standings = {
        "A": [entrants[groups["B"][0]], entrants[groups["A"][1]]],
        "B": [entrants[pk] for pk in groups["B"]],
    }

    with pytest.raises(EventError, match="did not play in group A"):
        stage_qualify(stage=knockout, standings=standings)

    assert not StageEntry.objects.filter(stage=knockout).exists()


def test_results_flow_from_the_qualified_bracket(event, groups_stage):
    knockout = stage_create(event=event, kind="knockout", source=groups_stage)
    entrants = {e.entrant_id: e.entrant for e in groups_stage.entries.select_related("entrant")}
    standings = {k: [entrants[pk] for pk in v] for k, v in groups_of(groups_stage).items()}
    stage_qualify(stage=knockout, standings=standings)
    first = knockout.matches.get(number=1)

    match_record_winner(match=first, winner=first.away)

    assert knockout.matches.get(number=3).home == first.away


def test_a_group_must_have_more_teams_than_qualify(event, make_teams):
    with pytest.raises(EventError, match="cannot qualify"):
        stage_create(
            event=event,
            kind="group_round_robin",
            entrants=make_teams(4),
            settings={"groups": 2, "qualifiers_per_group": 2},
        )


def test_a_stage_that_cannot_follow_its_source_is_refused_in_chinese_on_an_english_page(
    groups_stage,
):
    """A pairs final follows a Mitchell only (第二十八条): refused, the message's Chinese
    half naming both formats in Chinese whatever language the director's page is in."""
    with translation.override("en"), pytest.raises(EventError) as refused:
        stage_create(event=groups_stage.event, kind="pairs_final", source=groups_stage)
    assert refused.value.message_zh == "团体分组循环赛不能接双人单冠军决赛"
