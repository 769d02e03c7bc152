"""The rulings pages: the referee's form at a table, the list, a ruling with its history
and its appeal, change and withdrawal, the players' view through the table code — and
a player (anonymous) or a login without the role cannot create or change a ruling."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.urls import reverse

from rulings.models import Ruling
from scoring.models import ScoreAdjustment
from tests.builders import boards_of, play_match, rooms
from tournament.models import Event

from ._helpers import board, scores

pytestmark = pytest.mark.django_db

D = Decimal


@pytest.fixture
def running(event):
    event.status = Event.Status.RUNNING
    event.save(update_fields=["status"])
    return event


@pytest.fixture
def commit(django_capture_on_commit_callbacks):
    """Run what a request queued on commit (the rescoring), as a real request does."""
    return lambda: django_capture_on_commit_callbacks(execute=True)


@pytest.fixture
def played(play, team_match, running):
    play_match(play, team_match, "home")
    return team_match


def new_url(table, board_number=None):
    url = reverse("rulings:new", args=[table.round.stage.event.code, table.pk])
    return f"{url}?board={board_number}" if board_number else url


def penalty_post(**extra):
    return {
        "irregularity": "drew_early",
        "decision": "penalty",
        "offender": "side:NS",
        "amount": "0.5",
        "reason_zh": "多抓一张牌",
        "reason_en": "drew one card too many",
        "record": "1",
    } | extra


@pytest.fixture
def ruling(rule, played):
    open_table, _ = rooms(played)
    return rule.create(
        table=open_table,
        irregularity="drew_early",
        decision="penalty",
        offender_side="NS",
        reason_zh="多抓一张牌",
        reason_en="drew one card too many",
    )


# --- who may record and change ----------------------------------------------------------


def test_a_player_cannot_record_a_ruling(client, played):
    """Anonymous (a player at the table): the form and the post go to the login page,
    and nothing is saved."""
    open_table, _ = rooms(played)
    url = new_url(open_table)
    response = client.get(url)
    assert response.status_code == 302 and response.url.startswith(reverse("web:login"))
    response = client.post(url, penalty_post())
    assert response.status_code == 302 and response.url.startswith(reverse("web:login"))
    assert not Ruling.objects.exists() and not ScoreAdjustment.objects.exists()
    assert scores(played) == (D(8), D(0))


def test_a_player_cannot_change_appeal_or_withdraw_a_ruling(client, ruling, played):
    code = played.stage.event.code
    for action in ("appeal", "uphold", "withdraw", "publish"):
        url = reverse("rulings:action", args=[code, ruling.pk, action])
        response = client.post(url, {"note": "我不服", "version": ruling.version})
        assert response.status_code == 302 and response.url.startswith(reverse("web:login"))
    response = client.post(
        reverse("rulings:change", args=[code, ruling.pk]),
        penalty_post(amount="3", note="改", version=ruling.version),
    )
    assert response.status_code == 302 and response.url.startswith(reverse("web:login"))
    fresh = Ruling.objects.get(pk=ruling.pk)
    assert (fresh.version, fresh.status, fresh.amount, fresh.published) == (
        1,
        "recorded",
        D("0.5"),
        False,
    )
    assert scores(played) == (D("7.5"), D(0))


@pytest.mark.parametrize("who", ["outsider", "scorer"])
def test_a_login_without_the_role_is_refused(client, request, who, ruling, played):
    """A login with no role, or the event's scorer: 403, nothing saved."""
    client.force_login(request.getfixturevalue(who))
    open_table, _ = rooms(played)
    code = played.stage.event.code
    assert client.get(new_url(open_table)).status_code == 403
    assert client.post(new_url(open_table), penalty_post()).status_code == 403
    url = reverse("rulings:action", args=[code, ruling.pk, "withdraw"])
    assert client.post(url, {"note": "撤销", "version": 1}).status_code == 403
    assert client.get(reverse("rulings:change", args=[code, ruling.pk])).status_code == 403
    assert Ruling.objects.count() == 1 and Ruling.objects.get().status == "recorded"
    assert scores(played) == (D("7.5"), D(0))


# --- the referee's form ------------------------------------------------------------------------


