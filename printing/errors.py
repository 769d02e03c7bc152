"""The one error of the printing app: something cannot be printed or imported, said in
Chinese and English."""

from __future__ import annotations

__all__ = ["PrintingError"]


class PrintingError(Exception):
    def __init__(self, zh: str, en: str, *, code: str = "printing") -> None:
        super().__init__(f"{zh} / {en}")
        self.zh = zh
        self.en = en
        self.code = code
