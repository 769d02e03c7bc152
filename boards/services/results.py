"""Scorecards: entering, confirming and correcting a board's result at a table.

Every entry is judged by the rules engine against the board's deal and the box card
(``check_board``); a rejected entry stores nothing and the error carries the engine's
findings (codes, articles, Chinese and English). What is stored comes from the
verdict: when the play is recorded, the points and the dig are the play's.

What a table (a code, with or without a PIN) receives never depends on the hidden
deal (第二十八条之6): it is refused only for what the scorecard alone shows wrong
(spelling, counts, arithmetic, the box card in the box); an entry the deal contradicts
is stored as **disputed**, answered exactly like a legal one, and resolved by the
director, who sees the engine's findings (``Result.dispute``).

The box card (牌盒卡, 第四十三条): the first play of a board copy fills it; a later
table of the same copy must have played from it, and a scorecard that says otherwise
is refused (``box_card_mismatch``) — unless a director enters it, who may have ruled
so (第三十三条: a wrong level shown, the box card as decided); then it is kept and
flagged. At the table that plays a set first, each box card should follow from the
previous board's result there (its levels after and next declarer, worked out by
the engine) and the set's first board from the set's start level; a box card that
does not is kept and flagged for the director with the reason.

The entry flow follows the table terminals: one side enters, the other side confirms;
a scorer's entry is confirmed by a table side, a director or another scorer; a
director's entry or correction counts as confirmed. Every write records who, when,
before and after (:class:`~boards.models.ResultChange`). Edits name the ``version``
they were made from; the write is a conditional UPDATE on that version, so of two
edits made from the same version the later one finds no row to update and gets a
``conflict`` — on PostgreSQL with many processes as on SQLite — and the refused
attempt is kept in the audit trail too.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.crypto import constant_time_compare

from core.engine import SEAT_NAMES, RecordUnreadable, Verdict, check_board
from tournament.models import Entrant, Match, Round, SetPlay, Table
from tournament.services import event_changed, stage_changed, stage_pin

from ..errors import BoardError, ConflictError, EntryRejected
from ..models import (
    BOX_CARD_FIELDS,
    Board,
    BoxCard,
    BoxCardRuling,
    EntryCheck,
    PinMiss,
    Result,
    ResultChange,
)
from ..records import (
    Entry,
    entry_record,
    entry_snapshot,
    result_fields,
    result_snapshot,
)
from ..signals import result_changed
from .box_contradictions import CONTRADICTED, box_card_flag_contradiction

__all__ = [
    "Actor",
    "Judgement",
    "Prediction",
    "box_card_prediction",
    "box_card_ruling",
    "first_play_table",
    "pin_misses",
    "result_check",
    "result_confirm",
    "result_correct",
    "result_enter",
    "scorecard_judge",
]

Role = ResultChange.Role


@dataclass(frozen=True)
class Actor:
    """Who is acting: a director, a scorer (both logged in), or one side of a table
    that opened its table code (no account). The caller (a view, a command) decides
    which one the person is; the services decide what each may do."""

    role: str
    user: Any = None
    table: Table | None = None
    side: str = ""
    pin: str = ""  # the PIN (密码) a table side typed: its own pair's or team's
    address: str = ""  # where a table side's request came from (shown with wrong PINs)

    @classmethod
    def director(cls, user: Any) -> Actor:
        return cls(role=Role.DIRECTOR, user=user)

    @classmethod
    def scorer(cls, user: Any) -> Actor:
        return cls(role=Role.SCORER, user=user)

    @classmethod
    def at_table(cls, table: Table, side: str, pin: str = "", address: str = "") -> Actor:
        """One side of ``table``, through its table code; ``pin`` is what that side typed
        (a write needs its own pair's or team's PIN for the stage; a live check does
        not); ``address`` is kept with a wrong PIN for the director."""
        if side not in ("NS", "EW"):
            raise ValueError(f"side must be NS or EW, got {side!r}")
        return cls(role=Role.TABLE, table=table, side=side, pin=pin, address=address)

    @property
    def is_director(self) -> bool:
        return self.role == Role.DIRECTOR

    @property
    def user_id(self) -> int | None:
        return getattr(self.user, "pk", None)


@dataclass(frozen=True)
class Prediction:
    """What the box card of a board should say at the table that plays its set first."""

    levels: Mapping[str, str]  # {"NS": …, "EW": …}
    declarer: str | None  # None on a set's first board (the first to declare, 抢庄)
    basis_zh: str
    basis_en: str
    flags: list[dict[str, Any]] = field(default_factory=list)


# --- who plays a board, and who plays it first ------------------------------------------


def _group(match: Match | None) -> dict[str, Any]:
    """The filter for the box card of one copy of a board (per match, or the only one)."""
    return {"match": match} if match is not None else {"match__isnull": True}


def _tables_of(match: Match | None) -> dict[str, Any]:
    """The same, for rows reached through their table (set plays, results)."""
    return {f"table__{key}": value for key, value in _group(match).items()}


#: Who plays a copy of a set first: earliest round, session and place in the table's
#: order of sets (the open room before the closed room).
_FIRST_PLAY_ORDER = ("table__round__number", "table__session", "order", "table__number")


def first_play_table(board: Board, match: Match | None) -> Table | None:
    """The table scheduled to play ``board``'s copy first: earliest round, session and
    place in the table's order of sets (the open room before the closed room)."""
    table_id = _first_play_table_id(board, match.pk if match is not None else None)
    return None if table_id is None else Table.objects.get(pk=table_id)