def test_the_form_starts_from_the_table_and_the_board_in_the_url(client, referee, played):
    client.force_login(referee)
    open_table, _ = rooms(played)
    response = client.get(new_url(open_table, 2))
    assert response.status_code == 200
    content = response.content.decode()
    assert '<option value="2" selected>2</option>' in content
    assert "记录判罚" in content and str(played.home) in content and str(played.away) in content


def test_the_referee_records_a_penalty_and_the_score_follows(client, referee, played, commit):
    """第三十一条 from the form: home's 8 becomes 7.5."""
    client.force_login(referee)
    open_table, _ = rooms(played)
    with commit():
        response = client.post(new_url(open_table), penalty_post(board="1"))
    ruling = Ruling.objects.get()
    assert response.status_code == 302
    assert response.url == reverse("rulings:detail", args=[played.stage.event.code, ruling.pk])
    assert (ruling.referee, ruling.table, ruling.match, ruling.board) == (
        referee,
        open_table,
        played,
        board(played, 1),
    )
    assert scores(played) == (D("7.5"), D(0))


def test_a_refused_ruling_shows_why_and_saves_nothing(client, referee, played):
    """第三十条: a penalty is not what the article records for 5–10 minutes late."""
    client.force_login(referee)
    open_table, _ = rooms(played)
    response = client.post(
        new_url(open_table), penalty_post(irregularity="late_5_10", minutes_late="7")
    )
    assert response.status_code == 200
    assert "不能作此处理" in response.content.decode()
    assert not Ruling.objects.exists()


@pytest.mark.parametrize(
    ("minutes", "irregularity", "decision", "says"),
    [
        ("7", "late_5_10", "warning", "给予警告"),
        ("12", "late_5_10", "warning", "第三十条未规定迟到11—14分钟"),
        ("20", "late_15", "forfeit", "按弃权处理"),
        ("3", "", "", "不予处罚"),
    ],
)
def test_article_30_the_form_suggests_from_the_minutes_and_the_referee_confirms(
    client, referee, played, minutes, irregularity, decision, says, commit
):
    """第三十条: the suggestion fills in the irregularity and the decision; nothing is
    saved until the referee records it."""
    client.force_login(referee)
    open_table, _ = rooms(played)
    response = client.post(
        new_url(open_table),
        {"minutes_late": minutes, "offender": "side:EW", "reason_zh": "", "suggest": "1"},
    )
    content = response.content.decode()
    assert response.status_code == 200 and says in content
    if irregularity:
        assert f'<option value="{irregularity}" selected>' in content
        assert f'<option value="{decision}" selected>' in content
    assert not Ruling.objects.exists()
    if irregularity == "late_15":
        with commit():
            response = client.post(
                new_url(open_table),
                {
                    "minutes_late": minutes,
                    "irregularity": irregularity,
                    "decision": decision,
                    "offender": "side:EW",
                    "reason_zh": "开赛20分钟后才到",
                    "record": "1",
                },
            )
        assert response.status_code == 302
        assert Ruling.objects.get().decision == "forfeit"
        row = played.score
        row.refresh_from_db()
        assert (row.decision, row.winner_id) == ("forfeit", played.home_id)


# --- the list, the ruling, appeals ------------------------------------------------------------


def test_the_referee_sees_every_ruling_and_repeated_warnings(client, referee, rule, played):
    open_table, closed_table = rooms(played)
    for table in (open_table, closed_table):
        rule.create(table=table, irregularity="slow_play", offender_entrant=played.away)
    client.force_login(referee)
    content = client.get(reverse("rulings:list", args=[played.stage.event.code])).content.decode()
    assert "多次警告" in content and "2 次警告" in content
    assert content.count("故意拖延时间") == 2 and "未公布" in content


