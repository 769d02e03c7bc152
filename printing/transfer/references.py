"""The one table of the event file: which rows it holds, which of their fields, and how
each reference to another row is written — read by the export and by the import alike.

Every list of the file is a :class:`Section`: a model, its columns, the sections nested
in it, the order of its rows. A column copies a field (times, dates and decimals are
written as text, by the model field's own type) or writes a reference (:class:`To`) by
the *key* of the row it names, never by a database id. A row's key is what its key
column holds, after the key of the row it is nested in: a stage ``(1,)``, a round
``(1, 2)``, a table ``(1, round, session, number)``, a result ``(*its board, *its table)``.
A reference written inside a stage leaves out the stage (``within=1``), one inside a
board leaves out the board (``within=3``); a key of one part is written as that part.
Players (``P1``…, numbered in the order of :data:`PLAYER_ORDER`) and users (their
usernames) are keys of the file's own ``players`` and ``users`` lists. Ids kept inside
stored JSON (snapshots, a ruling's scope, a tie order) are translated by :class:`Json` and
:class:`Ids`.

Adding a field to the file is one :class:`Col` here; the export writes it and the
import reads it back.
"""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Protocol

from django.db import models

from boards.models import (
    RESULT_SCORECARD_FIELDS,
    Board,
    BoxCard,
    BoxCardRuling,
    DealCommitment,
    EntryConflict,
    PinMiss,
    Result,
    ResultChange,
)
from core.engine import SEAT_NAMES
from rulings.models import Ruling, RulingVersion
from scoring.models import (
    DecisionRecord,
    MatchScore,
    QualificationOverride,
    ScoreAdjustment,
    TieOrder,
    Withdrawal,
)
from tournament import models as tournament

Key = tuple[Any, ...]

SEATS = SEAT_NAMES


class Exporting(Protocol):
    def key(self, target: str, pk: Any) -> Key | None:
        """The key of row ``pk`` of ``target`` (``None`` if it is gone)."""


class Importing(Protocol):
    def row(self, target: str, key: Key) -> Any:
        """The row of ``target`` with ``key``; a ``KeyError`` if the file has none."""

    def table_code(self, code: str) -> str:
        """The code a table gets here (one used on this server is replaced)."""


def order(key: Any) -> tuple[Any, ...]:
    """A key as a sort key, a null first (a Mitchell board's round)."""
    parts = key if isinstance(key, list) else [key]
    return tuple((v is not None, 0 if v is None else v) for v in parts)


def parse_time(value: str | None) -> dt.datetime | None:
    if value is None:
        return None
    moment = dt.datetime.fromisoformat(value)
    if moment.tzinfo is None:
        raise ValueError(f"a time without its zone: {value!r}")
    return moment


def _as_key(value: Any) -> Key:
    return tuple(value) if isinstance(value, list) else (value,)


# --- how a value is written -----------------------------------------------------------------


class Ref:
    """A value as it is (the model field's type gives the text of times, dates, decimals)."""

    #: A foreign key: the export reads ``<field>_id``, the import sets ``<field>``.
    fk = False

    def dump(self, x: Exporting, value: Any) -> Any:
        return value

    def load(self, x: Importing, value: Any, prefix: Key) -> Any:
        return value


COPY = Ref()


@dataclass(frozen=True)
class To(Ref):
    """A foreign key, written as the key of the row it names, less its first ``within``
    parts (the stage or the board the row sits in)."""

    target: str
    within: int = 0
    fk = True

    def dump(self, x: Exporting, value: Any) -> Any:
        key = x.key(self.target, value) if value is not None else None
        if key is None:
            return None
        rest = key[self.within :]
        return rest[0] if len(rest) == 1 else list(rest)

    def load(self, x: Importing, value: Any, prefix: Key) -> Any:
        if value is None:
            return None
        return x.row(self.target, prefix[: self.within] + _as_key(value))


