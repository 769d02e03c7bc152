"""What every renderer shares: the language, the file name, progress reports."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, Protocol

from django.utils import translation

from ..fonts import FontChoice
from ..layout import Sheet

__all__ = ["DEFAULT_LANGUAGE", "PDF", "Progress", "Rendered", "Ticker", "renderer"]

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