def test_the_public_sees_only_published_rulings(client, rule, played):
    open_table, _ = rooms(played)
    hidden = rule.create(table=open_table, irregularity="exposed_card", offender_side="EW")
    shown = rule.create(
        table=open_table,
        irregularity="drew_early",
        offender_side="NS",
        reason_zh="公布的判罚",
        published=True,
    )
    code = played.stage.event.code
    content = client.get(reverse("rulings:list", args=[code])).content.decode()
    assert "抢先抓牌或多抓牌" in content and "暴露张" not in content
    assert client.get(reverse("rulings:detail", args=[code, hidden.pk])).status_code == 404
    detail = client.get(reverse("rulings:detail", args=[code, shown.pk])).content.decode()
    assert "公布的判罚" in detail and "登记申诉" not in detail and "referee" not in detail


def test_players_see_the_rulings_of_their_own_match_through_the_table_code(
    client, rule, played, make_stage
):
    """The table code's page lists the rulings of that match, published or not, with
    the reason in Chinese; another match's rulings are not there."""
    open_table, closed_table = rooms(played)
    rule.create(
        table=closed_table, irregularity="exposed_card", offender_side="EW", reason_zh="亮出大王"
    )
    other = make_stage("team_match", [played.home, played.away], boards_per_session=4, sessions=1)
    other_table = rooms(other.matches.get())[0]
    rule.create(
        table=other_table, irregularity="slow_play", offender_side="NS", reason_zh="别场的判罚"
    )
    content = client.get(reverse("rulings:table", args=[open_table.code])).content.decode()
    assert "亮出大王" in content and "别场的判罚" not in content
    assert client.post(reverse("rulings:table", args=[open_table.code])).status_code == 405


def test_the_reason_in_english_when_chosen(client, ruling, played):
    table = rooms(played)[0]
    url = reverse("rulings:table", args=[table.code])
    content = client.get(url).content.decode()
    assert "多抓一张牌" in content and "drew one card too many" not in content
    client.post(reverse("set_language"), {"language": "en", "next": "/"})
    content = client.get(url).content.decode()
    assert "多抓一张牌" in content and "drew one card too many" in content
    assert "Drawing early or too many cards" in content


def test_appeal_change_and_withdraw_through_the_pages_with_the_history_shown(
    client, referee, chief, ruling, played, commit
):
    """Appealed by the referee, changed and withdrawn by the director: the score follows
    each version and the page shows who did what."""
    code = played.stage.event.code
    action = lambda name: reverse("rulings:action", args=[code, ruling.pk, name])  # noqa: E731
    client.force_login(referee)
    assert client.post(action("appeal"), {"note": "队长申诉", "version": 1}).status_code == 302
    client.force_login(chief)
    with commit():
        response = client.post(
            reverse("rulings:change", args=[code, ruling.pk]),
            penalty_post(
                irregularity="illegal_signals", amount="1", note="改罚1分", version="2", board="1"
            ),
        )
    assert response.status_code == 302
    assert scores(played) == (D(7), D(0))
    with commit():
        client.post(action("withdraw"), {"note": "核实后撤销", "version": 3})
    assert scores(played) == (D(8), D(0))

    content = client.get(reverse("rulings:detail", args=[code, ruling.pk])).content.decode()
    for text in ("作出判罚", "提出申诉", "改判", "撤销", "队长申诉", "改罚1分", "核实后撤销"):
        assert text in content
    assert "referee" in content and "chief" in content
    assert Ruling.objects.get(pk=ruling.pk).versions.count() == 4


def test_a_stale_action_is_refused_with_a_message(client, referee, ruling, played):
    client.force_login(referee)
    code = played.stage.event.code
    url = reverse("rulings:action", args=[code, ruling.pk, "withdraw"])
    response = client.post(url, {"note": "撤销", "version": 7}, follow=True)
    assert "判罚已被他人更改" in response.content.decode()
    assert Ruling.objects.get(pk=ruling.pk).status == "recorded"


def test_the_referee_opens_the_form_by_the_tables_entry_code(client, referee, played):
    client.force_login(referee)
    open_table, _ = rooms(played)
    code = played.stage.event.code
    pick = reverse("rulings:pick", args=[code])
    response = client.get(pick, {"table_code": open_table.code.lower(), "board": "2"})
    assert response.status_code == 302 and response.url == new_url(open_table, 2)
    response = client.get(pick, {"table_code": "ZZZZZZ"}, follow=True)
    assert "本赛事没有这个录入码的牌桌" in response.content.decode()