@dataclass(frozen=True)
class Id(To):
    """An id kept in stored JSON: translated where it is an id (an int) in the database
    and a key (``keyed_as``: text, or a list for a key of several parts) in the file;
    anything else stays as it is."""

    keyed_as: type = str
    fk = False

    def dump(self, x: Exporting, value: Any) -> Any:
        return super().dump(x, value) if isinstance(value, int) else value

    def load(self, x: Importing, value: Any, prefix: Key) -> Any:
        if not isinstance(value, self.keyed_as):
            return value
        return super().load(x, value, prefix).pk


@dataclass(frozen=True)
class Ids(To):
    """A JSON list of ids, every one the key of a row of ``target`` in the file
    (``strict``: it must be a list; else anything but a list stays as it is)."""

    strict: bool = False
    fk = False

    def dump(self, x: Exporting, value: Any) -> Any:
        if not self.strict and not isinstance(value, list):
            return value
        return [super(Ids, self).dump(x, v) for v in value]

    def load(self, x: Importing, value: Any, prefix: Key) -> Any:
        if not self.strict and not isinstance(value, list):
            return value
        rows = (super(Ids, self).load(x, v, prefix) for v in value)
        return [row.pk if row is not None else None for row in rows]


@dataclass(frozen=True)
class Each(Ref):
    """A JSON object of ids (a snapshot's players by seat), ``first`` in that order."""

    each: Id
    first: tuple[str, ...] = ()

    def _walk(self, value: Any, step: Callable[[Any], Any]) -> Any:
        if not isinstance(value, dict):
            return value
        names = [n for n in self.first if n in value] + [n for n in value if n not in self.first]
        return {name: step(value[name]) for name in names}

    def dump(self, x: Exporting, value: Any) -> Any:
        return self._walk(value, lambda v: self.each.dump(x, v))

    def load(self, x: Importing, value: Any, prefix: Key) -> Any:
        return self._walk(value, lambda v: self.each.load(x, v, prefix))


@dataclass(frozen=True)
class Json(Ref):
    """Stored JSON whose named members hold ids."""

    members: Mapping[str, Ref]

    def dump(self, x: Exporting, value: Any) -> Any:
        if not isinstance(value, dict):
            return value
        return {k: self.members[k].dump(x, v) if k in self.members else v for k, v in value.items()}

    def load(self, x: Importing, value: Any, prefix: Key) -> Any:
        if not isinstance(value, dict):
            return value
        return {
            k: self.members[k].load(x, v, prefix) if k in self.members else v
            for k, v in value.items()
        }


@dataclass(frozen=True)
class IdRows(Ref):
    """A JSON list of lists of ids, each list's ids naming rows of ``targets`` in turn
    (a withdrawal's results played: ``[[table, board], …]``); anything but a list stays
    as it is."""

    targets: tuple[To, ...]

    def dump(self, x: Exporting, value: Any) -> Any:
        if not isinstance(value, list):
            return value
        return [[t.dump(x, v) for t, v in zip(self.targets, ids, strict=True)] for ids in value]

    def load(self, x: Importing, value: Any, prefix: Key) -> Any:
        if not isinstance(value, list):
            return value
        rows = (
            [t.load(x, v, prefix) for t, v in zip(self.targets, keys, strict=True)]
            for keys in value
        )
        return [[r.pk if r is not None else None for r in found] for found in rows]


@dataclass(frozen=True)
class Tagged(Ref):
    """``"<tag>:<id>"`` text naming a row of the section ``tags`` gives for its tag (an
    adjustment's ``ruling:7`` → ``ruling:R1``, ``withdrawal:3`` → ``withdrawal:W1``);
    other text stays as it is, and so does a tag whose row the file lacks (a file
    written before withdrawals were kept)."""

    tags: Mapping[str, str]

    def dump(self, x: Exporting, value: Any) -> Any:
        tag, _sep, rest = value.partition(":")
        target = self.tags.get(tag)
        key = x.key(target, int(rest)) if target and rest.isdigit() else None
        return f"{tag}:{key[0]}" if key is not None else value

    def load(self, x: Importing, value: Any, prefix: Key) -> Any:
        tag, _sep, rest = value.partition(":")
        target = self.tags.get(tag)
        if target is None:
            return value
        try:
            return f"{tag}:{x.row(target, (rest,)).pk}"
        except KeyError:
            return value


