"""Rankings of the team formats beyond a round-robin table, and the Swiss's next round.

* A round-robin final after groups with carry-over (带分, 第二十六条之3): two finalists
  from the same group do not meet again, their group match counts in the final
  (:func:`carried_matches`, read by ``teams.team_standings_rescore``); a rescore of
  the groups ranks such a final again at once (:func:`carriers_rescore`).
* Knockout and double elimination: places from the bracket (冠军, 亚军, the placing
  matches, and the shared places of teams out in the same round), written as
  ``Standing`` rows (:func:`bracket_standings_rescore`).
* Swiss teams (瑞士移位): the ranking with its tie-breaks (:func:`swiss_standings_rescore`)
  and the pairing of the next round once the last one is complete
  (:func:`swiss_round_next`).

Kept apart from ``teams`` (which scores matches) so each stays small.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Mapping
from typing import TYPE_CHECKING, Any

from django.db import transaction
from django.db.models import Sum

from core.formats import FormatError
from core.formats.bracket import bracket_places
from core.formats.swiss import SwissPair, SwissRound, SwissTeam, pair_round
from core.standings import ScoredMatch, SwissRow, swiss_standings
from tournament.errors import EventError
from tournament.models import Entrant, Match, Round, Stage
from tournament.selectors import stage_bracket, stage_bracket_state, stage_seeds
from tournament.services import swiss_round_create

from ..cache import standings_changed
from ..models import BoardScore, MatchScore, Standing, Withdrawal
from ._rows import decimal, sync_rows
from .teams import _pure, seen_pure, team_standings_rescore

if TYPE_CHECKING:  # the selectors read these services: no import at run time
    from ..selectors import SeenMatch

__all__ = [
    "bracket_standings_rescore",
    "carried_matches",
    "carriers_rescore",
    "swiss_ranking",
    "swiss_round_next",
    "swiss_standings_rescore",
]


def carried_matches(stage: Stage) -> list[ScoredMatch[int]]:
    """The group matches a round-robin final carries over (带分): those between two of
    its finalists who came from the same group. Empty without carry-over."""
    source = stage.source
    if (
        stage.kind != Stage.Kind.ROUND_ROBIN
        or source is None
        or source.kind != Stage.Kind.GROUP_ROUND_ROBIN
        or not stage.options.carry_over
    ):
        return []
    finalists = set(stage.entries.values_list("entrant_id", flat=True))
    rows = MatchScore.objects.filter(
        stage=source, needs_review=False, home_id__in=finalists, away_id__in=finalists
    )
    return [_pure(row) for row in rows]


def carriers_rescore(stage: Stage) -> int:
    """Rank again every round-robin final that carries ``stage``'s group matches (带分,
    第二十六条之3), under its own lock, and start a new version of each when this
    commits: a correction in the groups shows in the final at once, not when a cached
    copy expires. Called by each rescore of ``stage``; returns rows written."""
    if stage.kind != Stage.Kind.GROUP_ROUND_ROBIN:
        return 0
    finals = Stage.objects.select_for_update(no_key=True).filter(
        source=stage, kind=Stage.Kind.ROUND_ROBIN
    )
    written = 0
    for final in finals.order_by("pk"):
        if final.options.carry_over:
            standings_changed([final.pk])
            written += team_standings_rescore(final)
    return written


# --- brackets ---------------------------------------------------------------------------


def bracket_standings_rescore(stage: Stage) -> int:
    """A knockout's or double elimination's places as ``Standing`` rows (第二十七条):
    only the teams whose place is settled. Returns rows written."""
    if not stage.is_bracket:
        return 0
    seeds = stage_seeds(stage)
    wanted: dict[int, dict[str, Any]] = {}
    for seed, (place, shared) in bracket_places(
        stage_bracket(stage), stage_bracket_state(stage)
    ).items():
        entrant = seeds.get(seed)
        if entrant is None:
            continue
        wanted[entrant.pk] = {
            "stage_id": stage.pk,
            "group_label": "",
            "direction": "",
            "place": place,
            "shared": shared,
        }
    return sync_rows(Standing, Standing.objects.filter(stage=stage), wanted, ("entrant_id",))


# --- Swiss teams ------------------------------------------------------------------------


def _withdrawn(stage: Stage) -> dict[int, Withdrawal]:
    """The stage's teams withdrawn (退赛, 第三十条; not taken back), by entrant."""
    return {w.entrant_id: w for w in Withdrawal.objects.standing_in(stage)}


def _byes(stage: Stage) -> dict[int, int]:
    """Byes so far: a team of the field with no match in a round that has been paired —
    not a withdrawn team in a round paired after it withdrew (it is out, 第三十条)."""
    field = list(stage.entries.values_list("entrant_id", flat=True))
    withdrawn = _withdrawn(stage)
    playing: dict[int, set[int]] = defaultdict(set)
    for round_id, home, away in stage.matches.values_list("round_id", "home_id", "away_id"):
        playing[round_id] |= {home, away}
    counts: dict[int, int] = defaultdict(int)
    for round_id in stage.rounds.values_list("pk", flat=True):
        for team in field:
            out = team in withdrawn and withdrawn[team].unpaired_in(round_id)
            if team not in playing[round_id] and not out:
                counts[team] += 1
    return dict(counts)


