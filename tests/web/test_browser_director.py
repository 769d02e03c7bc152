"""A director runs an event from an empty database in the browser (Debian's Chromium):
creates the event, pastes the entrants, creates a team round robin and a Mitchell with a
preview each, deals the boards, starts round 1; two tables enter and confirm on
phone-sized pages; the standings show it; a release warns; the round closes; the papers
print. Nothing from /admin/ or a shell: the only thing made outside the browser is the
login itself (an account with the right to open events).

Screenshots go to ``test-output/screenshots/`` (``$SCREENSHOT_DIR``); the directors'
guide shows a few of them (copied under docs/img/).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse

from tests import builders
from tests._tables import pin_of

from ._browser import CHROMIUM, PHONE, chromium, page_fits_the_phone, shot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TEAMS = """红山队：张伟*、王芳、李娜、刘洋
松山队：陈静、杨磊、赵洋、黄勇
元宝山队：周艳、吴杰、徐军、孙涛
宁城队：马明、朱超、胡霞、郭平"""
PAIRS = "\n".join(f"选手{2 * i - 1}、选手{2 * i}" for i in range(1, 9))
SUITS = {"H": "♥ 红心", "D": "♦ 方块", "S": "♠ 黑桃", "C": "♣ 梅花"}


@pytest.fixture
def browser(live_server, monkeypatch) -> Iterator:
    if not __import__("pathlib").Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is not installed")
    with chromium(monkeypatch) as launched:
        yield launched, live_server.url


def _page(chromium, base: str, viewport: dict[str, int]):
    context = chromium.new_context(viewport=viewport, locale="zh-CN")
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())  # "end the round?" — yes
    page.base = base
    return page


def _stage(desk, kind_label: str, options: dict[str, str], picture: str) -> None:
    desk.get_by_role("link", name="3 阶段编排").click()
    desk.get_by_role("link", name=kind_label, exact=True).click()
    for name, value in options.items():
        desk.fill(f"#id_{name}", value)
    desk.get_by_role("button", name="预览编排").click()
    desk.locator("#preview").wait_for()
    shot(desk, picture)
    desk.get_by_role("button", name="确定编排").click()
    desk.wait_for_url("**/director/boards/")


def _unfold(block) -> None:
    """A round's folded block on the dashboard, opened."""
    if not block.evaluate("e => e.open"):
        block.locator("summary").first.click()


SIDES = {"南北": "ns", "东西": "ew"}


def _pin(table, side: str) -> str:
    """The side's own PIN, from its team's PIN card."""
    return pin_of(table, SIDES[side].upper())


def _enter(phone, table, board, *, first_play: bool, points: int, side: str) -> None:
    """One side enters a board at its table's phone, with its own PIN."""
    from tests.builders import fanzhu_trump

    code = table.code
    phone.goto(phone.base + reverse("web:table", args=[code]))
    phone.get_by_role("link", name=f"第{board.number}副").first.click()
    phone.wait_for_url(f"**/t/{code}/b/{board.number}/")
    phone.locator(".field-side label", has_text=side).click()
    phone.fill("#id_pin", _pin(table, side))
    if first_play:  # the set's first board: who declares is written at the table
        phone.locator(".field-declarer label", has_text="南").click()
        phone.locator(".field-trump label", has_text=SUITS[fanzhu_trump(board)]).click()
    phone.fill("#id_defender_points", str(points))
    phone.locator("#verdict .verdict.ok").wait_for()
    phone.get_by_role("button", name="提交，请对方确认").click()
    phone.locator("#confirm").wait_for()


def _confirm(phone, table, side: str) -> None:
    phone.locator("#confirm input[name=pin]").fill(_pin(table, side))
    phone.get_by_role("button", name=f"{side}确认无误").click()
    phone.locator("#confirmed").wait_for()