class TableCode(Ref):
    """A table's entry code: kept unless this server uses it already."""

    def load(self, x: Importing, value: Any, prefix: Key) -> Any:
        return x.table_code(value)


# --- columns --------------------------------------------------------------------------------


@functools.cache
def _dumper(model: type[models.Model], name: str) -> Callable[[Any], Any]:
    """How a value of the field ``name`` of ``model`` is written: a time in UTC, a
    date, a decimal as text, the rest as it is (found once a field: a 60-table event's
    file writes half a million values)."""
    f = model._meta.get_field(name)
    if isinstance(f, models.DateTimeField):
        return lambda value: value.astimezone(dt.UTC).isoformat()
    if isinstance(f, models.DateField):
        return _isoformat
    if isinstance(f, models.DecimalField):
        return str
    return _as_is


def _isoformat(value: Any) -> Any:
    return value.isoformat()


def _as_is(value: Any) -> Any:
    return value


def _load_value(f: models.Field[Any, Any], value: Any) -> Any:
    if isinstance(f, models.DateTimeField):
        return parse_time(value)
    if isinstance(f, models.DateField):
        return dt.date.fromisoformat(value) if value else None
    if isinstance(f, models.DecimalField) and value is not None:
        return Decimal(value)
    return value


@dataclass(frozen=True)
class Col:
    """One key of a row: the model field ``field`` (the same name if not given) written
    through ``ref``. ``optional``: files made before the field existed lack it."""

    name: str
    ref: Ref = COPY
    field: str = ""
    optional: bool = False

    @property
    def attr(self) -> str:
        return self.field or self.name

    def dump(self, x: Exporting, obj: models.Model) -> Any:
        if self.ref.fk:
            return self.ref.dump(x, getattr(obj, f"{self.attr}_id"))
        value = getattr(obj, self.attr)
        if self.ref is COPY:
            return None if value is None else _dumper(type(obj), self.attr)(value)
        return self.ref.dump(x, value)

    def load(
        self, x: Importing, model: type[models.Model], value: Any, prefix: Key
    ) -> dict[str, Any]:
        f = model._meta.get_field(self.attr)
        if self.ref is COPY:
            return {self.attr: _load_value(f, value)}
        if self.ref.fk and value is None and not f.null:
            raise TypeError(f"{self.name} must name a row, not null")
        return {self.attr: self.ref.load(x, value, prefix)}

    def read(self, row: Mapping[str, Any]) -> Any:
        return row.get(self.name) if self.optional else row[self.name]


@dataclass(frozen=True)
class Group(Col):
    """Several fields as one list (a key ``[round, session, number]``) or, with
    ``names``, one object (a result's ``players`` by seat)."""

    parts: tuple[Col, ...] = ()
    names: tuple[str, ...] = ()

    def dump(self, x: Exporting, obj: models.Model) -> Any:
        values = [part.dump(x, obj) for part in self.parts]
        return dict(zip(self.names, values, strict=True)) if self.names else values

    def load(
        self, x: Importing, model: type[models.Model], value: Any, prefix: Key
    ) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for i, part in enumerate(self.parts):
            out |= part.load(x, model, value[self.names[i] if self.names else i], prefix)
        return out


@dataclass(frozen=True)
class Many(Col):
    """A many-to-many field, written as the sorted keys of its rows; set once the row
    is saved."""

    def dump(self, x: Exporting, obj: models.Model) -> Any:
        rows = getattr(obj, self.attr).all()
        return sorted((self.ref.dump(x, r.pk) for r in rows), key=order)

    def load(
        self, x: Importing, model: type[models.Model], value: Any, prefix: Key
    ) -> dict[str, Any]:
        return {}

    def rows(self, x: Importing, value: Any, prefix: Key) -> list[Any]:
        return [self.ref.load(x, v, prefix) for v in value]


