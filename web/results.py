"""What the result-entry pages show: a table's boards, a scorecard's starting values, the
engine's verdict in words, a result's history, and the director's round dashboard.

Reads only (writes go through ``boards.services``). Texts are in the reader's language:
the engine and the services carry both (``message_zh``, ``message_en``) and the pages
show the one chosen.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.conf import settings
from django.db.models import Count, Q
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy

from boards.errors import BoardError
from boards.models import (
    TRUMP_CHOICES,
    Board,
    BoxCard,
    BoxCardRuling,
    EntryConflict,
    PinMiss,
    Result,
    ResultChange,
)
from boards.records import Entry
from boards.selectors import visible_ids_of
from boards.services import (
    CONTRADICTED,
    box_card_chooser,
    box_card_prediction,
    box_card_ruling,
)
from core.engine import Seat, Verdict, level_name
from tournament.models import Event, Round, SetPlay, Table
from tournament.selectors import event_version

from .forms import BOX_FIELDS, FIELDS, scorecard_data
from .selectors import FOLD_AFTER_ROUNDS, DashboardTable, reverse_each
from .words import contract_text, in_language, in_words, result_view

__all__ = [
    "BoardLine",
    "board_of_table",
    "dashboard_etag",
    "dashboard_progress",
    "entry_conflicts",
    "director_round",
    "in_language",
    "next_board",
    "rejection_view",
    "scorecard_history",
    "result_view",
    "round_boards",
    "scorecard_start",
    "table_boards",
    "verdict_view",
]

# --- a table's boards ---------------------------------------------------------------------


@dataclass
class BoardLine:
    """A board a table plays this round, and the table's own result on it."""

    board: Board
    result: Result | None

    @property
    def number(self) -> int:
        return self.board.number

    @property
    def state(self) -> str:
        """``none``, ``entered`` (awaiting the other side), ``confirmed`` or ``disputed``
        (the deal contradicts it: the director resolves it)."""
        return self.result.status if self.result is not None else "none"

    @property
    def table_state(self) -> str:
        """The state as the table sees it (a disputed result reads as the others do)."""
        return self.result.table_status if self.result is not None else "none"

    @property
    def flagged(self) -> bool:
        return self.result is not None and self.result.flagged


def table_boards(table: Table) -> list[BoardLine]:
    """The boards ``table`` plays, in playing order, each with this table's result (if any).
    Empty until the stage's boards are dealt."""
    plays = list(SetPlay.objects.filter(table=table).order_by("order"))
    boards = Board.objects.filter(board_set_id__in=[p.board_set_id for p in plays])
    by_set: dict[int, list[Board]] = defaultdict(list)
    for board in boards.select_related("board_set", "stage__event").order_by("number"):
        by_set[board.board_set_id].append(board)
    results = {r.board_id: r for r in Result.objects.filter(table=table)}
    return [
        BoardLine(board=b, result=results.get(b.pk))
        for play in plays
        for b in by_set[play.board_set_id]
    ]


def board_of_table(table: Table, number: int) -> Board:
    """Board ``number`` as ``table`` plays it; ``Board.DoesNotExist`` if the table does not
    play it (a table's code reaches nothing else)."""
    return Board.objects.select_related("board_set", "stage__event").get(
        board_set__plays__table=table, number=number
    )


def next_board(lines: list[BoardLine], number: int) -> int | None:
    """The board after ``number`` at the table, or None after the last."""
    numbers = [line.number for line in lines]
    if number in numbers and numbers.index(number) + 1 < len(numbers):
        return numbers[numbers.index(number) + 1]
    return None


# --- a scorecard's starting values ----------------------------------------------------------


