"""Issue 27, item 4: every paper of the demo reads whole, in Chinese and in English.

No word is cut short with "…" ("Diamo…", "西小…"): a value too wide for its box is set
smaller, narrowed or wrapped between entries. Every 潇洒 entry (第十六条: who put in
which joker, its levels) is printed. A board handout is one board a page, its number on
it. The PIN card names a Mitchell pair as the table papers do (南北：7, the guide card's
words). Percentages print to two places (52.50, 40.00).

The demo is loaded and its papers rendered once for the module (the Mitchell's boards
released, so it has handouts too), read with pdftotext as a director would see them.
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from django.utils import timezone, translation

from boards.models import Board
from core.numbers import format_number
from printing import selectors
from printing.errors import PrintingError
from printing.labels import numbered, seat_line, xiaosa_text
from printing.layout import Cell, Column, Sheet
from printing.services import kinds_offered, render_kind
from tests import builders
from tests.printing._pdf import laid_out_pages
from tournament.models import Event, Stage

# django_db: run alone, the module still gets its test database (pytest-django makes one
# only for a session with a test marked so).
pytestmark = [pytest.mark.django_db, pytest.mark.heavy]

LANGUAGES = ("zh-hans", "en")
#: Papers with nothing to read (blank forms to fill in by hand).
BLANK = {"blank-hand-records"}


@dataclass
class Papers:
    #: (kind, language) → the PDF's pages as pdftotext lays them out
    pages: dict[tuple[str, str], list[str]]
    xiaosa: dict[str, Counter[str]]  # kind → each 潇洒 entry its data holds, how often
    xiaosa_most: int  # the most 潇洒 entries of one result
    handouts: list[int]  # the boards of the handouts, in order
    seats: dict[str, list[str]]  # language → every Mitchell pair as the table papers name it
    percentages: list[str]  # the Mitchell's percentages, as the standings print them

    def text(self, kind: str, language: str) -> str:
        return "\n".join(self.pages[kind, language])


def _walk(value: Any) -> Iterator[Any]:
    """Every dataclass inside ``value`` (the data a paper is drawn from)."""
    if dataclasses.is_dataclass(value):
        yield value
        for field in dataclasses.fields(value):
            yield from _walk(getattr(value, field.name))
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from _walk(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _walk(item)


def _xiaosa(data: Any) -> list[list[str]]:
    """Each result's 潇洒 entries (``东大王+3``), result by result."""
    return [
        xiaosa_text(item.xiaosa).split() for item in _walk(data) if getattr(item, "xiaosa", None)
    ]


@pytest.fixture(scope="module")
def papers(django_db_setup: Any, django_db_blocker: Any) -> Iterator[Papers]:
    """The demo (``load_demo``) with its Mitchell's boards released, every paper of it
    laid out in both languages, once for the module's tests."""
    yield from builders.played_demo(django_db_blocker, _read_papers)