@dataclass(frozen=True)
class Derived(Col):
    """Written from other fields (an entrant's ``team:3``), read back from them."""

    of: Callable[[Any], Any] = str

    def dump(self, x: Exporting, obj: models.Model) -> Any:
        return self.of(obj)

    def read(self, row: Mapping[str, Any]) -> Any:
        return None

    def load(
        self, x: Importing, model: type[models.Model], value: Any, prefix: Key
    ) -> dict[str, Any]:
        return {}


# --- how a section's rows are written -------------------------------------------------------


class Rows:
    """A list of objects (the usual shape)."""

    def pack(self, rows: list[dict[str, Any]]) -> Any:
        return rows

    def unpack(self, value: Any) -> list[Any]:
        return list(value)


@dataclass(frozen=True)
class Single(Rows):
    """At most one row: the object, or the key left out."""

    def pack(self, rows: list[dict[str, Any]]) -> Any:
        return rows[0] if rows else None

    def unpack(self, value: Any) -> list[Any]:
        return [] if value is None else [value]


@dataclass(frozen=True)
class ByKey(Rows):
    """An object ``{row[key]: row[value]}`` (a table's seats)."""

    key: str
    value: str

    def pack(self, rows: list[dict[str, Any]]) -> Any:
        return {r[self.key]: r[self.value] for r in rows}

    def unpack(self, value: Any) -> list[Any]:
        return [{self.key: k, self.value: v} for k, v in value.items()]


@dataclass(frozen=True)
class Flat(Rows):
    """Each row one list, its columns laid end to end (``width`` items each)."""

    widths: tuple[tuple[str, int], ...]

    def pack(self, rows: list[dict[str, Any]]) -> Any:
        out = []
        for r in rows:
            items: list[Any] = []
            for name, width in self.widths:
                items.extend(r[name] if width > 1 else [r[name]])
            out.append(items)
        return out

    def unpack(self, value: Any) -> list[Any]:
        out = []
        for items in value:
            if len(items) != sum(w for _n, w in self.widths):
                raise ValueError(f"expected {len(self.widths)} parts: {items!r}")
            row, at = {}, 0
            for name, width in self.widths:
                row[name] = items[at : at + width] if width > 1 else items[at]
                at += width
            out.append(row)
        return out


@dataclass(frozen=True)
class Section:
    """The rows of one model that sit under a row of the section above.

    ``up``: the path from a row to the row above (its foreign key when it has no
    ``__``). ``key``: the column whose value, after the key of the row above, is the
    row's key (``number`` gives it as ``R1``, ``R2``… in the order of its rows).
    ``order_by`` orders the rows read, ``sort`` (columns) the rows written. ``late``: written and
    read after the rulings (adjustments name them). ``stage_col``: the column naming
    the stage the row's references are in (a ruling's); ``sets_stage``: the row also
    points at the stage it sits in. ``check`` names the importer's judge of each row
    before it is saved; ``where`` how an error names the row (``ruling R2``)."""

    name: str
    model: type[models.Model]
    up: str
    cols: tuple[Col, ...]
    children: tuple[Section, ...] = ()
    key: str = ""
    number: str = ""
    order_by: tuple[str, ...] = ()
    sort: tuple[str, ...] = ()
    shape: Rows = field(default_factory=Rows)
    only: Mapping[str, Any] = field(default_factory=dict)
    optional: bool = False
    late: bool = False
    stage_col: str = ""
    sets_stage: bool = False
    check: str = ""
    where: str = ""

    def read(self, row: Mapping[str, Any]) -> list[Any]:
        if isinstance(self.shape, Single):
            value = row.get(self.name)
            return [] if value is None else self.shape.unpack(value)
        return self.shape.unpack(row.get(self.name, []) if self.optional else row[self.name])

    def sort_key(self, row: Mapping[str, Any]) -> tuple[Any, ...]:
        return tuple(part for name in self.sort for part in order(row[name]))

    def row_key(self, row: Mapping[str, Any], prefix: Key) -> Key | None:
        return prefix + _as_key(row[self.key]) if self.key else None

    def auto_times(self) -> list[str]:
        """Fields the database stamps on save, put back as the file has them."""
        names = {c.attr for c in self.cols}
        return [
            f.name
            for f in self.model._meta.concrete_fields
            if f.name in names
            and (getattr(f, "auto_now", False) or getattr(f, "auto_now_add", False))
        ]