def _first_play_table_id(board: Board, match_id: int | None) -> int | None:
    """The id of :func:`first_play_table`, in one row (a write asks it after every
    result: the set's every play, as tables, grew with the field)."""
    plays = SetPlay.objects.filter(board_set_id=board.board_set_id)
    plays = (
        plays.filter(table__match_id=match_id)
        if match_id is not None
        else plays.filter(table__match__isnull=True)
    )
    return plays.order_by(*_FIRST_PLAY_ORDER).values_list("table_id", flat=True).first()


def first_play_tables(board_set_ids: Iterable[int]) -> dict[tuple[int, int | None], Table]:
    """(board set id, match id or None) → the table that plays that copy of the set
    first, for many sets in one query (box cards print it for the first table)."""
    plays = (
        SetPlay.objects.filter(board_set_id__in=list(board_set_ids))
        .select_related("table")
        .order_by(*_FIRST_PLAY_ORDER)
    )
    out: dict[tuple[int, int | None], Table] = {}
    for play in plays:
        out.setdefault((play.board_set_id, play.table.match_id), play.table)
    return out


def _scheduled(board: Board, table: Table) -> bool:
    return SetPlay.objects.filter(table=table, board_set_id=board.board_set_id).exists()


# --- prediction (the first-play table's box cards) -----------------------------------------


def box_card_prediction(board: Board, table: Table) -> Prediction | None:
    """The box card ``table`` should write for ``board`` if it plays the board first:
    the set's start level on its first board, else the engine's levels after and
    next declarer of the previous board's result at this table. None when the table
    replays the board, or the previous board has no result here yet."""
    if _first_play_table_id(board, table.match_id) != table.pk:
        return None
    board_set = board.board_set
    if board.number == board_set.first_board:
        level = board_set.start_level
        return Prediction(
            levels={"NS": level, "EW": level},
            declarer=None,
            basis_zh=f"本组第一副，双方均从{level}起打",
            basis_en=f"the first board of its set: both sides start from {level}",
        )
    previous = (
        Result.objects.filter(
            table=table,
            board__stage_id=board.stage_id,
            board__round_id=board.round_id,
            board__number=board.number - 1,
        )
        .select_related("board")
        .first()
    )
    if previous is None:
        return None
    return Prediction(
        levels={"NS": previous.levels_after_ns, "EW": previous.levels_after_ew},
        declarer=previous.next_declarer,
        basis_zh=f"按本桌第{board.number - 1}副的结果（{previous.get_outcome_display()}）",
        basis_en=f"from this table's result on board {board.number - 1} ({previous.outcome})",
    )


def _prediction_flags(
    prediction: Prediction | None, values: Mapping[str, str]
) -> list[dict[str, Any]]:
    if prediction is None:
        return []
    flags: list[dict[str, Any]] = []
    want = prediction.levels
    if (values["level_ns"], values["level_ew"]) != (want["NS"], want["EW"]):
        flags.append(
            {
                "code": "level_unexpected",
                "message_zh": f"牌盒卡级别为南北{values['level_ns']}、东西{values['level_ew']}，"
                f"{prediction.basis_zh}应为南北{want['NS']}、东西{want['EW']}",
                "message_en": f"the box card has N–S at {values['level_ns']} and E–W at "
                f"{values['level_ew']}; {prediction.basis_en} they should be at "
                f"{want['NS']} and {want['EW']}",
                "expected": {"level_ns": want["NS"], "level_ew": want["EW"]},
            }
        )
    if prediction.declarer is not None and values["declarer"] != prediction.declarer:
        flags.append(
            {
                "code": "declarer_unexpected",
                "message_zh": f"牌盒卡打家为{values['declarer']}，{prediction.basis_zh}"
                f"应为{prediction.declarer}",
                "message_en": f"the box card's declarer is {values['declarer']}; "
                f"{prediction.basis_en} it should be {prediction.declarer}",
                "expected": {"declarer": prediction.declarer},
            }
        )
    return flags


