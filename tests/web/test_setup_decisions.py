"""The director's decisions and the refusals they rest on: qualification only from
finished groups (or an override with its reason), no result at a knockout table whose
teams are not known, no confirmed result overwritten without a reason, a play-off among
level teams as a small stage, extra boards for a level knockout match in one step."""

from __future__ import annotations

import pytest
from django.urls import reverse

from boards.errors import BoardError
from boards.models import Board, Result
from boards.services import Actor, boards_generate, result_correct, result_enter
from scoring.errors import ScoringError
from scoring.models import QualificationOverride
from scoring.services import rescore_stage, stage_qualify_from_source, tie_order_set
from tests.builders import boards_of, entry
from tournament.errors import EventError
from tournament.models import Match, MatchChange, Stage
from tournament.services import match_add_tiebreak, match_remove_tiebreak, stage_playoff_create

from ._play import form

pytestmark = pytest.mark.django_db


def test_qualification_from_unfinished_groups_is_refused_without_a_reason(demo, director):
    with pytest.raises(ScoringError) as refused:
        stage_qualify_from_source(stage=demo.knockout, user=director)
    assert refused.value.code == "unfinished"
    assert refused.value.article == "第二十六条"
    assert not demo.knockout.entries.exists()


def test_a_directors_override_qualifies_and_is_kept_with_its_reason(client, demo, director):
    rescore_stage(demo.groups.pk)  # the groups' standings as they stand: nothing played yet
    client.force_login(director)
    url = reverse("web:setup_decisions", args=[demo.event.code])

    client.post(url, {"stage": demo.knockout.pk, "action": "qualify"})
    assert not demo.knockout.entries.exists()  # refused: the groups are unfinished

    client.post(
        url, {"stage": demo.knockout.pk, "action": "qualify", "reason": "时间不够，按当前名次"}
    )
    assert demo.knockout.entries.count() == 4
    override = QualificationOverride.objects.get(stage=demo.knockout)
    assert override.reason == "时间不够，按当前名次"
    assert override.decided_by == director
    assert override.undecided  # which groups it overrode
    page = client.get(url).content.decode()
    assert "时间不够，按当前名次" in page


def test_no_result_at_a_knockout_table_whose_teams_are_not_known(demo, director):
    boards_generate(stage=demo.double_elimination)
    later = Match.objects.filter(stage=demo.double_elimination, home__isnull=True).first()
    table = later.tables.first()
    board = boards_of(table)[0]

    with pytest.raises(BoardError) as refused:
        result_enter(board=board, table=table, entry=entry(board), actor=Actor.director(director))
    assert refused.value.code == "teams_unknown"
    assert not Result.objects.filter(table=table).exists()


def test_a_confirmed_result_is_overwritten_only_with_a_reason(demo, director):
    boards_generate(stage=demo.team_match)
    table = demo.team_match.rounds.get().tables.first()
    board = boards_of(table)[0]
    confirmed = result_enter(
        board=board, table=table, entry=entry(board, 40), actor=Actor.director(director)
    )

    with pytest.raises(BoardError) as refused:
        result_correct(
            result=confirmed,
            entry=entry(board, 60),
            actor=Actor.director(director),
            version=confirmed.version,
        )
    assert refused.value.code == "reason_required"
    assert Result.objects.get(pk=confirmed.pk).defender_points == 40

    corrected = result_correct(
        result=confirmed,
        entry=entry(board, 60),
        actor=Actor.director(director),
        version=confirmed.version,
        reason="计分卡抄错",
    )
    assert corrected.defender_points == 60


