"""Deals no one can predict, choose or need to trust (发牌承诺, docs/dealing.md).

``duidiao-deal/2``, in three steps:

1. :func:`deals_commit` — before play. The server draws a 256-bit secret (``secrets``;
   nobody types or chooses it) and publishes the commitment document: the secret's
   SHA-256, the scheme, the boards, and *which* public value, unknown yet, will be mixed
   in (a beacon's round, a value typed at the draw in front of the players). The
   document's SHA-256 is the commitment's digest.
2. :func:`deals_enter_public_value` — once that value is public the director enters it
   and only then are the deals derived (``core.dealing.deal_v2``) and stored. Both
   times are kept and shown: anyone sees the value came after the promise.
3. After the stage (every round closed) the secret is shown; anyone can check its
   SHA-256 against the document and deal every board again — in the browser on the
   public deals page, with ``manage.py verify_deals``, or by hand (the docs).

Events dealt before ``duidiao-deal/2`` keep their ``duidiao-deal/1`` commitments (the
SHA-256 of the seed material, one ``random.Random`` seed per board) and still verify.
"""

from __future__ import annotations

import datetime
import hashlib
import secrets
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.utils import timezone

from core.dealing import SCHEME, SECRET_BYTES, deal_v2, secret_digest
from tournament.models import Event, Stage
from tournament.services import event_write

from ..errors import BoardError, EntryRejected
from ..models import Board, DealCommitment
from .deals import _NOT_SAVED, _deal_errors, _set_for, deal_from_seed

__all__ = [
    "DEALT_AT_ONCE",
    "BoardCheck",
    "DealsCheck",
    "boards_generate",
    "boards_generate_event",
    "deals_commit",
    "deals_enter_public_value",
    "deals_revealed",
    "deals_verify",
]

#: The public-value line of a commitment dealt the moment it is made (a Swiss round's or
#: a tie-break's boards, laid out by the program): no value comes later, and the page
#: says that grinding is then bounded only by the server drawing the secret.
DEALT_AT_ONCE = "none: dealt when committed / 无：承诺时即发牌"


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _promised(stage: Stage) -> set[tuple[int, int]]:
    """(round number or 0, board) of every board a commitment of ``stage`` names."""
    out: set[tuple[int, int]] = set()
    for commitment in stage.deal_commitments.filter(scheme=DealCommitment.Scheme.V2):
        out.update(_document_boards(commitment.material))
    return out


def _document_boards(document: str) -> list[tuple[int, int]]:
    lines = document.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("boards ")) + 1
    return [(int(r), int(n)) for r, n in (line.split() for line in lines[start:])]


def _document_field(document: str, name: str) -> str:
    for line in document.splitlines():
        if line.startswith(name + " "):
            return line[len(name) + 1 :]
    return ""


def _commitment_document(
    *,
    event: Event,
    stage: Stage,
    committed_at: Any,
    secret_sha256: str,
    public_source: str,
    boards: list[tuple[int, int]],
) -> str:
    """The ``duidiao-deal/2`` commitment document, exactly as docs/dealing.md spells it:
    UTF-8, one item a line, every line ending in a line feed."""
    lines = [
        SCHEME,
        f"event {event.code}",
        f"stage {stage.order}",
        f"committed-at {committed_at.astimezone(datetime.UTC):%Y-%m-%dT%H:%M:%SZ}",
        f"secret-sha256 {secret_sha256}",
        f"public-value {public_source}",
        f"boards {len(boards)}",
        *(f"{r} {n}" for r, n in boards),
    ]
    return "\n".join(lines) + "\n"


def _one_line(text: str, *, zh: str, en: str) -> str:
    value = " ".join(text.split())
    if not value or len(value) > 200:
        raise BoardError(
            f"{zh}（1–200个字符，一行）", f"{en} (1–200 characters, one line)", code="public_value"
        )
    return value