def _reflag(box_card: BoxCard, board: Board, table: Table) -> None:
    """Recompute a box card's prediction flags from its filling result, at ``table``,
    on ``board`` (a contradiction waiting for the 第三十三条 decision stays: only the
    decision lifts it)."""
    flags = _prediction_flags(box_card_prediction(board, table), box_card.values())
    flags += [f for f in box_card.flags if f.get("code") == CONTRADICTED]
    if flags != box_card.flags:
        box_card.flags, box_card.flagged = flags, bool(flags)
        box_card.save(update_fields=["flags", "flagged"])


def _reflag_around(board: Board, table: Table) -> None:
    """After a write at ``table``: this board's box card and the next board's, when this
    table filled them, follow from the results there.

    The box cards alone are read: the board and the filling table are the caller's (the
    filter names them), and the next board is read only when this table filled its box
    card too — a join of box card, board, set, result and table, built and planned after
    every result, cost more than the rest of the check."""
    boxes = BoxCard.objects.filter(
        board__stage_id=board.stage_id,
        board__round_id=board.round_id,
        board__number__in=(board.number, board.number + 1),
        filled_by__table=table,
        **_group(table.match),
    )
    for box in boxes:
        if box.board_id == board.pk:
            _reflag(box, board, table)
        else:  # the next board, with its set; no deal decoded to reflag
            boards = Board.objects.select_related("board_set").defer("hands", "bottom")
            _reflag(box, boards.get(pk=box.board_id), table)


# --- checking an entry -------------------------------------------------------------------


def _box_text(values: Mapping[str, str]) -> tuple[str, str]:
    by = values["declared_by"] or "-"
    return (
        f"南北{values['level_ns']} 东西{values['level_ew']} 主{values['trump']} "
        f"亮主{by} 打家{values['declarer']}",
        f"N–S {values['level_ns']}, E–W {values['level_ew']}, trump {values['trump']}, "
        f"declared by {by}, declarer {values['declarer']}",
    )


def _mismatch(board: Board, box: Mapping[str, str], played: Mapping[str, str]) -> dict[str, Any]:
    box_zh, box_en = _box_text(box)
    played_zh, played_en = _box_text(played)
    return {
        "code": "box_card_mismatch",
        "article": "第四十三条",
        "board": board.number,
        "trick": None,
        "seat": None,
        "message_zh": f"本桌记录的牌盒卡（{played_zh}）与首桌填写的（{box_zh}）不同",
        "message_en": f"the box card as entered ({played_en}) differs from the one the "
        f"first table filled ({box_en})",
    }


def _differs_flag(box: Mapping[str, str], played: Mapping[str, str]) -> dict[str, Any]:
    box_zh, box_en = _box_text(box)
    played_zh, played_en = _box_text(played)
    return {
        "code": "box_card_differs",
        "message_zh": f"裁判长录入：本桌按（{played_zh}）打，牌盒卡为（{box_zh}）",
        "message_en": f"entered by a director: played as ({played_en}), the box card says "
        f"({box_en})",
    }


def _judge(board: Board, entry: Entry, *, with_deal: bool = True, ruled: bool = False) -> Verdict:
    """The engine's verdict on ``entry``; ``ruled``: its trump is the one a director's
    decision fixed (第三十三条), so who could have declared it is not checked."""
    record = entry_record(board, entry, with_deal=with_deal)
    if ruled:
        record["declaration"] = "ruled"
    try:
        return check_board(record)
    except RecordUnreadable as error:  # pragma: no cover - entry_record always writes one
        raise BoardError(error.message_zh, error.message_en, code="bad_record") from error


@dataclass(frozen=True)
class Judgement:
    """What the one check of a scorecard decided (:func:`scorecard_judge`): the engine's
    verdict, the flags the result keeps, whether a correction moves the box card, and —
    for a table's entry the deal contradicts — the engine's findings (``dispute``), kept
    for the director while the result is stored as disputed."""

    verdict: Verdict
    box: BoxCard | None  # the copy's box card, if filled
    flags: list[dict[str, Any]]
    move_box: bool = False
    dispute: list[dict[str, Any]] = field(default_factory=list)


def box_card_ruling(box: BoxCard | None) -> BoxCardRuling | None:
    """The director's decision in force on ``box`` (第三十三条), if any: the latest."""
    if box is None:
        return None
    return box.rulings.order_by("-decided_at", "-id").first()