# --- the table ------------------------------------------------------------------------------

USER = To("user")
PLAYER = To("player")
ENTRANT = To("entrant")
ROUND = To("round", 1)  # a round of the row's stage: its number
MATCH = To("match", 1)
TABLE = To("table", 1)
BOARD = To("board", 1)

#: What a scope names (a ruling's): matches and tables anywhere in the event.
SCOPE = Json({"matches": Ids("match"), "tables": Ids("table")})
MATCH_SNAPSHOT = Json({name: Id("entrant") for name in ("home", "away", "winner")})
RESULT_SNAPSHOT = Json({"players": Each(Id("player"), first=SEATS)})
RULING_SNAPSHOT = Json(
    {
        "offender_entrant": Id("entrant"),
        "second_entrant": Id("entrant"),
        "offender_player": Id("player"),
        "match": Id("match", keyed_as=list),
        "table": Id("table", keyed_as=list),
        "scope": SCOPE,
    }
)

#: The columns of a result copied as they are (the scorecard, the verdict, the status).
RESULT_FIELDS = (
    *RESULT_SCORECARD_FIELDS,
    "status",
    "version",
    "entered_side",
    "confirmed_side",
    "flags",
    "flagged",
)

#: What a match whose score waits for the director keeps (scoring leaves a match alone
#: that a correction upstream put other teams into: kept as the director left it).
REVIEW_FIELDS = (
    "home_board_points",
    "away_board_points",
    "home_tiebreak_points",
    "away_tiebreak_points",
    "home_adjustment",
    "away_adjustment",
    "home_score",
    "away_score",
    "home_match_points",
    "away_match_points",
    "decision",
    "boards_scored",
    "boards_expected",
    "recorded_winner",
    "needs_review",
    "note_zh",
    "note_en",
)


def _cols(*cols: str | Col) -> tuple[Col, ...]:
    """Columns: a name copies the field of that name."""
    return tuple(Col(c) if isinstance(c, str) else c for c in cols)


def _key(*parts: str | Col) -> Group:
    """A row's own key, written as one list."""
    return Group("key", parts=_cols(*parts))


EVENT = Section(
    "event",
    tournament.Event,
    up="",
    cols=_cols(
        "code", "name", "venue", "starts_on", "ends_on", "rules", "switches", "status", "created_at"
    ),
)

ROLES = Section(
    "roles",
    tournament.EventRole,
    up="event",
    cols=_cols(Col("user", USER), "role"),
    sort=("role", "user"),
    optional=True,
)

_MEMBERS = Section(
    "members",
    tournament.Membership,
    up="entrant",
    cols=_cols(Col("player", PLAYER), "role", "order"),
    order_by=("order", "id"),
)

ENTRANTS = Section(
    "entrants",
    tournament.Entrant,
    up="event",
    cols=_cols(
        Derived("key", of=lambda e: f"{e.kind}:{e.number}"), "kind", "number", "name", "seed"
    ),
    key="key",
    order_by=("kind", "number"),
    children=(_MEMBERS,),
)

_RESULT_CHANGES = Section(
    "changes",
    ResultChange,
    up="result",
    cols=_cols("action", "role", Col("user", USER), "side", "at", "version", "reason")
    + (Col("before", RESULT_SNAPSHOT), Col("after", RESULT_SNAPSHOT)),
    order_by=("at", "id"),
)

# A second, different entry from a phone's outbox, kept for the director with what he
# did with it; absent from files written before them.
_ENTRY_CONFLICTS = Section(
    "conflicts",
    EntryConflict,
    up="result",
    cols=_cols("side", "key", "record", Col("standing", RESULT_SNAPSHOT), "dispute", "at")
    + _cols("resolution", Col("resolved_by", USER), "resolved_at", "reason"),
    order_by=("at", "id"),
    optional=True,
)

