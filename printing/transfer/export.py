"""The export: walk the reference table, reading each section in one query, and write
its rows with every reference as a key."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import F, Model

from tournament.models import Event, Player

from .fileformat import FORMAT, canonical_json
from .references import (
    DECISION_RECORDS,
    ENTRANTS,
    EVENT,
    OFFICIAL_CHANGES,
    PLAYER_ORDER,
    ROLES,
    RULINGS,
    STAGE_SOURCE,
    STAGES,
    WITHDRAWALS,
    Key,
    Many,
    Section,
    Single,
    walk,
)

__all__ = ["Progress", "event_export", "event_export_bytes", "tick"]

JSON = "application/json"

Progress = Callable[[int], None]


def tick(progress: Progress | None, percent: int) -> None:
    if progress is not None:
        progress(percent)


class _PlayerRef(int):
    """A player's id while the file is written, replaced by ``P1``… at the end."""


def _players_in(value: Any) -> Iterator[int]:
    """The player placeholders in ``value``, in the order they are written."""
    if isinstance(value, _PlayerRef):
        yield int(value)
    elif isinstance(value, dict):
        for v in value.values():
            yield from _players_in(v)
    elif isinstance(value, list):
        for v in value:
            yield from _players_in(v)


def _name_players(data: Any, refs: dict[int, str]) -> Any:
    """Player placeholders → ``P1``… (a player deleted meanwhile → null), in place
    in the dicts and lists of ``data`` (a 60-table event's file has 700,000 values:
    copied, that was a tenth of its time)."""
    if isinstance(data, _PlayerRef):
        return refs.get(int(data))
    if isinstance(data, dict):
        for k, v in data.items():
            if isinstance(v, (_PlayerRef, dict, list)):
                data[k] = _name_players(v, refs)
    elif isinstance(data, list):
        for i, v in enumerate(data):
            if isinstance(v, (_PlayerRef, dict, list)):
                data[i] = _name_players(v, refs)
    return data


class _Export:
    """Everything of one event, read a section at a time, and the keys that name it."""

    def __init__(self, event: Event) -> None:
        self.event = event
        self.keys: dict[str, dict[Any, Key]] = defaultdict(dict)
        model = get_user_model()
        self.usernames = dict(model.objects.values_list("pk", model.USERNAME_FIELD))
        self.users_named: set[str] = set()
        self.read: dict[int, dict[Any, list[Model]]] = {}

    def key(self, target: str, pk: Any) -> Key | None:
        if target == "user":
            name = self.usernames.get(pk)
            if name is not None:
                self.users_named.add(name)
            return (name,) if name is not None else None
        if target == "player":
            return (_PlayerRef(pk),)
        return self.keys[target].get(pk)

    def _rows(self, section: Section, path: str) -> dict[Any, list[Model]]:
        """The section's rows in the event, by the row above (one query)."""
        if id(section) not in self.read:
            rows = section.model._default_manager.filter(**{path: self.event}, **section.only)
            rows = rows.annotate(transfer_up=F(section.up))
            if section.order_by:  # else the model's own order, as ties are written
                rows = rows.order_by(*section.order_by)
            many = [c.attr for c in section.cols if isinstance(c, Many)]
            grouped: dict[Any, list[Model]] = defaultdict(list)
            for obj in rows.prefetch_related(*many):
                grouped[obj.transfer_up].append(obj)
            self.read[id(section)] = grouped
        return self.read[id(section)]

    def section(self, section: Section, up: Any, prefix: Key, path: str) -> Any:
        objs = self._rows(section, path).get(up, [])
        rows = [self.row(section, obj, i, prefix, path) for i, obj in enumerate(objs, 1)]
        if section.sort:
            rows.sort(key=section.sort_key)
        return section.shape.pack(rows)

    def row(self, section: Section, obj: Model, i: int, prefix: Key, path: str) -> dict[str, Any]:
        row: dict[str, Any] = {section.key: f"{section.number}{i}"} if section.number else {}
        for col in section.cols:
            row[col.name] = col.dump(self, obj)
        key = section.row_key(row, prefix)
        if key is not None:
            self.keys[section.model._meta.model_name or ""][obj.pk] = key
        for child in section.children:
            if not child.late:
                self.child(row, child, obj, key or prefix, path)
        return row

    def child(
        self, row: dict[str, Any], child: Section, obj: Model, prefix: Key, path: str
    ) -> None:
        value = self.section(child, obj.pk, prefix, f"{child.up}__{path}")
        if value is not None or not isinstance(child.shape, Single):
            row[child.name] = value

    def build(self, progress: Progress | None) -> dict[str, Any]:
        event = self.event
        out: dict[str, Any] = {"format": FORMAT, "event": self.row(EVENT, event, 1, (), "")}
        out["roles"] = self.section(ROLES, event.pk, (), "event")
        out["entrants"] = self.section(ENTRANTS, event.pk, (), "event")
        tick(progress, 20)
        stages = self._rows(STAGES, "event").get(event.pk, [])
        out["stages"] = []
        for i, stage in enumerate(stages, 1):
            out["stages"].append(self.row(STAGES, stage, i, (), "event"))
            tick(progress, 20 + 60 * i // max(1, len(stages)))
        out["rulings"] = self.section(RULINGS, event.pk, (), "event")
        # before the adjustments, which name them (``withdrawal:W1``)
        out["withdrawals"] = self.section(WITHDRAWALS, event.pk, (), "event")
        out["decision_records"] = self.section(DECISION_RECORDS, event.pk, (), "event")
        out["official_changes"] = self.section(OFFICIAL_CHANGES, event.pk, (), "event")
        for stage, row in zip(stages, out["stages"], strict=True):
            row[STAGE_SOURCE.name] = STAGE_SOURCE.dump(self, stage)
            for child in STAGES.children:
                if child.late:
                    self.child(row, child, stage, (row["order"],), "event")
        out = self._players(out)
        out["users"] = sorted(self.users_named)
        tick(progress, 95)
        return out

    def _players(self, out: dict[str, Any]) -> dict[str, Any]:
        """Number the players as :data:`PLAYER_ORDER` first names them, so the
        references are the same whatever the database ids are."""
        seen: dict[int, None] = {}
        for path in PLAYER_ORDER:
            for value in walk(out, path):
                seen.update(dict.fromkeys(_players_in(value)))
        rows = Player.objects.in_bulk(list(seen))
        # A snapshot may name a player since deleted: it has no reference.
        refs = {pk: f"P{i}" for i, pk in enumerate((pk for pk in seen if pk in rows), 1)}
        out = _name_players(out, refs)
        out["players"] = [
            {"ref": ref, "name": rows[pk].name, "club": rows[pk].club} for pk, ref in refs.items()
        ]
        return out


def event_export(event: Event, *, progress: Progress | None = None) -> dict[str, Any]:
    """The whole event as JSON-ready data (see the package's docstring)."""
    return _Export(event).build(progress)


def event_export_bytes(
    event: Event, lang: str = "zh-hans", progress: Progress | None = None
) -> tuple[str, str, bytes]:
    """``(f"{code}-event.json", "application/json", bytes)``, as a print job stores it."""
    content = canonical_json(event_export(event, progress=progress))
    tick(progress, 100)
    return f"{event.code}-event.json", JSON, content
