"""Match scores, standings and placings for every format (第二十四至二十九条).

What the articles decide once the boards are compared:

* A team match (第二十四条): the match score is the sum of board points less
  penalties; more wins. A match forfeited (第三十条) is 0 for the offender and a win
  for the opponent.
* A round robin (第二十五条): match points (场分) win 2, draw 1, loss 0; ranked by
  match points; two teams level: the winner of their match first; still level: a
  shared place; three or more level: a play-off (决赛轮) of extra boards — flagged here
  — or an order the director gives with a recorded reason. While matches remain the
  table is a running one: two level teams that have not met yet are said to be so,
  and a play-off is flagged only once the level teams have played all their matches.
* Groups (第二十六条): a round robin per group; the top N of each go on.
* Knockout and double elimination (第二十七条): the match score decides; a match level
  after its boards needs extra boards (加赛), and the tie-break boards decide.
* A Mitchell (第二十八条): matchpoints per board within a direction; totals and
  percentages per direction; an N–S champion and an E–W champion.
* The pairs final (第二十九条): 2 比赛分 per board to the better result in the same
  direction; N–S 1st against E–W 1st for champion and runner-up, the two 2nds for
  third and fourth, 5th–8th the same way.

Entrants are any hashable keys (database ids, names in tests). Every computation
takes ``adjustments`` (``core.adjustments``), the one way a ruling reaches a score.
Scores are exact ``Fraction``s; rounding is for printing and storing.

Pure Python, no Django.

One module per format; this package exports what each offers.
"""

from __future__ import annotations

from .groups import GroupTable, Qualifiers, group_qualifiers, group_tables
from .match import (
    BoardState,
    MatchBoard,
    MatchDecision,
    Played,
    ScoredBoard,
    ScoredMatch,
    score_team_match,
)
from .pairs import (
    LineKind,
    MitchellStandings,
    PairRow,
    PairTotal,
    ScoredTraveller,
    TravellerEntry,
    TravellerLine,
    mitchell_standings,
    pair_totals,
    rank_pairs,
    rank_sections,
    score_traveller,
    share,
)
from .pairs_final import ContestSeats, FinalPlace, final_places, score_final_contest
from .round_robin import (
    CrossCell,
    CrossTable,
    DirectorOrder,
    StandingRow,
    Tie,
    cross_table,
    round_robin_standings,
)
from .swiss import SwissRow, swiss_standings

__all__ = [
    "BoardState",
    "ContestSeats",
    "CrossCell",
    "CrossTable",
    "MatchDecision",
    "DirectorOrder",
    "FinalPlace",
    "GroupTable",
    "LineKind",
    "MatchBoard",
    "ScoredMatch",
    "MitchellStandings",
    "PairRow",
    "PairTotal",
    "Played",
    "Qualifiers",
    "ScoredBoard",
    "ScoredTraveller",
    "StandingRow",
    "SwissRow",
    "Tie",
    "TravellerEntry",
    "TravellerLine",
    "cross_table",
    "final_places",
    "group_qualifiers",
    "group_tables",
    "mitchell_standings",
    "pair_totals",
    "rank_pairs",
    "rank_sections",
    "share",
    "round_robin_standings",
    "score_final_contest",
    "score_team_match",
    "score_traveller",
    "swiss_standings",
]