def _box_card_judgement(
    *, board: Board, table: Table, entry: Entry, actor: Actor, result: Result | None
) -> tuple[BoxCard | None, list[dict[str, Any]], list[dict[str, Any]], bool, BoxCardRuling | None]:
    """The scorecard against the box card in the box (牌盒卡, 第四十三条): the box card,
    the refusals, the flags, and whether a correction moves the box card.

    The first play fills it, and a later table of the copy plays from it (它"按牌盒卡上
    的指示直接打牌"), so once another table has played the copy the box card is what was
    played there. The result that filled it may move it along only while no other table
    has played from it; after that only a director may (the others' results are then
    flagged, 第三十三条: the box card as decided). A director's scorecard that differs
    from the box card is kept and flagged; anyone else's is refused
    (``box_card_mismatch``: the table holds that box card, so saying so tells it nothing
    hidden). After a director's decision on a contradicted box card (第三十三条) the box
    card is read as decided: with the trump the decision names."""
    box = BoxCard.objects.filter(board=board, **_group(table.match)).first()
    ruling = box_card_ruling(box)
    values = entry.box_card_values()
    if box is None:
        return box, [], [], False, None
    expected = ruling.values() if ruling is not None else box.values()
    if expected == values:
        return box, [], [], False, ruling
    own = result is not None and box.filled_by_id == result.pk
    played_from = (
        own
        and Result.objects.filter(board=board, **_tables_of(table.match))
        .exclude(pk=result.pk if result is not None else None)
        .exists()
    )
    if own and (not played_from or actor.is_director) and ruling is None:
        return box, [], [], True, None
    if actor.is_director:
        return box, [], [_differs_flag(expected, values)], False, None
    return box, [_mismatch(board, expected, values)], [], False, None


def scorecard_judge(
    *,
    board: Board,
    table: Table,
    entry: Entry,
    actor: Actor,
    result: Result | None = None,
    against_deal: bool = True,
) -> Judgement:
    """The one check of a scorecard against the board's deal and the box card (牌盒卡,
    第四十三条), for ``actor`` at ``table``; ``result`` is the result being corrected, if
    any. Checking, entering and correcting all call this, so what the check accepts the
    save accepts.

    An official's scorecard is judged against the deal and refused
    (:class:`EntryRejected`, the engine's full findings) when anything is wrong.

    A table's scorecard is judged first without the deal — spelling, counts,
    arithmetic, the box card already in the box — and refused, told as it is, only for
    that: nothing of it depends on the hidden deal. Then (``against_deal``: an entry or
    a correction, never the live check) it is judged against the deal; an entry the
    deal contradicts is not refused but kept as disputed (``Judgement.dispute``) for the
    director, and the table is answered exactly as for a legal one, so no probe tells a
    table anything of a board it has not played (第二十八条之6)."""
    box, box_errors, flags, move_box, ruling = _box_card_judgement(
        board=board, table=table, entry=entry, actor=actor, result=result
    )
    ruled = ruling is not None
    if actor.role != Role.TABLE:
        verdict = _judge(board, entry, ruled=ruled)
        errors: list[Any] = [*verdict.errors, *box_errors]
        if errors:
            raise EntryRejected.from_findings(errors, board=board.number)
        return Judgement(verdict=verdict, box=box, flags=flags, move_box=move_box)
    blind = _judge(board, entry, with_deal=False)
    if blind.errors or box_errors:
        raise EntryRejected.from_findings([*blind.errors, *box_errors], board=board.number)
    if not against_deal or not board.has_deal:
        return Judgement(verdict=blind, box=box, flags=flags, move_box=move_box)
    dealt = _judge(board, entry, ruled=ruled)
    if dealt.errors:
        dispute = [e.to_dict() for e in dealt.errors]
        return Judgement(verdict=blind, box=box, flags=flags, move_box=move_box, dispute=dispute)
    return Judgement(verdict=dealt, box=box, flags=flags, move_box=move_box)


def result_check(
    *, board: Board, table: Table, entry: Entry, actor: Actor, result: Result | None = None
) -> Judgement:
    """:func:`scorecard_judge` for a scorecard being typed: stores no result (the check
    is logged). A table side needs no PIN to check, and its check never looks at the
    deal: it costs nothing and counts for nothing, however often a table retypes."""
    _check_actor(actor, table, pin=False)
    return _judge_logged(
        board=board, table=table, entry=entry, actor=actor, result=result, kind="check"
    )


