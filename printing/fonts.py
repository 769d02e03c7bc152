"""The Chinese font of every printed paper.

A TrueType CJK font is embedded when one is installed (Debian's ``fonts-wqy-microhei``:
a TrueType collection whose first face ReportLab can subset and embed), so a print
shop's viewer needs no font of its own. Without one, papers use ReportLab's built-in
CID font ``STSong-Light``: nothing is embedded and the viewer supplies the glyphs
(Acrobat and poppler do; some small viewers show blanks).

The candidates are the setting ``PRINTING_FONT_PATHS`` (a list of paths; an empty list
forces the fallback), else :data:`FONT_CANDIDATES`.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.pdfbase.ttfonts import TTFont

__all__ = ["FALLBACK_FONT", "FONT_CANDIDATES", "FontChoice", "cjk_font"]

FONT_CANDIDATES = (
    "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
    "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
)
FALLBACK_FONT = "STSong-Light"


@dataclass(frozen=True)
class FontChoice:
    """The registered font name, and whether (and from where) it is embedded."""

    name: str
    embedded: bool
    path: str | None = None


@cache
def _truetype(path: str) -> FontChoice:
    name = f"CJK-{Path(path).stem}"
    # subfontIndex picks the first face of a collection (.ttc): 微米黑 itself.
    pdfmetrics.registerFont(TTFont(name, path, subfontIndex=0))
    return FontChoice(name=name, embedded=True, path=path)


@cache
def _builtin() -> FontChoice:
    pdfmetrics.registerFont(UnicodeCIDFont(FALLBACK_FONT))
    return FontChoice(name=FALLBACK_FONT, embedded=False)


def _configured_paths() -> Sequence[str]:
    try:
        from django.conf import settings

        return getattr(settings, "PRINTING_FONT_PATHS", FONT_CANDIDATES)
    except Exception:  # settings not configured: a script using the renderers alone
        return FONT_CANDIDATES


def cjk_font(paths: Sequence[str] | None = None) -> FontChoice:
    """The first installed TrueType candidate, registered once; else ``STSong-Light``."""
    for path in _configured_paths() if paths is None else paths:
        if os.path.isfile(path):
            try:
                return _truetype(path)
            except Exception:  # an unreadable or CFF-outlined file: try the next one
                continue
    return _builtin()