def test_enter_after_the_last_board_overwrites_nothing(client, demo, director):
    boards_generate(stage=demo.team_match)
    round_ = demo.team_match.rounds.get()
    url = reverse("web:director_scorecard", args=[demo.event.code, demo.team_match.order, 1])
    client.force_login(director)
    tables = list(round_.tables.order_by("session", "number"))
    last_table = tables[-1]
    last_board = boards_of(last_table)[-1]
    for board in boards_of(last_table)[:-1]:
        result_enter(
            board=board, table=last_table, entry=entry(board), actor=Actor.director(director)
        )

    saved = client.post(
        url, form(last_board, 40) | {"table": last_table.pk, "board": last_board.number}
    )
    assert saved.status_code == 302
    assert "done=1" in saved["Location"]  # not the same board opened as a correction
    result = Result.objects.get(board=last_board, table=last_table)

    for _ in range(3):  # Enter, Enter, Enter on the page it lands on, then the old form
        again = client.post(
            url,
            form(last_board, 90, version=result.version)
            | {"table": last_table.pk, "board": last_board.number},
        )
        assert again.status_code == 422
    result.refresh_from_db()
    assert result.defender_points == 40 and result.version == 1


def test_a_play_off_among_level_teams_is_scheduled_as_a_small_stage(client, demo, director):
    client.force_login(director)
    numbers = [t.number for t in demo.teams[:3]]
    client.post(
        reverse("web:setup_decisions", args=[demo.event.code]),
        {
            "stage": demo.round_robin.pk,
            "action": "playoff",
            "teams": " ".join(map(str, numbers)),
            "boards": "4",
        },
    )
    playoff = Stage.objects.get(event=demo.event, name__endswith="加赛")
    assert playoff.kind == Stage.Kind.ROUND_ROBIN
    assert sorted(playoff.entries.values_list("entrant__number", flat=True)) == numbers
    assert playoff.options.boards_per_session == 4 and playoff.options.sessions == 1


def test_a_tie_order_is_kept_with_its_reason_and_shown_on_the_standings(client, demo, director):
    client.force_login(director)
    first, second = demo.teams[1], demo.teams[0]
    client.post(
        reverse("web:setup_decisions", args=[demo.event.code]),
        {
            "stage": demo.round_robin.pk,
            "action": "tie_order",
            "teams": f"{first.number} {second.number}",
            "reason": "加赛结果：松山队胜",
        },
    )
    order = demo.round_robin.tie_orders.get()
    assert order.entrants == [first.pk, second.pk]
    standings = client.get(reverse("web:stage", args=[demo.event.code, demo.round_robin.order]))
    assert "加赛结果：松山队胜" in standings.content.decode()


def test_extra_boards_for_a_level_knockout_match_in_one_step(client, demo, director):
    client.force_login(director)
    stage = demo.double_elimination
    boards_generate(stage=stage)
    match = Match.objects.filter(stage=stage, home__isnull=False, away__isnull=False).first()
    before = Board.objects.filter(stage=stage).count()

    client.post(
        reverse("web:setup_decisions", args=[demo.event.code]),
        {"stage": stage.pk, "action": "tiebreak", "match": match.pk, "boards": "2"},
    )
    assert match.tables.filter(session=2).count() == 2  # open and closed room
    assert Board.objects.filter(stage=stage).count() == before + 2  # dealt in the same step


def test_a_second_tiebreak_click_adds_nothing_and_shows_the_segment(client, demo, director):
    """第二十七条: one segment of extra boards at a time; a second click used to add
    another (three segments on one match)."""
    client.force_login(director)
    stage = demo.double_elimination
    boards_generate(stage=stage)
    match = Match.objects.filter(stage=stage, home__isnull=False, away__isnull=False).first()
    before = Board.objects.filter(stage=stage).count()
    url = reverse("web:setup_decisions", args=[demo.event.code])
    post = {"stage": stage.pk, "action": "tiebreak", "match": match.pk, "boards": "2"}

    client.post(url, post)
    client.post(url, post)

    assert not match.tables.filter(session=3).exists()
    assert match.tables.filter(session=2).count() == 2
    assert Board.objects.filter(stage=stage).count() == before + 2
    page = client.get(url).content.decode()
    assert "撤销加赛" in page  # the laid-out segment is shown with its removal


