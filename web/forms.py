"""The scorecard forms: what a table types on a phone and a director types at a keyboard.

Both turn into a :class:`boards.records.Entry` and nothing more: the rules engine (through
``boards.services``) judges it. A form checks only what a form can — a value is one of
the choices, the points are a number — so that every rule is written once, in the engine.

A director's form uses selects whose labels begin with the letter typed (``N 北``,
``H ♥ 红心``, ``BJ 大王抠底``), so a field is chosen by typing its letter; a table's form
shows the same choices as large buttons for a thumb.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from boards.records import Entry
from tournament.models import LEVEL_CHOICES

SEATS = [("N", _("N 北")), ("E", _("E 东")), ("S", _("S 南")), ("W", _("W 西"))]
TRUMPS = [("H", _("H ♥ 红心")), ("D", _("D ♦ 方块")), ("S", _("S ♠ 黑桃")), ("C", _("C ♣ 梅花"))]
DECLARED_BY = [("", _("翻主（翻底定主）")), *SEATS]
DIGS = [
    ("", _("无抠底")),
    ("BJ", _("BJ 大王抠底")),
    ("LJ", _("LJ 小王抠底")),
    ("J", _("J 到底")),
    ("Q", _("Q 半截")),
    ("K", _("K 三级")),
]
JOKERS = [(0, "0"), (1, "1"), (2, "2")]
SIDES = [("NS", _("南北")), ("EW", _("东西"))]

#: At the table the same choices are buttons, labelled for a thumb rather than a key.
SEAT_BUTTONS = [("N", _("北")), ("E", _("东")), ("S", _("南")), ("W", _("西"))]
BUTTONS = {
    "declarer": SEAT_BUTTONS,
    "trump": [("H", _("♥ 红心")), ("D", _("♦ 方块")), ("S", _("♠ 黑桃")), ("C", _("♣ 梅花"))],
    "declared_by": [("", _("翻主")), *SEAT_BUTTONS],
}

#: The fields of a scorecard, in the order a director types them.
FIELDS = (
    "level_ns",
    "level_ew",
    "declarer",
    "trump",
    "declared_by",
    "defender_points",
    "dig",
    "xiaosa_bj",
    "xiaosa_lj",
)
#: The box card's fields (filled from the box card or the prediction).
BOX_FIELDS = ("level_ns", "level_ew", "declarer", "trump", "declared_by")


class ScorecardForm(forms.Form):
    """One board's scorecard: the box card as played and the result."""

    level_ns = forms.ChoiceField(label=_("南北级别"), choices=LEVEL_CHOICES)
    level_ew = forms.ChoiceField(label=_("东西级别"), choices=LEVEL_CHOICES)
    # Required, but starting empty: on a set's first board nothing says who declared.
    declarer = forms.ChoiceField(label=_("打家"), choices=[("", "—"), *SEATS])
    trump = forms.ChoiceField(label=_("主牌花色"), choices=[("", "—"), *TRUMPS])
    declared_by = forms.ChoiceField(label=_("亮主者"), choices=DECLARED_BY, required=False)
    defender_points = forms.IntegerField(
        label=_("防家得分"),
        min_value=0,
        max_value=400,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "step": 5, "min": 0}),
    )
    dig = forms.ChoiceField(label=_("抠底"), choices=DIGS, required=False)
    xiaosa_bj = forms.TypedChoiceField(
        label=_("潇洒大王"), choices=JOKERS, coerce=int, required=False, empty_value=0
    )
    xiaosa_lj = forms.TypedChoiceField(
        label=_("潇洒小王"), choices=JOKERS, coerce=int, required=False, empty_value=0
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)

    def entry(self) -> Entry:
        """The scorecard as the board services take it (call after ``is_valid``)."""
        data = self.cleaned_data
        jokers = ["BJ"] * (data.get("xiaosa_bj") or 0) + ["LJ"] * (data.get("xiaosa_lj") or 0)
        return Entry(
            levels={"NS": data["level_ns"], "EW": data["level_ew"]},
            declarer=data["declarer"],
            trump=data["trump"],
            declared_by=data.get("declared_by") or None,
            defender_points=data["defender_points"],
            dig=data.get("dig") or None,
            xiaosa=jokers or None,
        )

    def problems(self) -> list[str]:
        """The form's own complaints, one line each, for the inline verdict."""
        out = []
        for name, errors in self.errors.items():
            label = self.fields[name].label if name in self.fields else ""
            for error in errors:
                out.append(f"{label}：{error}" if label else str(error))
        return out


class TableScorecardForm(ScorecardForm):
    """At the table: the same scorecard as buttons, and which side is entering it."""

    side = forms.ChoiceField(label=_("谁在录入"), choices=SIDES, widget=forms.RadioSelect)
    # The side's own PIN (printed on its own card): one code cannot act as both sides.
    pin = forms.CharField(
        label=_("本方录入密码"),
        max_length=8,
        widget=forms.PasswordInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
    )

    field_order = ["side", "pin", *FIELDS]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name, choices in BUTTONS.items():
            self.fields[name].widget = forms.RadioSelect(choices=choices)


class DirectorScorecardForm(ScorecardForm):
    """At the director's keyboard: the same scorecard, and why a result is corrected."""

    reason = forms.CharField(label=_("更正原因"), required=False, max_length=500)


def scorecard_data(values: dict[str, Any]) -> dict[str, Any]:
    """Form data from stored values (a result, a box card, a prediction)."""
    data = {name: values[name] for name in FIELDS if values.get(name) is not None}
    if "xiaosa" in values:
        xiaosa = values["xiaosa"] or []
        data["xiaosa_bj"] = sum(1 for card in xiaosa if card == "BJ")
        data["xiaosa_lj"] = sum(1 for card in xiaosa if card == "LJ")
    return data