def _judge_logged(
    *,
    board: Board,
    table: Table,
    entry: Entry,
    actor: Actor,
    result: Result | None,
    kind: str,
) -> Judgement:
    """:func:`scorecard_judge`, logged (:class:`EntryCheck`): what was typed, by whom,
    and what the engine said — a table's disputed entry with the findings it was not
    told (``hidden``)."""
    log = {
        "board": board,
        "table": table,
        "kind": kind,
        "role": actor.role,
        "user": actor.user,
        "side": actor.side,
        "entry": entry_snapshot(entry),
    }
    try:
        judged = scorecard_judge(
            board=board,
            table=table,
            entry=entry,
            actor=actor,
            result=result,
            against_deal=kind != EntryCheck.Kind.CHECK,
        )
    except EntryRejected as error:
        EntryCheck.objects.create(**log, accepted=False, findings=list(error.errors))
        raise
    disputed = bool(judged.dispute)
    EntryCheck.objects.create(
        **log, accepted=not disputed, hidden=disputed, findings=judged.dispute
    )
    return judged


# --- permissions -----------------------------------------------------------------------------


def _refuse(zh: str, en: str, code: str = "not_allowed") -> BoardError:
    return BoardError(zh, en, code=code)


def _side_entrant(table: Table, side: str) -> Entrant | None:
    return table.ns if side == "NS" else table.ew if side == "EW" else None


def pin_misses(table: Table, side: str) -> int:
    """Wrong PINs typed so far by ``side`` of ``table``."""
    return PinMiss.objects.filter(table=table, side=side).count()


def _check_pin(
    actor: Actor, table: Table, result: Result | None, board: Board | None = None
) -> None:
    """The side's own PIN for the table's stage. A wrong one is a row for the director
    (and in the result's trail); after ``PIN_MISSES_PER_SIDE`` of them the side's
    writes wait for the director, right PIN or not — counted per table and side, so
    guessing from many addresses gains nothing and a venue's shared address loses
    nothing."""
    limit = settings.PIN_MISSES_PER_SIDE
    locked = pin_misses(table, actor.side) >= limit
    entrant = _side_entrant(table, actor.side)
    right = entrant is not None and constant_time_compare(
        actor.pin, stage_pin(table.round.stage, entrant)
    )
    if not right:
        _pin_missed(actor, table, result, board)
    if locked:
        raise _refuse(
            f"本方录入密码已输错{limit}次：请找裁判长录入或确认",
            f"this side's PIN was typed wrong {limit} times: the director enters or "
            "confirms it now",
            code="pin_locked",
        )
    if not right:
        raise _refuse(
            "录入密码不对：请输入印在本方（本队或本对）本阶段卡片上的密码",
            "wrong PIN: type the PIN printed on your own team's or pair's card for this stage",
            code="wrong_pin",
        )


def _pin_missed(
    actor: Actor, table: Table, result: Result | None, board: Board | None = None
) -> None:
    """A wrong PIN: a row for the director (with the board tried, so the scorecard's
    history shows it even before the board has a result), and one in the result's
    trail."""
    with transaction.atomic():
        PinMiss.objects.create(
            table=table,
            side=actor.side,
            result=result,
            board=result.board if result is not None else board,
            address=actor.address,
        )
        if result is not None:
            who = _who(actor)
            who["credential"] = who["credential"].replace("+ PIN of", "+ wrong PIN for")
            ResultChange.objects.create(
                result=result,
                action=ResultChange.Action.WRONG_PIN,
                **who,
                version=result.version,
                reason=actor.address,
            )
        event_changed(table.round.stage.event_id)  # the dashboard counts wrong PINs


def _check_actor(
    actor: Actor,
    table: Table,
    *,
    pin: bool = True,
    result: Result | None = None,
    board: Board | None = None,
) -> None:
    """Whether ``actor`` may act at ``table``. A table side: only its own table, only
    while the director has its round open (a code printed for a later round does
    nothing before then), and — to write — with its own pair's or team's PIN for the
    stage (:func:`_check_pin`), so that one code cannot act as both sides (the
    opponents accept the result themselves)."""
    if actor.role == Role.TABLE:
        if actor.table is None or actor.table.pk != table.pk:
            raise _refuse(
                "牌桌录入码只能录入本桌成绩", "a table code enters only its own table's results"
            )
        if not Round.objects.filter(
            pk=table.round_id, started_at__isnull=False, closed_at__isnull=True
        ).exists():
            raise _refuse(
                "本轮尚未开始或已经结束：裁判长开始本轮后才能录入",
                "this round has not been started (or is closed): a table enters results "
                "only while the director has its round open",
                code="round_not_open",
            )
        if pin:
            _check_pin(actor, table, result, board)
    elif actor.role in (Role.DIRECTOR, Role.SCORER):
        if actor.user is None:
            raise _refuse("需要登录", "log in first")
    else:
        raise _refuse("未知身份", f"unknown role {actor.role!r}")


