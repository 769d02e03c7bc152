"""Creating events, players and entrants (teams of 4–6, pairs of 2)."""

from __future__ import annotations

import datetime
import re
from collections.abc import Mapping, Sequence
from typing import Any

from django.db import transaction
from django.db.models import Max

from core.engine import resolve_profile
from core.engine.profiles import ProfileError

from ..errors import EventError, in_chinese
from ..models import Entrant, Event, Membership, Player

__all__ = [
    "entrant_create",
    "entrants_add",
    "entrants_parse",
    "event_create",
    "player_get_or_create",
]

PlayerSpec = str | Mapping[str, Any] | Player


def check_event_fields(
    *,
    name: str,
    rules: str,
    switches: Mapping[str, object] | None,
    starts_on: datetime.date | None,
    ends_on: datetime.date | None,
) -> str:
    """An event's name (stripped), once it, its rules and switches (by the engine) and
    its dates are found usable; for creating and editing alike."""
    name = name.strip()
    if not name:
        raise EventError("赛事名称不能为空", "the event needs a name", code="name")
    try:
        resolve_profile(rules, switches or {})
    except ProfileError as error:
        raise EventError(
            f"规则或规则开关无效：{error.message_zh}",
            f"invalid rules or switch: {error.message_en}",
            code="rules",
        ) from error
    if starts_on and ends_on and ends_on < starts_on:
        raise EventError("结束日期早于开始日期", "the event ends before it starts", code="dates")
    return name


def check_entrant_size(kind: str, count: int, zh: str = "", en: str = "") -> None:
    """A team has 4–6 players, a pair exactly 2 (第二十四条, 第二十八条); ``zh``/``en``
    name the entry in a list (``第3项：``)."""
    low, high = Entrant.SIZES[Entrant.Kind(kind)]
    if low <= count <= high:
        return
    if kind == Entrant.Kind.TEAM:
        raise EventError(
            f"{zh}每队须有4至6名选手，现有{count}名",
            f"{en}a team needs 4 to 6 players, got {count}",
            code="team_size",
            article="第二十四条",
        )
    raise EventError(
        f"{zh}每对须有2名选手，现有{count}名",
        f"{en}a pair needs exactly 2 players, got {count}",
        code="pair_size",
        article="第二十八条",
    )


def event_create(
    *,
    name: str,
    code: str,
    venue: str = "",
    starts_on: datetime.date | None = None,
    ends_on: datetime.date | None = None,
    rules: str = "chifeng-2007",
    switches: Mapping[str, object] | None = None,
    status: str = Event.Status.DRAFT,
) -> Event:
    """A new event; the rules and switch overrides are checked by the engine first."""
    name = check_event_fields(
        name=name, rules=rules, switches=switches, starts_on=starts_on, ends_on=ends_on
    )
    if Event.objects.filter(code=code).exists():
        raise EventError(
            f"赛事代码 {code} 已被使用", f"the event code {code} is taken", code="code"
        )
    return Event.objects.create(
        name=name,
        code=code,
        venue=venue,
        starts_on=starts_on,
        ends_on=ends_on,
        rules=rules,
        switches=dict(switches or {}),
        status=status,
    )


def player_get_or_create(*, name: str, club: str = "") -> Player:
    """The player of that name and club, made if new (the oldest one if several match)."""
    name, club = name.strip(), club.strip()
    if not name:
        raise EventError("选手姓名不能为空", "a player needs a name", code="player")
    found = Player.objects.filter(name=name, club=club).order_by("id").first()
    return found or Player.objects.create(name=name, club=club)


def _player(spec: PlayerSpec, club: str) -> Player:
    if isinstance(spec, Player):
        return spec
    if isinstance(spec, str):
        return player_get_or_create(name=spec, club=club)
    return player_get_or_create(name=str(spec.get("name", "")), club=str(spec.get("club", club)))


def _label(index: int, name: str) -> tuple[str, str]:
    zh = f"第{index}项" + (f"（{name}）" if name else "")
    en = f"entry {index}" + (f" ({name})" if name else "")
    return zh, en


def entrant_create(
    *,
    event: Event,
    kind: str,
    players: Sequence[PlayerSpec],
    name: str = "",
    number: int | None = None,
    seed: int | None = None,
    captain: str | int | None = None,
    club: str = "",
) -> Entrant:
    """One team or pair; see :func:`entrants_add` (which this calls with one entry)."""
    entry = {
        "name": name,
        "players": players,
        "number": number,
        "seed": seed,
        "captain": captain,
        "club": club,
    }
    return entrants_add(event=event, kind=kind, entries=[entry])[0]


