"""Dealing no one can predict, choose or need to trust (``duidiao-deal/2``, docs/dealing.md).

The scheme's test vectors (tests/fixtures/dealing, printed in the docs too); the
commitment published before play with the server's secret and the public value still to
come; the deals derived only once that value is entered; and both checks — the
service (and ``manage.py verify_deals``) here, the browser's in tests/web — finding a
tampered deal, secret or commitment. Events dealt with ``duidiao-deal/1`` still verify.
The deal itself is the rules' (第十条: 25 cards to each of the four, 8 to the bottom).
"""

from __future__ import annotations

import hashlib
import json
import subprocess
from collections import Counter
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.utils import timezone

from boards.errors import BoardError
from boards.models import Board, DealCommitment
from boards.services import (
    DEALT_AT_ONCE,
    boards_await_deal,
    boards_generate,
    deal_from_seed,
    deals_commit,
    deals_enter_public_value,
    deals_verify,
)
from core.dealing import deal_v2, master_key, secret_digest, uniform_below
from core.engine.cards import card_name, full_deck
from tests import builders
from tournament.models import Round

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "dealing"
VECTORS = json.loads((FIXTURES / "deal_v2_vectors.json").read_text(encoding="utf-8"))["vectors"]
DOCS = Path(__file__).resolve().parents[2] / "docs" / "dealing.md"
SOURCE = "抽签时裁判长当众输入的数 / typed by the director at the draw"


# --- the scheme -----------------------------------------------------------------------


@pytest.mark.parametrize("vector", VECTORS, ids=lambda v: f"board{v['board']}")
def test_the_published_vectors_deal_the_published_hands(vector: dict[str, Any]) -> None:
    hands, bottom = deal_v2(
        vector["secret"],
        vector["public_value"],
        stage=vector["stage"],
        round_number=vector["round"],
        number=vector["board"],
    )
    assert (hands, bottom) == (vector["hands"], vector["bottom"])
    assert master_key(vector["secret"], vector["public_value"]).hex() == vector["master_key"]
    assert secret_digest(vector["secret"]) == vector["secret_sha256"]
    # 第十条: 25 to each seat, 8 to the bottom, the whole pack of 108 (two of each)
    assert [len(hands[s]) for s in "NESW"] == [25, 25, 25, 25] and len(bottom) == 8
    dealt = Counter([c for s in "NESW" for c in hands[s]] + bottom)
    assert dealt == Counter(card_name(c) for c in full_deck())


@pytest.mark.parametrize("vector", VECTORS, ids=lambda v: f"board{v['board']}")
def test_the_docs_print_the_same_vectors(vector: dict[str, Any]) -> None:
    docs = DOCS.read_text(encoding="utf-8")
    for text in (
        vector["secret"],
        vector["master_key"],
        vector["block_0"],
        vector["secret_sha256"],
    ):
        assert text in docs
    for seat in "NESW":
        assert f"{seat}  {' '.join(vector['hands'][seat])}" in docs
    assert f"底牌/bottom  {' '.join(vector['bottom'])}" in docs


def test_a_number_is_drawn_by_rejection_not_by_modulo() -> None:
    # below 108: bytes 216…255 would make 0…39 likelier; they are dropped, not folded
    assert uniform_below(108, iter([250, 216, 7])) == 7
    assert uniform_below(108, iter([215])) == 215 % 108
    assert uniform_below(2, iter([255])) == 1  # 256 is a multiple of 2: nothing dropped


def test_a_changed_public_value_changes_every_deal() -> None:
    secret = VECTORS[1]["secret"]
    for number in range(1, 101):
        first = deal_v2(secret, "4071", stage=1, round_number=0, number=number)
        other = deal_v2(secret, "4072", stage=1, round_number=0, number=number)
        assert first[0]["N"] != other[0]["N"]


# --- the commitment, the public value, the deals ----------------------------------------


@pytest.mark.django_db
def test_the_commitment_names_the_boards_and_the_value_to_come_and_deals_nothing_yet() -> None:
    m = builders.mitchell_stage()
    commitment = deals_commit(stage=m.stage, public_source=SOURCE)

    lines = commitment.material.splitlines()
    assert lines[:3] == ["duidiao-deal/2", f"event {m.event.code}", "stage 1"]
    assert lines[3] == f"committed-at {commitment.committed_at:%Y-%m-%dT%H:%M:%SZ}"
    assert lines[4] == f"secret-sha256 {hashlib.sha256(commitment.secret.encode()).hexdigest()}"
    assert lines[5] == f"public-value {SOURCE}"
    assert lines[6:] == ["boards 6", *(f"0 {n}" for n in range(1, 7))]
    assert commitment.digest == hashlib.sha256(commitment.material.encode()).hexdigest()
    assert commitment.material.endswith("\n")
    assert not Board.objects.filter(stage=m.stage).exists()  # derived only once the value is known
    assert commitment.awaits_public_value


