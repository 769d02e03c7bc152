"""The director's workspace from an empty database: event, officials, entrants, stages
with a preview, boards, rounds and decisions — every step through the pages, checked by
role, each refusal in both languages with nothing half-saved."""

from __future__ import annotations

import hashlib

import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse

from boards.models import Board, DealCommitment
from boards.services import deals_commit
from tests import builders
from tests._tables import side_form
from tournament.models import Entrant, Event, EventRole, Round, Stage

pytestmark = pytest.mark.django_db

TEAMS = """红山队：张伟*、王芳、李娜、刘洋
松山队：陈静、杨磊、赵洋、黄勇
元宝山队：周艳、吴杰、徐军、孙涛
宁城队：马明、朱超、胡霞、郭平
"""
PAIRS = "\n".join(f"甲{i}、乙{i}" for i in range(1, 9))


@pytest.fixture
def organiser(client):
    """A login allowed to open events (the add-event permission), no event yet."""
    user = builders.user("organiser")
    user.user_permissions.add(Permission.objects.get(codename="add_event"))
    client.force_login(user)
    return user


def _create_event(client, code="spring") -> Event:
    response = client.post(
        reverse("web:workspace"),
        {
            "name": "春季对调赛",
            "code": code,
            "venue": "赤峰",
            "rules": "chifeng-2007",
            "status": "draft",
            "switch_must_follow_shape": "true",
            "switch_k_dig": "",
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    return Event.objects.get(code=code)


def _paste(client, event, kind, text):
    return client.post(
        reverse("web:setup_entrants", args=[event.code]),
        {"action": "paste", "kind": kind, "text": text},
    )


def test_a_director_creates_an_event_with_switches_and_becomes_its_director(client, organiser):
    event = _create_event(client)

    assert event.switches == {"must_follow_shape": True}
    assert event.profile.must_follow_shape is True  # 第十七条 as switched
    assert EventRole.objects.filter(event=event, user=organiser, role="director").exists()
    page = client.get(reverse("web:setup", args=[event.code]))
    assert "春季对调赛" in page.content.decode()


def test_a_login_without_the_right_cannot_open_an_event_nor_direct_anothers(client, organiser):
    event = _create_event(client)
    client.force_login(builders.user("someone"))

    refused = client.post(
        reverse("web:workspace"),
        {"name": "x", "code": "x", "rules": "chifeng-2007", "status": "draft"},
    )
    assert refused.status_code == 403
    assert not Event.objects.filter(code="x").exists()
    assert client.get(reverse("web:setup_entrants", args=[event.code])).status_code in (403, 404)


def test_pasted_entrants_are_numbered_and_a_bad_line_saves_none(client, organiser):
    event = _create_event(client)

    bad = _paste(client, event, "team", TEAMS + "短队：甲、乙\n")
    assert bad.status_code == 422
    assert "第二十四条" in bad.content.decode() or "4至6名" in bad.content.decode()
    assert not Entrant.objects.filter(event=event).exists()  # all or nothing

    assert _paste(client, event, "team", TEAMS).status_code == 302
    assert _paste(client, event, "pair", PAIRS).status_code == 302
    teams = Entrant.objects.filter(event=event, kind="team").order_by("number")
    assert [t.number for t in teams] == [1, 2, 3, 4]
    assert teams[0].memberships.get(role="captain").player.name == "张伟"
    assert Entrant.objects.filter(event=event, kind="pair").count() == 8


def test_an_entrant_is_edited_and_withdrawn_before_play_but_not_once_its_stage_started(
    client, organiser
):
    event = _create_event(client)
    _paste(client, event, "team", TEAMS)
    team = Entrant.objects.get(event=event, number=4)
    url = reverse("web:setup_entrant", args=[event.code, team.pk])

    client.post(
        url,
        {
            "action": "save",
            "kind": "team",
            "name": "宁城新队",
            "players": "马明、朱超*、胡霞、郭平、新人",
        },
    )
    team.refresh_from_db()
    assert team.name == "宁城新队"
    assert team.memberships.count() == 5
    assert team.memberships.get(role="captain").player.name == "朱超"
    # Renamed as another team is named: refused, said why, nothing changed.
    other = Entrant.objects.get(event=event, number=1)
    refused = client.post(
        url,
        {"action": "save", "kind": "team", "name": other.name, "players": "马明、朱超、胡霞、郭平"},
    )
    assert f"本赛事已有名为“{other.name}”的队" in refused.content.decode()
    team.refresh_from_db()
    assert team.name == "宁城新队" and team.memberships.count() == 5

    _stage(client, event, "round_robin", fix=True, boards_per_session=4, sessions=1)
    stage = event.stages.get()
    Round.objects.filter(stage=stage, number=1).update(started_at="2026-01-01T00:00Z")
    client.post(url, {"action": "withdraw"})
    assert Entrant.objects.filter(pk=team.pk).exists()  # its stage has started


def _stage(client, event, kind, *, fix=False, **options):
    url = reverse("web:setup_stage", args=[event.code])
    entrants = Entrant.objects.filter(
        event=event, kind="pair" if kind == "mitchell" else "team"
    ).values_list("pk", flat=True)
    data = {"kind": kind, "action": "preview", "entrants": list(entrants), "order_by": "number"}
    data |= {k: str(v) for k, v in options.items()}
    preview = client.post(url, data)
    assert preview.status_code == 200
    body = preview.content.decode()
    if not fix:
        return body
    seed = body.split('name="draw_seed" value="', 1)[1].split('"', 1)[0]
    return client.post(url, data | {"action": "fix", "draw_seed": seed})


def test_a_stage_is_previewed_without_being_saved_then_fixed_with_the_draw_shown(client, organiser):
    event = _create_event(client)
    _paste(client, event, "pair", PAIRS)

    body = _stage(client, event, "mitchell", boards_per_round=2)
    assert "预览" in body
    assert not Stage.objects.filter(event=event).exists()  # nothing kept by a preview
    seed = int(body.split('name="draw_seed" value="', 1)[1].split('"', 1)[0])

    pairs = list(Entrant.objects.filter(event=event).values_list("pk", flat=True))
    fixed = client.post(
        reverse("web:setup_stage", args=[event.code]),
        {"kind": "mitchell", "action": "fix", "entrants": pairs, "order_by": "number"}
        | {"boards_per_round": "2", "draw_seed": str(seed)},
    )
    assert fixed.status_code == 302
    stage = event.stages.get()
    assert stage.kind == "mitchell" and stage.draw_seed is not None
    assert stage.settings == {"boards_per_round": 2}  # named fields, defaults not stored
    assert stage.draw_seed == seed  # the draw that was shown is the draw fixed
    assert stage.rounds.exists()


def test_a_stage_is_taken_back_before_play_and_not_after(client, organiser):
    event = _create_event(client)
    _paste(client, event, "team", TEAMS)
    _stage(client, event, "round_robin", fix=True, boards_per_session=4, sessions=1)
    stage = event.stages.get()
    remove = reverse("web:setup_stage_remove", args=[event.code, stage.order])

    Round.objects.filter(stage=stage, number=1).update(started_at="2026-01-01T00:00Z")
    client.post(remove)
    assert Stage.objects.filter(pk=stage.pk).exists()

    Round.objects.filter(stage=stage).update(started_at=None)
    client.post(remove)
    assert not Stage.objects.filter(pk=stage.pk).exists()


def test_dealing_publishes_a_commitment_then_deals_from_the_public_value_typed_later(
    client, organiser
):
    event = _create_event(client)
    _paste(client, event, "team", TEAMS)
    _stage(client, event, "round_robin", fix=True, boards_per_session=2, sessions=1)
    stage = event.stages.get()
    boards_page = reverse("web:setup_boards", args=[event.code])

    client.post(
        boards_page,
        {"stage": stage.pk, "action": "commit", "public_source": "抽签时当众抽出的数"},
    )
    commitment = DealCommitment.objects.get(stage=stage)
    assert not Board.objects.filter(stage=stage).exists()  # nothing dealt before the value
    public = client.get(reverse("web:deals", args=[event.code])).content.decode()
    assert commitment.digest in public and "抽签时当众抽出的数" in public
    assert commitment.secret not in public  # the secret stays private until the stage is over
    document = client.get(reverse("web:deals_document", args=[event.code, commitment.pk]))
    assert hashlib.sha256(document.content).hexdigest() == commitment.digest

    assert "输入公开值并发牌" in client.get(boards_page).content.decode()
    client.post(
        boards_page,
        {
            "stage": stage.pk,
            "action": "public_value",
            "commitment": commitment.pk,
            "public_value": "4071",
        },
    )
    assert Board.objects.filter(stage=stage).count() == 3 * 2  # 3 rounds × 2 boards
    public = client.get(reverse("web:deals", args=[event.code])).content.decode()
    assert "4071" in public and commitment.secret not in public

    Round.objects.filter(stage=stage).update(
        started_at="2026-01-01T00:00Z", closed_at="2026-01-01T05:00Z"
    )
    public = client.get(reverse("web:deals", args=[event.code])).content.decode()
    assert 'data-check="ok"' in public and commitment.secret in public
    assert 'id="deals-data"' in public and "deals-verify.js" in public


def test_the_director_starts_and_closes_a_round_from_the_dashboard(client, organiser):
    event = _create_event(client)
    _paste(client, event, "team", TEAMS)
    _stage(client, event, "round_robin", fix=True, boards_per_session=2, sessions=1)
    round_ = Round.objects.get(stage__event=event, number=1)
    url = reverse("web:round_toggle", args=[event.code, round_.pk])

    client.post(url, {"action": "start"})
    round_.refresh_from_db()
    assert round_.is_open
    client.post(url, {"action": "close"})
    round_.refresh_from_db()
    assert round_.closed_at is not None
    dashboard = client.get(reverse("web:director", args=[event.code])).content.decode()
    assert "已结束" in dashboard


def test_a_board_dealt_at_its_table_is_entered_at_the_table_and_its_deal_typed_later(
    client, organiser
):
    from boards.services import deal_from_seed

    event = _create_event(client)
    _paste(client, event, "pair", PAIRS)
    _stage(client, event, "mitchell", fix=True, boards_per_round=2)
    stage = event.stages.get()
    boards_url = reverse("web:setup_boards", args=[event.code])
    client.post(boards_url, {"stage": stage.pk, "action": "table"})
    board = Board.objects.get(stage=stage, number=1)
    assert board.source == "table" and not board.has_deal

    # At the table, with no deal known: the phone's page opens and takes the result.
    table = board.board_set.plays.order_by("table__round__number").first().table
    Round.objects.filter(pk=table.round_id).update(started_at="2026-01-01T00:00Z")
    page = client.get(reverse("web:table_board", args=[table.code, 1]))
    assert page.status_code == 200
    hands, bottom = deal_from_seed(99)
    third = bottom[-3]
    trump = {"BJ": "H", "LJ": "S"}.get(third, third[0])
    entered = client.post(
        reverse("web:table_board", args=[table.code, 1]),
        side_form(table, "NS")
        | {"level_ns": "A", "level_ew": "A", "declarer": "S", "trump": trump}
        | {"declared_by": "", "defender_points": "40", "dig": "", "xiaosa_bj": "0"}
        | {"xiaosa_lj": "0"},
    )
    assert entered.status_code == 302
    assert board.results.count() == 1
    assert "待录入牌型卡" in client.get(boards_url).content.decode()
    # The dashboard says, per table, what it still owes.
    dashboard = client.get(reverse("web:director", args=[event.code])).content.decode()
    assert "未报：2" in dashboard and "待确认：1" in dashboard

    # The director types the 牌型卡 in, a suit then its ranks.
    def typed(cards):
        return " ".join(
            ("大王" if c == "BJ" else "小王" if c == "LJ" else "♥♦♠♣"["HDSC".index(c[0])] + c[1:])
            for c in cards
        )

    deal_url = reverse("web:setup_board_deal", args=[event.code, board.pk])
    short = client.post(
        deal_url, {s: typed(h) for s, h in hands.items()} | {"bottom": typed(bottom[:-1])}
    )
    assert short.status_code == 422  # 107 cards: nothing stored
    board.refresh_from_db()
    assert not board.has_deal
    done = client.post(
        deal_url, {s: typed(h) for s, h in hands.items()} | {"bottom": typed(bottom)}
    )
    assert done.status_code == 302
    board.refresh_from_db()
    assert board.hands == hands and board.bottom == bottom
    assert not board.results.get().flagged  # the result agrees with the deal


def _xlsx(rows) -> bytes:
    import io

    from openpyxl import Workbook

    book = Workbook()
    for row in rows:
        book.active.append(row)
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def test_entrants_from_an_excel_sheet_all_or_nothing(client, organiser):
    from django.core.files.uploadedfile import SimpleUploadedFile

    event = _create_event(client)
    url = reverse("printing:entrants", args=[event.code])
    header = ["类别", "编号", "名称", "原排名", "队长", "选手1", "单位1", "选手2", "单位2"]
    good = [
        header,
        ["对", 1, "", "", "", "张伟", "", "王芳", ""],
        ["对", 2, "", "", "", "李娜", "", "刘敏", ""],
    ]
    bad = good + [["对", 3, "", "", "", "陈静", "", "", ""]]  # one player only

    back = client.post(url, {"file": SimpleUploadedFile("e.xlsx", _xlsx(bad))}, follow=True)
    assert "第二十八条" in back.content.decode() or "article 28" in back.content.decode()
    assert not Entrant.objects.filter(event=event).exists()

    client.post(url, {"file": SimpleUploadedFile("e.xlsx", _xlsx(good))})
    assert sorted(Entrant.objects.filter(event=event).values_list("number", flat=True)) == [1, 2]


def test_the_event_is_edited_and_its_rules_fixed_once_play_starts(client, organiser):
    event = _create_event(client)
    url = reverse("web:setup_event", args=[event.code])
    data = {"name": "春季赛", "venue": "宁城", "rules": "chifeng-2007", "status": "running"}

    client.post(url, data | {"switch_k_dig": "swap"})
    event.refresh_from_db()
    assert (event.name, event.venue, event.status) == ("春季赛", "宁城", "running")
    assert event.profile.level_digs[13].value == "swap"  # K翻天 chosen by name (第二十二条)

    _paste(client, event, "team", TEAMS)
    _stage(client, event, "round_robin", fix=True, boards_per_session=2, sessions=1)
    Round.objects.filter(stage__event=event, number=1).update(started_at="2026-01-01T00:00Z")
    refused = client.post(url, data | {"switch_k_dig": ""})
    assert "不能再更改规则" in refused.content.decode()
    event.refresh_from_db()
    assert event.switches["level_digs"]["K"] == "swap"


def test_officials_are_made_reset_and_removed_in_the_workspace(client, organiser):
    """Item 2 of issue 26: no admin for officials. A new referee account with its
    password shown once (and never cached), an existing login invited as scorer, a
    password reset, a role removed — each in the page's change record; the only
    director keeps theirs."""
    event = _create_event(client)
    builders.user("jilu")
    url = reverse("web:setup_officials", args=[event.code])

    made = client.post(
        url, {"action": "create", "username": "wang", "name": "王裁判", "role": "referee"}
    )
    password = made.context["issued"].password
    assert password in made.content.decode() and made["Cache-Control"] == "no-store"
    assert client.get(url).content.decode().count(password) == 0  # shown once
    assert EventRole.objects.filter(event=event, user__username="wang", role="referee").exists()

    client.post(url, {"action": "invite", "username": "jilu", "role": "scorer"})
    assert EventRole.objects.filter(event=event, user__username="jilu", role="scorer").exists()
    unknown = client.post(url, {"action": "invite", "username": "nobody", "role": "referee"})
    assert "没有用户名" in unknown.content.decode()
    taken = client.post(url, {"action": "create", "username": "jilu", "role": "referee"})
    assert "已被使用" in taken.content.decode()

    wang = EventRole.objects.get(event=event, user__username="wang")
    reset = client.post(url, {"action": "reset", "user": wang.user_id})
    assert reset.context["issued"].password != password
    client.post(url, {"action": "remove", "role": wang.pk})
    assert not EventRole.objects.filter(pk=wang.pk).exists()

    own = EventRole.objects.get(event=event, user=organiser)
    refused = client.post(url, {"action": "remove", "role": own.pk}, follow=True)
    assert "唯一裁判长" in refused.content.decode()
    assert EventRole.objects.filter(pk=own.pk).exists()  # the last director stays
    page = client.get(url).content.decode()
    for kind in ("建立账号", "授予职责", "重设密码", "撤销职责"):
        assert kind in page


@pytest.mark.parametrize("role", ["referee", "scorer"])
def test_a_referee_or_scorer_cannot_touch_the_officials(client, role):
    """The permission matrix at the page: an official who is not the director gets
    403 for reading and for each action, and nothing changes."""
    event = builders.event()
    director = builders.user("zhang", event=event, role="director")
    client.force_login(builders.user("official", event=event, role=role))
    url = reverse("web:setup_officials", args=[event.code])
    director_role = EventRole.objects.get(user=director)

    assert client.get(url).status_code == 403
    for data in [
        {"action": "create", "username": "mine", "role": "director"},
        {"action": "invite", "username": "official", "role": "director"},
        {"action": "reset", "user": director.pk},
        {"action": "remove", "role": director_role.pk},
    ]:
        assert client.post(url, data).status_code == 403
    assert not event.official_changes.exists()
    assert EventRole.objects.filter(pk=director_role.pk).exists()
    client.logout()
    assert client.get(url).status_code == 302  # to the login


def test_boards_imported_from_a_zip_on_the_boards_page(
    client, organiser, eager, settings, tmp_path
):
    """The page's form posts the file to its import job (issue 24: judged in a job,
    never in the request); with Celery eager the job has run when the answer comes."""
    import io
    import json
    import zipfile

    from django.core.files.uploadedfile import SimpleUploadedFile

    from boards.services import deal_from_seed

    event = _create_event(client)
    _paste(client, event, "pair", PAIRS)
    _stage(client, event, "mitchell", fix=True, boards_per_round=2)
    stage = event.stages.get()
    records = []
    for number in range(1, 9):
        hands, bottom = deal_from_seed(number)
        records.append(
            {"format": "duidiao-board/1", "board": number, "hands": hands, "bottom": bottom}
        )
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("a.json", json.dumps(records[:4]))
        archive.writestr("b.json", json.dumps(records[4:]))
    settings.MEDIA_ROOT = tmp_path
    page = client.get(reverse("web:setup_boards", args=[event.code])).content.decode()
    url = reverse("printing:boards", args=[event.code])
    assert f'action="{url}"' in page

    with eager(execute=True):
        answer = client.post(
            url, {"stage": stage.pk, "file": SimpleUploadedFile("b.zip", buffer.getvalue())}
        )
    assert "已导入8副牌的牌型" in client.get(answer["Location"]).content.decode()
    assert Board.objects.filter(stage=stage, source="imported").count() == 8
    assert Board.objects.get(stage=stage, number=5).hands == deal_from_seed(5)[0]


def test_the_event_form_shows_its_dates_and_saving_it_keeps_them(client, organiser):
    """The date inputs are filled with the event's dates (ISO, as a date input reads
    them): a save without touching them used to erase them from the papers' headers."""
    event = _create_event(client)
    Event.objects.filter(pk=event.pk).update(starts_on="2025-08-01", ends_on="2025-08-02")
    url = reverse("web:setup_event", args=[event.code])

    page = client.get(url).content.decode()
    assert 'value="2025-08-01"' in page and 'value="2025-08-02"' in page

    for language in ("zh-hans", "en"):
        client.cookies["django_language"] = language
        assert 'value="2025-08-01"' in client.get(url).content.decode()


def test_a_commitment_waiting_for_its_value_keeps_its_secret_after_the_rounds_close(client):
    m = builders.mitchell_stage(builders.bare_event(status="running"))
    commitment = deals_commit(stage=m.stage, public_source="抽签时当众输入")
    Round.objects.filter(stage=m.stage).update(
        started_at="2026-01-01T00:00Z", closed_at="2026-01-01T05:00Z"
    )
    public = client.get(reverse("web:deals", args=[m.event.code])).content.decode()
    assert commitment.digest in public and commitment.secret not in public