_RESULTS = Section(
    "results",
    Result,
    up="board",
    cols=_cols(Col("table", TABLE), *RESULT_FIELDS, "entered_at", "confirmed_at", "updated_at")
    + (
        Group(
            "players", parts=tuple(Col(f"player_{s.lower()}", PLAYER) for s in SEATS), names=SEATS
        ),
        Col("entered_by", USER),
        Col("confirmed_by", USER),
    ),
    key="table",
    sort=("table",),
    check="judge_result",
    children=(_RESULT_CHANGES, _ENTRY_CONFLICTS),
)

# The director's decisions on a box card the deal contradicts (第三十三条); absent from
# files written before them.
_BOX_CARD_RULINGS = Section(
    "rulings",
    BoxCardRuling,
    up="box_card",
    cols=_cols("decision", "trump", "chooser", "article", "reason", Col("decided_by", USER))
    + _cols("decided_at"),
    order_by=("decided_at", "id"),
    optional=True,
)

_BOX_CARDS = Section(
    "box_cards",
    BoxCard,
    up="board",
    cols=_cols(Col("match", MATCH), "level_ns", "level_ew", "trump", "declared_by", "declarer")
    # the table, on this board, that filled it
    + _cols(Col("filled_by", To("result", 3)), "filled_at", "flags", "flagged"),
    sort=("match",),
    children=(_BOX_CARD_RULINGS,),
)

_BOARDS = Section(
    "boards",
    Board,
    up="stage",
    cols=_cols(
        _key(Col("round", ROUND), "number"), Col("set", To("boardset", 1), field="board_set")
    )
    + _cols("hands", "bottom", "source", "seed", "created_at", "released_at")
    + _cols(Col("created_by", USER), Col("released_by", USER)),
    key="key",
    sort=("key",),
    check="judge_deal",
    children=(_RESULTS, _BOX_CARDS),
)

# The commitments the generated deals were dealt from (docs/dealing.md), so that a
# transferred event still verifies; absent from files written before them.
_DEAL_COMMITMENTS = Section(
    "deal_commitments",
    DealCommitment,
    up="stage",
    cols=_cols("scheme", "digest", "material", "boards", "committed_at", "secret")
    + _cols("public_source", "public_value", "public_value_at")
    + _cols(Col("committed_by", USER), Col("public_value_by", USER)),
    order_by=("committed_at", "id"),
    optional=True,
)

_MATCH_CHANGES = Section(
    "changes",
    tournament.MatchChange,
    up="match",
    cols=_cols("kind", Col("by", USER, field="changed_by"), Col("at", field="changed_at"), "reason")
    + (Col("before", MATCH_SNAPSHOT), Col("after", MATCH_SNAPSHOT)),
    order_by=("changed_at", "id"),
)

_REVIEW = Section(
    "review",
    MatchScore,
    up="match",
    cols=_cols(*REVIEW_FIELDS, *(Col(side, ENTRANT) for side in ("home", "away", "winner"))),
    sets_stage=True,
    only={"needs_review": True},
    shape=Single(),
)

_MATCHES = Section(
    "matches",
    tournament.Match,
    up="stage",
    cols=_cols("number", Col("round", ROUND), "home_source", "away_source", "side", "status")
    + _cols("bracket_round", "is_reset", Col("group", field="group_label"), "first_place")
    + _cols(*(Col(side, ENTRANT) for side in ("home", "away", "winner")))
    # absent from files made before placing
    + _cols(Col("loser_place", optional=True)),
    key="number",
    order_by=("number",),
    children=(_MATCH_CHANGES, _REVIEW),
)

_TABLES = Section(
    "tables",
    tournament.Table,
    up="round__stage",
    cols=_cols(_key(Col("round", ROUND), "session", "number"), "room", Col("match", MATCH))
    + _cols(Col("ns", ENTRANT), Col("ew", ENTRANT), Col("code", TableCode())),
    key="key",
    sort=("key",),
    children=(
        Section(
            "seats",
            tournament.Seating,
            up="table",
            cols=_cols("seat", Col("player", PLAYER)),
            order_by=("seat",),
            shape=ByKey("seat", "player"),
        ),
        Section(
            "sets",
            tournament.SetPlay,
            up="table",
            cols=_cols(Col("set", To("boardset", 1), field="board_set"), "order"),
            order_by=("order",),
            shape=Flat((("set", 2), ("order", 1))),
        ),
    ),
)