@transaction.atomic
def entrants_add(*, event: Event, kind: str, entries: Sequence[Mapping[str, Any]]) -> list[Entrant]:
    """Add teams or pairs to ``event``; all of them or, on any error, none.

    Each entry: ``{"name": "红山队", "players": ["张伟", {"name": "王芳", "club": "…"}, …],
    "captain": "张伟" (or the index in players; default the first player of a team),
    "number": 3 (default next free), "seed": 1 (prior ranking, optional),
    "club": "…" (default club for the players named by a plain string)}``.
    A team has 4–6 players, a pair exactly 2 (第二十四条, 第二十八条); no player plays
    for two teams (or two pairs) of one event; no two teams (or named pairs) share a
    name — every page, paper and the bracket tell them apart by it.
    """
    if kind not in Entrant.Kind.values:
        raise EventError(f"未知的参赛类别 {kind!r}", f"unknown entrant kind {kind!r}", code="kind")
    taken_players = set(
        Membership.objects.filter(entrant__event=event, entrant__kind=kind).values_list(
            "player_id", flat=True
        )
    )
    taken_numbers = set(
        Entrant.objects.filter(event=event, kind=kind).values_list("number", flat=True)
    )
    taken_names = set(
        Entrant.objects.filter(event=event, kind=kind)
        .exclude(name="")
        .values_list("name", flat=True)
    )
    next_number = (
        Entrant.objects.filter(event=event, kind=kind).aggregate(n=Max("number"))["n"] or 0
    ) + 1
    created: list[Entrant] = []
    for index, entry in enumerate(entries, start=1):
        name = str(entry.get("name") or "").strip()
        zh, en = _label(index, name)
        specs = list(entry.get("players") or [])
        check_entrant_size(kind, len(specs), f"{zh}：", f"{en}: ")
        if kind == Entrant.Kind.TEAM and not name:
            raise EventError(f"{zh}：队名不能为空", f"{en}: a team needs a name", code="name")
        if name in taken_names:
            raise EventError(
                f"{zh}：本赛事已有名为“{name}”的{in_chinese(Entrant.Kind(kind).label)}",
                f"{en}: this event already has a {kind} named {name!r}",
                code="name_taken",
            )
        number = entry.get("number") or next_number
        if number in taken_numbers:
            raise EventError(
                f"{zh}：编号{number}已被使用", f"{en}: number {number} is taken", code="number"
            )
        club = str(entry.get("club") or "")
        players = [_player(spec, club) for spec in specs]
        if len({p.pk for p in players}) != len(players):
            raise EventError(
                f"{zh}：同一选手列了两次", f"{en}: a player is listed twice", code="duplicate"
            )
        for player in players:
            if player.pk in taken_players:
                raise EventError(
                    f"{zh}：{player.name}已在本赛事另一{in_chinese(Entrant.Kind(kind).label)}中",
                    f"{en}: {player.name} already plays for another {kind} of this event",
                    code="player_taken",
                )
        captain = _captain_index(entry.get("captain"), players, kind, zh, en)
        entrant = Entrant.objects.create(
            event=event, kind=kind, number=number, name=name, seed=entry.get("seed")
        )
        Membership.objects.bulk_create(
            Membership(
                entrant=entrant,
                player=player,
                order=i,
                role=Membership.Role.CAPTAIN if i - 1 == captain else Membership.Role.MEMBER,
            )
            for i, player in enumerate(players, start=1)
        )
        taken_players.update(p.pk for p in players)
        taken_numbers.add(number)
        if name:
            taken_names.add(name)
        next_number = max(next_number, number) + 1
        created.append(entrant)
    return created


def _captain_index(
    given: object, players: Sequence[Player], kind: str, zh: str, en: str
) -> int | None:
    if given is None or given == "":
        return 0 if kind == Entrant.Kind.TEAM else None
    if isinstance(given, int) and not isinstance(given, bool) and 0 <= given < len(players):
        return given
    for i, player in enumerate(players):
        if player.name == given:
            return i
    raise EventError(
        f"{zh}：队长{given}不在名单中",
        f"{en}: the captain {given} is not one of the players",
        code="captain",
    )


_SPLIT_NAME = re.compile(r"\s*[:：]\s*")
_SPLIT_PLAYERS = re.compile(r"[，,、;；/／\s]+")


def entrants_parse(text: str) -> list[dict[str, Any]]:
    """Entries from a pasted list, one team or pair a line, for :func:`entrants_add`.

    ``红山队：张伟*、王芳、李娜、刘洋`` (a ``*`` marks the captain) or, for a pair,
    just ``张伟、王芳``. Blank lines and lines starting with ``#`` are skipped.
    """
    entries: list[dict[str, Any]] = []
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        parts = _SPLIT_NAME.split(line, maxsplit=1)
        name, names = (parts[0], parts[1]) if len(parts) == 2 else ("", parts[0])
        players, captain = [], None
        for raw in _SPLIT_PLAYERS.split(names.strip()):
            if not raw:
                continue
            if raw.endswith("*"):
                raw = raw.rstrip("*")
                captain = raw
            players.append(raw)
        entry: dict[str, Any] = {"name": name.strip(), "players": players}
        if captain:
            entry["captain"] = captain
        entries.append(entry)
    return entries
