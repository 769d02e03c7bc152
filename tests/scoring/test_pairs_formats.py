"""The pairs formats of issue 15 end to end through the services: create, play, rank.

* a Mitchell with an odd number of pairs (one N–S pair sits out each round, 轮空):
  ranked by the percentage of the boards each pair played, sit-out boards neither
  counting nor earning averages (第二十八条之7 ranks by 比赛分; the share of the tops
  puts pairs who played different numbers of boards on one scale);
* a shortened Mitchell in sections, matchpointed over the field or per section;
* the Howell for a small field, one ranking;
* a pairs event over two sessions: cumulative ranking, a pair held at N–S, reseeding.
"""

from __future__ import annotations

from collections import Counter
from decimal import Decimal
from fractions import Fraction

import pytest

from boards.models import Board
from scoring.models import Standing, TravellerScore
from scoring.services import pairs_session_create
from scoring.sessions import cumulative_ranking, overall_ranking
from tournament.models import SetPlay, Stage, StageEntry, Table

pytestmark = pytest.mark.django_db

POINTS = [35, 5, 75, 20, 60, 45, 10, 70, 25, 50, 15, 65]


def play_all(play, stage: Stage) -> int:
    """Every scheduled play of every board, by the director; points vary by table and
    board so that the travellers rank."""
    boards = {b.board_set_id: [] for b in Board.objects.filter(stage=stage)}
    for b in Board.objects.filter(stage=stage).order_by("number"):
        boards[b.board_set_id].append(b)
    count = 0
    for sp in SetPlay.objects.filter(board_set__stage=stage).select_related("table"):
        for b in boards[sp.board_set_id]:
            play.by_director(b, sp.table, POINTS[(sp.table.number * 5 + b.number * 7) % 12])
            count += 1
    return count


def standings(stage: Stage) -> dict[int, Standing]:
    return {s.entrant_id: s for s in Standing.objects.filter(stage=stage)}


def check_places_follow_percentage(rows) -> None:
    rows = sorted(rows, key=lambda s: s.place)
    shares = [Decimal(s.total) / s.top for s in rows]
    assert shares == sorted(shares, reverse=True)


def test_an_odd_mitchell_sits_one_pair_out_a_round_and_ranks_by_percentage(
    play, make_pairs, make_stage
):
    stage = make_stage(Stage.Kind.MITCHELL, make_pairs(9), boards_per_round=2)
    # 9 pairs: 5 tables, the fifth E–W seat empty; 5 rounds of 4 tables.
    assert stage.rounds.count() == 5
    assert all(r.tables.count() == 4 for r in stage.rounds.all())
    ns = stage.entries.filter(direction="NS")
    assert ns.count() == 5 and stage.entries.filter(direction="EW").count() == 4
    assert play_all(play, stage) == 5 * 4 * 2
    # Every board played 4 times: top 2(4 − 1) = 6 on every line, no line for a pair
    # that sat out (no average for the sit-out either).
    assert set(TravellerScore.objects.filter(stage=stage).values_list("top", flat=True)) == {6}
    per_board = Counter(TravellerScore.objects.filter(stage=stage).values_list("board", flat=True))
    assert set(per_board.values()) == {4}
    rows = standings(stage)
    for entry in ns:
        row = rows[entry.entrant_id]
        assert row.boards == 8 and row.top == 8 * 6  # 4 rounds of 5, 2 boards each
    for entry in stage.entries.filter(direction="EW"):
        assert rows[entry.entrant_id].boards == 10  # E–W never sit out
    for direction in ("NS", "EW"):
        group = [r for r in rows.values() if r.direction == direction]
        check_places_follow_percentage(group)


def test_a_pair_that_sat_out_outranks_a_higher_total_on_percentage(play, make_pairs, make_stage):
    """Seven pairs: four tables, three rounds (a skip Mitchell), N–S pairs playing
    different numbers of boards; the order is the percentage's, not the total's."""
    stage = make_stage(Stage.Kind.MITCHELL, make_pairs(7), boards_per_round=1)
    play_all(play, stage)
    ns = [s for s in standings(stage).values() if s.direction == "NS"]
    assert len({s.boards for s in ns}) == 2  # one N–S pair never meets the phantom
    check_places_follow_percentage(ns)