_ENTRIES = Section(
    "entries",
    tournament.StageEntry,
    up="stage",
    cols=_cols(Col("entrant", ENTRANT), Col("group", field="group_label"), "seed", "position")
    + _cols("direction", "pair_number", "source"),
    sort=("entrant",),
)

_BOARD_SETS = Section(
    "board_sets",
    tournament.BoardSet,
    up="stage",
    cols=_cols(_key(Col("round", ROUND), "number"), "first_board", "last_board", "start_level")
    + _cols("tiebreak"),
    key="key",
    sort=("key",),
)

_ADJUSTMENTS = Section(
    "adjustments",
    ScoreAdjustment,
    up="stage",
    cols=_cols("kind", Col("target", ENTRANT), "amount", Col("match", MATCH), Col("board", BOARD))
    + _cols(Col("table", TABLE), "artificial_ns", "artificial_ew", "reason", "created_at")
    + _cols(Col("source", Tagged({"ruling": "ruling", "withdrawal": "withdrawal"}))),
    order_by=("created_at", "id"),
    optional=True,
    late=True,
)

_TIE_ORDERS = Section(
    "tie_orders",
    TieOrder,
    up="stage",
    cols=_cols(Col("group", field="group_label"), Col("entrants", Ids("entrant", strict=True)))
    + _cols("reason", Col("decided_by", USER), "decided_at")
    + _cols("withdrawn_at", Col("withdrawn_by", USER), "withdrawn_reason"),
    order_by=("decided_at", "id"),
    optional=True,
    late=True,
)

# A director's overrides of seats and pairings (tournament.services.round_swap); absent
# from files written before them.
_SCHEDULE_CHANGES = Section(
    "schedule_changes",
    tournament.ScheduleChange,
    up="round__stage",
    cols=_cols(Col("round", ROUND), Col("first", ENTRANT), Col("second", ENTRANT))
    + _cols("before", "after", "reason", Col("by", USER, field="changed_by"))
    + _cols(Col("at", field="changed_at")),
    order_by=("changed_at", "id"),
    optional=True,
    late=True,
)

# An early qualification's reason (第二十六条之3); absent from files written before it.
_QUALIFICATION_OVERRIDES = Section(
    "qualification_overrides",
    QualificationOverride,
    up="stage",
    cols=_cols("reason", "undecided", Col("decided_by", USER), "decided_at"),
    order_by=("decided_at", "id"),
    optional=True,
)

# Wrong PINs typed at a table (the scorecard history, a side's lock); read after the
# results they may name; absent from files written before them.
_PIN_MISSES = Section(
    "pin_misses",
    PinMiss,
    up="table__round__stage",
    cols=_cols(Col("table", TABLE), "side", Col("board", BOARD), Col("result", To("result", 1)))
    + _cols("address", "at"),
    order_by=("at", "id"),
    optional=True,
    late=True,
)

STAGES = Section(
    "stages",
    tournament.Stage,
    up="event",
    cols=_cols("order", "kind", "name", "settings", "draw_seed", "status"),
    key="order",
    order_by=("order", "id"),
    children=(
        _ENTRIES,
        Section(
            "rounds",
            tournament.Round,
            up="stage",
            cols=_cols("number", "name"),
            key="number",
            order_by=("number",),
        ),
        _MATCHES,
        _BOARD_SETS,
        _TABLES,
        _BOARDS,
        _DEAL_COMMITMENTS,
        _ADJUSTMENTS,
        _TIE_ORDERS,
        _SCHEDULE_CHANGES,
        _QUALIFICATION_OVERRIDES,
        _PIN_MISSES,
    ),
)

#: A stage's source (the stage it qualifies from), written and read after all stages.
STAGE_SOURCE = Col("source", To("stage"), optional=True)