def test_a_director_runs_an_event_from_an_empty_database(browser):
    from boards.models import Board, Result
    from tests.builders import boards_of
    from tournament.models import Entrant, Event, Round, Stage

    chromium, base = browser
    user = builders.user("caipan")
    user.user_permissions.add(Permission.objects.get(codename="add_event"))
    desk = _page(chromium, base, {"width": 1100, "height": 900})

    # Log in; the workspace is where a director starts.
    desk.goto(base + reverse("web:login") + "?next=" + reverse("web:workspace"))
    desk.fill("#id_username", "caipan")
    desk.fill("#id_password", "secret-pw")
    desk.keyboard.press("Enter")
    desk.wait_for_url(base + reverse("web:workspace"))  # the exact address, not ?next=

    # 1. The event, its rules by name (a switch set with its article).
    desk.fill("#id_name", "春季对调复式赛")
    desk.fill("#id_code", "spring")
    desk.fill("#id_venue", "赤峰市红山区")
    desk.fill("#id_starts_on", "2026-04-18")
    desk.fill("#id_ends_on", "2026-04-19")
    desk.locator("details summary").click()
    desk.select_option("#id_status", "running")  # public: players follow it on phones
    desk.select_option("#id_switch_gulupo", "140")
    shot(desk, "director-new-event.png")
    desk.get_by_role("button", name="创建赛事").click()
    desk.wait_for_url("**/director/entrants/")
    event = Event.objects.get(code="spring")
    assert event.switches == {"gulupo_points": 140}

    # 2. Entrants pasted: four teams, eight pairs.
    desk.select_option("#paste_kind", "team")
    desk.fill("#paste_text", TEAMS)
    desk.get_by_role("button", name="全部添加").click()
    desk.locator("#entrants").wait_for()
    desk.select_option("#paste_kind", "pair")
    desk.fill("#paste_text", PAIRS)
    desk.get_by_role("button", name="全部添加").click()
    desk.locator(".messages").wait_for()
    shot(desk, "director-entrants.png")
    assert Entrant.objects.filter(event=event, kind="team").count() == 4
    assert Entrant.objects.filter(event=event, kind="pair").count() == 8

    # 3. A team round robin and a Mitchell, each previewed before it is fixed.
    _stage(
        desk,
        "团体循环赛",
        {"boards_per_session": "2", "sessions": "1"},
        "director-stage-preview.png",
    )
    _stage(
        desk, "双人双冠军赛（米切尔）", {"boards_per_round": "2"}, "director-mitchell-preview.png"
    )
    round_robin = Stage.objects.get(event=event, kind="round_robin")
    mitchell = Stage.objects.get(event=event, kind="mitchell")

    # 4. The commitment is published naming the value to come (docs/dealing.md); once the
    # value is public it is typed in and the boards are dealt from it.
    for stage in (round_robin, mitchell):
        block = desk.locator(f"#stage-{stage.order}")
        block.get_by_label("将混入的公开值（承诺后才公开）").fill("抽签时当众抽出的数")
        block.get_by_role("button", name="公布发牌承诺").click()
        desk.locator(f"#stage-{stage.order} .commitment").wait_for()
        block = desk.locator(f"#stage-{stage.order}")
        assert not Board.objects.filter(stage=stage).exists()
        block.get_by_label("公开值（照原样输入）").fill("4071")
        with desk.expect_navigation():
            block.get_by_role("button", name="输入公开值并发牌").click()
    shot(desk, "director-boards.png")
    assert Board.objects.filter(stage=round_robin).count() == 3 * 2
    desk.goto(base + reverse("web:deals", args=["spring"]))
    assert mitchell.deal_commitments.get().digest in desk.content()

    # 5. Round 1 started from the dashboard (until then no table code enters anything).
    desk.goto(base + reverse("web:director", args=["spring"]))
    round_1 = Round.objects.get(stage=round_robin, number=1)
    block = desk.locator(f"#round-{round_1.pk}")
    _unfold(block)
    block.get_by_role("button", name="开始第1轮").click()
    desk.locator(".messages").wait_for()
    round_1.refresh_from_db()
    assert round_1.is_open
    shot(desk, "director-dashboard.png")
    desk.goto(base + reverse("web:setup", args=["spring"]))  # the dashboard stops polling

    # Two tables — the open and closed rooms of match 1 — enter and confirm on phones.
    match = round_1.matches.order_by("number").first()
    open_room = match.tables.get(session=1, room="open")
    closed_room = match.tables.get(session=1, room="closed")
    phone = _page(chromium, base, PHONE)
    open_first, open_second = boards_of(open_room)
    closed_first, closed_second = boards_of(closed_room)
    _enter(phone, open_room, open_first, first_play=True, points=40, side="南北")
    assert page_fits_the_phone(phone)
    shot(phone, "table-entered-375.png")
    _confirm(phone, open_room, "东西")
    _enter(phone, closed_room, closed_first, first_play=True, points=60, side="东西")
    _confirm(phone, closed_room, "南北")
    _enter(phone, open_room, open_second, first_play=False, points=85, side="南北")
    _confirm(phone, open_room, "东西")
    _enter(phone, closed_room, closed_second, first_play=False, points=40, side="东西")
    _confirm(phone, closed_room, "南北")
    assert page_fits_the_phone(phone)
    shot(phone, "table-confirmed-375.png")
    assert Result.objects.filter(table__match=match, status="confirmed").count() == 4

    # The director's standings show the match played; a player's do not count it yet,
    # since match 2 has still to play these deals (第二十八条之6, issue 14).
    desk.goto(base + reverse("web:stage", args=["spring", round_robin.order]))
    home_row = desk.locator(f".standings tr[data-entrant='{match.home_id}']").first
    assert home_row.locator("td").nth(2).inner_text() == "1"  # played (after 场分)
    phone.goto(base + reverse("web:stage", args=["spring", round_robin.order]))
    home_row = phone.locator(f".standings tr[data-entrant='{match.home_id}']").first
    assert home_row.locator("td").nth(2).inner_text() == "0"
    shot(phone, "standings-375.png")

    # A release warns, naming the tables that still have to play the board.
    desk.goto(base + reverse("web:director", args=["spring"]))
    mitchell_round = Round.objects.get(stage=mitchell, number=1)
    block = desk.locator(f"#round-{mitchell_round.pk}")
    _unfold(block)
    block.locator(".release-board").first.click()
    block.get_by_role("button", name="公布所选").click()
    warning = desk.locator("#release-warning")
    warning.wait_for()
    assert "1桌" in warning.inner_text()
    shot(desk, "director-release-warning.png")
    assert not Board.objects.filter(stage=mitchell, released_at__isnull=False).exists()
    desk.get_by_role("link", name="不公布，返回").click()
    desk.wait_for_url("**/director/")
    assert not Board.objects.filter(released_at__isnull=False).exists()

    # The round closes.
    block = desk.locator(f"#round-{round_1.pk}")
    _unfold(block)
    block.get_by_role("button", name="结束第1轮").click()
    desk.locator(".messages").wait_for()
    round_1.refresh_from_db()
    assert round_1.closed_at is not None

    # The papers print.
    desk.goto(base + reverse("printing:page", args=["spring"]))
    desk.locator('button[value^="standings:"]').first.click()
    download = desk.get_by_role("link", name="下载")
    download.wait_for()
    shot(desk, "director-papers.png")
    assert ".pdf" in download.inner_text()


