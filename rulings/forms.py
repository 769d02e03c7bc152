"""The referee's form: a ruling at one table in a few fields.

The table (and so the round, match and stage) comes from the URL, the board from
``?board=N``; the offender is picked from the table's two sides, its seated players,
or another entrant of the stage. Fields that only some articles use say which in
their help text; the services decide what each decision needs.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from boards.models import Board
from core.articles import ARTICLES, DEFAULT_AMOUNT, Irregularity
from tournament.models import Entrant, Player, Table

from .models import DECISION_CHOICES, DIG_CHOICES, ERRING_SIDE_CHOICES, IRREGULARITY_CHOICES
from .selectors import offender_choices, table_boards


def _irregularity_choices() -> list[tuple[str, Any]]:
    return [
        (value, f"{ARTICLES[Irregularity(value)].number} · {label}")
        for value, label in IRREGULARITY_CHOICES
    ]


class RulingForm(forms.Form):
    minutes_late = forms.IntegerField(
        label=_("迟到分钟数"),
        required=False,
        min_value=0,
        max_value=600,
        help_text=_("第三十条：填写后可按“按迟到时间建议”，由裁判确认"),
    )
    irregularity = forms.ChoiceField(label=_("违例（条款）"), choices=_irregularity_choices)
    decision = forms.ChoiceField(
        label=_("处理"),
        required=False,
        choices=[("", _("按条款默认"))] + DECISION_CHOICES,
    )
    offender = forms.ChoiceField(label=_("犯规方"), required=False)
    board = forms.ChoiceField(
        label=_("牌号"),
        required=False,
        help_text=_("第三十三条改判或重打、第三十六条纠正、第三十九条作废的牌副"),
    )
    amount = forms.DecimalField(
        label=_("罚分（比赛分）"),
        required=False,
        min_value=0,
        max_digits=5,
        decimal_places=2,
        initial=DEFAULT_AMOUNT,
        help_text=_(
            "第三十一、三十三、三十四、三十六、三十九条固定为0.5，只有第三十七、三十八条可另定；"
            "团体赛为单副得分，双人赛为比赛分"
        ),
    )
    erring_side = forms.ChoiceField(
        label=_("错误方"),
        required=False,
        choices=[("", "—")] + ERRING_SIDE_CHOICES,
        help_text=_("第三十三条：出牌后发现多牌少牌"),
    )
    damaged = forms.BooleanField(
        label=_("造成损失"), required=False, help_text=_("第三十九条：造成损失的双方都罚")
    )
    second_entrant = forms.ChoiceField(
        label=_("另一受罚方"), required=False, help_text=_("第三十九条；不填则为本桌另一方")
    )
    cancelled_boards = forms.MultipleChoiceField(
        label=_("取消的牌副"),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=_("第三十八条：判其若干副牌不打"),
    )
    corrected_points = forms.IntegerField(
        label=_("纠正或重打后防家得分"),
        required=False,
        min_value=0,
        help_text=_("第三十六条：纠正损失后的成绩；第三十三条：重打后的成绩（按原牌盒卡）"),
    )
    corrected_dig = forms.ChoiceField(
        label=_("纠正后抠底"), required=False, choices=[("", "—")] + DIG_CHOICES
    )
    reason_zh = forms.CharField(label=_("理由"), widget=forms.Textarea(attrs={"rows": 3}))
    reason_en = forms.CharField(
        label=_("理由（英文）"), required=False, widget=forms.Textarea(attrs={"rows": 2})
    )
    published = forms.BooleanField(label=_("公布"), required=False)

    def __init__(
        self, *args: Any, table: Table, counts: dict[str, Counter[int]], **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.table = table
        self.boards = {str(b.number): b for b in table_boards(table)}
        board_choices = [(n, n) for n in self.boards]
        self.fields["board"].choices = [("", "—")] + board_choices
        self.fields["cancelled_boards"].choices = board_choices
        choices = offender_choices(table, counts)
        self.offenders = choices
        self.fields["offender"].choices = [("", "—")] + [
            (c.value, f"{c.label}（{_('警告')} {c.warnings}）" if c.warnings else c.label)
            for c in choices
        ]
        self.fields["second_entrant"].choices = [("", "—")] + [
            (c.value, c.label) for c in choices if not c.value.startswith("player:")
        ]

    def _whom(self, value: str) -> dict[str, Any]:
        kind, _sep, key = value.partition(":")
        if kind == "side":
            return {"offender_side": key}
        if kind == "player":
            return {"offender_player": Player.objects.get(pk=int(key))}
        if kind == "entrant":
            return {"offender_entrant": Entrant.objects.get(pk=int(key))}
        return {}

    def _entrant(self, value: str) -> Entrant | None:
        kind, _sep, key = value.partition(":")
        if kind == "side":
            return {"NS": self.table.ns, "EW": self.table.ew}.get(key)
        if kind == "entrant":
            return Entrant.objects.get(pk=int(key))
        return None

    def service_kwargs(self) -> dict[str, Any]:
        """What the form says, as ``ruling_create`` and ``ruling_change`` take it."""
        data = self.cleaned_data
        board: Board | None = self.boards.get(data.get("board") or "")
        kwargs: dict[str, Any] = {
            "irregularity": data["irregularity"],
            "decision": data.get("decision") or "",
            "board": board,
            "offender_side": "",
            "offender_player": None,
            "offender_entrant": None,
            "second_entrant": self._entrant(data.get("second_entrant") or ""),
            "amount": data.get("amount"),
            "erring_side": data.get("erring_side") or "",
            "minutes_late": data.get("minutes_late"),
            "damaged": bool(data.get("damaged")),
            "cancelled_boards": [self.boards[n] for n in data.get("cancelled_boards") or []],
            "corrected_points": data.get("corrected_points"),
            "corrected_dig": data.get("corrected_dig") or "",
            "reason_zh": data["reason_zh"],
            "reason_en": data.get("reason_en") or "",
        }
        kwargs.update(self._whom(data.get("offender") or ""))
        return kwargs


class RulingChangeForm(RulingForm):
    """Changing a ruling: the same fields, and a note saying why (kept in the history)."""

    note = forms.CharField(label=_("改判说明"), widget=forms.Textarea(attrs={"rows": 2}))
    version = forms.IntegerField(widget=forms.HiddenInput)


def initial_from(ruling: Any) -> dict[str, Any]:
    """A change form's starting values: the ruling as it stands."""
    if ruling.offender_side:
        offender = f"side:{ruling.offender_side}"
    elif ruling.offender_player_id:
        offender = f"player:{ruling.offender_player_id}"
    elif ruling.offender_entrant_id:
        offender = f"entrant:{ruling.offender_entrant_id}"
    else:
        offender = ""
    second = ""
    if ruling.second_entrant_id:
        table = ruling.table
        side = {table.ns_id: "NS", table.ew_id: "EW"}.get(ruling.second_entrant_id, "")
        second = f"side:{side}" if side else f"entrant:{ruling.second_entrant_id}"
    return {
        "minutes_late": ruling.minutes_late,
        "irregularity": ruling.irregularity,
        "decision": ruling.decision,
        "offender": offender,
        "board": str(ruling.board.number) if ruling.board_id else "",
        "amount": ruling.amount or DEFAULT_AMOUNT,
        "erring_side": ruling.erring_side,
        "damaged": ruling.damaged,
        "second_entrant": second,
        "cancelled_boards": [str(b.number) for b in ruling.cancelled_boards.all()],
        "corrected_points": ruling.corrected_points,
        "corrected_dig": ruling.corrected_dig,
        "reason_zh": ruling.reason_zh,
        "reason_en": ruling.reason_en,
        "published": ruling.published,
        "version": ruling.version,
    }
