"""The Chinese font: embedded TrueType when installed, STSong-Light otherwise."""

from __future__ import annotations

import os

import pytest

from printing.data import (
    EntrantRef,
    EventInfo,
    MovementData,
    MovementRound,
    MovementRow,
    MovementStage,
)
from printing.fonts import FALLBACK_FONT, cjk_font
from printing.renderers import render_movement

from ._pdf import WQY, PdfFile

DATA = MovementData(
    event=EventInfo(name="赤峰市对调复式赛", code="chifeng"),
    stages=(
        MovementStage(
            name="双人双冠军赛",
            tables=1,
            boards_per_round=2,
            rounds=(
                MovementRound(
                    number=1,
                    rows=(
                        MovementRow(
                            table=1,
                            ns=EntrantRef(1, players=("张伟", "王芳")),
                            ew=EntrantRef(1, players=("李娜", "刘洋")),
                            board_set=1,
                            boards=(1, 2),
                            start_level="A",
                        ),
                    ),
                ),
            ),
        ),
    ),
)


@pytest.mark.skipif(not os.path.isfile(WQY), reason="fonts-wqy-microhei is not installed")
def test_it_embeds_the_installed_truetype_font():
    pdf = PdfFile.of(render_movement(DATA, "zh-hans"))

    embedded = pdf.embedded_truetype()
    assert len(embedded) == 1 and "WenQuanYiMicroHei" in embedded[0], pdf.fonts()
    assert list(pdf.fonts()) == embedded  # no Helvetica or Times listed beside it
    assert "米切尔移位表" in pdf.text()


def test_it_falls_back_to_stsong_light_without_a_truetype_font(settings):
    settings.PRINTING_FONT_PATHS = []

    pdf = PdfFile.of(render_movement(DATA, "zh-hans"))

    assert list(pdf.fonts()) == [f"/{FALLBACK_FONT}"]
    assert pdf.embedded_truetype() == []
    text = pdf.text()
    assert "米切尔移位表" in text
    assert "张伟、王芳" in text


def test_it_skips_a_font_path_that_is_missing(tmp_path):
    assert cjk_font([str(tmp_path / "none.ttc")]).name == FALLBACK_FONT