def test_an_unplayed_tiebreak_is_taken_back_with_its_reason_on_record(client, demo, director):
    client.force_login(director)
    stage = demo.double_elimination
    boards_generate(stage=stage)
    match = Match.objects.filter(stage=stage, home__isnull=False, away__isnull=False).first()
    before = Board.objects.filter(stage=stage).count()
    url = reverse("web:setup_decisions", args=[demo.event.code])
    client.post(url, {"stage": stage.pk, "action": "tiebreak", "match": match.pk, "boards": "2"})

    client.post(url, {"stage": stage.pk, "action": "tiebreak_remove", "match": match.pk})
    assert match.tables.filter(session=2).count() == 2  # refused: no reason given

    client.post(
        url,
        {"stage": stage.pk, "action": "tiebreak_remove", "match": match.pk, "reason": "误点"},
    )
    assert not match.tables.filter(session=2).exists()
    assert Board.objects.filter(stage=stage).count() == before
    change = match.changes.get(kind=MatchChange.Kind.TIEBREAK_REMOVED)
    assert change.reason == "误点" and change.changed_by == director
    assert match.changes.filter(kind=MatchChange.Kind.TIEBREAK_ADDED).exists()


def test_a_played_tiebreak_cannot_be_taken_back(demo, director):
    stage = demo.double_elimination
    boards_generate(stage=stage)
    match = Match.objects.filter(stage=stage, home__isnull=False, away__isnull=False).first()
    tables = match_add_tiebreak(match=match, boards=2)
    boards_generate(stage=stage)
    first_set = tables[0].set_plays.get(order=1).board_set
    board = Board.objects.get(board_set=first_set, number=first_set.first_board)
    result_enter(board=board, table=tables[0], entry=entry(board), actor=Actor.director(director))
    with pytest.raises(EventError) as refused:
        match_remove_tiebreak(match=match, reason="误点")
    assert refused.value.code == "no_tiebreak"


def test_a_second_play_off_or_tie_order_adds_nothing(demo, director):
    """第二十五条之4: one play-off, one order for the same level teams, however many clicks."""
    teams = [demo.teams[0], demo.teams[1]]
    first = stage_playoff_create(stage=demo.round_robin, entrants=teams, boards=4)
    assert stage_playoff_create(stage=demo.round_robin, entrants=teams, boards=4) == first
    assert Stage.objects.filter(event=demo.event, name__endswith="加赛").count() == 1

    order = tie_order_set(stage=demo.round_robin, entrants=teams, reason="加赛结果")
    again = tie_order_set(stage=demo.round_robin, entrants=teams, reason="加赛结果")
    assert again == order and demo.round_robin.tie_orders.count() == 1


def test_a_tie_order_is_taken_back_with_its_reason_and_kept_on_record(client, demo, director):
    """第二十五条之4: an order decided by mistake is withdrawn with a reason; it stays on
    the decisions page, struck through, and no longer shows on the standings."""
    client.force_login(director)
    first, second = demo.teams[1], demo.teams[0]
    url = reverse("web:setup_decisions", args=[demo.event.code])
    post = {"stage": demo.round_robin.pk, "teams": f"{first.number} {second.number}"}
    client.post(url, post | {"action": "tie_order", "reason": "加赛结果：松山队胜"})
    order = demo.round_robin.tie_orders.get()

    client.post(url, post | {"action": "tie_order_withdraw", "order": order.pk})
    order.refresh_from_db()
    assert order.withdrawn_at is None  # refused: no reason

    client.post(url, post | {"action": "tie_order_withdraw", "order": order.pk, "reason": "录错"})
    order.refresh_from_db()
    assert order.withdrawn_reason == "录错" and order.withdrawn_by == director
    assert "录错" in client.get(url).content.decode()
    standings = client.get(reverse("web:stage", args=[demo.event.code, demo.round_robin.order]))
    assert "加赛结果：松山队胜" not in standings.content.decode()


def test_a_knockout_of_two_sessions_is_no_tiebreak_on_the_decisions_page(
    client, event, director, make_teams, make_stage
):
    """第二十七条: a match laid out in two sessions has no tie-break segment. The page
    used to take every second session for one, then read the score of a match with none
    (a server error), or offer 撤销加赛 for an ordinary session."""
    make_stage(Stage.Kind.KNOCKOUT, make_teams(4), boards_per_session=2, sessions=2)
    client.force_login(director)
    response = client.get(reverse("web:setup_decisions", args=[event.code]))
    assert response.status_code == 200
    assert "撤销加赛" not in response.content.decode()