def _read_papers() -> Papers:
    event = Event.objects.get(code="chifeng-demo")
    mitchell = event.stages.get(kind=Stage.Kind.MITCHELL)
    Board.objects.filter(stage=mitchell).update(released_at=timezone.now())
    pages = {}
    for language in LANGUAGES:
        for kind in sorted(kinds_offered(event) - BLANK):
            if kind.endswith(("-xlsx", "-json")):
                continue
            try:
                rendered = render_kind(event=event, kind=kind, language=language)
            except PrintingError as error:  # nothing to print (no rulings)
                assert error.code == "nothing"
                continue
            pages[kind, language] = laid_out_pages(rendered[2])
    handouts = selectors.board_handouts_data(event)
    refs = [c.seat for c in selectors.pin_cards_data(event, stage=mitchell).cards]
    seats = {}
    for language in LANGUAGES:
        with translation.override(language):
            seats[language] = [
                seat_line(c.direction, c.seat)
                for c in selectors.pin_cards_data(event, stage=mitchell).cards
            ]
    standings = selectors.standings_data(event, stage=mitchell, official=True)
    xiaosa = {
        "results": _xiaosa(selectors.results_data(event, official=True)),
        "board-handouts": _xiaosa([h.rows for h in handouts.handouts]),
    }
    return Papers(
        pages=pages,
        xiaosa={k: Counter(e for r in v for e in r) for k, v in xiaosa.items()},
        xiaosa_most=min(max(len(r) for r in v) for v in xiaosa.values()),
        handouts=[h.board for h in handouts.handouts],
        seats=seats if all(refs) else {},
        percentages=[
            line.percentage for s in standings.stages for table in s.tables for line in table.lines
        ],
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_paper_cuts_a_word_short(papers: Papers, language: str) -> None:
    cut = {
        kind: re.findall(r"\S*…", papers.text(kind, language))
        for kind, lang in papers.pages
        if lang == language
    }
    assert {kind: words for kind, words in cut.items() if words} == {}


@pytest.mark.parametrize("kind", ["results", "board-handouts"])
def test_every_xiaosa_entry_is_printed(papers: Papers, kind: str) -> None:
    """第十六条: each joker put in, who put it and its levels — a third one too."""
    wanted = papers.xiaosa[kind]
    # The demo's deals differ from load to load; two entries already overflowed the cell.
    assert papers.xiaosa_most >= 2
    text = papers.text(kind, "zh-hans")
    short = {entry: (text.count(entry), n) for entry, n in wanted.items() if text.count(entry) < n}
    assert short == {}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_board_handout_is_one_board_a_page(papers: Papers, language: str) -> None:
    pages = papers.pages["board-handouts", language]
    assert len(papers.handouts) > 32  # the team stages' boards and the Mitchell's 32
    assert len(pages) == len(papers.handouts)
    with translation.override(language):
        for board, page in zip(papers.handouts, pages, strict=True):
            assert numbered("board", board) in page


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_pin_card_names_a_pair_as_the_guide_card_does(papers: Papers, language: str) -> None:
    """A Mitchell pair reads its direction and number in it (南北：7) on its PIN card,
    the words its table's guide card and the traveller use — not its number in the
    event (对1)."""
    seats = papers.seats[language]
    assert len(seats) == 16  # every pair of the demo's Mitchell has a direction
    pins = re.sub(r"[ \t]+", " ", papers.text("pin-cards", language))
    guides = re.sub(r"[ \t]+", " ", papers.text("guide-cards", language))
    assert [s for s in seats if s not in pins] == []
    ns = [s for s in seats if s.startswith(("南北", "N–S"))]
    assert ns and [s for s in ns if s not in guides] == []
    if language == "zh-hans":
        assert not re.search(r"^\s*对\d", pins, re.MULTILINE)


def test_percentages_print_to_two_places(papers: Papers) -> None:
    assert papers.percentages
    assert [p for p in papers.percentages if not re.fullmatch(r"\d+\.\d\d", p)] == []
    assert format_number("52.5", fixed=True) == "52.50"
    assert format_number(40, fixed=True) == "40.00"
    text = papers.text("standings", "zh-hans")
    for percentage in set(papers.percentages):
        assert re.search(rf"\s{re.escape(percentage)}\s", text), percentage


def test_three_xiaosa_entries_fit_the_results_column() -> None:
    """The results paper's 潇洒 column (24 mm at 7.5 pt) holds three entries whole — the
    demo once printed "南小王+2 西大王+3 西小…" there."""
    sheet = Sheet(title="潇洒")
    entries = ["南小王+2", "西大王+3", "西小王+2"]
    sheet.table(
        [Column("潇洒", 24), Column("结果", 12)],
        [[Cell(" ".join(entries), size=7.5), "打破"]],
        row_height=7.0,
    )
    text = "".join(laid_out_pages(sheet.finish()))
    assert "…" not in text
    assert [e for e in entries if e not in text] == []