@pytest.mark.django_db
def test_the_secret_is_drawn_by_the_server_afresh_for_each_commitment() -> None:
    a = deals_commit(stage=builders.mitchell_stage().stage, public_source=SOURCE)
    b = deals_commit(stage=builders.mitchell_stage().stage, public_source=SOURCE)
    assert len(a.secret) == 64 and int(a.secret, 16) >= 0 and a.secret != b.secret
    with pytest.raises(TypeError):  # the product offers no way to choose it
        deals_commit(stage=builders.mitchell_stage().stage, public_source=SOURCE, secret="00")


@pytest.mark.django_db
def test_the_deals_come_from_the_public_value_entered_after_the_commitment() -> None:
    m = builders.mitchell_stage()
    commitment = deals_commit(stage=m.stage, public_source=SOURCE)
    made = deals_enter_public_value(commitment=commitment, value=" 4071 ")

    commitment.refresh_from_db()
    assert (
        commitment.public_value == "4071" and commitment.public_value_at >= commitment.committed_at
    )
    assert len(made) == 6
    for board in Board.objects.filter(stage=m.stage):
        expected = deal_v2(commitment.secret, "4071", stage=1, round_number=0, number=board.number)
        assert (board.hands, board.bottom) == expected
        assert board.source == Board.Source.GENERATED and board.seed == ""
    with pytest.raises(BoardError) as refused:  # once only: another value, another deal
        deals_enter_public_value(commitment=commitment, value="4072")
    assert refused.value.code == "committed"


@pytest.mark.django_db
def test_boards_added_later_get_their_own_commitment_and_promised_ones_are_not_promised_again():
    t = builders.team_round()
    Board.objects.all().delete()
    first = deals_commit(stage=t.stage, public_source=SOURCE)
    with pytest.raises(BoardError) as refused:
        deals_commit(stage=t.stage, public_source=SOURCE)  # every board is promised
    assert refused.value.code == "no_deals"
    deals_enter_public_value(commitment=first, value="1")
    assert boards_generate(stage=t.stage) == []  # nothing left to deal


@pytest.mark.django_db
def test_boards_dealt_as_the_program_lays_them_out_say_no_value_followed() -> None:
    m = builders.mitchell_stage()
    made = boards_generate(stage=m.stage)
    commitment = DealCommitment.objects.get(stage=m.stage)
    assert len(made) == 6 and commitment.public_source == DEALT_AT_ONCE
    assert f"public-value {DEALT_AT_ONCE}" in commitment.material


# --- verifying ----------------------------------------------------------------------------


def _played(stage: Any) -> DealCommitment:
    commitment = deals_commit(stage=stage, public_source=SOURCE)
    deals_enter_public_value(commitment=commitment, value="4071")
    Round.objects.filter(stage=stage).update(started_at=timezone.now(), closed_at=timezone.now())
    commitment.refresh_from_db()
    return commitment


def _verify(code: str) -> tuple[int, str]:
    out, err = StringIO(), StringIO()
    try:
        call_command("verify_deals", code, stdout=out, stderr=err)
    except SystemExit as exit_:
        return int(exit_.code or 0), out.getvalue() + err.getvalue()
    return 0, out.getvalue() + err.getvalue()


@pytest.mark.django_db
def test_an_untouched_event_verifies_and_the_command_exits_0() -> None:
    m = builders.mitchell_stage()
    commitment = _played(m.stage)
    check = deals_verify(commitment)
    assert check.ok and len(check.boards) == 6
    status, text = _verify(m.event.code)
    assert status == 0 and "duidiao-deal/2" in text and "OK (6/6 deals match)" in text


@pytest.mark.django_db
def test_a_tampered_deal_is_found_and_the_command_exits_1() -> None:
    m = builders.mitchell_stage()
    commitment = _played(m.stage)
    other = m.board(4)
    Board.objects.filter(pk=m.board(3).pk).update(hands=other.hands, bottom=other.bottom)
    check = deals_verify(commitment)
    assert not check.problems and [b.number for b in check.boards if not b.matches] == [3]
    status, text = _verify(m.event.code)
    assert status == 1 and "board 3: differs" in text


