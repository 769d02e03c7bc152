"""The one error type of the format algorithms.

Directors read these messages on a screen or in a command's one-line reason, and the
project serves both Chinese and English readers, so each error carries both texts
(the article it rests on too, when there is one) rather than a translation key that a
pure module could not resolve without Django.
"""

from __future__ import annotations


class FormatError(ValueError):
    """A format asked for with impossible parameters (e.g. a Mitchell of one table).

    A ``ValueError`` subclass so callers that only know "bad value" still catch it;
    ``str()`` gives ``"中文 / English"`` on one line, ready for a command's stderr.
    """

    def __init__(self, message_zh: str, message_en: str, *, article: str | None = None) -> None:
        self.message_zh = message_zh
        self.message_en = message_en
        self.article = article
        super().__init__(f"{message_zh} / {message_en}")