def _net_levels(stage: Stage, hidden: Collection[int] = ()) -> dict[int, int]:
    """Net jump levels (净跳级数): on every board decided by jump levels (第二十四条's
    step 1) the board points are the difference of the two teams' levels. Boards of a
    ``hidden`` match (one a player may not count yet) are left out."""
    net: dict[int, int] = defaultdict(int)
    rows = (
        BoardScore.objects.filter(match__stage=stage, step=1)
        .exclude(match_id__in=hidden)
        .values("match__home_id", "match__away_id")
        .annotate(home=Sum("home_points"), away=Sum("away_points"))
    )
    for row in rows:
        net[row["match__home_id"]] += row["home"] - row["away"]
        net[row["match__away_id"]] += row["away"] - row["home"]
    return dict(net)


def swiss_ranking(
    stage: Stage, seen: Mapping[int, SeenMatch] | None = None
) -> tuple[SwissRow[int], ...]:
    """The Swiss ranking from the stored match scores, by entrant id; with ``seen``, as
    a player reads it (``teams.seen_pure``): a match with a hidden board is not decided
    and its boards give no net jump levels yet."""
    seeded = list(stage.entries.order_by("seed").values_list("entrant_id", flat=True))
    matches = [
        seen_pure(row, seen)
        for row in MatchScore.objects.filter(stage=stage, needs_review=False)
        if row.home_id in seeded and row.away_id in seeded
    ]
    hidden = [match_id for match_id, shown in (seen or {}).items() if shown.hidden]
    return swiss_standings(
        seeded, matches, byes=_byes(stage), net_levels=_net_levels(stage, hidden)
    )


def swiss_table_rows(
    stage: Stage, seen: Mapping[int, SeenMatch] | None = None
) -> dict[int, dict[str, Any]]:
    """The Swiss table's ``Standing`` fields by entrant (what
    :func:`swiss_standings_rescore` stores); with ``seen``, as a player reads it."""
    return {
        r.entrant: {
            "stage_id": stage.pk,
            "group_label": "",
            "direction": "",
            "place": r.place,
            "shared": r.shared,
            "played": r.played,
            "won": r.won,
            "drawn": r.drawn,
            "lost": r.lost,
            "byes": r.byes,
            "match_points": r.match_points,
            "opponents_points": r.opponents_points,
            "net_levels": r.net_levels,
            "score_for": decimal(r.score_for),
            "score_against": decimal(r.score_against),
            "adjustment": decimal(r.adjustment),
        }
        for r in swiss_ranking(stage, seen)
    }


def swiss_standings_rescore(stage: Stage) -> int:
    """The Swiss ranking as ``Standing`` rows. Returns rows written."""
    if stage.kind != Stage.Kind.SWISS:
        return 0
    wanted = swiss_table_rows(stage)
    return sync_rows(Standing, Standing.objects.filter(stage=stage), wanted, ("entrant_id",))


@transaction.atomic
def swiss_round_next(*, stage: Stage) -> Round:
    """Pair the next round of a Swiss from the ranking, once every match of the last
    round is decided, and deal its boards. Only the teams still in are paired: a team
    that withdrew (第三十条) keeps its place in the ranking with what it scored, and an
    odd field of those left gives the bye as any odd field does. Refused (bilingual)
    before then, after the last round, or when no pairing without a rematch exists."""
    from boards.services import boards_generate

    stage = Stage.objects.select_for_update().get(pk=stage.pk)
    if stage.kind != Stage.Kind.SWISS:
        raise EventError(
            "只有瑞士移位赛按轮编排", "only a Swiss stage is paired round by round", code="kind"
        )
    last = stage.rounds.order_by("-number").first()
    number = (last.number if last else 0) + 1
    if number > stage.options.rounds:
        raise EventError(
            f"全部{stage.options.rounds}轮已编排完毕",
            f"all {stage.options.rounds} rounds have been paired",
            code="round",
        )
    if last is not None:
        open_matches = last.matches.exclude(status=Match.Status.FINISHED).count()
        if open_matches:
            raise EventError(
                f"第{last.number}轮还有{open_matches}场比赛未结束，不能编排下一轮",
                f"round {last.number} has {open_matches} matches still to finish; "
                "the next round cannot be paired yet",
                code="round_open",
            )
    ranking = swiss_ranking(stage)
    met: dict[int, set[int]] = defaultdict(set)
    for home, away in stage.matches.values_list("home_id", "away_id"):
        met[home].add(away)
        met[away].add(home)
    byes = _byes(stage)
    withdrawn = _withdrawn(stage)
    field = [
        SwissTeam(r.entrant, r.match_points, frozenset(met[r.entrant]), byes.get(r.entrant, 0) > 0)
        for r in ranking
        if r.entrant not in withdrawn
    ]
    try:
        pairing = pair_round(field, number)
    except FormatError as error:
        raise EventError.from_format(error) from error
    teams = Entrant.objects.in_bulk([r.entrant for r in ranking])
    round_ = swiss_round_create(
        stage=stage,
        pairing=SwissRound(
            number,
            tuple(SwissPair(teams[p.home], teams[p.away], float=p.float) for p in pairing.pairs),
            teams[pairing.bye] if pairing.bye is not None else None,
        ),
        withdrawn=[teams[pk] for pk in withdrawn],
    )
    boards_generate(stage=stage)
    swiss_standings_rescore(stage)
    standings_changed([stage.pk])  # the new round's pairings show on the stage page
    return round_
