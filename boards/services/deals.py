"""Deals: imported from ``duidiao-board/1`` files, or entered by hand from a
hand-record card (牌型卡); generated ones are dealt from a commitment (``commitments``).
Every deal passes the engine's ``check_deal`` (108 cards, two of each; 25 to each
seat and 8 to the bottom; 第十、十四、四十一条) before it is stored,
and a batch is stored whole or not at all.
"""

from __future__ import annotations

import io
import json
import random
import re
import zipfile
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import IO, Any

from django.conf import settings
from django.db import transaction

from core.engine import (
    FORMAT,
    SEAT_NAMES,
    RepeatedKeysError,
    Seat,
    card_name,
    check_board,
    check_deal,
    parse_card,
    parse_hand_text,
    refuse_repeated_keys,
)
from core.engine.cards import BOTTOM_SIZE, HAND_SIZE, NotationError, full_deck
from tournament.models import BoardSet, Round, Stage
from tournament.services import event_write, stage_changed

from ..errors import BoardError, EntryRejected
from ..models import Board, BoxCard, Result
from ..records import result_record
from ..signals import result_changed
from .box_contradictions import box_card_flag_contradiction

__all__ = [
    "board_fill_deal",
    "boards_await_deal",
    "deal_text_cards",
    "boards_import",
    "board_enter_deal",
    "deal_from_seed",
    "read_board_file",
    "read_board_upload",
]

_NOT_SAVED = ("牌型未保存", "deal not saved")


def deal_from_seed(seed: int) -> tuple[dict[str, list[str]], list[str]]:
    """The deal a ``duidiao-deal/1`` seed stands for (events dealt before
    ``duidiao-deal/2``, docs/dealing.md; kept to verify them): (hands N/E/S/W, bottom),
    canonical card strings.

    Why a seed and not simply ``secrets.SystemRandom().shuffle``: the seed is drawn
    from the operating system's cryptographic source (128 bits, so no one can guess or
    search it), and the deal is then a pure function of it — ``random.Random(seed)``
    shuffles the 108 cards of ``full_deck()`` and they are dealt 25 at a time to N, W,
    S, E (the engine's seat order, the order the simulator deals in) with the last 8
    as the bottom, top of the pile first. Storing the seed lets anyone repeat the deal
    and check that the stored hands are what the seed gives, so the deal can be
    audited and a fouled board restored. Each board has its own seed: seeing a
    released board's deal (and even its seed) says nothing about any other board,
    and the Mersenne Twister never emits enough output from one seed to be predicted.

    Hands are stored sorted (the order within a hand means nothing); the bottom keeps
    the dealt order, since 翻主 reads its third card from the bottom.
    """
    rng = random.Random(seed)
    deck = full_deck()
    rng.shuffle(deck)
    hands: dict[str, list[str]] = {}
    for i, seat in enumerate(Seat):  # N, W, S, E: as core.engine.simulate deals
        hands[seat.name] = [card_name(c) for c in sorted(deck[i * HAND_SIZE : (i + 1) * HAND_SIZE])]
    bottom = [card_name(c) for c in deck[4 * HAND_SIZE : 4 * HAND_SIZE + BOTTOM_SIZE]]
    return {name: hands[name] for name in SEAT_NAMES}, bottom


# --- where a board number belongs ----------------------------------------------------


def _set_for(stage: Stage, round_: Round | None, number: int) -> BoardSet:
    sets = BoardSet.objects.filter(
        stage=stage, round=round_, first_board__lte=number, last_board__gte=number
    )
    found = list(sets.order_by()[:2])  # one or not: no order to join the stage and event for
    if len(found) == 1:
        return found[0]
    where_zh = f"{round_}" if round_ is not None else stage.name
    where_en = f"round {round_.number}" if round_ is not None else f"stage {stage.name}"
    if not found:
        hint_zh = "（团体赛须指明轮次）" if round_ is None else ""
        hint_en = " (name the round for a team stage)" if round_ is None else ""
        raise BoardError(
            f"{where_zh}没有包含第{number}副的牌组{hint_zh}",
            f"no board set of {where_en} holds board {number}{hint_en}",
            code="no_board_set",
        )
    raise BoardError(
        f"{where_zh}有两个牌组都包含第{number}副",
        f"two board sets of {where_en} hold board {number}",
        code="no_board_set",
    )


