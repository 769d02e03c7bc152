"""Formula injection: a team or player named like a formula stays a name in every
spreadsheet the project writes (issue 14, item 5) — 23 formula cells across the six
exports before."""

from __future__ import annotations

import io
import zipfile

import pytest
from openpyxl import load_workbook

from printing.services import KINDS, render_kind
from tournament.models import Entrant, Player

pytestmark = pytest.mark.django_db

HOSTILE = ['=HYPERLINK("http://evil.example","点我")', "+1+1", "-2+3", "@SUM(1)", "\tTab", "\rCR"]


def test_names_that_look_like_formulas_are_written_as_text_in_every_export(played):
    teams = list(Entrant.objects.filter(event=played, kind=Entrant.Kind.TEAM).order_by("number"))
    for team, name in zip(teams, HOSTILE, strict=False):
        team.name = name
        team.save(update_fields=["name"])
    Player.objects.filter(entries__event=played).update(club="=1+1")

    formulas = 0
    written = set()
    for kind in (k for k in KINDS if k.endswith("-xlsx")):
        _name, _mime, content = render_kind(event=played, kind=kind)
        with zipfile.ZipFile(io.BytesIO(content)) as archive:
            sheets = [n for n in archive.namelist() if n.startswith("xl/worksheets/")]
            formulas += sum(archive.read(n).count(b"<f>") for n in sheets)
        for sheet in load_workbook(io.BytesIO(content)).worksheets:
            for row in sheet.iter_rows():
                for cell in row:
                    assert cell.data_type != "f", (kind, cell.coordinate, cell.value)
                    if isinstance(cell.value, str):
                        written.add(cell.value)

    assert formulas == 0
    assert any(HOSTILE[0] in text for text in written)  # the name is kept, as text
    assert "=1+1" in written
