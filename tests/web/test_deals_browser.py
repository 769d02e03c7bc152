"""The public deals page checks ``duidiao-deal/2`` in the reader's browser (docs/dealing.md):
the project's own script (web/static/web/deals-verify.js) run in Debian's Chromium — a
second, independent implementation of the scheme, held bit for bit to core/dealing.py
over 1,000 boards — marks every board green or red with the reason, and finds a
tampered deal, secret or commitment as the server's check does."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from django.utils import timezone

from boards.models import Board, DealCommitment
from boards.services import deals_commit, deals_enter_public_value
from core.dealing import deal_v2
from tests import builders
from tournament.models import Round

from ._browser import PHONE, page_fits_the_phone, page_of

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def page(live_server: Any, monkeypatch: Any) -> Iterator[Any]:
    yield from page_of(live_server, monkeypatch, PHONE)


@pytest.fixture
def played() -> tuple[Any, DealCommitment]:
    m = builders.mitchell_stage(builders.bare_event(status="running"))
    commitment = deals_commit(stage=m.stage, public_source="抽签时当众输入 / typed at the draw")
    deals_enter_public_value(commitment=commitment, value="4071")
    Round.objects.filter(stage=m.stage).update(started_at=timezone.now(), closed_at=timezone.now())
    commitment.refresh_from_db()
    return m, commitment


def _checked(page: Any, code: str) -> dict[str, Any]:
    """Open the deals page, wait for the script, and read its marks."""
    page.goto(f"{page.base}/e/{code}/deals/")
    page.wait_for_selector("body[data-deals-checked=done]", timeout=20_000)
    return page.evaluate(
        """() => ({
          summary: [...document.querySelectorAll('.browser-check')].map(
            e => [e.dataset.browser, e.textContent]),
          boards: Object.fromEntries([...document.querySelectorAll('.browser-board')].map(
            e => [e.id.split('-').pop(), [e.dataset.browser, e.textContent]])),
        })"""
    )


def test_the_browser_deals_1000_boards_bit_for_bit_as_python_does(page: Any, played: Any) -> None:
    m, _commitment = played
    page.goto(f"{page.base}/e/{m.event.code}/deals/")
    page.wait_for_selector("body[data-deals-checked=done]", timeout=20_000)
    cases = [
        (f"{k:02x}" * 32, value, 1 + k % 3, n % 4, n)
        for k, value in enumerate(["", "4071", "抽签 draw", "drand 5123456 ab01", "x" * 200])
        for n in range(1, 201)
    ]
    dealt = page.evaluate(
        """async (cases) => {
          const out = [];
          for (const [s, v, stage, round, n] of cases)
            out.push(await DuidiaoDeal.dealV2(s, v, stage, round, n));
          return out;
        }""",
        cases,
    )
    assert len(dealt) == 1000
    for (secret, value, stage, round_number, number), browser in zip(cases, dealt, strict=True):
        hands, bottom = deal_v2(
            secret, value, stage=stage, round_number=round_number, number=number
        )
        assert json.dumps(browser, sort_keys=True) == json.dumps(
            {"hands": hands, "bottom": bottom}, sort_keys=True
        )


def test_every_board_gets_a_green_mark_and_a_tampered_deal_a_red_one(page: Any, played: Any):
    m, commitment = played
    marks = _checked(page, m.event.code)
    assert [s[0] for s in marks["summary"]] == ["ok"]
    assert len(marks["boards"]) == 6 and all(b[0] == "ok" for b in marks["boards"].values())
    assert page_fits_the_phone(page)  # the secret, the digest and the document wrap

    other = m.board(4)
    Board.objects.filter(pk=m.board(3).pk).update(hands=other.hands, bottom=other.bottom)
    marks = _checked(page, m.event.code)
    assert marks["boards"]["3"][0] == "failed" and "与重新发出的牌不同" in marks["boards"]["3"][1]
    assert all(b[0] == "ok" for n, b in marks["boards"].items() if n != "3")
    assert marks["summary"][0][0] == "failed" and "1副牌不同" in marks["summary"][0][1]


def test_a_tampered_secret_or_commitment_is_reported_with_its_reason(page: Any, played: Any):
    m, commitment = played
    DealCommitment.objects.filter(pk=commitment.pk).update(secret="0" * 64)
    marks = _checked(page, m.event.code)
    assert marks["summary"][0][0] == "failed" and "秘密值的 SHA-256" in marks["summary"][0][1]

    DealCommitment.objects.filter(pk=commitment.pk).update(
        secret=commitment.secret, material=commitment.material.replace("stage 1", "stage 2")
    )
    marks = _checked(page, m.event.code)
    assert marks["summary"][0][0] == "failed" and "承诺文本的摘要" in marks["summary"][0][1]