def _deal_errors(hands: Mapping[str, Any], bottom: Any, number: int | None) -> list[dict[str, Any]]:
    return [e.to_dict() for e in check_deal({"hands": hands, "bottom": bottom}, board=number)]


def _canonical_deal(
    hands: Mapping[str, Sequence[Any]], bottom: Sequence[Any]
) -> tuple[dict[str, list[str]], list[str]]:
    """Hands sorted, bottom in order, every card spelled canonically (already checked)."""
    out = {
        seat: [card_name(c) for c in sorted(parse_card(x) for x in hands[seat])]
        for seat in SEAT_NAMES
    }
    return out, [card_name(parse_card(x)) for x in bottom]


def _store(
    *,
    stage: Stage,
    board_set: BoardSet,
    number: int,
    hands: dict[str, list[str]],
    bottom: list[str],
    source: str,
    seed: str = "",
    user: Any = None,
    replace: bool = False,
) -> Board:
    existing = Board.objects.filter(stage=stage, round=board_set.round, number=number).first()
    if existing is not None:
        if not replace:
            raise BoardError(
                f"第{number}副牌已有牌型", f"board {number} already has a deal", code="board_exists"
            )
        if existing.results.exists():
            raise BoardError(
                f"第{number}副牌已有成绩，不能更换牌型",
                f"board {number} has results; its deal cannot be replaced",
                code="board_played",
            )
        existing.board_set = board_set
        existing.hands, existing.bottom = hands, bottom
        existing.source, existing.seed, existing.created_by = source, seed, user
        existing.save(
            update_fields=["board_set", "hands", "bottom", "source", "seed", "created_by"]
        )
        return existing
    return Board.objects.create(
        stage=stage,
        round=board_set.round,
        board_set=board_set,
        number=number,
        hands=hands,
        bottom=bottom,
        source=source,
        seed=seed,
        created_by=user,
    )


# --- importing ------------------------------------------------------------------------


#: How many findings a refused import lists (the rest are counted): a file of 10,000
#: bad boards answers with a page, not 450 KB of errors.
SHOWN_FINDINGS = 20


def _too_big(zh: str, en: str) -> BoardError:
    return BoardError(f"牌型文件过大：{zh}", f"the board file is too big: {en}", code="too_big")


