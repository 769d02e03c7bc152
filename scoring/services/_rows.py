"""Rows in, pure inputs out; pure outputs in, rows written only where they changed.

Scores are read with ``values()`` rather than model instances: a full rescore of a
60-table Mitchell reads 14,000 results, and building the few facts scoring needs
(``PlayResult``) straight from the columns is what keeps it under a second.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache, partial
from types import SimpleNamespace
from typing import Any

from django.db import connection, models
from django.db.models import Q
from psycopg.types.numeric import Int2, Int4, Int8

from boards.models import Result
from core.adjustments import Adjustment, AdjustmentKind
from core.engine import Dig, HandOutcome, Outcome, Seat, Side
from core.matchpoints import Artificial, ArtificialScore
from core.numbers import rounded
from core.results import PlayResult
from tournament.models import Stage

from ..models import ScoreAdjustment

#: The columns of a result that scoring reads.
RESULT_FIELDS = (
    "id",
    "board_id",
    "table_id",
    "declarer",
    "defender_points",
    "dig",
    "outcome",
    "declarer_broken",
    "jump_levels_ns",
    "jump_levels_ew",
    "xiaosa_levels",
    "next_declarer",
    "game_won",
)

_STORED_PLACES = 4
_OUTCOMES = {o.value: o for o in Outcome}
_DIGS = {d.value: d for d in Dig}


_VERDICT = RESULT_FIELDS[3:]


def play_of(row: Mapping[str, Any]) -> PlayResult:
    """The ``PlayResult`` of a result's stored verdict (no engine run: the verdict was
    judged when the result was entered). ``levels_after`` is not needed to score."""
    return _play(tuple(row[name] for name in _VERDICT))


@lru_cache(maxsize=4096)
def _play(values: tuple[Any, ...]) -> PlayResult:
    # Results repeat (the same points, the same declarer): each distinct one is built
    # once. PlayResult is frozen, so sharing it is safe.
    declarer, points, dig, outcome, broken, jumps_ns, jumps_ew, xiaosa, nxt, won = values
    hand = HandOutcome(
        outcome=_OUTCOMES[outcome],
        declarer_broken=broken,
        levels_after={},
        jump_levels={Side.NS: jumps_ns, Side.EW: jumps_ew},
        next_declarer=Seat[nxt],
        game_won=won,
        xiaosa_levels=xiaosa,
    )
    return PlayResult(
        declaring=Seat[declarer].side,
        defender_points=points,
        dig=_DIGS[dig] if dig else None,
        hand=hand,
    )


def confirmed_results(**filters: Any) -> list[dict[str, Any]]:
    """Confirmed results matching ``filters``, as dicts of :data:`RESULT_FIELDS`."""
    return list(
        Result.objects.filter(status=Result.Status.CONFIRMED, **filters).values(*RESULT_FIELDS)
    )


@lru_cache(maxsize=8192)
def decimal(value: Fraction | int) -> Decimal:
    """A score as stored: 4 places, enough for Neuberg (e.g. 15.875) and exact halves,
    rounded as every score is (``core.numbers.rounded``, half up)."""
    return rounded(Fraction(value), _STORED_PLACES)


def adjustments_of(stage: Stage, extra: Q | None = None) -> list[Adjustment]:
    """The stage's stored adjustments as the pure hook reads them: entrants, matches and
    tables by id, boards by number."""
    rows = ScoreAdjustment.objects.filter(stage=stage)
    if extra is not None:
        rows = rows.filter(extra)
    out = []
    for row in rows.values(
        "kind",
        "target_id",
        "amount",
        "reason",
        "source",
        "match_id",
        "board__number",
        "table_id",
        "artificial_ns",
        "artificial_ew",
    ):
        artificial = None
        if row["artificial_ns"] or row["artificial_ew"]:
            artificial = ArtificialScore(
                Artificial(row["artificial_ns"] or Artificial.AVERAGE.value),
                Artificial(row["artificial_ew"] or Artificial.AVERAGE.value),
            )
        out.append(
            Adjustment(
                kind=AdjustmentKind(row["kind"]),
                target=row["target_id"],
                amount=Fraction(row["amount"]),
                reason=row["reason"],
                source=row["source"],
                match=row["match_id"],
                board=row["board__number"],
                table=row["table_id"],
                artificial=artificial,
            )
        )
    return out


def sync_rows(
    model: type[models.Model],
    existing: Iterable[models.Model | SimpleNamespace],
    wanted: Mapping[Any, Mapping[str, Any]],
    key: Sequence[str],
    *,
    delete_missing: bool = True,
) -> int:
    """Make the rows ``existing`` say what ``wanted`` says (keyed by ``key`` fields):
    create what is missing, update only the fields that differ, delete what is no
    longer wanted. Re-running with the same ``wanted`` writes nothing. Returns how many
    rows were written. ``existing``: model objects, or plain rows with the fields'
    attribute names and ``pk`` (read with ``values()``, cheaper to make by the hundred)."""
    by_key: dict[Any, models.Model | SimpleNamespace] = {}
    for row in existing:
        k = tuple(getattr(row, f) for f in key)
        by_key[k[0] if len(k) == 1 else k] = row
    create = []
    update: list[models.Model | SimpleNamespace] = []
    fields: set[str] = set()
    for k, values in wanted.items():
        row = by_key.pop(k, None)
        if row is None:
            parts = k if isinstance(k, tuple) else (k,)
            create.append(model(**dict(zip(key, parts, strict=True)), **values))
            continue
        changed = [name for name, value in values.items() if getattr(row, name) != value]
        if changed:
            for name in changed:
                setattr(row, name, values[name])
            update.append(row)
            fields.update(changed)
    if create:
        model._default_manager.bulk_create(create, batch_size=2000)
    if update:
        update_rows(model, update, sorted(fields))
    stale = [row.pk for row in by_key.values()]
    if stale and delete_missing:
        model._default_manager.filter(pk__in=stale).delete()
    return len(create) + len(update) + (len(stale) if delete_missing else 0)


def update_rows(
    model: type[models.Model],
    rows: Sequence[models.Model | SimpleNamespace],
    fields: Sequence[str],
) -> None:
    """Write ``fields`` of ``rows`` in one UPDATE joined to a list of values (on SQLite
    as many rows as it takes parameters for; a standings table is one statement).

    The ORM's ``bulk_update`` builds a CASE WHEN per field and row as expressions,
    which costs more than the write itself for a field of a few hundred pairs."""
    opts = model._meta
    quote = connection.ops.quote_name
    table = quote(opts.db_table)
    pk = opts.pk
    columns = [pk, *(opts.get_field(name) for name in fields)]
    names = ", ".join(quote(c.column) for c in columns)
    assigns = ", ".join(f"{quote(c.column)} = v.{quote(c.column)}" for c in columns[1:])
    joined = f"{table}.{quote(pk.column)} = v.{quote(pk.column)}"
    prepare = [_preparer(c) for c in columns]
    attnames = [c.attname for c in columns]
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            # One array a column (``unnest``): a parameter per column, not per value (240
            # pairs' six columns were 1,440 parameters to adapt and a statement to parse).
            arrays = ", ".join(f"CAST(%s AS {c.db_type(connection)}[])" for c in columns)
            cursor.execute(
                f"UPDATE {table} SET {assigns} FROM unnest({arrays}) AS v({names}) WHERE {joined}",
                [
                    _array_text([prep(getattr(row, name)) for row in rows])
                    for prep, name in zip(prepare, attnames, strict=True)
                ],
            )
            return
        # SQLite ≥ 3.33: UPDATE … FROM, the values named through a CTE, as many rows a
        # statement as it takes parameters.
        mark = "(" + ", ".join(["%s"] * len(columns)) + ")"
        per = max(1, (connection.features.max_query_params or 30_000) // len(columns))
        for start in range(0, len(rows), per):
            chunk = rows[start : start + per]
            params = [
                prep(getattr(row, name))
                for row in chunk
                for prep, name in zip(prepare, attnames, strict=True)
            ]
            values = ", ".join([mark] * len(chunk))
            cursor.execute(
                f"WITH v({names}) AS (VALUES {values}) UPDATE {table} SET {assigns} "
                f"FROM v WHERE {joined}",
                params,
            )


#: The values ``_array_text`` writes as an array's text: each one's ``str`` is the
#: column's own input syntax, with no quoting to do (``bool`` apart: written t and f).
_PLAIN = frozenset({int, Decimal, Int2, Int4, Int8})


def _array_text(values: list[Any]) -> str | list[Any]:
    """A column of ``update_rows`` as PostgreSQL's array text (``{1,2.5000,NULL}``), one
    string parameter, when every value is a number, a flag or None: psycopg otherwise
    adapts the list value by value (2 µs each, 0.54 ms for 240 scores against 0.07 ms,
    at every result of a 120-table Mitchell). Anything else (a text, which would need
    quoting) stays a list for psycopg to adapt."""
    parts = []
    for value in values:
        kind = type(value)
        if kind in _PLAIN:
            parts.append(str(value))
        elif value is None:
            parts.append("NULL")
        elif kind is bool:
            parts.append("t" if value else "f")
        else:
            return values
    return "{" + ",".join(parts) + "}"


#: Whole-number columns: a rescore's ``int`` goes to the backend's adapter as Django's
#: field would send it (psycopg's sized integers on PostgreSQL, the int itself else).
_WHOLE = frozenset(
    {
        "IntegerField",
        "PositiveIntegerField",
        "PositiveSmallIntegerField",
        "SmallIntegerField",
        "BigIntegerField",
    }
)

#: The columns whose values a rescore writes as they are, when given in the type
#: Django would make of them anyway (``bool`` is not an ``int`` here: Django writes 1).
_OWN_TYPES: dict[str, type] = {
    "AutoField": int,  # a key: Django sends it as it is
    "BigAutoField": int,
    "BooleanField": bool,
    "CharField": str,
}


def _preparer(field: models.Field[Any, Any]) -> Callable[[Any], Any]:
    """How ``update_rows`` makes a value of ``field`` a query parameter: what
    ``get_db_prep_save`` makes of it, without its walk through the field's conversions
    for the values a rescore writes, which already are the column's own type. A score
    (``Decimal``) goes straight to the backend's adapter with the field's digits; a
    whole number to the backend's adapter of whole numbers; a key, a flag, a text
    (each exactly its column's type) or None as it is; anything else through the
    field. 240 pairs' changed columns are 1,400 values at every result of a 120-table
    Mitchell."""
    generic = partial(field.get_db_prep_save, connection=connection)
    if isinstance(field, models.DecimalField):
        adapt = connection.ops.adapt_decimalfield_value
        digits, places = field.max_digits, field.decimal_places

        def score(value: Any) -> Any:
            if type(value) is Decimal and value.is_finite():
                return adapt(value, digits, places)
            return generic(value)

        return score
    internal = field.get_internal_type()
    if internal in _WHOLE:
        whole = connection.ops.adapt_integerfield_value

        def number(value: Any) -> Any:
            return whole(value, internal) if type(value) is int else generic(value)

        return number
    own = _OWN_TYPES.get(internal)
    if own is not None:

        def as_is(value: Any) -> Any:
            return value if type(value) is own or value is None else generic(value)

        return as_is
    return generic
