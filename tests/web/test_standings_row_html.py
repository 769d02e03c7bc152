"""The standings rows' HTML rendered once per row in Python (issue 23: a 60-table page
rendered 120 rows cell by cell) is what the template rendered: the same tags, the names
and the tie reasons (第二十五条之4) escaped alike."""

from __future__ import annotations

from django.template import Context, Template

from web.pages.shared import row_html
from web.selectors import EntrantView

#: The cells as ``_standings_table.html`` and the standings partials rendered them before.
BEFORE = Template(
    '<tr{% if flagged %} class="flagged"{% endif %} data-entrant="{{ id }}">'
    "|{{ entrant.label }}{% if tie %} "
    '<small class="tie-mark" title="{{ why }}">{{ tie }}</small>{% endif %}|{{ boards }}'
)


def test_rows_render_as_the_template_did() -> None:
    cases = [
        (12, False, EntrantView(12, "pair", 3, "", ["张<伟>", "王&芳"]), 236, "", ""),
        (7, True, EntrantView(7, "team", 1, "A\"队'", []), 24, "需加赛决定", '场分"相同"<b>'),
        (1234, False, None, 0, "甲", "理由"),
        (5, False, EntrantView(5, "pair", 5, "", []), 9, "", ""),
    ]
    for entrant_id, flagged, entrant, boards, tie, why in cases:
        html = row_html(entrant_id, flagged, entrant, boards, tie, why)
        context = {"flagged": flagged, "id": entrant_id, "entrant": entrant, "tie": tie}
        expected = BEFORE.render(Context(context | {"why": why, "boards": boards}))
        assert f"{html['opening']}|{html['name']}|{html['boards']}" == expected
