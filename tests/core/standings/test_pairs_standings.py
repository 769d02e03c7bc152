"""Pairs standings, pure: a Mitchell's travellers and rankings (第二十八条), rulings on a
traveller (第三十、三十三条), and the pairs final's places (第二十九条)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from core.adjustments import Adjustment, AdjustmentKind
from core.engine import Side
from core.matchpoints import Artificial, ArtificialScore
from core.standings import (
    ContestSeats,
    LineKind,
    MatchBoard,
    MatchDecision,
    PairTotal,
    Played,
    ScoredTraveller,
    TravellerEntry,
    final_places,
    mitchell_standings,
    rank_pairs,
    score_final_contest,
    score_traveller,
    share,
)
from core.standings.pairs import share_keys
from tests.core._records import play

ARTICLE_28_POINTS = [35, 5, 75, 20, 60, 45, 10, 70, 25]


def traveller(points: list[int | None], **kwargs: Any) -> ScoredTraveller[str]:
    """Board 1 at tables 1…n: N–S pair ``n{t}`` against E–W pair ``e{t}``."""
    entries = [
        TravellerEntry(t, f"n{t}", f"e{t}", play(p) if p is not None else None)
        for t, p in enumerate(points, start=1)
    ]
    return score_traveller(1, entries, **kwargs)


def test_the_article_28_example_on_a_traveller() -> None:
    """第二十八条之7: 一副牌共打9轮，由南主打，各桌都打成，东西拣分5—75: 顶分16; the
    E–W pair that collected most gets 16 and its N–S opponents 0."""
    scored = traveller(ARTICLE_28_POINTS)
    assert (scored.top, scored.expected, scored.ranked, scored.neuberg) == (16, 9, 9, False)
    ew = {line.ew: line.ew_score for line in scored.lines}
    ns = {line.ns: line.ns_score for line in scored.lines}
    assert ew["e3"] == 16 and ns["n3"] == 0  # 75 collected
    assert ew["e2"] == 0 and ns["n2"] == 16  # 5 collected
    by_points = sorted(range(9), key=lambda i: ARTICLE_28_POINTS[i])
    assert [ew[f"e{i + 1}"] for i in by_points] == [0, 2, 4, 6, 8, 10, 12, 14, 16]
    assert all(line.ns_score + line.ew_score == 16 for line in scored.lines)


def test_a_board_played_fewer_times_is_scaled_with_neuberg() -> None:
    """第二十八条 (competition.md): a board played 8 times of 9 — its results are ranked
    among the 8 (top 14) and scaled: s' = (s + 1)·9/8 − 1. The best of 8, 14, becomes
    15·9/8 − 1 = 127/8 = 15.875; the worst, 0, becomes 1/8. The table that could not
    play gets artificial scores of the full top 16 (average-plus 9.6, average-minus 6.4)
    outside the formula."""
    entries = [
        TravellerEntry(t, f"n{t}", f"e{t}", play(p))
        for t, p in enumerate(ARTICLE_28_POINTS[:8], start=1)
    ]
    entries.append(
        TravellerEntry(
            9, "n9", "e9", ArtificialScore(Artificial.AVERAGE_MINUS, Artificial.AVERAGE_PLUS)
        )
    )
    scored = score_traveller(1, entries, expected=9)
    assert scored.top == 16 and scored.ranked == 8 and scored.neuberg
    ew = {line.ew: line.ew_score for line in scored.lines}
    assert ew["e3"] == Fraction(127, 8)  # 75, the most collected
    assert ew["e2"] == Fraction(1, 8)  # 5, the fewest
    assert scored.lines[-1].kind is LineKind.ARTIFICIAL
    assert (scored.lines[-1].ns_score, scored.lines[-1].ew_score) == (
        Fraction(32, 5),
        Fraction(48, 5),
    )


def test_lines_not_played_yet_score_nothing_and_the_others_are_scaled() -> None:
    """While a session runs, a board's results so far are scaled to its full top."""
    scored = traveller([40, 60, None], expected=3)
    assert scored.top == 4 and scored.ranked == 2
    assert scored.lines[2].kind is LineKind.WAITING and scored.lines[2].ns_score is None
    assert scored.lines[0].ns_score == Fraction(7, 2)  # beat one of two: (2 + 1)·3/2 − 1


def test_a_skip_mitchells_top_follows_the_plays() -> None:
    """第二十八条之5: with T even (e.g. 10 tables) the session has T − 1 rounds, so each
    board is played T − 1 = 9 times: top 16, not 18."""
    scored = traveller([40, 45, 50, 55, 60, 65, 70, 75, 30])
    assert scored.top == 16


