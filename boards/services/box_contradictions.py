"""A box card the typed deal contradicts (第三十三条, 亮错主): found and flagged for the
director, wherever the deal and the box card first meet — the 牌型卡 typed after the first
table played (``deals.board_fill_deal``), or the first table's scorecard entered after
the 牌型卡 (``results.result_enter``). The decision itself is ``box_rulings``.
"""

from __future__ import annotations

from typing import Any

from core.engine import check_board

from ..models import BoxCard, BoxCardRuling, Result
from ..records import result_record

__all__ = [
    "CONTRADICTED",
    "box_card_chooser",
    "box_card_contradiction",
    "box_card_flag_contradiction",
]

#: The flag a contradicted box card carries until the director decides (第三十三条).
CONTRADICTED = "box_card_contradicted"
_NOT_DECLARABLE = "trump_not_declarable"
_SIDE_OF = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}
_OTHER = {"NS": "EW", "EW": "NS"}


def _record(box: BoxCard, result: Result) -> dict[str, Any]:
    """``result`` judged as played from ``box``'s values: the box card's levels, trump,
    亮主者 and declarer over what the result says."""
    record = result_record(result)
    record.update(
        levels={"NS": box.level_ns, "EW": box.level_ew},
        declarer=box.declarer,
        trump=box.trump,
        declared_by=box.declared_by or None,
    )
    return record


def box_card_contradiction(box: BoxCard) -> list[dict[str, Any]]:
    """The engine's findings that the typed deal contradicts ``box``'s trump (its 亮主者
    without the level card, or a 翻主 suit the bottom does not give); empty when the
    deal is not typed yet, the box card holds, or no result filled it."""
    filler = box.filled_by
    if filler is None or not box.board.has_deal:
        return []
    verdict = check_board(_record(box, filler))
    return [e.to_dict() for e in verdict.errors if e.code.value == _NOT_DECLARABLE]


def box_card_flag_contradiction(box: BoxCard) -> bool:
    """Flag ``box`` for the director's decision under 第三十三条 when the deal contradicts
    it and nothing is decided yet (shown on the dashboard with the box card's flags).
    Returns whether it is flagged so."""
    if not box.board.has_deal or any(f.get("code") == CONTRADICTED for f in box.flags):
        return False
    if box.rulings.exists():
        return False
    findings = box_card_contradiction(box)
    if not findings:
        return False
    first = findings[0]
    flag = {
        "code": CONTRADICTED,
        "article": BoxCardRuling.ARTICLE,
        "message_zh": f"牌型与牌盒卡矛盾（{first['message_zh']}），亮错主：请按第三十三条裁决"
        "（由非错误方指定该花色当主或不许当主），后续牌桌再按裁决录入",
        "message_en": f"the deal contradicts the box card ({first['message_en']}), a wrong "
        "declaration: decide under 第三十三条 (the non-offending side lets the suit stand "
        "or names the trump); later tables then enter by the decision",
    }
    box.flags, box.flagged = [*box.flags, flag], True
    box.save(update_fields=["flags", "flagged"])  # its callers raise the event's version
    return True


def box_card_chooser(box: BoxCard) -> str:
    """The non-offending side (非错误方): the side that did not declare the suit — with no
    亮主者 (翻主), the defenders."""
    offender = _SIDE_OF[box.declared_by or box.declarer]
    return _OTHER[offender]