def _who(actor: Actor) -> dict[str, Any]:
    """Who acted, for the audit trail: which side, with which credential."""
    if actor.role == Role.TABLE and actor.table is not None:
        entrant = _side_entrant(actor.table, actor.side)
        owner = f"{entrant.kind} {entrant.number}" if entrant is not None else "-"
        credential = f"table code {actor.table.code} + PIN of {owner}"
    else:
        name = actor.user.get_username() if actor.user is not None else ""
        credential = f"login {name}"
    return {"role": actor.role, "user": actor.user, "side": actor.side, "credential": credential}


def _players(table: Table, entry: Entry) -> dict[str, Any]:
    # by seat alone: the default order would join the table's round, stage and event
    seats = {s.seat: s.player for s in table.seats.select_related("player").order_by("seat")}
    if entry.players is not None:
        seats.update(entry.players)
    return {f"player_{seat.lower()}": seats.get(seat) for seat in SEAT_NAMES}


# --- entering ---------------------------------------------------------------------------------


def result_enter(*, board: Board, table: Table, entry: Entry, actor: Actor) -> Result:
    """Enter ``board``'s result at ``table``. Judged by the engine first; nothing is
    stored when it (or the box card) says no. A director's entry is confirmed at once;
    anyone else's waits for the other side's confirmation (:func:`result_confirm`)."""
    _check_actor(actor, table, board=board)
    match = table.match
    if match is not None and (match.home_id is None or match.away_id is None):
        # A bracket's later match before its teams are known: a result here would count
        # for whoever arrives (第二十七条).
        raise _refuse(
            f"第{match.number}场的对阵尚未确定，不能录入成绩",
            f"match {match.number}'s teams are not known yet: no result can be entered",
            code="teams_unknown",
        )
    if not _scheduled(board, table):
        raise _refuse(
            f"{table}不打第{board.number}副",
            f"{table} does not play board {board.number}",
            code="not_scheduled",
        )
    if Result.objects.filter(board=board, table=table).exists():
        raise _refuse(
            f"{table}第{board.number}副已有成绩，请用更正",
            f"{table} already has a result for board {board.number}; correct it instead",
            code="already_entered",
        )
    judged = _judge_logged(
        board=board, table=table, entry=entry, actor=actor, result=None, kind="enter"
    )
    verdict, flags, box = judged.verdict, judged.flags, judged.box
    values = entry.box_card_values()

    now = timezone.now()
    status = Result.Status.CONFIRMED if actor.is_director else Result.Status.ENTERED
    if judged.dispute:
        status = Result.Status.DISPUTED
    with transaction.atomic():
        try:
            with transaction.atomic():
                result = Result.objects.create(
                    board=board,
                    table=table,
                    **_players(table, entry),
                    **result_fields(entry, verdict),
                    status=status,
                    entered_by=actor.user,
                    entered_side=actor.side,
                    confirmed_by=actor.user if actor.is_director else None,
                    confirmed_at=now if actor.is_director else None,
                    flags=flags,
                    flagged=bool(flags),
                    dispute=judged.dispute,
                )
        except IntegrityError as error:  # the same table's result, entered a moment ago
            raise _refuse(
                f"{table}第{board.number}副刚刚已录入成绩",
                f"{table} entered board {board.number} a moment ago",
                code="already_entered",
            ) from error
        ResultChange.objects.create(
            result=result,
            action=ResultChange.Action.ENTER,
            **_who(actor),
            version=None,
            before=None,
            after=result_snapshot(result),
        )
        if box is None:
            _fill_box_card(board, table, result, values, actor)
            # The 牌型卡 typed before this first scorecard: a contradiction shows now.
            filled = (
                BoxCard.objects.filter(board=board, **_group(table.match))
                # what the check reads: the deal, and the filling result's record
                .select_related("board__stage__event", "filled_by__board__stage__event")
                .first()
            )
            if filled is not None:
                box_card_flag_contradiction(filled)
        _reflag_around(board, table)
        if result.status == Result.Status.CONFIRMED:
            # In the result's own transaction: its rescore is marked with it or not at all.
            result_changed.send(sender=Result, result=result)
        _board_changed(board)  # the dashboard shows it (last: the lock held least)
    return result


def _board_changed(board: Board) -> None:
    """:func:`stage_changed` for ``board``'s stage: its event taken from the stage the
    caller read the board with (the demo, a page's board), else asked as before."""
    if Board.stage.is_cached(board):  # type: ignore[attr-defined]
        event_changed(board.stage.event_id)
    else:
        stage_changed(board.stage_id)


