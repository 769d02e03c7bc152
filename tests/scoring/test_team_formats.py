"""The new team formats end to end through the services: created, played through the
board services, ranked and advanced — Swiss teams (瑞士移位), a round-robin final after
groups with and without carry-over (带分, 第二十六条之3), a knockout's third-place
match and the places of a double elimination (第二十七条)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.models import Standing
from scoring.selectors import cross_table_rows, qualification_standings
from scoring.services import swiss_round_next
from tests.builders import play_match
from tournament.errors import EventError
from tournament.models import Match, Stage
from tournament.services import round_start, stage_qualify

pytestmark = pytest.mark.django_db

SHORT = {"boards_per_session": 2, "sessions": 1}


def play_round(play, round_, decide):
    """Start the round and play each of its matches, the winner chosen by ``decide``."""
    round_start(round=round_)
    for match in round_.matches.select_related("home", "away"):
        play_match(play, match, decide(match))


def lower_number_wins(match: Match) -> str:
    return "home" if match.home.number < match.away.number else "away"


def places(stage: Stage) -> dict[int, tuple[int, bool]]:
    return {
        s.entrant.number: (s.place, s.shared)
        for s in Standing.objects.filter(stage=stage).select_related("entrant")
    }


def test_swiss_teams_round_by_round(play, make_teams, make_stage):
    """Six teams, three rounds (as many as any history of six can pair). Round 1 by the
    seeding; each later round paired from the standings when the last is complete:
    winners meet winners, nobody meets twice; match points 2/1/0 (第二十五条之2)."""
    teams = make_teams(6)
    stage = make_stage(Stage.Kind.SWISS, teams, rounds=3, **SHORT)
    first = stage.rounds.get(number=1)
    assert [(m.home.number, m.away.number) for m in first.matches.order_by("number")] == [
        (1, 4),
        (2, 5),
        (3, 6),
    ]
    with pytest.raises(EventError, match="未结束"):
        swiss_round_next(stage=stage)  # round 1 not played yet

    play_round(play, first, lower_number_wins)  # 1, 2, 3 win
    second = swiss_round_next(stage=stage)
    pairs = {frozenset((m.home.number, m.away.number)) for m in second.matches.all()}
    # score groups {1,2,3} (2 points) and {4,5,6} (0): 1 v 2, 3 floats to 4, 5 v 6
    assert pairs == {frozenset({1, 2}), frozenset({3, 4}), frozenset({5, 6})}
    assert second.board_sets.exists() and stage.boards.filter(round=second).exists()

    play_round(play, second, lower_number_wins)
    third = swiss_round_next(stage=stage)
    met = set()
    for m in stage.matches.all():
        key = frozenset((m.home_id, m.away_id))
        assert key not in met
        met.add(key)
    play_round(play, third, lower_number_wins)
    with pytest.raises(EventError, match="已编排完毕"):
        swiss_round_next(stage=stage)

    rows = {
        s.entrant.number: s for s in Standing.objects.filter(stage=stage).select_related("entrant")
    }
    assert rows[1].match_points == 6 and rows[1].place == 1 and rows[1].won == 3
    assert sum(s.match_points for s in rows.values()) == 2 * 9  # nine matches, 2 each
    # opponents' match points: the sum of the match points of the teams each has met
    opponents = {n: set() for n in rows}
    for m in stage.matches.select_related("home", "away"):
        opponents[m.home.number].add(m.away.number)
        opponents[m.away.number].add(m.home.number)
    for n, row in rows.items():
        assert row.opponents_points == sum(rows[o].match_points for o in opponents[n])
    ranked = sorted(rows.values(), key=lambda s: s.place)
    keys = [(-s.match_points, -s.opponents_points, -s.net_levels, -s.score_for) for s in ranked]
    assert keys == sorted(keys)


def test_swiss_bye_counts_as_a_won_match(play, make_teams, make_stage):
    """Five teams: the lowest seed sits out round 1 and scores a won match (2 points);
    round 2's bye goes to the lowest-ranked team that has not had one."""
    stage = make_stage(Stage.Kind.SWISS, make_teams(5), rounds=2, **SHORT)
    first = stage.rounds.get(number=1)
    assert first.matches.count() == 2
    play_round(play, first, lower_number_wins)  # 1 and 2 win; 5 has the bye
    second = swiss_round_next(stage=stage)
    row5 = Standing.objects.get(stage=stage, entrant__number=5)
    assert (row5.byes, row5.match_points) == (1, 2)
    playing = {t for m in second.matches.all() for t in (m.home.number, m.away.number)}
    (bye,) = {1, 2, 3, 4, 5} - playing
    assert bye == 4  # 3 and 4 lost round 1; 4 is seeded lower


def test_a_swiss_longer_than_a_round_robin_is_refused(make_teams, make_stage):
    """Six teams may play five rounds (each then has met every other), not six."""
    with pytest.raises(EventError, match="最多5轮"):
        make_stage(Stage.Kind.SWISS, make_teams(6), rounds=6, **SHORT)
    assert make_stage(Stage.Kind.SWISS, make_teams(6), rounds=5, **SHORT).options.rounds == 5