def scorecard_start(board: Board, table: Table, result: Result | None) -> dict[str, Any]:
    """What a scorecard form starts from, and where that comes from:

    * ``result`` — the table's own result on the board (being confirmed or corrected);
    * ``box_card`` — the box card another table filled (a replay plays from it, 第四十三条);
    * ``prediction`` — at the table playing the board first: the set's start level on its
      first board, else the previous board's levels after and next declarer here;
    * ``start`` — nothing known yet but the set's start level.
    """
    if result is not None:
        values: dict[str, Any] = {name: getattr(result, name) for name in BOX_FIELDS}
        values |= {
            "defender_points": result.defender_points,
            "dig": result.dig,
            "xiaosa": result.xiaosa,
        }
        return {"initial": scorecard_data(values), "source": "result", "basis": "", "box": None}
    box = BoxCard.objects.filter(board=board, match=table.match).first()
    if box is not None:
        ruling = box_card_ruling(box)  # the box card as the director decided (第三十三条)
        return {
            "initial": scorecard_data(ruling.values() if ruling else box.values()),
            "source": "box_card",
            "basis": _("按牌盒卡：本副已在其他桌打过，请按牌盒卡上的级别、主牌和打家打。"),
            "box": box.values(),
        }
    prediction = box_card_prediction(board, table)
    if prediction is not None:
        values = {"level_ns": prediction.levels["NS"], "level_ew": prediction.levels["EW"]}
        if prediction.declarer is not None:
            values["declarer"] = prediction.declarer
        return {
            "initial": scorecard_data(values),
            "source": "prediction",
            "basis": in_language(prediction.basis_zh, prediction.basis_en),
            "box": None,
        }
    level = board.board_set.start_level
    return {
        "initial": scorecard_data({"level_ns": level, "level_ew": level}),
        "source": "start",
        "basis": _("本组从%(level)s起打；前一副尚无成绩时请按实际级别填写。") % {"level": level},
        "box": None,
    }


def box_card_decision(board: Board, table: Table) -> dict[str, Any] | None:
    """The box card of ``table``'s copy of ``board`` when the typed deal contradicts it
    (第三十三条, 亮错主): what the deal shows, whether the director has decided, and the
    choices — or None when there is nothing to decide or show."""
    box = BoxCard.objects.filter(board=board, match=table.match).first()
    if box is None:
        return None
    ruling = box_card_ruling(box)
    pending = [f for f in box.flags if f.get("code") == CONTRADICTED]
    if ruling is None and not pending:
        return None
    return {
        "box": box,
        "ruling": ruling,
        "reasons": flag_texts(pending),
        "chooser": _SIDES[box_card_chooser(box)],
        "decisions": BoxCardRuling.Decision.choices,
        "trumps": TRUMP_CHOICES,
    }


def first_field(start: Mapping[str, Any] | None) -> str:
    """Where the cursor goes: the points when the box card is known, the levels when they
    are only the set's start level, else the first field with no value."""
    if start is None or start["source"] == "start":
        return "level_ns"
    if start["source"] in ("result", "box_card"):
        return "defender_points"
    initial = start["initial"]
    for name in FIELDS:
        if name in ("declared_by", "dig", "xiaosa_bj", "xiaosa_lj"):
            continue  # may stay empty
        if initial.get(name) in (None, ""):
            return name
    return "defender_points"


# --- the engine's verdict, in words ----------------------------------------------------------


def verdict_view(verdict: Verdict, declarer: str) -> dict[str, Any]:
    """An accepted scorecard as the inline verdict shows it."""
    hand = verdict.hand
    assert hand is not None
    side = Seat[declarer].side.value
    after = {s.value: level_name(level) for s, level in hand.levels_after.items()}
    jumps = {s.value: n for s, n in hand.jump_levels.items()}
    return in_words(
        outcome=hand.outcome.value,
        declaring=side,
        broken=hand.declarer_broken,
        after_ns=after["NS"],
        after_ew=after["EW"],
        jump_ns=jumps["NS"],
        jump_ew=jumps["EW"],
        next_declarer=hand.next_declarer.name,
        game_won=hand.game_won,
        points=verdict.defender_points,
        dig=verdict.dig.value if verdict.dig else "",
        xiaosa_levels=hand.xiaosa_levels,
    )


def rejection_view(error: BoardError) -> dict[str, Any]:
    """A refusal's findings in the reader's language (a director's box card that
    differs is no refusal: ``result_check`` keeps it as a flag, 第三十三条)."""
    errors = []
    for e in error.errors:
        english = (get_language() or "").startswith("en")
        item = {
            "code": e.get("code", ""),
            "board": e.get("board"),
            "article": e.get("article") or "",
            "message": e.get("message_en", "") if english else e.get("message_zh", ""),
            # English readers also see the Chinese: the rules and the referee speak it.
            "other": e.get("message_zh", "") if english else "",
        }
        errors.append(item)
    return {"errors": errors}


