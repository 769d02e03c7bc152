"""The transfer's one error, said in Chinese and English with a code the commands map to
their exit status."""

from __future__ import annotations

from printing.errors import PrintingError

__all__ = ["TransferError"]


class TransferError(PrintingError):
    """An event file that cannot be read (``unreadable``), not shaped as an event file
    (``malformed``: a null, a wrong type, a missing key, nesting too deep), refused by
    the rules engine (``refused``) or not imported (``invalid``)."""