def test_a_ruling_scores_a_result_as_broken_or_not_at_all() -> None:
    """第三十三条 on a traveller: scored as broken the declarers' result drops below every
    make; not scored, it leaves the ranking (the rest Neuberg-scaled) and the table
    gets average (50 %) unless the ruling names artificial scores."""
    broken = Adjustment.override(AdjustmentKind.SCORE_BROKEN, board=1, table=1, target="n1")
    scored = traveller([5, 40, 60], adjustments=[broken])
    assert scored.lines[0].ns_score == 0 and scored.lines[0].adjustments == (broken,)
    assert scored.lines[0].play is not None and not scored.lines[0].play.made

    void = Adjustment.override(AdjustmentKind.NOT_SCORED, board=1, table=1)
    scored = traveller([5, 40, 60], adjustments=[void])
    assert scored.lines[0].kind is LineKind.NOT_SCORED
    assert (scored.lines[0].ns_score, scored.lines[0].ew_score) == (2, 2)
    assert scored.ranked == 2 and scored.neuberg

    cancelled = Adjustment.override(
        AdjustmentKind.NOT_SCORED,
        board=1,
        table=1,
        artificial=ArtificialScore(Artificial.AVERAGE_MINUS, Artificial.AVERAGE_PLUS),
    )
    scored = traveller([5, 40, 60], adjustments=[cancelled])
    assert (scored.lines[0].ns_score, scored.lines[0].ew_score) == (Fraction(8, 5), Fraction(12, 5))


def test_a_forfeited_table_is_zero_for_the_offender() -> None:
    """第三十条: 本轮比赛记零分，对方获胜 — the late pair 0, its opponents average-plus."""
    forfeit = Adjustment.forfeit("e1", table=1, source="ruling:9")
    scored = traveller([None, 40, 60], adjustments=[forfeit])
    line = scored.lines[0]
    assert line.kind is LineKind.FORFEIT
    assert (line.ns_score, line.ew_score) == (Fraction(12, 5), 0)


def test_rankings_per_direction_with_totals_percentages_and_two_champions() -> None:
    """第二十八条之7: 按累计分多少排列名次 … 东西组和南北组各产生一名冠军."""
    boards = [
        score_traveller(
            b,
            [
                TravellerEntry(t, f"n{t}", f"e{(t + b) % 3 + 1}", play(p))
                for t, p in enumerate(points, start=1)
            ],
        )
        for b, points in enumerate(([20, 40, 60], [60, 40, 20], [30, 50, 90]), start=1)
    ]
    directions = {f"n{t}": Side.NS for t in (1, 2, 3)} | {f"e{t}": Side.EW for t in (1, 2, 3)}
    standings = mitchell_standings(boards, directions=directions)
    ns = {r.entrant: r for r in standings.ns}
    assert (ns["n1"].total, ns["n2"].total, ns["n3"].total) == (8, 6, 4)
    assert ns["n1"].top == 12 and ns["n1"].percentage == Fraction(200, 3)
    assert standings.champions(Side.NS) == ("n1",)
    assert [r.place for r in standings.ns] == [1, 2, 3]
    assert sum(r.total for r in standings.ns + standings.ew) == 3 * 3 * 4


def test_level_pairs_share_a_place_and_a_penalty_comes_off_the_total() -> None:
    """Level totals share the place; a penalty in matchpoints (第五章: 比赛分) comes off."""
    scored = traveller([40, 40, 60])
    directions = {f"n{t}": Side.NS for t in (1, 2, 3)} | {f"e{t}": Side.EW for t in (1, 2, 3)}
    standings = mitchell_standings([scored], directions=directions)
    assert [(r.entrant, r.place, r.shared) for r in standings.ns] == [
        ("n1", 1, True),
        ("n2", 1, True),
        ("n3", 3, False),
    ]
    assert standings.champions(Side.NS) == ("n1", "n2")
    penalty = Adjustment.penalty("n1", source="ruling:4")
    standings = mitchell_standings([scored], directions=directions, adjustments=[penalty])
    assert standings.ranking(Side.NS) == ("n2", "n1", "n3")
    n1 = standings.ns[1]
    assert (n1.matchpoints, n1.adjustment, n1.total) == (3, Fraction(-1, 2), Fraction(5, 2))


def final_board(number: int, open_points: int, closed_points: int) -> MatchBoard:
    return MatchBoard(
        number, Played("open", play(open_points)), Played("closed", play(closed_points))
    )


