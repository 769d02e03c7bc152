"""A first-table box card the typed deal contradicts, and the director's decision on it
(第三十三条, 亮错主).

In a first-table event the first table fills the box card (牌盒卡) and every later
table plays from it (第四十三条); the 牌型卡 is typed in later. When the typed deal shows
that the box card's 亮主者 did not hold the level card, the trump was declared wrongly
(亮错主). 第三十三条: "由非错误方指定该花色当主或不许当主" — the non-offending side says
whether the suit stays trump or not. Until the director records that decision, every
later table that followed the box card is contradicted by the deal; so the contradiction
goes to the dashboard as a flag on the box card (``box_contradictions``),
and the decision (:func:`box_card_rule`) fixes the trump for the copy: later tables enter
what they played and are judged with it, the declaration no longer checked against the
deal (the engine's ``"declaration": "ruled"``). Results already entered that follow the
decision are judged again: a dispute or a deal-contradiction flag the decision answers
is lifted, recorded in the result's trail with the article.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from core.engine import check_board
from tournament.roles import user_has_role
from tournament.services import event_changed

from ..errors import BoardError
from ..models import BoxCard, BoxCardRuling, Result, ResultChange
from ..records import result_record
from ..signals import result_changed
from .box_contradictions import CONTRADICTED, box_card_chooser, box_card_contradiction
from .results import Actor, _tables_of, _write_version

__all__ = ["box_card_rule"]


@transaction.atomic
def box_card_rule(
    *, box: BoxCard, decision: str, user: Any, trump: str = "", reason: str = ""
) -> BoxCardRuling:
    """Record the director's decision on a contradicted box card (第三十三条): ``stands``
    (the non-offending side let the suit stay trump: scored as played) or ``chosen``
    (it named ``trump``). Only the event's director decides. The copy's results that
    follow the decision are judged again with it."""
    event = box.board.stage.event
    if not user_has_role(user, event, "director"):
        raise BoardError(
            "只有本赛事的裁判长可以裁决", "only the event's director decides", code="forbidden"
        )
    if decision not in BoxCardRuling.Decision.values:
        raise BoardError(f"未知的裁决 {decision!r}", f"unknown decision {decision!r}")
    if decision == BoxCardRuling.Decision.STANDS:
        trump = box.trump
    elif trump not in ("H", "D", "S", "C"):
        raise BoardError(
            "请选择非错误方指定的主牌花色",
            "choose the trump suit the non-offending side named",
            code="trump",
        )
    if not box_card_contradiction(box):
        raise BoardError(
            f"第{box.board.number}副的牌型与牌盒卡不矛盾，无需按第三十三条裁决",
            f"board {box.board.number}'s deal does not contradict its box card: "
            "there is nothing to decide under 第三十三条",
            code="not_contradicted",
        )
    ruling = BoxCardRuling.objects.create(
        box_card=box,
        decision=decision,
        trump=trump,
        chooser=box_card_chooser(box),
        reason=reason.strip(),
        decided_by=user,
    )
    rest = [f for f in box.flags if f.get("code") != CONTRADICTED]
    box.flags, box.flagged = rest, bool(rest)
    box.save(update_fields=["flags", "flagged"])
    _judge_again(ruling, user)
    event_changed(event.pk)  # the flag leaves the dashboard
    return ruling


def _judge_again(ruling: BoxCardRuling, user: Any) -> None:
    """The copy's results played as decided, judged again with the decision: a dispute
    or a deal-contradiction flag it answers is lifted, in the result's trail."""
    box = ruling.box_card
    decided = ruling.values()
    note = (
        f"{ruling.article}裁决：{ruling.get_decision_display()}（主牌 {ruling.trump}）"
        f"{'；' + ruling.reason if ruling.reason else ''}"
    )
    changed: list[Result] = []
    results = Result.objects.select_related("board__stage__event", "table").filter(
        board=box.board, **_tables_of(box.match)
    )
    for result in results:
        if {name: getattr(result, name) for name in decided} != decided:
            continue
        record = result_record(result)
        record["declaration"] = "ruled"
        if check_board(record).errors:
            continue
        flags = [f for f in result.flags if f.get("code") != "deal_contradicts"]
        if result.status == Result.Status.DISPUTED:
            status = Result.Status.CONFIRMED if result.confirmed_at else Result.Status.ENTERED
            fresh = _write_version(
                result,
                result.version,
                Actor.director(user),
                ResultChange.Action.CORRECT,
                {"status": status, "dispute": [], "flags": flags, "flagged": bool(flags)},
                reason=note,
            )
            changed.append(fresh)
        elif flags != result.flags:
            result.flags, result.flagged = flags, bool(flags)
            result.save(update_fields=["flags", "flagged", "updated_at"])
            changed.append(result)
    for result in changed:
        if result.status == Result.Status.CONFIRMED:
            result_changed.send(sender=Result, result=result)