def test_the_admin_lists_rulings_read_only_and_publishes_through_the_service(
    client, superuser, ruling
):
    """The admin shows rulings and their versions, changes nothing by hand, and its
    publish action goes through the service (so it is in the history)."""
    client.force_login(superuser)
    changelist = reverse("admin:rulings_ruling_changelist")
    assert client.get(changelist).status_code == 200
    page = client.get(reverse("admin:rulings_ruling_change", args=[ruling.pk]))
    assert page.status_code == 200 and "作出判罚" in page.content.decode()
    assert client.get(reverse("admin:rulings_ruling_add")).status_code == 403
    client.post(changelist, {"action": "publish", "_selected_action": [ruling.pk]})
    ruling.refresh_from_db()
    assert ruling.published and ruling.versions.latest("number").action == "published"


def test_the_pages_link_to_the_rulings(client, chief, played):
    """The table code's page links to its match's rulings; the director's dashboard has
    a ruling link per table; the event's tabs link to the rulings list."""
    open_table, _ = rooms(played)
    code = played.stage.event.code
    table_page = client.get(reverse("web:table", args=[open_table.code])).content.decode()
    assert reverse("rulings:table", args=[open_table.code]) in table_page
    assert (
        reverse("rulings:list", args=[code])
        in client.get(reverse("web:event", args=[code])).content.decode()
    )
    client.force_login(chief)
    dashboard = client.get(reverse("web:director", args=[code])).content.decode()
    assert reverse("rulings:new", args=[code, open_table.pk]) in dashboard


def test_the_ruling_page_shows_no_error_before_a_code_is_typed(client, referee, played):
    """Opening "record a ruling" with nothing typed once said "no such table code"; it
    now shows the code form, with no error."""
    client.force_login(referee)
    code = played.stage.event.code
    response = client.get(reverse("rulings:pick", args=[code]), follow=True)
    content = response.content.decode()
    assert response.status_code == 200 and 'id="pick-code"' in content
    assert "本赛事没有这个录入码的牌桌" not in content
    response = client.get(reverse("rulings:pick", args=[code]), {"table_code": " "}, follow=True)
    assert "本赛事没有这个录入码的牌桌" not in response.content.decode()


def test_a_referee_is_shown_by_name_and_lateness_by_the_minutes(client, rule, referee, played):
    """The referee by name, not the login ("referee"); 12 minutes late (第三十条 says
    nothing of 11–14: a warning is suggested) reads "迟到12分钟", not "迟到5—10分钟"."""
    referee.first_name, referee.last_name = "海", "王"
    referee.save()
    open_table, _ = rooms(played)
    ruling = rule.create(
        table=open_table, irregularity="late_5_10", minutes_late=12, offender_side="EW"
    )
    client.force_login(referee)
    code = played.stage.event.code
    content = client.get(reverse("rulings:detail", args=[code, ruling.pk])).content.decode()
    assert "迟到12分钟" in content and "迟到5—10分钟" not in content
    assert referee.get_full_name() in content
    assert ">referee<" not in content and "裁判 referee" not in content
    listing = client.get(reverse("rulings:list", args=[code])).content.decode()
    assert "迟到12分钟" in listing


def test_a_ruling_on_a_board_the_other_room_has_not_played_stays_off_its_page(
    client, rule, play, team_match
):
    """Issue 14, item 3: a ruling made in the closed room on board 1 would tell the open
    room about a board it has not played (第二十八条之6); it shows once the board is."""
    open_table, closed_table = rooms(team_match)
    board = min(boards_of(closed_table), key=lambda b: b.number)  # board 1
    play.at_table(board, closed_table, 60)
    rule.create(
        table=closed_table,
        board=board,
        irregularity="exposed_card",
        offender_side="EW",
        reason_zh="亮出了红心A",
    )
    url = reverse("rulings:table", args=[open_table.code])

    assert "亮出了红心A" not in client.get(url).content.decode()
    assert (
        "亮出了红心A"
        in client.get(reverse("rulings:table", args=[closed_table.code])).content.decode()
    )

    play.at_table(board, open_table, 95)
    assert "亮出了红心A" in client.get(url).content.decode()