def test_the_pairs_final_decides_four_places() -> None:
    """第二十九条之3: 一副牌同方向得分或跳级多者为胜，得比赛分2分 … 南北方向预赛中的两
    第一名胜为冠军，负者为亚军，东西方向预赛中的两个第二名胜者为第三名，负者为第四名.

    South declares at both tables: the N–S contest (NS1 in the open room against EW1 in
    the closed room) goes to the declarers who conceded fewer; the E–W contest (NS2
    against EW2) to the defenders who collected more."""
    boards = [final_board(1, 30, 50), final_board(2, 60, 40), final_board(3, 20, 70)]
    top = score_final_contest(boards, open_pair="NS1", closed_pair="EW1", seats=Side.NS)
    second = score_final_contest(boards, open_pair="NS2", closed_pair="EW2", seats=Side.EW)
    assert top.board_points == {"NS1": 4, "EW1": 2} and top.winner == "NS1"
    assert second.board_points == {"NS2": 2, "EW2": 4} and second.winner == "EW2"
    places = final_places(
        [(ContestSeats(Side.NS, (1, 2)), top), (ContestSeats(Side.EW, (3, 4)), second)]
    )
    assert [(p.place, p.entrant) for p in places] == [
        (1, "NS1"),
        (2, "EW1"),
        (3, "EW2"),
        (4, "NS2"),
    ]
    assert all(p.decided for p in places)


def test_a_level_final_contest_is_not_decided() -> None:
    """第二十九条: the article does not say what a level contest does; it is flagged, like
    a level knockout match, for extra boards or the director."""
    boards = [final_board(1, 30, 30)]
    score = score_final_contest(boards, open_pair="NS3", closed_pair="EW3", seats=Side.NS)
    assert score.decision is MatchDecision.TIEBREAK
    places = final_places([(ContestSeats(Side.NS, (5, 6)), score)])
    assert [(p.place, p.decided) for p in places] == [(5, False), (5, False)]


def test_pairs_rank_by_the_percentage_of_the_boards_they_played() -> None:
    """An odd field (issue 15): a N–S pair that sat out a round played fewer boards; it
    ranks by its share of the tops it could have scored, not by its total (第二十八条之7's
    matchpoints, put on one scale). 30 of 40 (75%) beats 32 of 48 (66.7%)."""
    from core.standings import PairTotal, rank_pairs

    standings = rank_pairs(
        {
            "sat_out": PairTotal(Fraction(30), 40, 10),
            "played_all": PairTotal(Fraction(32), 48, 12),
            "level": PairTotal(Fraction(24), 32, 8),  # 75% too: shares the place
        },
        directions={"sat_out": Side.NS, "played_all": Side.NS, "level": Side.NS},
    )
    places = {r.entrant: (r.place, r.shared) for r in standings.ns}
    assert places == {"sat_out": (1, True), "level": (1, True), "played_all": (3, False)}


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.fractions(min_value=-50, max_value=5000, max_denominator=48),
            st.sampled_from([0, 0, 4, 12, 24, 600, 612, 1200]),
        ),
        max_size=40,
    )
)
def test_share_keys_order_and_tie_as_the_shares_do(lines: list[tuple[Fraction, int]]) -> None:
    """Pairs are ranked by their share of the tops (第二十八条之7, a sit-out's boards not
    counted); ``rank_pairs`` sorts and compares whole-number keys instead of the
    ``Fraction`` shares. Any two pairs — totals with penalties of any fraction, tops
    that differ, no top yet — stand in the same order and tie exactly when their shares
    do, so the places cannot move."""
    keys = share_keys(lines)
    shares = [share(total, top) for total, top in lines]
    for i, a in enumerate(shares):
        for j, b in enumerate(shares):
            assert (keys[i] < keys[j]) == (a < b)
            assert (keys[i] == keys[j]) == (a == b)


def test_a_penalised_pair_shares_a_place_only_with_an_equal_share() -> None:
    """A penalty of a third of a matchpoint (第五章) puts a pair between two others,
    exactly: not level with either, whatever the rounding of a key would say."""
    totals = {
        "n1": PairTotal(Fraction(3001, 100), 48, 4),
        "n2": PairTotal(Fraction(30), 48, 4),
        "n3": PairTotal(Fraction(2999, 100), 48, 4),
        "n4": PairTotal(Fraction(3034, 100), 48, 4),
    }
    penalty = Adjustment.penalty("n4", amount=Fraction(1, 3), source="ruling:9")
    ranked = rank_pairs(totals, directions={p: Side.NS for p in totals}, adjustments=[penalty]).ns
    assert [(r.entrant, r.place, r.shared) for r in ranked] == [
        ("n1", 1, False),  # 30.01
        ("n4", 2, False),  # 30.34 − 1/3 = 30.0066…
        ("n2", 3, False),  # 30
        ("n3", 4, False),
    ]
    assert ranked[1].total == Fraction(3034, 100) - Fraction(1, 3)
