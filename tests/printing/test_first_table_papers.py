"""Papers for boards shuffled and dealt at their first table (第四十三条): before the
director types the 牌型卡 in, every paper still prints — the hands blank, the box card
as the first table filled it — rather than failing on the missing deal."""

from __future__ import annotations

import pytest

from boards.records import Entry
from boards.services import boards_await_deal, result_enter
from printing.selectors import hand_records_data, traveller_records_data
from printing.services import render_kind
from tests import builders
from tests._tables import ns

pytestmark = pytest.mark.django_db


@pytest.fixture
def awaiting():
    """A Mitchell whose boards wait for their deal; board 1 played at its first table."""
    m = builders.mitchell_stage()
    boards_await_deal(stage=m.stage)
    first = m.tables_playing(1)[0]
    entry = Entry(
        levels={"NS": "2", "EW": "2"},
        declarer="N",
        trump="H",
        declared_by="N",
        defender_points=40,
    )
    result_enter(board=m.board(1), table=first, entry=entry, actor=ns(first))
    return m


def test_a_hand_record_prints_blank_hands_and_the_box_card_as_filled(awaiting):
    stage = awaiting.stage
    records = {r.board: r for r in hand_records_data(stage.event, stage=stage).records}

    played = records[1]
    assert played.hands == {} and played.bottom == ()
    assert (played.declarer, played.trump, played.level_ns) == ("N", "H", "2")
    assert records[2].hands == {}  # not played yet: blank, by the set's start level


def test_the_traveller_carries_a_blank_hand_record_for_the_first_table(awaiting):
    stage = awaiting.stage
    papers = traveller_records_data(stage.event, stage=stage).papers
    assert papers and all(p.record is None for p in papers)  # the form to fill in


@pytest.mark.parametrize("kind", ["hand-records", "traveller-records"])
def test_every_board_paper_prints_before_the_deal_is_typed(awaiting, kind):
    """These failed with the raw error 'N' (第二十八条之6, 第四十三条)."""
    name, mimetype, content = render_kind(event=awaiting.stage.event, kind=kind)
    assert mimetype == "application/pdf" and content.startswith(b"%PDF")