def _fill_box_card(
    board: Board, table: Table, result: Result, values: dict[str, str], actor: Actor
) -> None:
    try:
        with transaction.atomic():
            BoxCard.objects.create(board=board, match=table.match, filled_by=result, **values)
    except IntegrityError:
        # Another table filled it in the meantime: this is a later play after all.
        box = BoxCard.objects.get(board=board, **_group(table.match))
        if box.values() == values:
            return
        if not actor.is_director:
            raise EntryRejected.from_findings(
                [_mismatch(board, box.values(), values)], board=board.number
            ) from None
        result.flags = [*result.flags, _differs_flag(box.values(), values)]
        result.flagged = True
        result.save(update_fields=["flags", "flagged"])


# --- confirming --------------------------------------------------------------------------------


def _write_version(
    current: Result,
    version: int,
    actor: Actor,
    action: str,
    fields: dict[str, Any],
    *,
    reason: str = "",
    like: Result | None = None,
    **where: Any,
) -> Result:
    """Write ``fields`` over ``current`` only if nobody changed it since ``version`` was
    read (optimistic lock: two phones confirming at once), and keep the change in the
    audit trail. Raises ``_Conflict`` when the version moved on. The result returned
    carries its board and table: ``like``'s (the caller's copy, with what the caller
    read with them: the event's rules, the match), else read with it."""
    updated = Result.objects.filter(pk=current.pk, version=version, **where).update(
        **fields, version=version + 1, updated_at=timezone.now()
    )
    if updated != 1:
        raise _Conflict(current)
    if like is not None and Result.board.is_cached(like) and Result.table.is_cached(like):  # type: ignore[attr-defined]
        fresh = Result.objects.get(pk=current.pk)
        fresh.board, fresh.table = like.board, like.table  # a write moves neither
    else:
        fresh = Result.objects.select_related("board", "table").get(pk=current.pk)
    ResultChange.objects.create(
        result=fresh,
        action=action,
        **_who(actor),
        version=version,
        before=result_snapshot(current),
        after=result_snapshot(fresh),
        reason=reason,
    )
    return fresh


class _Conflict(Exception):
    def __init__(self, current: Result) -> None:
        self.current = current


def _record_conflict(
    result_id: int, actor: Actor, version: int, attempt: dict[str, Any], reason: str
) -> ConflictError:
    current = Result.objects.select_related("board").get(pk=result_id)
    with transaction.atomic():
        ResultChange.objects.create(
            result=current,
            action=ResultChange.Action.CONFLICT,
            **_who(actor),
            version=version,
            before=result_snapshot(current),
            after=attempt,
            reason=reason,
        )
        stage_changed(current.board.stage_id)  # a refused write is in the result's trail
    return ConflictError(expected=version, current=current.version)


def result_confirm(*, result: Result, actor: Actor, version: int, reason: str = "") -> Result:
    """Confirm an entered result: by the other side of the table (never the side that
    entered it), by a director, or — for a scorer's entry — by a table side or another
    scorer. ``version`` is the version the confirming person saw.

    A disputed result (a table's entry the deal contradicts) is confirmed at the table
    exactly as an entered one is — the other side's acceptance is recorded and the
    table sees it confirmed — but it stays disputed, counting for nothing, until the
    director resolves it: by a correction, or by confirming it as entered with a ruling
    (``reason``, required then; 第三十三条)."""
    _check_actor(actor, result.table, result=result)
    try:
        with transaction.atomic():
            current = Result.objects.select_for_update().get(pk=result.pk)
            if current.version != version:
                raise _Conflict(current)
            disputed = current.status == Result.Status.DISPUTED
            resolving = disputed and actor.is_director
            if current.is_confirmed or (disputed and not resolving and current.confirmed_at):
                raise _refuse("成绩已确认", "the result is already confirmed", "already_confirmed")
            if resolving and not reason.strip():
                raise _refuse(
                    "这份成绩与牌不符：照录确认须写明裁决，否则请更正",
                    "this result does not match the deal: confirm it as entered only with "
                    "a ruling (give the reason), or correct it",
                    code="reason_required",
                )
            if actor.role == Role.TABLE and current.entered_side == actor.side:
                raise _refuse(
                    "录入成绩的一方不能自己确认，须由对方确认",
                    "the side that entered a result cannot confirm it; the other side confirms",
                    "same_side",
                )
            if (
                actor.role == Role.SCORER
                and current.entered_by_id is not None
                and current.entered_by_id == actor.user_id
            ):
                raise _refuse(
                    "录入人不能确认自己录入的成绩",
                    "whoever entered a result cannot confirm it",
                    "same_side",
                )
            confirmed: dict[str, Any] = {
                "confirmed_by": actor.user,
                "confirmed_side": actor.side,
                "confirmed_at": timezone.now(),
            }
            if not disputed or resolving:
                confirmed["status"] = Result.Status.CONFIRMED
            fresh = _write_version(
                current,
                version,
                actor,
                ResultChange.Action.CONFIRM,
                confirmed,
                reason=reason,
                like=result,
                status=current.status,
            )
            if fresh.is_confirmed:
                result_changed.send(sender=Result, result=fresh)
            _board_changed(fresh.board)  # the dashboard shows it, last
    except _Conflict:
        raise _record_conflict(
            result.pk, actor, version, {"status": Result.Status.CONFIRMED}, "确认 / confirm"
        ) from None
    return fresh