def test_a_phantom_mitchell_of_even_tables_neuberg_scales_its_short_boards(
    play, make_pairs, make_stage
):
    """Seven pairs: four tables, the fourth E–W pair a phantom, three rounds (a skip
    Mitchell). The phantom's table plays nothing, so three boards are played twice and
    one three times. competition.md (第二十八条): a board played fewer times than the
    rest is Neuberg-scaled — every board's top is 2(3 − 1) = 4, and a short board's
    two results, 2 and 0 on its own top of 2, become (s + 1)·3/2 − 1 = 3.5 and 0.5."""
    stage = make_stage(Stage.Kind.MITCHELL, make_pairs(7), boards_per_round=1)
    play_all(play, stage)  # distinct points at every table: no ties
    lines = TravellerScore.objects.filter(stage=stage)
    plays = Counter(lines.values_list("board_id", flat=True))
    assert sorted(plays.values()) == [2, 2, 2, 3]
    assert set(lines.values_list("top", flat=True)) == {4}

    def neuberg(score: int, n: int, full: int) -> Fraction:
        return (score + 1) * Fraction(full, n) - 1

    for board_id, n in plays.items():
        on_board = list(lines.filter(board_id=board_id))
        raw = [2 * beaten for beaten in range(n)]  # 0, 2, 4 … on the board's own top
        assert sorted(Fraction(line.ns_score) for line in on_board) == [
            neuberg(s, n, 3) for s in raw
        ]
        assert {line.ns_score + line.ew_score for line in on_board} == {4}
    check_places_follow_percentage([s for s in standings(stage).values() if s.direction == "NS"])


@pytest.mark.parametrize("scope", ["field", "section"])
def test_a_shortened_mitchell_in_two_sections(play, make_pairs, make_stage, scope):
    stage = make_stage(
        Stage.Kind.MITCHELL,
        make_pairs(19),
        boards_per_round=1,
        sections=2,
        rounds=3,
        matchpoints=scope,
    )
    assert stage.rounds.count() == 3  # of the 5 of the full movement
    labels = Counter(stage.entries.values_list("group_label", flat=True))
    assert labels == {"A": 10, "B": 9}
    # Section B's tables 6–10 play the sets that section A's 1–5 play, round by round.
    for r in stage.rounds.all():
        sets = {t.number: t.set_plays.get().board_set.number for t in r.tables.all()}
        for number, board_set in sets.items():
            if number > 5 and number - 5 in sets:
                assert sets[number - 5] == board_set
    # nobody meets twice, nobody plays a set twice
    met = Counter(frozenset((t.ns_id, t.ew_id)) for t in Table.objects.filter(round__stage=stage))
    assert set(met.values()) == {1}
    play_all(play, stage)
    lines = TravellerScore.objects.filter(stage=stage)
    section = dict(stage.entries.values_list("entrant_id", "group_label"))
    # A board played fewer times than the rest is Neuberg-scaled (competition.md,
    # 第二十八条): one top for every board, 2(N − 1) for the most plays N of any board
    # — over the field, or in each section.
    plays: dict[tuple[int, str], int] = Counter()
    tops: dict[str, set[int]] = {}
    for line in lines:
        label = "" if scope == "field" else section[line.ns_id]
        plays[line.board_id, label] += 1
        tops.setdefault(label, set()).add(line.top)
    for label, seen in tops.items():
        most = max(n for (_board, scope_label), n in plays.items() if scope_label == label)
        assert seen == {2 * (most - 1)}, label
    assert len(set(plays.values())) == 2  # 3 rounds over 5 sets: some boards played less
    rows = standings(stage)
    for label in ("A", "B"):
        for direction in ("NS", "EW"):
            group = [
                r for r in rows.values() if r.group_label == label and r.direction == direction
            ]
            assert sorted(r.place for r in group)[0] == 1  # ranked per section
            check_places_follow_percentage(group)
    overall = overall_ranking(stage)
    assert len(overall) == 19
    for direction in ("NS", "EW"):
        ranked = [r for r in overall if r.direction == direction]
        assert ranked[0].place == 1
        assert [r.percentage for r in ranked] == sorted(
            (r.percentage for r in ranked), reverse=True
        )