def flag_texts(flags: Iterable[Mapping[str, Any]]) -> list[str]:
    return [in_language(f.get("message_zh", ""), f.get("message_en", "")) for f in flags]


# --- a result's history ---------------------------------------------------------------------

SHOWN_CHANGES = FIELDS[:7] + ("status",)


_SIDES = {"NS": _lazy("南北"), "EW": _lazy("东西")}


def _who(change: ResultChange) -> str:
    if change.user is not None:
        return str(change.user.get_username())
    if change.side:
        return _("牌桌%(side)s") % {"side": _SIDES[change.side]}
    return str(change.get_role_display())


def _credential(table: Table, side: str, user: Any, *, wrong: bool) -> str:
    """What an action rested on, in words: a login, or the table's code with one side's
    PIN — whose card it is, never its digits (the digits are stored nowhere here)."""
    if user is not None:
        return _("账号 %(name)s") % {"name": user.get_username()}
    if not side:
        return ""
    entrant = table.ns if side == "NS" else table.ew
    words = {"side": _SIDES[side], "entrant": entrant if entrant is not None else "—"}
    if wrong:
        return _("录入码 + %(side)s方密码错误（不是%(entrant)s的密码）") % words
    return _("录入码 + %(side)s方（%(entrant)s）的密码") % words


def _changed(before: Mapping[str, Any] | None, after: Mapping[str, Any] | None) -> str:
    if not before or not after:
        return ""
    names = {
        "level_ns": _("南北级别"),
        "level_ew": _("东西级别"),
        "declarer": _("打家"),
        "trump": _("主牌花色"),
        "declared_by": _("亮主者"),
        "defender_points": _("防家得分"),
        "dig": _("抠底"),
        "status": _("状态"),
    }
    statuses = dict(Result.Status.choices)
    out = []
    for key, label in names.items():
        if key in after and before.get(key) != after.get(key):
            old, new = before.get(key), after.get(key)
            if key == "status":
                old, new = statuses.get(old, old), statuses.get(new, new)
            out.append(f"{label} {old or '—'} → {new or '—'}")
    return "；".join(out)


def scorecard_history(board: Board, table: Table, result: Result | None) -> list[dict[str, Any]]:
    """A scorecard's history for the director, oldest first: every write to its result
    with the PIN (which side's) or login it rested on, every refused attempt — and the
    wrong PINs typed for this board before it had a result (``PinMiss`` rows, with the
    phone's address), which no result's trail could hold."""
    rows: list[dict[str, Any]] = []
    if result is not None:
        for c in ResultChange.objects.filter(result=result).select_related("user"):
            wrong = c.action == ResultChange.Action.WRONG_PIN
            rows.append(
                {
                    "at": c.at,
                    "order": (0, c.id),
                    "kind": c.action,
                    "action": c.get_action_display(),
                    "who": _who(c),
                    "credential": _credential(table, c.side, c.user, wrong=wrong),
                    "version": c.version,
                    "changed": _changed(c.before, c.after),
                    "reason": c.reason,
                }
            )
    for miss in PinMiss.objects.filter(board=board, table=table, result__isnull=True):
        rows.append(
            {
                "at": miss.at,
                "order": (1, miss.id),
                "kind": ResultChange.Action.WRONG_PIN,
                "action": ResultChange.Action.WRONG_PIN.label,
                "who": _("牌桌%(side)s") % {"side": _SIDES[miss.side]},
                "credential": _credential(table, miss.side, None, wrong=True),
                "version": None,
                "changed": "",
                "reason": miss.address,
            }
        )
    return sorted(rows, key=lambda row: (row["at"], row["order"]))


# --- the director's scorecard page -----------------------------------------------------------


def table_label(table: Table) -> str:
    """``3桌 开室 · 第2节`` — the table number first, so typing it in a select finds it."""
    text = _("%(n)d桌") % {"n": table.number}
    if table.room:
        text += f" {table.get_room_display()}"
    if table.session > 1:
        text += " · " + _("第%(n)d节") % {"n": table.session}
    return text


def director_round(round_: Round) -> list[Table]:
    """The tables of a round in the order a director walks through the scorecards."""
    return list(
        Table.objects.filter(round=round_)
        .select_related("round__stage__event", "match", "ns", "ew")
        .order_by("session", "number")
    )


