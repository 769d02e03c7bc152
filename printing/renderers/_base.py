"""What every renderer shares: the language, the file name, progress reports."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Protocol

from django.utils import translation

from ..fonts import FontChoice
from ..layout import GREY, Sheet

__all__ = ["DEFAULT_LANGUAGE", "PDF", "Progress", "Rendered", "Ticker", "renderer", "slots"]

PDF = "application/pdf"
DEFAULT_LANGUAGE = "zh-hans"

Rendered = tuple[str, str, bytes]  # (filename, mimetype, bytes)
Progress = Callable[[int], None]


class _Drawer(Protocol):
    def __call__(self, data: Any, *, font: FontChoice | None, ticker: Ticker) -> Sheet: ...


class Ticker:
    """Counts items drawn and reports whole percentages, each once."""

    def __init__(self, total: int, callback: Progress | None) -> None:
        self.total = max(1, total)
        self.done = 0
        self.callback = callback
        self.reported = -1

    def tick(self, count: int = 1) -> None:
        self.done += count
        if self.callback is None:
            return
        percent = min(100, self.done * 100 // self.total)
        if percent != self.reported:
            self.reported = percent
            self.callback(percent)


def renderer(
    kind: str, count: Callable[[Any], int]
) -> Callable[[_Drawer], Callable[..., Rendered]]:
    """Make a drawing function a renderer: ``render(data, lang, *, progress, font)``
    draws inside ``lang`` and returns ``(f"{event code}-{kind}.pdf", PDF, bytes)``."""

    def wrap(draw: _Drawer) -> Callable[..., Rendered]:
        @functools.wraps(draw)
        def render(
            data: Any,
            lang: str = DEFAULT_LANGUAGE,
            *,
            progress: Progress | None = None,
            font: FontChoice | None = None,
        ) -> Rendered:
            ticker = Ticker(count(data), progress)
            with translation.override(lang):
                sheet = draw(data, font=font, ticker=ticker)
                content = sheet.finish()
            if progress is not None:
                progress(100)
            return f"{data.event.code}-{kind}.pdf", PDF, content

        render.kind = kind  # type: ignore[attr-defined]
        return render

    return wrap


def slots(sheet: Sheet, items: Iterable[Any], per_page: int) -> Iterator[tuple[Any, float, float]]:
    """Each item with the top and height of its slot, ``per_page`` slots down a page
    (a dashed line to cut along between them): cards and forms printed several to a
    page."""
    top = height = 0.0
    for i, item in enumerate(items):
        if i % per_page == 0:
            sheet.start_page()
            top = sheet.cursor
            height = (sheet.bottom - top) / per_page
        y = top + (i % per_page) * height
        if i % per_page:
            sheet.line(sheet.left, y - 1.5, sheet.right, y - 1.5, dash=(2, 1.5), color=GREY)
        yield item, y, height
