"""The import: walk the reference table in its order, find each reference among the
rows already made, judge deals and results by the rules engine, and save it all in one
transaction — or nothing."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import islice
from typing import Any, cast

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Exists, Model, OuterRef

from boards.models import RESULT_SCORECARD_FIELDS, Board, Result
from boards.records import Entry, result_fields, result_record
from core.engine import check_board, check_deal
from tournament.models import Event, Player, SetPlay, Stage, Table, new_table_code

from .errors import TransferError
from .export import Progress, tick
from .references import (
    DECISION_RECORDS,
    ENTRANTS,
    EVENT,
    OFFICIAL_CHANGES,
    ROLES,
    RULINGS,
    STAGE_SOURCE,
    STAGES,
    WITHDRAWALS,
    Derived,
    Key,
    Many,
    Section,
)

__all__ = ["ImportSummary", "event_import"]

#: A row made, the file's row it came from, and the key its own rows are found under.
Made = tuple[Model, Any, Key]


@dataclass
class ImportSummary:
    event: Event
    users_created: list[str] = field(default_factory=list)
    codes_replaced: int = 0
    players_reused: int = 0
    counts: dict[str, int] = field(default_factory=dict)

    def line_zh(self) -> str:
        n = self.counts
        return (
            f"已导入赛事“{self.event.name}”（{self.event.code}）："
            f"参赛队/对{n.get('entrants', 0)}个，牌{n.get('boards', 0)}副，"
            f"成绩{n.get('results', 0)}条，判罚{n.get('rulings', 0)}项"
        )

    def line_en(self) -> str:
        n = self.counts
        return (
            f"imported event {self.event.code!r}: {n.get('entrants', 0)} entrants, "
            f"{n.get('boards', 0)} boards, {n.get('results', 0)} results, "
            f"{n.get('rulings', 0)} rulings"
        )


def _refused(stage: int, number: Any, errors: Iterable[Any]) -> TransferError:
    found = [e.to_dict() if hasattr(e, "to_dict") else e for e in errors]
    zh = "；".join(str(e.get("message_zh", "")) for e in found)
    en = "; ".join(str(e.get("message_en", "")) for e in found)
    return TransferError(
        f"规则引擎不接受：阶段{stage}第{number}副：{zh}",
        f"refused by the rules engine: stage {stage}, board {number}: {en}",
        code="refused",
    )


class _Import:
    def __init__(self, data: dict[str, Any], code: str | None) -> None:
        self.data = data
        self.code = code
        self.where = "event"
        #: The rows made so far, by section and key (``rows["table"][(1, 2, 1, 3)]``).
        self.rows: dict[str, dict[Key, Any]] = defaultdict(dict)
        self.stage: Stage | None = None
        self.codes: set[str] | None = None
        self.users_created: list[str] = []
        self.players_reused = 0
        self.codes_replaced = 0

    # what the reference table asks of the import
    def row(self, target: str, key: Key) -> Any:
        """The row ``key`` names: a ``TypeError`` when the key is not shaped as the
        keys of ``target`` are (a malformed file), a ``KeyError`` when no row has it."""
        rows = self.rows[target]
        if key in rows:
            return rows[key]
        if any(len(known) != len(key) for known in islice(rows, 1)):
            raise TypeError(f"{target} {list(key)}: not shaped as a key")
        raise KeyError(key[0] if len(key) == 1 else key)

    def table_code(self, code: str) -> str:
        if self.codes is None:
            self.codes = set(Table.objects.values_list("code", flat=True))
        new = code
        while new in self.codes:
            new = new_table_code()
        self.codes.add(new)
        self.codes_replaced += new != code
        return new

    # the walk
    def build(self, section: Section, row: Any, up: Model | None, prefix: Key) -> Any:
        if section.stage_col:
            prefix = (row[section.stage_col],)
        values: dict[str, Any] = {}
        for col in section.cols:
            values |= col.load(self, section.model, col.read(row), prefix)
        if section.up and "__" not in section.up:
            values[section.up] = up
        if section.sets_stage:
            values["stage"] = self.stage
        obj = section.model(**values)
        if section.check:
            getattr(self, section.check)(obj, prefix)
        return obj

    def create(self, section: Section, above: Iterable[Made]) -> list[Made]:
        """Make the section's rows under each row ``above``, in the file's order."""
        built: list[Made] = []
        for up, up_row, prefix in above:
            for row in section.read(up_row):
                if section.where:
                    self.where = section.where.format(row.get(section.key))
                built.append((self.build(section, row, up, prefix), row, prefix))
        return self.save(section, built)

    def save(self, section: Section, built: list[Made]) -> list[Made]:
        """Save rows built (their ids keep the file's order), put back the times the
        database stamped over, and note each under its key."""
        auto = section.auto_times()
        times = [{name: getattr(obj, name) for name in auto} for obj, _r, _p in built]
        manager = section.model._default_manager
        objs = manager.bulk_create([obj for obj, _r, _p in built])
        if auto and objs:
            for obj, stamped in zip(objs, times, strict=True):
                for name, value in stamped.items():
                    setattr(obj, name, value)
            manager.bulk_update(objs, auto, batch_size=500)
        made: list[Made] = []
        for obj, (_built, row, prefix) in zip(objs, built, strict=True):
            for col in section.cols:
                if isinstance(col, Many):
                    getattr(obj, col.attr).set(col.rows(self, row[col.name], prefix))
            derived = {c.name: c.dump(self, obj) for c in section.cols if isinstance(c, Derived)}
            key = section.row_key(row | derived, prefix)  # an entrant is its kind and number
            if key is not None:
                self.rows[section.model._meta.model_name or ""][key] = obj
            made.append((obj, row, key or prefix))
        return made

    def section(self, section: Section, above: Iterable[Made]) -> None:
        self.children(section, self.create(section, above), late=False)

    def children(self, section: Section, made: list[Made], late: bool) -> None:
        for child in section.children:
            if child.late == late:
                self.section(child, made)

    def run(self, progress: Progress | None) -> ImportSummary:
        data = self.data
        self._users(data.get("users", []))
        self._players(data.get("players", []))
        event = self._event(data["event"])
        root: list[Made] = [(event, data, ())]
        self.where = "roles"
        self.section(ROLES, root)
        self.where = "entrants"
        self.section(ENTRANTS, root)
        tick(progress, 10)
        self.where = "stages"
        stages = self.create(STAGES, root)
        for stage, row, _key in stages:
            stage.source = STAGE_SOURCE.load(self, Stage, STAGE_SOURCE.read(row), ())["source"]
        Stage.objects.bulk_update([stage for stage, _r, _k in stages], ["source"])
        for i, (stage, row, key) in enumerate(stages, 1):
            self.where = f"stage {key[0]}"
            self.stage = cast(Stage, stage)
            self.children(STAGES, [(stage, row, key)], late=False)
            tick(progress, 10 + 70 * i // max(1, len(stages)))
        self.section(RULINGS, root)
        for section in (WITHDRAWALS, DECISION_RECORDS, OFFICIAL_CHANGES):
            self.where = section.name  # absent from files written before them
            self.section(section, root)
        for stage, row, key in stages:
            self.where = f"stage {key[0]} adjustments"
            self.children(STAGES, [(stage, row, key)], late=True)
        self._results_where_played(event)
        return ImportSummary(
            event=event,
            users_created=self.users_created,
            codes_replaced=self.codes_replaced,
            players_reused=self.players_reused,
            counts={
                name: len(self.rows[target])
                for name, target in (
                    ("entrants", "entrant"),
                    ("boards", "board"),
                    ("results", "result"),
                    ("rulings", "ruling"),
                )
            },
        )

    def _event(self, row: Any) -> Event:
        """The event, under the code asked for; one whose code is taken is refused."""
        self.where = "event"
        event = self.build(EVENT, row, None, ())
        code = event.code = self.code or row["code"]
        if Event.objects.filter(code=code).exists():
            raise TransferError(
                f"赛事代码“{code}”已存在；请用 --code 指定新代码",
                f"an event {code!r} exists already; give a new code with --code",
                code="invalid",
            )
        event.full_clean()
        ((made, _row, _key),) = self.save(EVENT, [(event, row, ())])
        return cast(Event, made)

    def _users(self, names: list[str]) -> None:
        """A username unknown here becomes an inactive account without a password."""
        self.where = "users"
        model = get_user_model()
        field_name = model.USERNAME_FIELD
        found = {
            getattr(u, field_name): u for u in model.objects.filter(**{f"{field_name}__in": names})
        }
        for name in names:
            if name not in found:
                user = model(**{field_name: name}, is_active=False)
                user.set_unusable_password()
                user.save()
                found[name] = user
                self.users_created.append(name)
        self.rows["user"] = {(name,): user for name, user in found.items()}

    def _players(self, rows: list[dict[str, Any]]) -> None:
        """A player with the same name and club as one here is that player."""
        self.where = "players"
        existing: dict[tuple[str, str], list[Player]] = defaultdict(list)
        wanted = {(p["name"], p["club"]) for p in rows}
        for player in Player.objects.filter(name__in={n for n, _c in wanted}).order_by("id"):
            existing[(player.name, player.club)].append(player)
        for row in rows:
            same = existing[(row["name"], row["club"])]
            if same:
                player = same.pop(0)
                self.players_reused += 1
            else:
                player = Player.objects.create(name=row["name"], club=row["club"])
            self.rows["player"][(row["ref"],)] = player

    # the rules engine's judgement of what the file holds
    def judge_deal(self, board: Board, prefix: Key) -> None:
        """Every deal through ``check_deal`` (108 cards, two of each, 25 a seat and 8 in
        the bottom; 第十、十四、四十一条), as a deal entered here would be."""
        if not isinstance(board.hands, dict) or not isinstance(board.bottom, list):
            raise TypeError(f"board {board.number}: hands must be an object and bottom a list")
        errors = check_deal({"hands": board.hands, "bottom": board.bottom}, board=board.number)
        if errors:
            raise _refused(prefix[0], board.number, errors)

    def _results_where_played(self, event: Event) -> None:
        """Every result at a table that plays its board, as the services enter them
        ("not_scheduled"): what the pages count on to tell which boards players may see
        (``boards.selectors.hidden_board_ids``)."""
        self.where = "results"
        plays = SetPlay.objects.filter(
            table_id=OuterRef("table_id"), board_set_id=OuterRef("board__board_set_id")
        )
        stray = (
            Result.objects.filter(board__stage__event=event)
            .exclude(Exists(plays))
            .select_related("board", "table")
            .first()
        )
        if stray is not None:
            raise TransferError(
                f"第{stray.board.number}副的一条成绩所在的牌桌（{stray.table.code}）不打这副牌",
                f"a result of board {stray.board.number} is at a table "
                f"({stray.table.code}) that does not play it",
                code="invalid",
            )

    def judge_result(self, result: Result, prefix: Key) -> None:
        """Every result through the engine: refused when the scorecard breaks a rule, or
        when the verdict the file carries is not the engine's (points, outcome, levels)."""
        record = result_record(result)
        verdict = check_board(record)
        number = result.board.number
        if not verdict.valid:
            raise _refused(prefix[0], number, verdict.errors)
        judged = result_fields(Entry.from_record(record), verdict)
        differ = [
            name
            for name in RESULT_SCORECARD_FIELDS
            if name in judged and name != "rules" and judged[name] != getattr(result, name)
        ]
        if differ:
            raise _refused(
                prefix[0],
                number,
                [
                    {
                        "message_zh": f"文件中的{'、'.join(differ)}与规则引擎的裁决不同",
                        "message_en": f"the file's {', '.join(differ)} differ from the "
                        "engine's verdict",
                    }
                ],
            )


def event_import(
    data: dict[str, Any], *, code: str | None = None, progress: Progress | None = None
) -> ImportSummary:
    """Rebuild the event of ``data`` (read with ``event_file_read``), under ``code`` if
    given, in one transaction, and rescore it. Raises :class:`TransferError`
    (``invalid``) when the file does not fit together; nothing is then saved."""
    from scoring.services import rescore_event

    importer = _Import(data, code)
    try:
        with transaction.atomic():
            summary = importer.run(progress)
            tick(progress, 85)
            rescore_event(summary.event.pk)
    except TransferError:
        raise
    except (KeyError, IndexError) as error:  # a reference or a row's key missing
        raise TransferError(
            f"文件内容无效（{importer.where}）：缺少或无法识别 {error}",
            f"invalid file ({importer.where}): missing or unreadable {error}",
            code="invalid",
        ) from error
    except (TypeError, ValueError, AttributeError, RecursionError) as error:  # nulls, types
        raise TransferError(
            f"文件格式不对（{importer.where}）：值为空或类型不对（{error}）",
            f"malformed file ({importer.where}): a null or a wrong type ({error})",
            code="malformed",
        ) from error
    except (IntegrityError, ValidationError) as error:
        message = " ".join(str(error).split())
        raise TransferError(
            f"文件内容无效（{importer.where}）：{message}",
            f"invalid file ({importer.where}): {message}",
            code="invalid",
        ) from error
    tick(progress, 100)
    return summary
