"""A pairs Mitchell (第二十八条) and its single-champion final (第二十九条) in the database."""

from __future__ import annotations

import random

import pytest

from core.formats.mitchell import mitchell
from tournament.errors import EventError
from tournament.models import BoardSet, Match, StageEntry, Table
from tournament.services import stage_create, stage_qualify

pytestmark = pytest.mark.django_db


@pytest.fixture
def pairs(make_pairs):
    return make_pairs(16)


@pytest.fixture
def mitchell_stage(event, pairs):
    return stage_create(event=event, kind="mitchell", entrants=pairs, draw_seed=28)


def test_pairs_are_drawn_into_directions_and_tables_from_the_stored_seed(mitchell_stage, pairs):
    drawn = list(pairs)
    random.Random(28).shuffle(drawn)

    ns = mitchell_stage.entries.filter(direction="NS").order_by("pair_number")
    ew = mitchell_stage.entries.filter(direction="EW").order_by("pair_number")
    assert [e.entrant for e in ns] == drawn[:8]
    assert [e.entrant for e in ew] == drawn[8:]


def test_it_stores_the_movement_mitchell_gives(mitchell_stage):
    ns = {e.entrant_id: e.pair_number for e in mitchell_stage.entries.filter(direction="NS")}
    ew = {e.entrant_id: e.pair_number for e in mitchell_stage.entries.filter(direction="EW")}

    stored = {
        "rounds": [
            {
                "round": r.number,
                "tables": [
                    {
                        "table": t.number,
                        "ns": ns[t.ns_id],
                        "ew": ew[t.ew_id],
                        "boards": list(t.set_plays.get().board_set.board_numbers),
                        "start_level": t.set_plays.get().board_set.start_level,
                    }
                    for t in r.tables.order_by("number")
                ],
            }
            for r in mitchell_stage.rounds.order_by("number")
        ]
    }
    assert stored == mitchell(8, 4).to_dict()
    assert mitchell_stage.rounds.count() == 7  # even: T − 1 rounds, with the skip


def test_board_sets_start_at_the_levels_of_article_28(mitchell_stage):
    levels = list(
        BoardSet.objects.filter(stage=mitchell_stage)
        .order_by("number")
        .values_list("start_level", flat=True)
    )

    assert levels == ["A", "5", "9", "K", "4", "8", "Q", "3"]


def test_tables_have_no_rooms_and_all_four_seats(mitchell_stage):
    tables = Table.objects.filter(round__stage=mitchell_stage)

    assert not tables.exclude(room="").exists()
    assert all(t.seats.filter(player__isnull=False).count() == 4 for t in tables[:8])
    assert len({t.code for t in tables}) == tables.count()


def test_fewer_than_five_pairs_are_refused(event, make_pairs):
    with pytest.raises(EventError, match="at least 5 pairs"):
        stage_create(event=event, kind="mitchell", entrants=make_pairs(4))


def ranking(stage, direction):
    return [e.entrant for e in stage.entries.filter(direction=direction).order_by("pair_number")]


def test_the_final_seats_the_mitchell_leaders(event, mitchell_stage):
    final = stage_create(event=event, kind="pairs_final", source=mitchell_stage)
    ns, ew = ranking(mitchell_stage, "NS"), ranking(mitchell_stage, "EW")

    stage_qualify(stage=final, standings={"NS": ns, "EW": ew})

    open_table = Table.objects.get(round__stage=final, room="open")
    closed_table = Table.objects.get(round__stage=final, room="closed")
    assert (open_table.ns, open_table.ew) == (ns[0], ns[1])
    assert (closed_table.ns, closed_table.ew) == (ew[0], ew[1])
    title, third = final.matches.order_by("number")
    assert (title.home, title.away, title.first_place) == (ns[0], ew[0], 1)
    assert (third.home, third.away, third.first_place) == (ns[1], ew[1], 3)
    assert [p.board_set.first_board for p in open_table.set_plays.order_by("order")] == [1, 7]
    assert [p.board_set.first_board for p in closed_table.set_plays.order_by("order")] == [7, 1]


def test_the_final_can_also_decide_fifth_to_eighth(event, mitchell_stage):
    final = stage_create(
        event=event, kind="pairs_final", source=mitchell_stage, settings={"places": 8}
    )
    stage_qualify(
        stage=final,
        standings={"NS": ranking(mitchell_stage, "NS"), "EW": ranking(mitchell_stage, "EW")},
    )

    assert Table.objects.filter(round__stage=final).count() == 4
    assert list(final.matches.values_list("first_place", flat=True)) == [1, 3, 5, 7]


def test_the_final_refuses_a_pair_ranked_in_the_wrong_direction(event, mitchell_stage):
    final = stage_create(event=event, kind="pairs_final", source=mitchell_stage)
    ns, ew = ranking(mitchell_stage, "NS"), ranking(mitchell_stage, "EW")

    with pytest.raises(EventError, match="did not play NS"):
        stage_qualify(stage=final, standings={"NS": [ew[2], ns[1]], "EW": ew})

    assert not Match.objects.filter(stage=final).exists()
    assert not StageEntry.objects.filter(stage=final).exists()


def _drawing(codes):
    """``secrets.choice`` as the table codes see it, drawing ``codes`` in turn (one
    character a call), then fresh codes counting up."""

    def characters():
        for code in codes:
            yield from code
        for n in range(10**6):
            yield from f"Z{n:05d}".translate(str.maketrans("01", "ZY"))

    stream = characters()
    return lambda alphabet: next(stream)


def test_table_codes_drawn_alike_are_drawn_again(event, pairs, monkeypatch):
    """Table codes are random and unique across the database: a big Mitchell's thousands
    of tables drew two alike about once in nine, and stage_create was refused with a
    database error. Drawn alike within the stage, or alike to a table already there,
    a code is drawn again."""
    first = stage_create(event=event, kind="mitchell", entrants=pairs[:8], draw_seed=1)
    taken = first.rounds.first().tables.first().code
    monkeypatch.setattr(
        "tournament.models.secrets.choice", _drawing(["222222", "222222", taken, "333333"])
    )

    stage = stage_create(event=event, kind="mitchell", entrants=pairs[8:], draw_seed=2)

    codes = list(Table.objects.filter(round__stage=stage).values_list("code", flat=True))
    assert len(codes) == len(set(codes)) == 4 * 3  # 4 tables, T − 1 = 3 rounds
    assert "222222" in codes and "333333" in codes and taken not in codes
