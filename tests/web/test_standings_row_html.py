"""The standings rows' HTML rendered once per row in Python (issue 23: a 60-table page
rendered 120 rows cell by cell) is what the template rendered: the same tags, the names
and the tie reasons (第二十五条之4) escaped alike."""

from __future__ import annotations

from django.template import Context, Template

from web.pages.shared import pair_row_html, row_html
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


#: A pair's row as ``_pair_standings.html`` rendered it cell by cell before (第二十八条之7:
#: 得分率 and 比赛分 after the name), its whitespace between the tags left out.
BEFORE_PAIR = Template(
    '{{ r.opening }}<td class="num place">{{ r.place }}</td><td class="num">'
    '{{ r.pair_number|default_if_none:"" }}</td><th scope="row" class="name">{{ r.name }}</th>'
    '<td class="num strong rank-score">{% if r.percentage %}{{ r.percentage }}%{% endif %}</td>'
    '<td class="num rank-score">{{ r.total }}{% if r.adjustment %} <small class="muted">'
    '({{ r.adjustment }})</small>{% endif %}</td><td class="num">{{ r.boards }}</td></tr>'
)


def test_pair_rows_render_as_the_template_did() -> None:
    pair = EntrantView(12, "pair", 3, "", ["张<伟>", "王&芳"])
    cases = [
        (pair, "3=", 7, "56.13", "1009.5", "-60", "需加赛决定", '"相同"<b>'),
        (pair, "1", None, "", "0", "", "", ""),
        (None, "240", "", "40", "12", "", "", ""),
        # Not a number's text (nothing writes one there): escaped all the same.
        (pair, "<1>", "&7", "5&6", "1<2", "'-3'", "", ""),
    ]
    for entrant, place, number, percentage, total, adjustment, tie, why in cases:
        row = {
            "place": place,
            "pair_number": number,
            "percentage": percentage,
            "total": total,
            "adjustment": adjustment,
            **row_html(12, bool(adjustment), entrant, 236, tie, why),
        }
        expected = BEFORE_PAIR.render(Context({"r": row}))
        assert pair_row_html(row) == expected  # type: ignore[arg-type]
        if entrant is not None:  # the name escaped, as the template escaped it
            assert "&lt;伟&gt;" in expected and "<伟>" not in expected


def test_a_rankings_rows_are_written_each_once_in_ranking_order() -> None:
    """``_pair_standings.html`` writes a ranking's rows whole (``pair_rows``), each on its
    own line, in the order given (第二十八条之7: by place)."""
    from django.template.loader import render_to_string

    rows = [
        {
            "place": str(place),
            "pair_number": number,
            "percentage": "50",
            "total": "12",
            "adjustment": "",
            **row_html(
                entrant, False, EntrantView(entrant, "pair", number, "", ["甲", "乙"]), 4, "", ""
            ),
        }
        for place, (entrant, number) in enumerate([(31, 5), (17, 2), (40, 9)], start=1)
    ]
    html = render_to_string("web/_pair_standings.html", {"rows": rows})
    order = [html.index(f'data-entrant="{e}"') for e in (31, 17, 40)]
    assert order == sorted(order) and html.count("<tr data-entrant=") == 3
    for row in rows:
        assert f"\n    {pair_row_html(row)}" in html  # type: ignore[arg-type]
