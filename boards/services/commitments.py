"""Deals anyone can check (发牌承诺): before play the event publishes the SHA-256 of its
seed material; after the stage it publishes the material itself, and anyone can hash
it and deal every board again from its seed.

The material is plain text, one line per generated board in the order the sets are
played — ``duidiao-seeds/1`` and the event and stage first, then
``<round or 0> <board> <seed>`` — so a director, a player or a journalist can check it
with ``sha256sum`` and :func:`~boards.services.deal_from_seed` (or the management
command ``verify_deals``) without trusting the server.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction

from tournament.models import Stage

from ..errors import BoardError
from ..models import Board, DealCommitment
from .deals import deal_from_seed

__all__ = [
    "BoardCheck",
    "DealsCheck",
    "deals_commit",
    "deals_revealed",
    "deals_verify",
    "seed_material",
]

HEADER = "duidiao-seeds/1"


def seed_material(stage: Stage) -> tuple[str, int]:
    """The seed material of ``stage``'s generated boards, and how many boards it names."""
    boards = (
        Board.objects.filter(stage=stage, source=Board.Source.GENERATED)
        .select_related("round")
        .order_by("round__number", "number")
    )
    lines = [HEADER, f"event {stage.event.code}", f"stage {stage.order}"]
    count = 0
    for board in boards:
        lines.append(f"{board.round.number if board.round else 0} {board.number} {board.seed}")
        count += 1
    return "\n".join(lines) + "\n", count


def _digest(material: str) -> str:
    return hashlib.sha256(material.encode("utf-8")).hexdigest()


@transaction.atomic
def deals_commit(*, stage: Stage, user: Any = None) -> DealCommitment:
    """Publish the commitment to ``stage``'s generated deals, before they are played.
    Committing again with no new board keeps the commitment; with new boards (a later
    round's, extra boards) a new commitment covers them all."""
    material, count = seed_material(stage)
    if not count:
        raise BoardError(
            f"{stage.name}还没有系统发的牌",
            f"{stage.name} has no generated deals yet",
            code="no_deals",
        )
    digest = _digest(material)
    latest = stage.deal_commitments.order_by("-committed_at", "-id").first()
    if latest is not None and latest.digest == digest:
        return latest
    if latest is not None and not set(latest.material.splitlines()) <= set(material.splitlines()):
        # Boards are added (a knockout's next round, a tie-break segment) but a deal
        # already promised never changes: each commitment stays checkable on its own.
        raise BoardError(
            "已公布承诺的牌副不能更换",
            "deals already committed cannot change",
            code="committed",
        )
    return DealCommitment.objects.create(
        stage=stage, digest=digest, material=material, boards=count, committed_by=user
    )


def deals_revealed(stage: Stage) -> bool:
    """The seeds are shown once the stage is over: every round closed (or it finished)."""
    if stage.status == Stage.Status.FINISHED:
        return True
    rounds = stage.rounds.all()
    return rounds.exists() and not rounds.filter(closed_at__isnull=True).exists()


@dataclass
class BoardCheck:
    round: int
    number: int
    seed: str
    matches: bool
    problem: str = ""


@dataclass
class DealsCheck:
    commitment: DealCommitment
    digest_matches: bool
    boards: list[BoardCheck] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.digest_matches and all(b.matches for b in self.boards)


def deals_verify(commitment: DealCommitment) -> DealsCheck:
    """Hash the material again, and deal every board it names from its seed and compare
    with the deal stored (and played)."""
    material = commitment.material
    check = DealsCheck(commitment=commitment, digest_matches=_digest(material) == commitment.digest)
    stage = commitment.stage
    for line in material.splitlines()[3:]:
        round_text, number_text, seed = line.split()
        round_number, number = int(round_text), int(number_text)
        board = Board.objects.filter(
            stage=stage,
            number=number,
            **({"round__number": round_number} if round_number else {"round__isnull": True}),
        ).first()
        if board is None:
            check.boards.append(BoardCheck(round_number, number, seed, False, "missing"))
            continue
        hands, bottom = deal_from_seed(int(seed))
        same = board.hands == hands and board.bottom == bottom and board.seed == seed
        check.boards.append(BoardCheck(round_number, number, seed, same, "" if same else "differs"))
    return check
