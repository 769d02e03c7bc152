"""The director's workspace forms: the event with its rules switches as named choices,
officials, entrants, and one form per stage format with named fields and defaults.

Forms only turn what was typed into the arguments of a service; the services check the
rest (and say why in Chinese and English).
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.models import RULES_CHOICES, Entrant, Event, EventRole, Stage
from tournament.services.stages import CHAINS
from tournament.stage_options import APPLIES, validate_stage_settings

#: Each switch a director may set (rules.md), what it means and the article it reads;
#: "" keeps the chosen profile's value.
SWITCHES: list[tuple[str, Any, list[tuple[str, Any]]]] = [
    (
        "must_follow_shape",
        _("跟牌型：上家出对，下家有对须跟对（第十七条）"),
        [("true", _("须跟型")), ("false", _("可不跟型（2007）"))],
    ),
    (
        "ace_low_tractor",
        _("A、2为连对，为最小（第十三条）"),
        [("true", _("是（2007）")), ("false", _("否"))],
    ),
    ("sealing", _("封主（第十五条）"), [("true", _("有封主（2007）")), ("false", _("无封主"))]),
    ("xiaosa", _("潇洒（第十六条）"), [("true", _("计潇洒（2007）")), ("false", _("不计潇洒"))]),
    (
        "joker_digs",
        _("大王、小王抠底（第二十二条）"),
        [("true", _("计大小王抠底（2007）")), ("false", _("不计"))],
    ),
    (
        "ganbaguo",
        _("干巴锅：无主的底牌不能抠（民间打法）"),
        [("true", _("有干巴锅")), ("false", _("无干巴锅（2007）"))],
    ),
    (
        "k_dig",
        _("K级抠底（第二十二条）"),
        [("to_10", _("K三级：退回10（2007）")), ("swap", _("K翻天：双方级别互换"))],
    ),
    (
        "gulupo",
        _("轱辘坡（第二十三条）"),
        [("140", _("140分以上为轱辘坡（2007）")), ("none", _("无轱辘坡"))],
    ),
]

BOOL_SWITCHES = (
    "must_follow_shape",
    "ace_low_tractor",
    "sealing",
    "xiaosa",
    "joker_digs",
    "ganbaguo",
)


def _default_choice() -> list[tuple[str, Any]]:
    return [("", _("按所选规则"))]


def _date_input() -> forms.DateInput:
    """A browser date input holds its value only in ISO form (2025-08-01), whatever the
    language: a localised date renders it empty and a save then erases it."""
    return forms.DateInput(format="%Y-%m-%d", attrs={"type": "date"})


class EventForm(forms.Form):
    """An event: what, where, when and by which rules (the code only when creating)."""

    name = forms.CharField(label=_("赛事名称"), max_length=200)
    code = forms.SlugField(
        label=_("赛事代码"),
        max_length=40,
        help_text=_("网址与二维码中使用的简短代码（字母、数字、连字符），创建后不能更改"),
    )
    venue = forms.CharField(label=_("地点"), max_length=200, required=False)
    starts_on = forms.DateField(label=_("开始日期"), required=False, widget=_date_input())
    ends_on = forms.DateField(label=_("结束日期"), required=False, widget=_date_input())
    rules = forms.ChoiceField(label=_("规则"), choices=RULES_CHOICES, initial="chifeng-2007")
    status = forms.ChoiceField(label=_("状态"), choices=Event.Status.choices, initial="draft")

    def __init__(self, *args: Any, creating: bool = True, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
        if not creating:
            del self.fields["code"]
        for name, label, choices in SWITCHES:
            self.fields[f"switch_{name}"] = forms.ChoiceField(
                label=label, choices=_default_choice() + choices, required=False
            )

    @staticmethod
    def initial_of(event: Event) -> dict[str, Any]:
        initial: dict[str, Any] = {
            "name": event.name,
            "venue": event.venue,
            "starts_on": event.starts_on,
            "ends_on": event.ends_on,
            "rules": event.rules,
            "status": event.status,
        }
        switches = event.switches or {}
        for name in BOOL_SWITCHES:
            if name in switches:
                initial[f"switch_{name}"] = "true" if switches[name] else "false"
        digs = switches.get("level_digs")
        if isinstance(digs, dict) and "K" in digs:
            initial["switch_k_dig"] = digs["K"]
        if "gulupo_points" in switches:
            initial["switch_gulupo"] = "none" if switches["gulupo_points"] is None else "140"
        return initial

    def switches(self) -> dict[str, object]:
        """The switch overrides chosen (only those that differ from "by the profile")."""
        data = self.cleaned_data
        out: dict[str, object] = {}
        for name in BOOL_SWITCHES:
            if data.get(f"switch_{name}"):
                out[name] = data[f"switch_{name}"] == "true"
        if data.get("switch_k_dig"):
            out["level_digs"] = {"J": "to_A", "Q": "to_6", "K": data["switch_k_dig"]}
        if data.get("switch_gulupo"):
            out["gulupo_points"] = None if data["switch_gulupo"] == "none" else 140
        return out

    def event_fields(self) -> dict[str, Any]:
        """What ``event_create`` and ``event_update`` both take from the form."""
        data = self.cleaned_data
        fields = ("name", "venue", "starts_on", "ends_on", "rules", "status")
        return {name: data[name] for name in fields} | {"switches": self.switches()}

    def switch_fields(self) -> list[forms.BoundField]:
        return [self[f"switch_{name}"] for name, _label, _choices in SWITCHES]

    def main_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if not name.startswith("switch_")]


class RoleForm(forms.Form):
    """An official to add: a new account (a name shown on the papers) or an existing
    login, with its role in the event."""

    username = forms.CharField(label=_("用户名"), max_length=150)
    name = forms.CharField(
        label=_("姓名"),
        max_length=150,
        required=False,
        help_text=_("新账号的姓名，显示在页面和打印材料上"),
    )
    role = forms.ChoiceField(label=_("职责"), choices=EventRole.Role.choices)


class EntrantForm(forms.Form):
    """One team or pair typed in: a name and its players, one per line or separated by
    、 or commas; ``*`` after a name marks the captain."""

    kind = forms.ChoiceField(label=_("类别"), choices=Entrant.Kind.choices)
    name = forms.CharField(label=_("队名"), max_length=100, required=False)
    players = forms.CharField(
        label=_("选手"),
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("用顿号、逗号或换行分隔；队长名后加 *"),
    )
    seed = forms.IntegerField(label=_("原排名"), min_value=1, required=False)
    club = forms.CharField(label=_("单位/协会"), max_length=200, required=False)


class PasteForm(forms.Form):
    kind = forms.ChoiceField(label=_("类别"), choices=Entrant.Kind.choices)
    text = forms.CharField(
        label=_("名单"),
        widget=forms.Textarea(attrs={"rows": 8}),
        help_text=_("每行一队或一对：“红山队：张伟*、王芳、李娜、刘洋”或“张伟、王芳”"),
    )


# --- stages ------------------------------------------------------------------------------

#: Each stage option: its field, label and the article it reads (tournament.stage_options).
_OPTION_FIELDS: dict[str, Any] = {
    "boards_per_session": lambda: forms.IntegerField(
        label=_("每节副数（偶数，开闭室各打一半，第二十四条）"), min_value=2, max_value=60
    ),
    "sessions": lambda: forms.IntegerField(
        label=_("节数（第二十四、二十五条）"), min_value=1, max_value=6
    ),
    "double": lambda: forms.BooleanField(label=_("双循环"), required=False),
    "groups": lambda: forms.IntegerField(
        label=_("小组数（第二十六条）"), min_value=1, max_value=16
    ),
    "qualifiers_per_group": lambda: forms.IntegerField(
        label=_("每组出线数（第二十六条）"), min_value=1, max_value=8
    ),
    "draw": lambda: forms.ChoiceField(
        label=_("分组方式（第二十六条）"),
        choices=[("serpentine", _("按原排名蛇形分组")), ("draw", _("抽签分组"))],
    ),
    "seeded": lambda: forms.IntegerField(
        label=_("抽签前先蛇形放入的种子队数"), min_value=0, max_value=32
    ),
    "tiebreak_boards": lambda: forms.IntegerField(
        label=_("打平后加赛副数（偶数，第二十七条）"), min_value=2, max_value=24
    ),
    "bracket_reset": lambda: forms.BooleanField(
        label=_("负区冠军胜决赛后再赛一场"), required=False
    ),
    "boards_per_round": lambda: forms.IntegerField(
        label=_("每轮副数（第二十八条）"), min_value=1, max_value=12
    ),
    "places": lambda: forms.IntegerField(
        label=_("决出名次数（双人决赛4或8，第二十九条；淘汰赛2、4、8……加名次赛）"),
        min_value=2,
        max_value=16,
    ),
    "carry_over": lambda: forms.BooleanField(
        label=_("带分：保留出线队之间的小组赛成绩（第二十六条之3）"), required=False
    ),
    "rounds": lambda: forms.IntegerField(
        label=_("轮数（米切尔、豪威尔：0为完整移位，较少为缩短的移位；瑞士移位：总轮数）"),
        min_value=0,
        max_value=99,
        required=False,  # left out: the format's default
    ),
    "sections": lambda: forms.IntegerField(
        label=_("分区数（各区桌数相同，同一轮打同一组牌）"),
        min_value=1,
        max_value=26,
        required=False,
    ),
    "matchpoints": lambda: forms.ChoiceField(
        label=_("比赛分计算范围"),
        choices=[("field", _("全场统一（顶分按全场各桌）")), ("section", _("各区分别计算"))],
        required=False,  # left out: the format's default
    ),
    "held_ns": lambda: NumbersField(
        label=_("固定坐南北的对（参赛编号，逗号分隔；选手不便移动）"), required=False
    ),
    "seating": lambda: forms.ChoiceField(
        label=_("座位编排"),
        choices=[("draw", _("抽签")), ("reseed", _("按前几节累计名次蛇形编排"))],
        required=False,  # left out: the format's default
    ),
}


class NumbersField(forms.CharField):
    """Entrant numbers typed as ``3, 7``: a list of numbers (empty when left blank)."""

    def prepare_value(self, value: Any) -> Any:
        if isinstance(value, list | tuple):
            return ", ".join(str(v) for v in value)
        return value

    def to_python(self, value: Any) -> Any:
        text = super().to_python(value).replace("，", ",").replace("、", ",")
        parts = [p.strip() for p in text.split(",") if p.strip()]
        if not all(p.isdigit() and int(p) > 0 for p in parts):
            raise forms.ValidationError(_("请填写参赛编号，用逗号分隔，如 3, 7"), code="numbers")
        return [int(p) for p in parts]


class StageForm(forms.Form):
    """A stage of one format: its name, its field (or the stage that feeds it) and the
    format's own options, each with its default; never JSON."""

    name = forms.CharField(label=_("阶段名称"), max_length=100, required=False)
    draw_seed = forms.IntegerField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args: Any, kind: str, event: Event, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
        self.kind = kind
        defaults = validate_stage_settings(kind, {})  # this format's own defaults
        self.option_names = [name for name, kinds in APPLIES.items() if kind in kinds]
        for name in self.option_names:
            field = _OPTION_FIELDS[name]()
            default = getattr(defaults, name)
            field.initial = list(default) if isinstance(default, tuple) else default
            self.fields[name] = field
        entrant_kind = Entrant.Kind.TEAM if kind in Stage.TEAM_KINDS else Entrant.Kind.PAIR
        sources = Stage.objects.filter(
            event=event,
            kind__in=CHAINS.get(kind, ()),
        )
        if kind == Stage.Kind.PAIRS_FINAL or sources.exists():
            self.fields["source"] = forms.ModelChoiceField(
                label=_("来源阶段（出线者由此产生）"),
                queryset=sources,
                required=kind == Stage.Kind.PAIRS_FINAL,
                empty_label=_("无（直接选择参赛者）"),
            )
        if kind != Stage.Kind.PAIRS_FINAL:
            choices = Entrant.objects.filter(event=event, kind=entrant_kind).order_by("number")
            self.fields["entrants"] = forms.ModelMultipleChoiceField(
                label=_("参赛者（按编号或原排名为种子顺序）"),
                queryset=choices,
                required=False,
                widget=forms.CheckboxSelectMultiple,
                initial=list(choices),
            )
            self.fields["entrants"].label_from_instance = _entrant_label
            self.fields["order_by"] = forms.ChoiceField(
                label=_("种子顺序"),
                choices=[("number", _("按编号")), ("seed", _("按原排名"))],
                initial="number",
            )

    def settings(self) -> dict[str, Any]:
        """Only what differs from the format's default is stored (as the admin does)."""
        defaults = validate_stage_settings(self.kind, {})
        out: dict[str, Any] = {}
        for name in self.option_names:
            value = self.cleaned_data.get(name)
            default = getattr(defaults, name)
            if isinstance(default, tuple):
                default = list(default)
            if value not in (None, "") and value != default:
                out[name] = value
        return out

    def entrants(self) -> list[Entrant]:
        chosen = list(self.cleaned_data.get("entrants") or [])
        if self.cleaned_data.get("order_by") == "seed":
            chosen.sort(key=lambda e: (e.seed is None, e.seed or 0, e.number))
        else:
            chosen.sort(key=lambda e: e.number)
        return chosen

    def option_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.option_names]


def _entrant_label(entrant: Entrant) -> str:
    names = "、".join(m.player.name for m in entrant.memberships.select_related("player"))
    head = f"{entrant.number} {entrant.name}" if entrant.name else f"{entrant.number}"
    return f"{head}（{names}）" if names else head


class BoardImportForm(forms.Form):
    file = forms.FileField(label=_("牌型文件（duidiao-board/1，JSON 或 zip）"))


class DealForm(forms.Form):
    """A 牌型卡 typed seat by seat with the fast card grammar (``♥AKQ10 ♠…``)."""

    N = forms.CharField(label=_("北"), widget=forms.Textarea(attrs={"rows": 2}))
    E = forms.CharField(label=_("东"), widget=forms.Textarea(attrs={"rows": 2}))
    S = forms.CharField(label=_("南"), widget=forms.Textarea(attrs={"rows": 2}))
    W = forms.CharField(label=_("西"), widget=forms.Textarea(attrs={"rows": 2}))
    bottom = forms.CharField(label=_("底牌（自上而下）"), widget=forms.Textarea(attrs={"rows": 1}))