def round_boards(round_: Round) -> list[Board]:
    """The boards played in a round (a team round's own boards; the sets a Mitchell
    round's tables play)."""
    sets = SetPlay.objects.filter(table__round=round_).values("board_set_id")
    return list(Board.objects.filter(board_set_id__in=sets).order_by("number"))


# --- the round dashboard ----------------------------------------------------------------------


def dashboard_etag(event: Event) -> str:
    """Changes whenever anything the dashboard shows changes: the event's version
    (``tournament.models.EventVersion``), which every such write raises in its own
    transaction — a result written or refused, a wrong PIN, a box card flagged or
    ruled, a board released or withdrawn, a round started or closed … — read in one
    query, not summed over the event's results (14,000 at 60 tables)."""
    return f'W/"d{event.pk}-{event_version(event.pk)}-{get_language()}"'


def entry_conflicts(event: Event) -> list[dict[str, Any]]:
    """The open entry conflicts of ``event`` (two phones of one table sent different
    scorecards of a board while offline): both versions in words, the one stored first
    and the one that arrived second, with the engine's findings against the deal for
    the second (the director's eyes only), for the dashboard to settle."""
    rows = []
    # The open conflicts are read from their partial index (``entry_conflict_open``: a
    # few rows at most), their event told by the stage read with them; filtered by the
    # event in SQL, the database walked every result of the event (14,000 at 60 tables).
    conflicts = [
        conflict
        for conflict in EntryConflict.objects.filter(
            resolution=EntryConflict.Resolution.OPEN
        ).select_related("result__board__stage", "result__table__round")
        if conflict.result.board.stage.event_id == event.pk
    ]
    sides = {"NS": _("南北"), "EW": _("东西")}
    for conflict in conflicts:
        result = conflict.result
        other = Entry.from_record(conflict.record)
        points = (conflict.record.get("result") or {}).get("defender_points")
        rows.append(
            {
                "conflict": conflict,
                "table": table_label(result.table),
                "round": result.table.round,
                "board": result.board,
                "stored": result_view(result),
                "stored_side": sides.get(result.entered_side, ""),
                "other": {"contract": contract_text(other.box_card_values()), "points": points},
                "other_side": sides.get(conflict.side, ""),
                "dispute": flag_texts(conflict.dispute),
            }
        )
    return rows