@transaction.atomic
def deals_commit(*, stage: Stage, public_source: str, user: Any = None) -> DealCommitment:
    """Publish the ``duidiao-deal/2`` commitment for every board of ``stage``'s sets that
    has no deal and no promise yet (a knockout's next round, a tie-break, gets its own).
    ``public_source`` names the public value to come, e.g. ``drand quicknet round
    5123456`` or ``typed by the director at the draw, 9:00, hall A``."""
    stage = Stage.objects.select_for_update().get(pk=stage.pk)
    source = _one_line(
        public_source, zh="请写明将要混入的公开值", en="name the public value to be mixed in"
    )
    taken = set(Board.objects.filter(stage=stage).values_list("round__number", "number"))
    taken = {(r or 0, n) for r, n in taken} | _promised(stage)
    boards = [
        (board_set.round.number if board_set.round else 0, number)
        for board_set in stage.board_sets.select_related("round").order_by(
            "round__number", "number"
        )
        for number in board_set.board_numbers
    ]
    pending = [b for b in boards if b not in taken]
    if not pending:
        raise BoardError(
            f"{stage.name}没有待发的牌", f"{stage.name} has no boards left to deal", code="no_deals"
        )
    secret = secrets.token_bytes(SECRET_BYTES).hex()
    commitment = DealCommitment.objects.create(
        stage=stage,
        scheme=DealCommitment.Scheme.V2,
        digest="",
        material="",
        boards=len(pending),
        committed_by=user,
        secret=secret,
        public_source=source,
    )
    commitment.material = _commitment_document(
        event=stage.event,
        stage=stage,
        committed_at=commitment.committed_at,
        secret_sha256=secret_digest(secret),
        public_source=source,
        boards=pending,
    )
    commitment.digest = _digest(commitment.material)
    commitment.save(update_fields=["material", "digest"])
    return commitment


@transaction.atomic
def deals_enter_public_value(
    *, commitment: DealCommitment, value: str, user: Any = None
) -> list[Board]:
    """Enter the public value the commitment named, now that it is known, and deal its
    boards from it. Once only: a value entered stays (another would be another deal)."""
    commitment = DealCommitment.objects.select_for_update().get(pk=commitment.pk)
    if not commitment.awaits_public_value:
        raise BoardError(
            "这份承诺的公开值已经输入，不能更改",
            "this commitment's public value is entered already and cannot change",
            code="committed",
        )
    commitment.public_value = _one_line(value, zh="请输入公开值", en="enter the public value")
    commitment.public_value_at = timezone.now()
    commitment.public_value_by = user
    commitment.save(update_fields=["public_value", "public_value_at", "public_value_by"])
    stage = commitment.stage
    rounds = {r.number: r for r in stage.rounds.all()}
    made: list[Board] = []
    for round_number, number in _document_boards(commitment.material):
        round_ = rounds.get(round_number) if round_number else None
        board_set = _set_for(stage, round_, number)
        if Board.objects.filter(stage=stage, round=round_, number=number).exists():
            raise BoardError(
                f"第{number}副牌已有牌型", f"board {number} already has a deal", code="board_exists"
            )
        hands, bottom = deal_v2(
            commitment.secret,
            commitment.public_value,
            stage=stage.order,
            round_number=round_number,
            number=number,
        )
        errors = _deal_errors(hands, bottom, number)
        if errors:  # cannot happen with the full pack; checked all the same
            raise EntryRejected.from_findings(errors, board=number, what=_NOT_SAVED)
        made.append(
            Board(
                stage=stage,
                round=round_,
                board_set=board_set,
                number=number,
                hands=hands,
                bottom=bottom,
                source=Board.Source.GENERATED,
                created_by=user,
            )
        )
    return Board.objects.bulk_create(made)


@event_write(lambda kw: kw["stage"].event_id)
@transaction.atomic
def boards_generate(*, stage: Stage, user: Any = None) -> list[Board]:
    """Commit to and deal at once every board of ``stage`` without a deal or a promise —
    for boards the program lays out as it goes (a Swiss round, a tie-break): the
    commitment says no public value follows (:data:`DEALT_AT_ONCE`). Returns the new
    boards (none when there is nothing left to deal)."""
    try:
        commitment = deals_commit(stage=stage, public_source=DEALT_AT_ONCE, user=user)
    except BoardError as error:
        if error.code == "no_deals":
            return []
        raise
    return deals_enter_public_value(commitment=commitment, value="-", user=user)


@event_write(lambda kw: kw["event"].pk)
@transaction.atomic
def boards_generate_event(*, event: Event, user: Any = None) -> list[Board]:
    """:func:`boards_generate` for every stage of ``event``."""
    out: list[Board] = []
    for stage in event.stages.order_by("order", "id"):
        out.extend(boards_generate(stage=stage, user=user))
    return out