@pytest.mark.django_db
def test_a_tampered_secret_is_found() -> None:
    m = builders.mitchell_stage()
    commitment = _played(m.stage)
    DealCommitment.objects.filter(pk=commitment.pk).update(secret="0" * 64)
    commitment.refresh_from_db()
    assert [p[0] for p in deals_verify(commitment).problems] == ["secret"]
    assert _verify(m.event.code)[0] == 1


@pytest.mark.django_db
def test_a_tampered_commitment_document_is_found() -> None:
    m = builders.mitchell_stage()
    commitment = _played(m.stage)
    DealCommitment.objects.filter(pk=commitment.pk).update(
        material=commitment.material.replace("public-value ", "public-value (changed) ")
    )
    commitment.refresh_from_db()
    check = deals_verify(commitment)
    assert not check.digest_matches and not check.ok
    assert _verify(m.event.code)[0] == 1

    cut = commitment.material.split("boards ")[0]  # the list of boards torn off
    DealCommitment.objects.filter(pk=commitment.pk).update(material=cut)
    commitment.refresh_from_db()
    assert [p[0] for p in deals_verify(commitment).problems] == ["digest", "unreadable"]


@pytest.mark.django_db
def test_a_first_table_event_has_no_seeds_to_verify_and_says_so() -> None:
    # 第四十三条: shuffled and dealt at the first table — nothing the system dealt
    m = builders.mitchell_stage()
    boards_await_deal(stage=m.stage)
    status, text = _verify(m.event.code)
    assert status == 3
    assert "没有种子可核查" in text and "there are no seeds to verify" in text
    assert _verify("no-such-event")[0] == 2


# --- duidiao-deal/1, the scheme before ----------------------------------------------------


def _v1_event() -> tuple[Any, DealCommitment]:
    """An event as the old scheme left it: each board from its own seed, the seed
    material's SHA-256 published (this file's copy of what the old code stored)."""
    m = builders.mitchell_stage()
    lines = ["duidiao-seeds/1", f"event {m.event.code}", "stage 1"]
    for board_set in m.sets:
        for number in board_set.board_numbers:
            seed = 1000 + number
            hands, bottom = deal_from_seed(seed)
            Board.objects.create(
                stage=m.stage,
                board_set=board_set,
                number=number,
                hands=hands,
                bottom=bottom,
                source=Board.Source.GENERATED,
                seed=str(seed),
            )
            lines.append(f"0 {number} {seed}")
    material = "\n".join(lines) + "\n"
    commitment = DealCommitment.objects.create(
        stage=m.stage,
        scheme=DealCommitment.Scheme.V1,
        material=material,
        boards=6,
        digest=hashlib.sha256(material.encode()).hexdigest(),
    )
    Round.objects.filter(stage=m.stage).update(started_at=timezone.now(), closed_at=timezone.now())
    return m, commitment


@pytest.mark.django_db
def test_an_event_dealt_with_the_old_scheme_still_verifies_as_deal_1() -> None:
    m, commitment = _v1_event()
    assert deals_verify(commitment).ok
    status, text = _verify(m.event.code)
    assert status == 0 and "duidiao-deal/1" in text

    Board.objects.filter(pk=m.board(2).pk).update(seed="1005")
    check = deals_verify(commitment)
    assert [b.number for b in check.boards if not b.matches] == [2]
    assert _verify(m.event.code)[0] == 1


def test_the_pages_script_under_node_deals_the_published_vectors() -> None:
    """The browser's implementation (web/static/web/deals-verify.js) run by Node's
    WebCrypto, held to the same vectors; tests/web/test_deals_browser.py runs it in
    Chromium over 1,000 boards."""
    script = Path(__file__).resolve().parents[2] / "web" / "static" / "web" / "deals-verify.js"
    program = """
    const fs = require("fs"), vm = require("vm");
    vm.runInThisContext(fs.readFileSync(process.argv[1], "utf8"));
    const vectors = JSON.parse(fs.readFileSync(0, "utf8"));
    const deal = v => DuidiaoDeal.dealV2(v.secret, v.public_value, v.stage, v.round, v.board);
    Promise.all(vectors.map(deal)).then(out => console.log(JSON.stringify(out)));
    """
    done = subprocess.run(
        ["/usr/bin/node", "-e", program, str(script)],
        input=json.dumps(VECTORS),
        capture_output=True,
        text=True,
        check=True,
    )
    dealt = json.loads(done.stdout)
    assert dealt == [{"hands": v["hands"], "bottom": v["bottom"]} for v in VECTORS]
