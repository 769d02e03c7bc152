"""Django's ``{# … #}`` comment is one line only: split over two, it is printed as it
stands. A round robin's stage page showed its cross-table's comment above the table to
every reader, on every phone."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: The project's templates: its own directory and each app's (``APP_DIRS``).
TEMPLATES = sorted([*ROOT.glob("templates/**/*.html"), *ROOT.glob("*/templates/**/*.html")])


def test_the_project_has_templates():
    assert len(TEMPLATES) > 50


def test_no_template_comment_spans_lines():
    split = [
        f"{path.relative_to(ROOT)}:{text[: match.start()].count(chr(10)) + 1}"
        for path in TEMPLATES
        for text in [path.read_text("utf-8")]
        for match in re.finditer(r"\{#(?:(?!#\}).)*\n", text, re.S)
    ]
    assert split == []