def deals_revealed(stage: Stage) -> bool:
    """The secrets (seeds) are shown once the stage is over: every round closed (or it
    finished)."""
    if stage.status == Stage.Status.FINISHED:
        return True
    rounds = stage.rounds.all()
    return rounds.exists() and not rounds.filter(closed_at__isnull=True).exists()


@dataclass
class BoardCheck:
    round: int
    number: int
    matches: bool
    problem: str = ""
    seed: str = ""  # duidiao-deal/1 only


@dataclass
class DealsCheck:
    """A commitment checked again: ``problems`` are what is wrong with the commitment
    itself, each ``(code, 中文, English)``; ``boards`` each board dealt again."""

    commitment: DealCommitment
    problems: list[tuple[str, str, str]] = field(default_factory=list)
    boards: list[BoardCheck] = field(default_factory=list)

    @property
    def digest_matches(self) -> bool:
        return not any(code == "digest" for code, _zh, _en in self.problems)

    @property
    def ok(self) -> bool:
        return not self.problems and all(b.matches for b in self.boards)


def _stored(stage: Stage, round_number: int, number: int) -> Board | None:
    where = {"round__number": round_number} if round_number else {"round__isnull": True}
    return Board.objects.filter(stage=stage, number=number, **where).first()


def deals_verify(commitment: DealCommitment) -> DealsCheck:
    """Check a commitment the way docs/dealing.md tells a player to: hash the document
    (or seed material) again and compare with the digest published before play; for
    ``duidiao-deal/2`` hash the secret and compare with the document's line, see that
    the public value came after the commitment; then deal every board again and compare
    with the deal stored (and played)."""
    check = DealsCheck(commitment=commitment)
    material = commitment.material
    if _digest(material) != commitment.digest:
        check.problems.append(
            (
                "digest",
                "承诺文本的摘要与赛前公布的不符",
                "the document's SHA-256 differs from the one published",
            )
        )
    if commitment.scheme == DealCommitment.Scheme.V1:
        _verify_v1(check)
    else:
        _verify_v2(check)
    return check


def _verify_v1(check: DealsCheck) -> None:
    stage = check.commitment.stage
    for line in check.commitment.material.splitlines()[3:]:
        round_text, number_text, seed = line.split()
        round_number, number = int(round_text), int(number_text)
        board = _stored(stage, round_number, number)
        if board is None:
            check.boards.append(BoardCheck(round_number, number, False, "missing", seed))
            continue
        hands, bottom = deal_from_seed(int(seed))
        same = board.hands == hands and board.bottom == bottom and board.seed == seed
        check.boards.append(BoardCheck(round_number, number, same, "" if same else "differs", seed))


def _verify_v2(check: DealsCheck) -> None:
    commitment = check.commitment
    document = commitment.material
    if _document_field(document, "secret-sha256") != secret_digest(commitment.secret):
        check.problems.append(
            (
                "secret",
                "秘密值的 SHA-256 与承诺文件不符",
                "the secret's SHA-256 differs from the document's",
            )
        )
        return
    if commitment.public_value_at is None:
        check.problems.append(
            (
                "no_public_value",
                "公开值尚未输入，牌还没有发",
                "the public value is not entered yet: nothing is dealt",
            )
        )
        return
    if commitment.public_value_at < commitment.committed_at:
        check.problems.append(
            ("public_value_early", "公开值早于承诺", "the public value predates the commitment")
        )
    try:
        order, boards = int(_document_field(document, "stage")), _document_boards(document)
    except (StopIteration, ValueError):
        check.problems.append(
            ("unreadable", "承诺文件无法读取", "the commitment document cannot be read")
        )
        return
    stage = commitment.stage
    for round_number, number in boards:
        board = _stored(stage, round_number, number)
        if board is None:
            check.boards.append(BoardCheck(round_number, number, False, "missing"))
            continue
        hands, bottom = deal_v2(
            commitment.secret,
            commitment.public_value,
            stage=order,
            round_number=round_number,
            number=number,
        )
        same = board.hands == hands and board.bottom == bottom
        check.boards.append(BoardCheck(round_number, number, same, "" if same else "differs"))