def test_a_howell_for_seven_pairs_meets_everyone_and_ranks_one_field(play, make_pairs, make_stage):
    pairs = make_pairs(7)
    stage = make_stage(Stage.Kind.HOWELL, pairs, boards_per_round=1)
    assert stage.rounds.count() == 7
    met = Counter(frozenset((t.ns_id, t.ew_id)) for t in Table.objects.filter(round__stage=stage))
    assert len(met) == 21 and set(met.values()) == {1}  # 7·6/2: every pair once
    play_all(play, stage)
    rows = standings(stage)
    assert len(rows) == 7 and {r.direction for r in rows.values()} == {""}
    assert sorted(r.place for r in rows.values())[0] == 1
    # every pair sat out once: 6 rounds of one board, each board played 3 times (top 4)
    assert {r.boards for r in rows.values()} == {6}
    assert {r.top for r in rows.values()} == {24}
    check_places_follow_percentage(rows.values())
    # a pair's matchpoints from both directions are added up
    for entrant in pairs:
        mine = TravellerScore.objects.filter(stage=stage)
        total = sum(line.ns_score for line in mine.filter(ns=entrant)) + sum(
            line.ew_score for line in mine.filter(ew=entrant)
        )
        assert rows[entrant.pk].total == total


def test_two_sessions_cumulative_ranking_held_pair_and_reseeding(
    play, event, make_pairs, make_stage
):
    pairs = make_pairs(10)
    held = pairs[6]
    first = make_stage(Stage.Kind.MITCHELL, pairs, boards_per_round=1, held_ns=[held.number])
    assert first.entries.get(entrant=held).direction == "NS"
    play_all(play, first)
    second = pairs_session_create(
        event=event, settings={"boards_per_round": 1, "held_ns": [held.number]}
    )
    assert second.settings["seating"] == "reseed" and second.order == 2
    # the held pair keeps its N–S seat; the others are dealt by the cumulative ranking
    assert second.entries.get(entrant=held).direction == "NS"
    ranking = cumulative_ranking(event)
    order = [r.entrant_id for r in ranking if r.entrant_id != held.pk]
    entries = {e.entrant_id: e for e in second.entries.all()}
    # serpentine over N–S and E–W: 1st N–S, 2nd and 3rd E–W, 4th and 5th N–S …
    assert entries[order[0]].direction == "NS"
    assert entries[order[1]].direction == "EW"
    assert entries[order[2]].direction == "EW"
    from boards.services import boards_generate

    boards_generate(stage=second)
    play_all(play, second)
    ranking = cumulative_ranking(event)
    assert len(ranking) == 10 and {r.sessions for r in ranking} == {2}
    by_pair = {r.entrant_id: r for r in ranking}
    for entrant in pairs:
        rows = Standing.objects.filter(entrant=entrant, stage__in=[first, second])
        assert by_pair[entrant.pk].total == sum(r.total for r in rows)
        assert by_pair[entrant.pk].top == sum(r.top for r in rows)
    shares = [r.total / r.top for r in ranking]
    assert shares == sorted(shares, reverse=True)


def test_held_pairs_must_be_in_the_field_and_fit_the_north_south_seats(event, make_pairs):
    from tournament.errors import EventError
    from tournament.services import stage_create

    pairs = make_pairs(6)
    with pytest.raises(EventError, match="not in this stage"):
        stage_create(event=event, kind="mitchell", entrants=pairs, settings={"held_ns": [99]})
    with pytest.raises(EventError, match="only 3 N–S seats"):
        stage_create(
            event=event,
            kind="mitchell",
            entrants=pairs,
            settings={"held_ns": [p.number for p in pairs[:4]]},
        )
    assert not Stage.objects.filter(event=event).exists()
    assert not StageEntry.objects.exists()