def _pin_locks(event: Event) -> dict[int, dict[str, list[str]]]:
    """table → side → the wrong PINs typed (time and address), for the sides that have
    used up their tries (``PIN_MISSES_PER_SIDE``): the director acts for them."""
    attempts: dict[int, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    misses = PinMiss.objects.filter(table__round__stage__event=event).order_by("at", "id")
    for miss in misses:
        when = timezone.localtime(miss.at).strftime("%H:%M:%S")
        attempts[miss.table_id][miss.side].append(f"{when} {miss.address}".strip())
    limit = settings.PIN_MISSES_PER_SIDE
    return {
        table: {side: tried for side, tried in sides.items() if len(tried) >= limit}
        for table, sides in attempts.items()
        if any(len(tried) >= limit for tried in sides.values())
    }


def dashboard_progress(
    event: Event, stage_blocks: list[dict[str, Any]], *, shown_round: int | None = None
) -> dict[str, Any]:
    """Adds each round's progress to the dashboard's blocks (``selectors.director_dashboard``):
    per table the state of every board it plays, per round what awaits confirmation, which
    box cards and results are flagged (with the reason) and which boards players may see.

    ``detail`` says which rounds show their tables: in a small stage every round (folded
    or open); in a big one only the round being played and ``shown_round`` (a round's
    id), the others reduced to their summary, what awaits confirmation and what is
    flagged, and a link that shows their tables."""
    # The boards and the results are plain values (no deal decoded: no page here shows
    # a hand): 14,000 model objects at 60 tables were most of the page's time.
    boards = [
        _BoardView(*values)
        for values in Board.objects.filter(stage__event=event)
        .order_by("number")
        .values_list("pk", "number", "board_set_id", "released_at")
    ]
    by_set: dict[int, list[_BoardView]] = defaultdict(list)
    for board in boards:
        by_set[board.board_set_id].append(board)
    # Each round's boards to play and its results by state are counted by the database
    # a round at a time (a row per round and state, not one per table: 3,540 tables at
    # 60 tables, issue 23); a view of its own only for the few results a director has
    # to look at (not confirmed, or flagged).
    confirmed, entered = Result.Status.CONFIRMED.value, Result.Status.ENTERED.value
    disputed_state = Result.Status.DISPUTED.value  # counted as entered, and flagged
    expected: dict[int, int] = dict(
        SetPlay.objects.filter(table__round__stage__event=event)
        .order_by()
        .values_list("table__round_id")
        .annotate(n=Count("board_set__boards"))
    )
    counts: dict[int, Counter[str]] = defaultdict(Counter)
    for round_id, status, n in (  # from the index of (table, status) alone
        Result.objects.filter(table__round__stage__event=event)
        .order_by()
        .values_list("table__round_id", "status")
        .annotate(n=Count("*"))
    ):
        counts[round_id][status] += n
    # Reached through the event's tables (each a probe of the partial index of the
    # results to look at, ``result_to_look_at``), not through its boards: by the boards
    # the database reads every result of the event (14,000 at 60 tables) to find none.
    to_look_at = (
        Result.objects.filter(table__round__stage__event=event)
        .filter(Q(flagged=True) | ~Q(status=confirmed))
        .order_by()
        .values_list("id", "board_id", "table_id", "status", "flagged", "entered_side", "version")
    )
    results = {
        (board_id, table_id): _ResultView(pk, status, flagged, entered_side, version)
        for pk, board_id, table_id, status, flagged, entered_side, version in to_look_at
    }
    none_yet: Counter[str] = Counter()  # a round with no result (read only)
    totals = {"expected": 0, "entered": 0, "confirmed": 0, "flagged": 0}
    for block in stage_blocks:
        for round_data in block["rounds"]:
            counted = counts.get(round_data["round"].pk, none_yet)
            round_data["summary"] = {
                "expected": expected.get(round_data["round"].pk, 0),
                "entered": counted[entered] + counted[disputed_state],
                "confirmed": counted[confirmed],
            }
        # The round being played (the first not wholly confirmed), any round started and
        # not closed, and the one asked for show their tables; in a small stage, all.
        current = next(
            (r for r in block["rounds"] if r["summary"]["confirmed"] < r["summary"]["expected"]),
            block["rounds"][0] if block["rounds"] else None,
        )
        big = len(block["rounds"]) > FOLD_AFTER_ROUNDS
        for round_data in block["rounds"]:
            round_data["chosen"] = (
                round_data is current
                or round_data["round"].is_open
                or round_data["round"].pk == shown_round
            )
            round_data["detail"] = round_data["chosen"] or not big
    looked_at: dict[int, set[int]] = defaultdict(set)  # table → boards with a view
    for board_id, table_id in results:
        looked_at[table_id].add(board_id)
    flagged = [r.pk for r in results.values() if r.flagged]  # the views: all flagged ones
    result_flags = dict(Result.objects.filter(pk__in=flagged).values_list("pk", "flags"))
    disputed = [r.pk for r in results.values() if r.status == Result.Status.DISPUTED]
    disputes = dict(Result.objects.filter(pk__in=disputed).values_list("pk", "dispute"))
    pin_locks = _pin_locks(event)
    box_flags: dict[int, list[BoxCard]] = defaultdict(list)
    for box in BoxCard.objects.filter(board__stage__event=event, flagged=True).select_related(
        "board", "match", "filled_by"
    ):
        box_flags[box.board_id].append(box)
    # The boards each table plays are read for the tables that need them only: the
    # rounds shown (their cells) or holding a flagged box card's table, and the tables
    # with a result to look at or a side locked out.
    fillers = {b.filled_by.table_id for boxes in box_flags.values() for b in boxes if b.filled_by}
    rounds_read = {
        round_data["round"].pk
        for block in stage_blocks
        for round_data in block["rounds"]
        if round_data["detail"] or any(row["table"].pk in fillers for row in round_data["tables"])
    }
    plays: dict[int, list[int]] = defaultdict(list)
    for table_id, set_id in (
        SetPlay.objects.filter(
            Q(table__round_id__in=rounds_read) | Q(table_id__in=[*looked_at, *pin_locks])
        )
        .order_by("table_id", "order")
        .values_list("table_id", "board_set_id")
    ):
        plays[table_id].append(set_id)
    board_title = str(_("第%(n)s副"))  # translated once, not once a cell
    detailed: list[dict[str, Any]] = []
    for block in stage_blocks:
        for round_data in block["rounds"]:
            pending: list[dict[str, Any]] = []
            flags: list[dict[str, Any]] = []
            for row in round_data["tables"]:
                table: DashboardTable = row["table"]
                if table.pk not in looked_at:
                    continue
                for set_id in plays[table.pk]:
                    for board in by_set[set_id]:
                        if board.pk not in looked_at[table.pk]:
                            continue
                        result = results[board.pk, table.pk]
                        if result.status == Result.Status.DISPUTED:
                            # The deal contradicts the table's entry: the director
                            # corrects it or confirms it with a ruling.
                            flags.append(
                                {
                                    "table": table,
                                    "board": board,
                                    "what": _("有争议（与牌不符）"),
                                    "reasons": flag_texts(disputes.get(result.pk) or []),
                                    "disputed": True,
                                }
                            )
                            continue
                        if result.status == Result.Status.ENTERED:
                            pending.append({"table": table, "board": board, "result": result})
                        if result.flagged:
                            flags.append(
                                {
                                    "table": table,
                                    "board": board,
                                    "what": _("成绩"),
                                    "reasons": flag_texts(result_flags.get(result.pk) or []),
                                }
                            )
            for row in round_data["tables"]:
                table = row["table"]
                if table.pk not in pin_locks:
                    continue
                first = next((by_set[i][0] for i in plays[table.pk] if by_set[i]), None)
                for side, attempts in pin_locks[table.pk].items():
                    if first is None:
                        continue
                    flags.append(
                        {
                            "table": table,
                            "board": first,
                            "what": _("%(side)s密码输错%(n)d次：该方的录入和确认须由裁判长处理")
                            % {
                                "side": {"NS": _("南北"), "EW": _("东西")}[side],
                                "n": len(attempts),
                            },
                            "reasons": attempts,
                        }
                    )
            round_boards: dict[int, _BoardView] = {}  # in the order its tables play them
            if round_data["round"].pk in rounds_read:
                for row in round_data["tables"]:
                    for set_id in plays[row["table"].pk]:
                        round_boards.update((b.pk, b) for b in by_set[set_id])
            tables = {row["table"].pk: row["table"] for row in round_data["tables"]}
            for board_id, board in round_boards.items() if box_flags else ():
                for box in box_flags.get(board_id, []):
                    filler = box.filled_by
                    table = tables.get(filler.table_id) if filler is not None else None
                    if table is None:
                        continue  # flagged at a table of another round; shown there
                    flags.append(
                        {
                            "table": table,
                            "board": board,
                            "what": _("牌盒卡"),
                            "reasons": flag_texts(box.flags),
                        }
                    )
            round_data["pending"] = pending
            round_data["flags"] = flags
            # Open the round being played and any round with something to look at; the
            # others stay folded.
            round_data["open"] = round_data.pop("chosen") or bool(pending) or bool(flags)
            round_data["boards"] = round_boards  # listed below for the rounds shown
    shown_boards = [
        b for r in stage_blocks for d in r["rounds"] if d["detail"] for b in d["boards"].values()
    ]
    visible = visible_ids_of((b.pk, b.board_set_id, b.released_at) for b in shown_boards)
    toggle_url = reverse_each("web:round_toggle", event.code)
    seats_url = reverse_each("web:round_seats", event.code)
    for block in stage_blocks:
        card_url = reverse_each("web:director_scorecard", event.code, block["stage"].order)
        for round_data in block["rounds"]:
            round_ = round_data["round"]
            round_data["card_url"] = card_url(round_.number)
            round_data["toggle_url"], round_data["seats_url"] = (
                toggle_url(round_.pk),
                seats_url(round_.pk),
            )
            shown = round_data.pop("boards")
            round_data["boards"] = []
            round_data["hidden"] = len(shown.keys() - visible)
            if round_data["detail"]:  # cells and boards to release: of the rounds shown only
                detailed.append(round_data)
                round_data["boards"] = _release_chips(
                    sorted(shown.values(), key=lambda b: b.number), visible
                )
    tables_shown = [row["table"].pk for r in detailed for row in r["tables"]]
    statuses: dict[tuple[int, int], str] = {
        (board_id, table_id): status
        for board_id, table_id, status in Result.objects.filter(table_id__in=tables_shown)
        .order_by()
        .values_list("board_id", "table_id", "status")
    }
    for round_data in detailed:
        _cells(round_data, plays, by_set, statuses, results, board_title)
    current_rounds = _current_rounds(stage_blocks)
    for round_data in current_rounds:
        for key in ("expected", "entered", "confirmed"):
            totals[key] += round_data["summary"][key]
        totals["flagged"] += len(round_data["flags"])
    return {"totals": totals, "dealt": bool(boards), "rounds": [r["round"] for r in current_rounds]}


def _release_chips(boards: list[_BoardView], visible: set[int]) -> SafeString:
    """The boards of a round shown, each a box to tick for release or withdrawal, marked
    released, complete (visible) or hidden: rendered here, 240 at 60 tables."""
    said = {"released": _("已公布"), "visible": _("已完成"), "hidden": ""}
    chips = []
    for board in boards:
        state = (
            "released"
            if board.released_at is not None
            else "visible"
            if board.pk in visible
            else "hidden"
        )
        chips.append((state, board.pk, board.number, said[state]))
    return format_html_join(
        "",
        '<li><label class="release-board {}"><input type="checkbox" name="board" value="{}">'
        " {}{}</label></li>",
        (
            (state, pk, number, format_html(" <small>{}</small>", note) if note else "")
            for state, pk, number, note in chips
        ),
    )


@dataclass(frozen=True)
class _BoardView:
    """What the dashboard shows of a board: its number (a cell, a flag, a box to tick
    for release), its set (which tables play it) and whether it is released."""

    pk: int
    number: int
    board_set_id: int
    released_at: datetime | None


@dataclass(frozen=True)
class _ResultView:
    """What the dashboard shows of a result (its flags' reasons are read apart)."""

    pk: int
    status: str
    flagged: bool
    entered_side: str
    version: int

    @property
    def is_confirmed(self) -> bool:
        return self.status == Result.Status.CONFIRMED


def _cells(
    round_data: dict[str, Any],
    plays: dict[int, list[int]],
    by_set: dict[int, list[_BoardView]],
    statuses: dict[tuple[int, int], str],
    results: dict[tuple[int, int], _ResultView],
    board_title: str,
) -> None:
    """Each table's board by board cells and what it still owes, for a round shown:
    ``statuses`` of every result, ``results`` the views of those to look at. The cells
    are rendered here, each a link to its scorecard (the round's ``card_url``): 240 of them at 60
    tables, each five template lookups, were a third of the page's rendering."""
    card_url = round_data["card_url"]
    for row in round_data["tables"]:
        table_id = row["table"].pk
        cells = []
        for set_id in plays.get(table_id, []):
            for board in by_set[set_id]:
                state = statuses.get((board.pk, table_id), "none")
                result = results.get((board.pk, table_id))
                flagged = " flagged" if result is not None and result.flagged else ""
                cells.append((board.number, state, flagged))
        row["cells"] = format_html_join(
            "",
            '<a class="bcell state-{}{}" href="{}?table={}&amp;board={}" title="{}">{}</a>',
            (
                (state, flagged, card_url, table_id, n, board_title % {"n": n}, n)
                for n, state, flagged in cells
            ),
        )
        row["reported"] = sum(1 for c in cells if c[1] != "none")
        # What the table still owes: boards not reported, or not confirmed yet.
        row["missing"] = [n for n, state, _f in cells if state == "none"]
        row["unconfirmed"] = [n for n, state, _f in cells if state in ("entered", "disputed")]


def _current_rounds(stage_blocks: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The round being played, whose progress "本轮进度" counts: the dealt rounds the
    director has started and not closed; with none open, the first dealt round not
    wholly confirmed (by stage order)."""
    rounds = [r for block in stage_blocks for r in block["rounds"]]
    started = [r for r in rounds if r["round"].is_open and r["summary"]["expected"]]
    if started:
        return started
    waiting = (r for r in rounds if r["summary"]["confirmed"] < r["summary"]["expected"])
    first = next(waiting, None)
    return [first] if first is not None else []


def releasable_boards(event: Event, ids: Iterable[int]) -> list[Board]:
    """The boards among ``ids`` that belong to ``event`` (a form's ids are not trusted)."""
    return list(Board.objects.filter(stage__event=event, pk__in=list(ids)))
