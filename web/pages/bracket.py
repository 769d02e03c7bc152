"""A knockout's or a double elimination's page: the bracket as a picture (SVG) and as a
list, each match's score, and the places once the title is decided — as the reader
sees them (``scoring.selectors.bracket_rows``: a match with a board the reader may not
see yet is not decided, nobody moved on from it)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from typing import Any, TypedDict

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from core.formats.bracket import BracketPart, LoserOf, WinnerOf
from core.standings import MatchDecision
from scoring.models import DECISION_CHOICES
from scoring.rows import MatchLine
from scoring.selectors import bracket_matches_seen, bracket_rows
from tournament.models import Match, Stage

from ..bracket_svg import BoxMatch, BoxSlot, Feed, bracket_svg
from ..selectors import EntrantView
from .shared import ScoreCell, StandingRow, score_cells, standings_view

__all__ = ["BracketMatch", "BracketPage", "BracketPlace", "page"]


class BracketMatch(TypedDict):
    """A match of the bracket as the list under the picture shows it."""

    box: BoxMatch
    column: str
    round: int
    status: str
    winner: EntrantView | None
    score: tuple[str, str] | None


class BracketPlace(TypedDict):
    place: str
    entrant: EntrantView | None


class BracketPage(TypedDict):
    svg: SafeString
    matches: list[BracketMatch]
    champion: EntrantView | None
    runner_up: EntrantView | None
    places: list[StandingRow]  # 冠军, 亚军, placing matches, shared places
    is_double: bool
    side_names: dict[str, str]
    scores: dict[int, ScoreCell]


def _source_text(source: Any, stored: str) -> str:
    if isinstance(source, WinnerOf):
        return _("M%(n)d胜者") % {"n": source.match}
    if isinstance(source, LoserOf):
        return _("M%(n)d负者") % {"n": source.match}
    if stored.startswith("group:"):
        _kind, label, place = stored.split(":")
        return _("%(group)s组第%(place)s名") % {"group": label, "place": place}
    return _("%(n)d号种子") % {"n": source.seed}


def _column_titles(kind: str, rounds: Mapping[str, int], reset: bool) -> dict[tuple[str, int], str]:
    titles: dict[tuple[str, int], str] = {}
    depth = rounds.get("winners", 0)
    if kind == Stage.Kind.KNOCKOUT:
        names = {depth: _("决赛"), depth - 1: _("半决赛"), depth - 2: _("四分之一决赛")}
        for r in range(1, depth + 1):
            titles[("winners", r)] = names.get(r) or _("第%(n)d轮") % {"n": r}
        for r in range(1, rounds.get("placing", 0) + 1):
            titles[("placing", r)] = _("名次赛")
        return titles
    for r in range(1, depth + 1):
        titles[("winners", r)] = _("胜区决赛") if r == depth else _("胜区第%(n)d轮") % {"n": r}
    losers = rounds.get("losers", 0)
    for r in range(1, losers + 1):
        titles[("losers", r)] = _("负区决赛") if r == losers else _("负区第%(n)d轮") % {"n": r}
    titles[("final", 1)] = _("决赛")
    if reset:
        titles[("final", 2)] = _("加赛决赛")
    return titles


def page(
    stage: Stage, entrants: Mapping[int, EntrantView], *, director: bool = False
) -> BracketPage:
    """The bracket as a picture (SVG) and as a list, with each match's score; who sits
    where and who won as the reader sees them (one ``bracket_rows`` read)."""
    seen = bracket_rows(stage, official=director)
    state = seen.state
    statuses = {number: m.status for number, m in bracket_matches_seen(seen).items()}
    cells = score_cells(seen.lines.values())
    scores = {n: (s["home"], s["away"]) for n, s in cells.items() if s["boards"] != "0/0"}
    stored = {m.number: m for m in stage.matches.select_related("round")}
    bracket = seen.bracket
    seeds = {seed: entrants.get(pk) for seed, pk in seen.seeds.items()}
    rounds: dict[str, int] = {}
    for m in bracket.matches:
        rounds[m.side.value] = max(rounds.get(m.side.value, 0), m.round)
    titles = _column_titles(stage.kind, rounds, any(m.reset for m in bracket.matches))
    boxes: list[BoxMatch] = []
    listing: list[BracketMatch] = []
    for m in bracket.matches:
        row = stored[m.id]
        occupants = state.occupants.get(m.id, (None, None))
        result = state.results.get(m.id)
        status = statuses[m.id]  # a Match.Status value: its class in the picture
        slots = []
        match_score = scores.get(m.id, ("", ""))
        for source, seed, text, points in zip(
            m.sources, occupants, (row.home_source, row.away_source), match_score, strict=True
        ):
            entrant = seeds.get(seed) if seed is not None else None
            if entrant is not None:
                shown = f"{seed} {entrant.label}"
                slot_state = ""
                if result is not None and result.winner == seed:
                    slot_state = "winner"
                elif result is not None:
                    slot_state = "loser out" if state.eliminated.get(seed) == m.id else "loser"
                slots.append(BoxSlot(text=shown, state=slot_state, title=shown, score=points))
            elif status == Match.Status.NOT_NEEDED:
                slots.append(BoxSlot(text="—", state="open"))
            else:
                slots.append(BoxSlot(text=_source_text(source, text), state="open"))
        feeds = tuple(
            Feed(
                source=s.match,
                kind="winner" if isinstance(s, WinnerOf) else "loser",
                slot=i,
            )
            for i, s in enumerate(m.sources)
            if isinstance(s, WinnerOf | LoserOf)
        )
        box = BoxMatch(
            id=m.id,
            side=m.side.value,
            round=m.round,
            label=f"M{m.id}",
            slots=(slots[0], slots[1]),
            feeds=feeds,
            status=status,
        )
        boxes.append(box)
        listing.append(
            BracketMatch(
                box=box,
                column=titles.get((m.side.value, m.round), ""),
                round=row.round.number,
                status=_status_text(status, seen.lines.get(m.id)),
                winner=seeds.get(result.winner) if result is not None else None,
                score=match_score if any(match_score) else None,
            )
        )
    champion = seeds.get(state.champion) if state.champion is not None else None
    runner_up = seeds.get(state.runner_up) if state.runner_up is not None else None
    title = _("%(stage)s对阵图") % {"stage": stage.name}
    return BracketPage(
        # built from escaped text by bracket_svg
        svg=mark_safe(bracket_svg(boxes, title=title, column_titles=titles)),  # noqa: S308
        matches=listing,
        champion=champion,
        runner_up=runner_up,
        # 冠军, 亚军, placing matches, shared places — once the title is decided
        places=standings_view(stage, entrants, director=director),
        is_double=stage.kind == Stage.Kind.DOUBLE_ELIMINATION,
        side_names={BracketPart.WINNERS.value: _("胜区"), BracketPart.LOSERS.value: _("负区")},
        scores=cells,
    )


def _status_text(status: str, line: MatchLine | None) -> str:
    """A match's state in the list: a level one to be played off says so (第二十七条),
    as its page, the results and the bracket paper do, rather than 可进行."""
    if line is not None and line.decision == MatchDecision.TIEBREAK.value:
        return str(dict(DECISION_CHOICES)[line.decision])
    return str(Match.Status(status).label)


def _bracket_places(bracket: Any, state: Any, seeds: Mapping[int, Any]) -> list[dict[str, Any]]:
    """The final places once the champion is known: 1 and 2 from the final, then the
    teams out in the same round of the same bracket share a place, later rounds first
    (a knockout's two semi-final losers are 3=)."""
    where = {m.id: (m.side.value, m.round) for m in bracket.matches}
    places = [{"place": "1", "entrant": seeds.get(state.champion)}]
    if state.runner_up is not None:
        places.append({"place": "2", "entrant": seeds.get(state.runner_up)})
    out: dict[tuple[str, int], list[tuple[int, int]]] = defaultdict(list)
    for seed, match_id in state.eliminated.items():
        if seed not in (state.champion, state.runner_up):
            out[where[match_id]].append((match_id, seed))
    place = len(places) + 1
    for group in sorted(out.values(), key=lambda g: -max(match_id for match_id, _s in g)):
        mark = "=" if len(group) > 1 else ""
        for _match_id, seed in sorted(group, key=lambda item: item[1]):
            places.append({"place": f"{place}{mark}", "entrant": seeds.get(seed)})
        place += len(group)
    return places