def _read_capped(stream: IO[bytes], budget: int, *, unpacked: bool = True) -> bytes:
    """At most ``budget`` bytes of ``stream``, or :func:`_too_big` — read in chunks, so a
    zip member that lies about its size is stopped at the budget, not unpacked whole."""
    chunks, total = [], 0
    while chunk := stream.read(min(1 << 16, budget - total + 1)):
        total += len(chunk)
        if total > budget:
            if unpacked:
                raise _too_big(f"解压后超过 {budget} 字节", f"more than {budget} bytes unpacked")
            raise _too_big(f"超过 {budget} 字节", f"more than {budget} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


def read_board_upload(upload: IO[bytes]) -> list[dict[str, Any]]:
    """The records of an uploaded board file: JSON, or a zip of JSON files. Capped before
    anything is unpacked or judged (``settings.BOARD_FILE_MAX_*``): the upload's bytes,
    the zip's members and their unpacked bytes (as declared, then as actually read),
    and the number of boards — a zip bomb or a 10,000-board file is refused at once."""
    limit = settings.BOARD_FILE_MAX_BYTES
    raw = _read_capped(upload, limit, unpacked=False)
    if not zipfile.is_zipfile(io.BytesIO(raw)):
        records = read_board_file(io.BytesIO(raw))
    else:
        try:
            archive = zipfile.ZipFile(io.BytesIO(raw))
        except zipfile.BadZipFile as error:
            raise BoardError(
                f"无法读取 zip 文件：{error}", f"cannot read the zip: {error}", code="unreadable"
            ) from error
        with archive:
            members = [m for m in archive.infolist() if m.filename.lower().endswith(".json")]
            if len(archive.infolist()) > settings.BOARD_FILE_MAX_MEMBERS:
                raise _too_big(
                    f"zip 内超过 {settings.BOARD_FILE_MAX_MEMBERS} 个文件",
                    f"more than {settings.BOARD_FILE_MAX_MEMBERS} files in the zip",
                )
            budget = settings.BOARD_FILE_MAX_UNPACKED
            if sum(m.file_size for m in members) > budget:
                raise _too_big(
                    f"解压后超过 {budget} 字节", f"more than {budget} bytes once unpacked"
                )
            records = []
            for member in sorted(members, key=lambda m: m.filename):
                try:
                    with archive.open(member) as stream:
                        data = _read_capped(stream, budget)
                except (zipfile.BadZipFile, NotImplementedError, RuntimeError) as error:
                    raise BoardError(
                        f"无法读取 zip 内的 {member.filename}：{error}",
                        f"cannot read {member.filename} in the zip: {error}",
                        code="unreadable",
                    ) from error
                budget -= len(data)
                records.extend(read_board_file(io.BytesIO(data)))
                _count_boards(records)
    _count_boards(records)
    return records


def _count_boards(records: Sequence[object]) -> None:
    most = settings.BOARD_FILE_MAX_BOARDS
    if len(records) > most:
        raise _too_big(f"超过 {most} 副牌", f"more than {most} boards")


def read_board_file(source: str | Path | IO[str] | IO[bytes]) -> list[dict[str, Any]]:
    """The records in a board file: one ``duidiao-board/1`` record, a list of them, or
    ``{"boards": [...]}``. Raises BoardError (``unreadable``) for anything else, and
    (``bad_record``) for an object that gives a key twice."""
    try:
        if isinstance(source, str | Path):
            text = Path(source).read_text(encoding="utf-8")
        else:
            raw = source.read()
            text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
        data = json.loads(text, object_pairs_hook=refuse_repeated_keys)
    except RepeatedKeysError as error:  # two values for one key: which was meant? (bad_record)
        keys = "、".join(error.keys)
        raise BoardError(
            f"牌型文件中的键重复：{keys}",
            f"the board file gives the key {', '.join(error.keys)} more than once",
            code="bad_record",
        ) from error
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise BoardError(
            f"无法读取牌型文件：{error}", f"cannot read the board file: {error}", code="unreadable"
        ) from error
    except RecursionError as error:  # "[[[[…" deeper than the parser goes
        raise BoardError(
            "无法读取牌型文件：JSON 嵌套过深",
            "cannot read the board file: the JSON nests too deep",
            code="unreadable",
        ) from error
    if isinstance(data, Mapping) and isinstance(data.get("boards"), list):
        data = data["boards"]
    records = data if isinstance(data, list) else [data]
    for i, record in enumerate(records, 1):
        if not isinstance(record, Mapping) or record.get("format") != FORMAT:
            raise BoardError(
                f"第{i}项不是 {FORMAT} 牌局记录",
                f"item {i} is not a {FORMAT} record",
                code="unreadable",
            )
    return [dict(r) for r in records]


#: ``progress(done, total)``: how many of an import's boards have been judged so far.
Progress = Callable[[int, int], None]


@event_write(lambda kw: kw["stage"].event_id)
def boards_import(
    *,
    stage: Stage,
    records: Iterable[Mapping[str, Any]],
    round: Round | None = None,  # noqa: A002 - the model's own name for it
    user: Any = None,
    replace: bool = False,
    progress: Progress | None = None,
) -> list[Board]:
    """Store the deals of ``duidiao-board/1`` records (their ``board``, ``hands`` and
    ``bottom``; anything else in them is ignored). All of them, or, on any error, none:
    the BoardError lists the first problems found (:data:`SHOWN_FINDINGS`), each with
    its board number.

    ``round`` names the round for team stages; ``replace`` lets a deal replace one
    that no result has been entered on. ``progress`` is told after each board judged
    (a director's upload runs as a job, ``printing.services.import_job_run``). The
    judging only reads, outside any transaction (so a long file holds no write lock
    and its progress can be seen); the storing is one transaction.
    """
    records = list(records)
    _count_boards(records)  # before judging any of them
    checked: list[tuple[BoardSet, int, dict[str, list[str]], list[str]]] = []
    errors: list[dict[str, Any]] = []
    seen: set[int] = set()
    for i, record in enumerate(records, 1):
        if progress is not None and i > 1:
            progress(i - 1, len(records))
        if record.get("format") != FORMAT:
            zh, en = f"第{i}项不是 {FORMAT} 记录", f"item {i} is not a {FORMAT} record"
            errors.append(_error("unreadable", zh, en))
            continue
        number = record.get("board")
        if isinstance(number, bool) or not isinstance(number, int) or number < 1:
            errors.append(_error("bad_record", f"第{i}项没有牌号", f"item {i} has no board number"))
            continue
        if number in seen:
            zh, en = f"第{number}副出现两次", f"board {number} is given twice"
            errors.append(_error("bad_record", zh, en, number))
            continue
        seen.add(number)
        try:
            board_set = _set_for(stage, round, number)
        except BoardError as error:
            errors.extend(dict(e, board=number) for e in error.errors)
            continue
        found = _deal_errors(record.get("hands") or {}, record.get("bottom"), number)
        if found:
            errors.extend(found)
            continue
        hands, bottom = _canonical_deal(record["hands"], record["bottom"])
        checked.append((board_set, number, hands, bottom))
    if progress is not None:
        progress(len(records), len(records))
    if errors:
        raise _import_refused(errors)
    with transaction.atomic():
        return _store_checked(stage=stage, checked=checked, user=user, replace=replace)


def _store_checked(
    *,
    stage: Stage,
    checked: list[tuple[BoardSet, int, dict[str, list[str]], list[str]]],
    user: Any,
    replace: bool,
) -> list[Board]:
    """Store the judged deals of :func:`boards_import`, all or (raising) none."""
    errors: list[dict[str, Any]] = []
    stored: list[Board] = []
    for board_set, number, hands, bottom in checked:
        try:
            stored.append(
                _store(
                    stage=stage,
                    board_set=board_set,
                    number=number,
                    hands=hands,
                    bottom=bottom,
                    source=Board.Source.IMPORTED,
                    user=user,
                    replace=replace,
                )
            )
        except BoardError as error:
            errors.extend(dict(e, board=number) for e in error.errors)
    if errors:  # raising leaves the atomic block: what was stored above is undone
        raise _import_refused(errors)
    return stored


def _import_refused(errors: list[dict[str, Any]]) -> EntryRejected:
    """The refusal of an import: the first :data:`SHOWN_FINDINGS` findings, and how many
    more there are."""
    shown = errors[:SHOWN_FINDINGS]
    if len(errors) > SHOWN_FINDINGS:
        more = len(errors) - SHOWN_FINDINGS
        shown.append(
            _error("more_errors", f"另有{more}处错误未列出", f"{more} more problems not listed")
        )
    return EntryRejected.from_findings(shown, what=("牌型未导入", "deals not imported"))


def _error(code: str, zh: str, en: str, board: int | None = None) -> dict[str, Any]:
    return {
        "code": code,
        "article": None,
        "board": board,
        "trick": None,
        "seat": None,
        "message_zh": zh,
        "message_en": en,
    }


# --- by hand --------------------------------------------------------------------------

_SPLIT = re.compile(r"[\s,，、;；]+")


def _cards_of(value: Sequence[str] | str) -> list[str]:
    """A hand typed as text (``"H10 SA 大王"``) or given as a list."""
    if isinstance(value, str):
        return [c for c in _SPLIT.split(value.strip()) if c]
    return list(value)


@event_write(lambda kw: kw["stage"].event_id)
@transaction.atomic
def board_enter_deal(
    *,
    stage: Stage,
    number: int,
    hands: Mapping[str, Sequence[str] | str],
    bottom: Sequence[str] | str,
    round: Round | None = None,  # noqa: A002
    user: Any = None,
    replace: bool = False,
) -> Board:
    """Store a deal typed from a hand-record card (牌型卡), e.g. to restore a fouled
    board (第三十九条). Cards in any notation interfaces.md accepts (``♥10``, ``大王``);
    the engine checks the deal first, and nothing is stored when it finds a fault."""
    board_set = _set_for(stage, round, number)
    typed = {seat: _cards_of(hands.get(seat, [])) for seat in SEAT_NAMES}
    typed_bottom = _cards_of(bottom)
    errors = _deal_errors(typed, typed_bottom, number)
    if errors:
        raise EntryRejected.from_findings(errors, board=number, what=_NOT_SAVED)
    try:
        canonical_hands, canonical_bottom = _canonical_deal(typed, typed_bottom)
    except NotationError as error:  # pragma: no cover - check_deal reported it already
        raise BoardError(str(error), str(error), code="unknown_card") from error
    return _store(
        stage=stage,
        board_set=board_set,
        number=number,
        hands=canonical_hands,
        bottom=canonical_bottom,
        source=Board.Source.MANUAL,
        user=user,
        replace=replace,
    )


# --- dealt at the first table (第四十三条) -----------------------------------------------


@event_write(lambda kw: kw["stage"].event_id)
@transaction.atomic
def boards_await_deal(*, stage: Stage, user: Any = None) -> list[Board]:
    """Boards shuffled and dealt at their first table (第四十三条): each board of the
    stage's sets without a deal yet is made without one, so tables can enter results
    (judged on what can be judged without the cards) and the first table's scorecard
    fills the box card; the director types the 牌型卡 in later (:func:`board_fill_deal`)."""
    known = set(Board.objects.filter(stage=stage).values_list("round_id", "number"))
    made = [
        Board(
            stage=stage,
            round=board_set.round,
            board_set=board_set,
            number=number,
            hands={},
            bottom=[],
            source=Board.Source.TABLE,
            created_by=user,
        )
        for board_set in BoardSet.objects.filter(stage=stage).order_by("round__number", "number")
        for number in board_set.board_numbers
        if (board_set.round_id, number) not in known
    ]
    return Board.objects.bulk_create(made)


def deal_text_cards(text: str, *, seat: str, board: int) -> list[str]:
    """One seat of a 牌型卡 typed with the fast grammar (``♥AKQ10 ♠…``), as card names."""
    try:
        return [card_name(c) for c in parse_hand_text(text)]
    except NotationError as error:
        raise BoardError(
            f"第{board}副{seat}：无法识别的牌（{error}）",
            f"board {board}, {seat}: a card cannot be read ({error})",
            code="unknown_card",
        ) from error


def board_fill_deal(
    *,
    board: Board,
    hands: Mapping[str, str],
    bottom: str,
    user: Any = None,
) -> tuple[Board, list[Result]]:
    """Type in the 牌型卡 of a board dealt at its first table: each seat and the bottom
    in the fast grammar, checked by the engine as 108 cards (25 a seat, 8 in the
    bottom, two of each). Every result entered before the deal was known is judged
    again with it; a result the deal contradicts is kept and flagged for the director
    (a ruling decides, 第五章). Returns the board and the results that were flagged."""
    if board.has_deal:
        raise BoardError(
            f"第{board.number}副牌已有牌型",
            f"board {board.number} already has a deal",
            code="board_exists",
        )
    typed = {
        seat: deal_text_cards(hands.get(seat, ""), seat=seat, board=board.number)
        for seat in SEAT_NAMES
    }
    typed_bottom = deal_text_cards(bottom, seat="底牌", board=board.number)
    errors = _deal_errors(typed, typed_bottom, board.number)
    if errors:
        raise EntryRejected.from_findings(errors, board=board.number, what=_NOT_SAVED)
    canonical_hands, canonical_bottom = _canonical_deal(typed, typed_bottom)
    flagged: list[Result] = []
    with transaction.atomic():
        locked = Board.objects.select_for_update().get(pk=board.pk)
        if locked.has_deal:  # typed in at another keyboard a moment ago
            raise BoardError(
                f"第{board.number}副牌已有牌型",
                f"board {board.number} already has a deal",
                code="board_exists",
            )
        locked.hands, locked.bottom = canonical_hands, canonical_bottom
        locked.save(update_fields=["hands", "bottom"])
        board.hands, board.bottom = canonical_hands, canonical_bottom
        for result in Result.objects.filter(board=board).select_related(
            "board__stage__event", "table"
        ):
            contradictions = check_board(result_record(result)).errors
            if not contradictions:
                continue
            flags = [
                {
                    "code": "deal_contradicts",
                    "message_zh": f"牌型录入后复核：{e.message_zh}",
                    "message_en": f"judged again with the deal: {e.message_en}",
                    "article": e.article,
                }
                for e in contradictions
            ]
            result.flags, result.flagged = [*result.flags, *flags], True
            result.save(update_fields=["flags", "flagged", "updated_at"])
            flagged.append(result)
        # A box card whose trump the deal contradicts goes to the director (第三十三条).
        boxes = BoxCard.objects.filter(board=board).select_related("filled_by__board")
        boxes_flagged = [box_card_flag_contradiction(box) for box in boxes]
        if flagged or any(boxes_flagged):
            stage_changed(board.stage_id)  # the dashboard shows what is flagged: last
    for result in Result.objects.filter(board=board, status=Result.Status.CONFIRMED):
        result_changed.send(sender=Result, result=result)
    return board, flagged