def test_every_step_of_the_workspace_fits_a_phone(browser):
    from tournament.models import EventRole, Stage
    from tournament.services import entrants_add, entrants_parse, event_create, stage_create

    chromium, base = browser
    user = builders.user("shouji")
    event = event_create(name="手机上的赛事", code="phone")
    EventRole.objects.create(event=event, user=user, role=EventRole.Role.DIRECTOR)
    teams = entrants_add(event=event, kind="team", entries=entrants_parse(TEAMS))
    stage_create(event=event, kind=Stage.Kind.ROUND_ROBIN, entrants=teams, settings={"sessions": 1})
    phone = _page(chromium, base, PHONE)
    phone.goto(base + reverse("web:login") + "?next=" + reverse("web:workspace"))
    phone.fill("#id_username", "shouji")
    phone.fill("#id_password", "secret-pw")
    phone.keyboard.press("Enter")
    phone.wait_for_url(base + reverse("web:workspace"))

    pages = {
        "setup": reverse("web:setup", args=["phone"]),
        "event": reverse("web:setup_event", args=["phone"]),
        "officials": reverse("web:setup_officials", args=["phone"]),
        "entrants": reverse("web:setup_entrants", args=["phone"]),
        "stage": reverse("web:setup_stage", args=["phone"]) + "?kind=mitchell",
        "boards": reverse("web:setup_boards", args=["phone"]),
        "decisions": reverse("web:setup_decisions", args=["phone"]),
        "dashboard": reverse("web:director", args=["phone"]),
    }
    too_wide = []
    for name, url in pages.items():
        phone.goto(base + url)
        if not page_fits_the_phone(phone):
            too_wide.append(name)
        shot(phone, f"workspace-{name}-375.png")
    assert too_wide == []