@pytest.mark.parametrize("carry_over", [True, False])
def test_groups_then_a_round_robin_final(play, make_teams, make_stage, carry_over):
    """第二十六条之3: the top two of each group go on to a round-robin final and are
    ranked by the final. With carry-over (带分) the two finalists of a group do not
    meet again: their group match counts in the final; without it they replay."""
    teams = make_teams(6)
    groups = make_stage(
        Stage.Kind.GROUP_ROUND_ROBIN, teams, groups=2, qualifiers_per_group=2, **SHORT
    )
    final = make_stage(Stage.Kind.ROUND_ROBIN, source=groups, carry_over=carry_over, **SHORT)
    assert final.matches.count() == (4 if carry_over else 6)
    assert not final.matches.filter(home__isnull=False).exists()  # placed at qualification

    for round_ in groups.rounds.all():
        play_round(play, round_, lower_number_wins)
    stage_qualify(stage=final, standings=qualification_standings(groups))
    final.refresh_from_db()
    assert final.status == Stage.Status.SCHEDULED
    finalists = set(final.entries.values_list("entrant__number", flat=True))
    assert len(finalists) == 4
    for round_ in final.rounds.all():
        play_round(play, round_, lower_number_wins)

    rows = Standing.objects.filter(stage=final).select_related("entrant").order_by("place")
    assert [s.place for s in rows] == [1, 2, 3, 4]
    assert [s.entrant.number for s in rows] == sorted(finalists)
    # every finalist has three matches in the final's table: one carried, or replayed
    assert all(s.played == 3 for s in rows)
    assert [s.match_points for s in rows] == [6, 4, 2, 0]
    cross = cross_table_rows(final, official=True).table
    assert sum(len(cells) for cells in cross.cells.values()) == 2 * 6  # six pairings


def test_a_carry_over_without_groups_is_refused(make_teams, make_stage):
    with pytest.raises(EventError, match="带分"):
        make_stage(Stage.Kind.ROUND_ROBIN, make_teams(4), carry_over=True, **SHORT)


def test_knockout_with_a_third_place_match(play, make_teams, make_stage, client, director):
    """第二十七条之1 with a third-place match: the semi-final losers meet; the standings
    list 冠军, 亚军, third and fourth."""
    stage = make_stage(Stage.Kind.KNOCKOUT, make_teams(4), places=4, **SHORT)
    placing = stage.matches.get(side=Match.Side.PLACING)
    assert (placing.first_place, placing.loser_place) == (3, 4)
    for round_ in stage.rounds.order_by("number"):
        round_start(round=round_)
        for match in round_.matches.select_related("home", "away"):
            play_match(play, match, lower_number_wins(match))
    assert places(stage) == {1: (1, False), 2: (2, False), 3: (3, False), 4: (4, False)}
    client.force_login(director)  # the event is a draft: its officials see it
    page = client.get(reverse("web:stage", args=[stage.event.code, stage.order]))
    text = page.content.decode()
    assert "全部名次" in text and "名次赛" in text


def test_double_elimination_places_beyond_the_final(play, make_teams, make_stage):
    """第二十七条之2 with six teams: beyond 冠军 and 亚军 the teams are placed by the
    losers' round they went out in (3rd, 4th, then 5th shared)."""
    stage = make_stage(Stage.Kind.DOUBLE_ELIMINATION, make_teams(6), **SHORT)
    for _ in range(20):
        ready = stage.matches.filter(status=Match.Status.READY, winner__isnull=True)
        match = ready.select_related("home", "away", "round").order_by("number").first()
        if match is None:
            break
        round_start(round=match.round)
        play_match(play, match, lower_number_wins(match))
    got = places(stage)
    assert (
        sorted(got.values()) == [(1, False), (2, False), (3, False), (4, False)] + [(5, True)] * 2
    )
    assert got[1] == (1, False)


def test_a_swiss_of_a_hundred_teams_pairs_its_second_round(make_teams, make_stage):
    """100 teams, 9 rounds: round 1 by seeding (1 v 51 …); with the higher seeds winning
    (the scores stored as scoring stores them), round 2 pairs the 50 winners among
    themselves and the 50 losers among themselves, nobody meeting twice."""
    from scoring.models import MatchScore

    stage = Stage.objects.get(
        pk=make_stage(Stage.Kind.SWISS, make_teams(100), rounds=9, **SHORT).pk
    )
    first = stage.rounds.get(number=1)
    for match in first.matches.all():
        MatchScore.objects.create(
            match=match,
            stage=stage,
            home_id=match.home_id,
            away_id=match.away_id,
            home_board_points=4,
            home_score=4,
            home_match_points=2,
            decision="won",
            winner_id=match.home_id,
            boards_scored=2,
            boards_expected=2,
        )
        match.winner_id, match.status = match.home_id, Match.Status.FINISHED
        match.save(update_fields=["winner", "status"])
    second = swiss_round_next(stage=stage)
    winners = set(first.matches.values_list("home_id", flat=True))
    pairs = list(second.matches.values_list("home_id", "away_id"))
    assert len(pairs) == 50
    assert all((h in winners) == (a in winners) for h, a in pairs)
    assert not {frozenset(p) for p in pairs} & {
        frozenset(p) for p in first.matches.values_list("home_id", "away_id")
    }