# --- correcting --------------------------------------------------------------------------------


def result_correct(
    *, result: Result, entry: Entry, actor: Actor, version: int, reason: str = ""
) -> Result:
    """Replace a result with a corrected scorecard, judged like a new entry.

    A director may correct any result (it then counts as confirmed). A table side or a
    scorer may only correct a result that is not confirmed yet; it then waits for the
    other side's confirmation again. ``version`` is the version the correction was
    made from; if the result has changed since, nothing is saved and a
    :class:`ConflictError` is raised (the attempt is kept in the audit trail).

    Correcting the box card of the result that filled it moves the box card along when
    no other table has played the copy yet; a director may also move it when others
    have (their results are then flagged).
    """
    table, board = result.table, result.board
    _check_actor(actor, table, result=result)
    judged = _judge_logged(
        board=board, table=table, entry=entry, actor=actor, result=result, kind="correct"
    )
    verdict, flags, box = judged.verdict, judged.flags, judged.box
    values = entry.box_card_values()

    try:
        with transaction.atomic():
            current = Result.objects.select_for_update().get(pk=result.pk)
            if current.version != version:
                raise _Conflict(current)
            if not actor.is_director and current.table_status == Result.Status.CONFIRMED:
                raise _refuse(
                    "已确认的成绩只能由裁判长更正",
                    "only a director can correct a confirmed result",
                )
            if current.status == Result.Status.CONFIRMED and not reason.strip():
                # A confirmed result is overwritten only by an explicit correction: a
                # keystroke that resubmits the form never replaces it.
                raise _refuse(
                    "已确认的成绩只能明确更正：请写明更正原因",
                    "a confirmed result changes only by an explicit correction: give the reason",
                    code="reason_required",
                )
            now = timezone.now()
            fields: dict[str, Any] = {
                **_players(table, entry),
                **result_fields(entry, verdict),
                "flags": flags,
                "flagged": bool(flags),
                "dispute": judged.dispute,
            }
            if actor.is_director:
                fields.update(  # the director's values: entered and confirmed by the director
                    status=Result.Status.CONFIRMED,
                    entered_by=actor.user,
                    entered_side="",
                    confirmed_by=actor.user,
                    confirmed_side="",
                    confirmed_at=now,
                )
            else:
                fields.update(
                    status=Result.Status.DISPUTED if judged.dispute else Result.Status.ENTERED,
                    entered_by=actor.user,
                    entered_side=actor.side,
                    confirmed_by=None,
                    confirmed_side="",
                    confirmed_at=None,
                )
            fresh = _write_version(
                current,
                version,
                actor,
                ResultChange.Action.CORRECT,
                fields,
                reason=reason,
                like=result,
            )
            if judged.move_box and box is not None:
                _move_box_card(box, values, fresh)
            _reflag_around(board, table)
            result_changed.send(sender=Result, result=fresh)
            _board_changed(board)  # the dashboard shows it, last
    except _Conflict:
        raise _record_conflict(
            result.pk, actor, version, entry_snapshot(entry), reason or "更正 / correction"
        ) from None
    return fresh


def _move_box_card(box: BoxCard, values: dict[str, str], filler: Result) -> None:
    """The first play's box card was recorded wrong: it now says what was played, and
    the other results of the copy that no longer agree are flagged."""
    old = box.values()
    for name in BOX_CARD_FIELDS:
        setattr(box, name, values[name])
    box.save(update_fields=list(BOX_CARD_FIELDS))
    table = filler.table
    others = Result.objects.filter(board=box.board, **_tables_of(table.match)).exclude(pk=filler.pk)
    for other in others:
        if other.box_card_values() != values:
            flag = {
                "code": "box_card_changed",
                "message_zh": f"牌盒卡已由裁判长更正：原为（{_box_text(old)[0]}），"
                f"现为（{_box_text(values)[0]}），本桌成绩仍按原牌盒卡",
                "message_en": f"a director corrected the box card from ({_box_text(old)[1]}) to "
                f"({_box_text(values)[1]}); this result was played from the old one",
            }
            Result.objects.filter(pk=other.pk).update(flags=[*other.flags, flag], flagged=True)