_VERSIONS = Section(
    "versions",
    RulingVersion,
    up="ruling",
    cols=_cols("number", "action", Col("by", USER), "at", "note", Col("snapshot", RULING_SNAPSHOT)),
    order_by=("number", "id"),
)

RULINGS = Section(
    "rulings",
    Ruling,
    up="event",
    cols=_cols(Col("stage", To("stage")), Col("round", ROUND), Col("offender_player", PLAYER))
    + _cols(Col("match", To("match")), Col("table", To("table")), Col("board", To("board")))
    + _cols(Col("offender_entrant", ENTRANT), Col("second_entrant", ENTRANT), "offender_side")
    + _cols("irregularity", "article", "decision", "amount", "erring_side", "minutes_late")
    + _cols("damaged", Many("cancelled_boards", To("board")), "corrected_points")
    + _cols("corrected_dig", "result_before", Col("scope", SCOPE), "reason_zh", "reason_en")
    + _cols("published", "status", "version", Col("referee", USER), "created_at", "updated_at"),
    key="ref",
    number="R",
    order_by=("created_at", "id"),
    optional=True,
    stage_col="stage",
    where="ruling {}",
    children=(_VERSIONS,),
)

#: A withdrawal (退赛, 第三十条): ``W1``, ``W2``… in the order they were decided; what it
#: had played (``kept``: matches, Mitchell results as ``[table, board]``, the Swiss rounds
#: laid by then) by keys. Its forfeits are the stage's adjustments, sourced
#: ``withdrawal:W1``. Written and read after the rulings, before the adjustments.
WITHDRAWALS = Section(
    "withdrawals",
    Withdrawal,
    up="event",
    cols=_cols(Col("entrant", ENTRANT), "played", "opponent_score", "reason")
    + _cols(
        Col(
            "kept",
            Json(
                {
                    "matches": Ids("match"),
                    "results": IdRows((To("table"), To("board"))),
                    "rounds": Ids("round"),
                }
            ),
        )
    )
    + _cols(Col("decided_by", USER), "decided_at", "taken_back_at", Col("taken_back_by", USER))
    + _cols("taken_back_reason"),
    key="ref",
    number="W",
    order_by=("decided_at", "id"),
    optional=True,
)

#: The director's record of decisions (退赛, its taking back, field changes, a
#: qualification or a stage removed): what it names by key where the row is in the file.
DECISION_RECORDS = Section(
    "decision_records",
    DecisionRecord,
    up="event",
    cols=_cols("kind", "subject", "reason")
    + _cols(
        Col(
            "details",
            Json({"withdrawal": Id("withdrawal"), "stage": Id("stage", keyed_as=int)}),
        )
    )
    + _cols(Col("done_by", USER), "done_at"),
    order_by=("done_at", "id"),
    optional=True,
)

#: The officials' changes (accounts made, roles given or taken back, passwords reset).
OFFICIAL_CHANGES = Section(
    "official_changes",
    tournament.OfficialChange,
    up="event",
    cols=_cols("kind", Col("user", USER), "username", "role")
    + _cols(Col("by", USER, field="changed_by"), Col("at", field="changed_at")),
    order_by=("changed_at", "id"),
    optional=True,
)

#: Where players are named, in the order that numbers them ``P1``, ``P2``…: the same
#: file gives the same numbers whatever the database ids are.
PLAYER_ORDER = (
    ("entrants", "members"),
    ("stages", "tables", "seats"),
    ("stages", "boards", "results", "players"),
    ("stages", "boards", "results", "changes"),
    ("rulings",),
    ("stages", "boards", "results", "conflicts"),  # last: older files number as they did
)


def walk(data: Any, path: tuple[str, ...]) -> Iterator[Any]:
    """The values at ``path`` in the file, each list entered."""
    if isinstance(data, list):
        for item in data:
            yield from walk(item, path)
    elif not path:
        yield data
    elif isinstance(data, dict) and path[0] in data:
        yield from walk(data[path[0]], path[1:])
