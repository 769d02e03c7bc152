"""Event models: events, players, teams and pairs, stages, rounds, matches, tables,
seats and board sets (第四章).

Models hold fields, constraints and cheap properties; deciding who plays whom is the
pure ``core.formats`` package, and writing it down is ``tournament.services``.

How the pieces fit, for the boards and scoring apps built on top:

* An :class:`Event` has :class:`Entrant` rows (a team or a pair) made of
  :class:`Player` rows through :class:`Membership`.
* A :class:`Stage` is one format of the event (a round robin, a knockout, a Mitchell…);
  its field is its :class:`StageEntry` rows (seed, group, Mitchell direction).
* A stage has :class:`Round` rows; a round has :class:`Match` rows (team formats and
  the pairs final's contests) and :class:`Table` rows. A table is one room of one
  session of a match (open/closed), or one Mitchell table in one round.
* A :class:`BoardSet` is a run of board numbers with the level its first board starts
  from; :class:`SetPlay` says which sets a table plays, in order. Board numbers are
  per round for team formats (every match of a round plays the same boards) and per
  stage for a Mitchell (the sets travel), so a deal is named by (stage, round or none,
  board number).
* :class:`MatchChange` keeps who changed a match result, when, from what, to what and
  why; :class:`ScheduleChange` likewise a director's override of seats or pairings;
  :class:`OfficialChange` keeps who made, gave, reset or took back an official's
  account or role.

Default orderings name a parent by its key (``stage_id``, not ``stage``): a parent named
as a model is ordered by *its* ordering, and so on up to the event, which joined every
query on tables, sets or boards to the stage and the event and cost each one the
compiling of that chain (a tenth of a result's rescore). Within one event the order is
the same.
"""

from __future__ import annotations

import secrets

from django.conf import settings as django_settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from core.engine import PROFILES, resolve_profile
from core.engine.profiles import ProfileError
from core.formats.levels import LEVELS

from .fields import by_user
from .stage_options import validate_stage_settings

# --- choices ----------------------------------------------------------------------------

RULES_LABELS = {
    "chifeng-2007": _("赤峰2007竞赛规则"),
    "chifeng-club": _("赤峰民间打法"),
    "shengji": _("升级（拖拉机）"),
}
RULES_CHOICES = [(name, RULES_LABELS.get(name, name)) for name in PROFILES]
DEFAULT_RULES = "chifeng-2007"

LEVEL_CHOICES = [(level, level) for level in LEVELS]

#: Letters and digits a player cannot misread on a printed card or type wrongly from
#: one (no 0/O, 1/I/L): the table code is typed in by hand when the QR code fails.
TABLE_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
TABLE_CODE_LENGTH = 6


def new_table_code() -> str:
    return "".join(secrets.choice(TABLE_CODE_ALPHABET) for _ in range(TABLE_CODE_LENGTH))


#: A pair's or team's own PIN (密码) for a stage (:class:`StagePin`), printed on its own
#: card only: the side that enters or confirms a result at the table types it, so one
#: table code cannot act as both sides (the opponents accept the result themselves, as
#: at table terminals). Six digits, and wrong ones are counted per table and side.
ENTRANT_PIN_LENGTH = 6


def new_entrant_pin() -> str:
    return "".join(secrets.choice("0123456789") for _ in range(ENTRANT_PIN_LENGTH))


def validate_switches(value: object) -> None:
    """Switch overrides must be names and values the engine knows (rules.md)."""
    if not isinstance(value, dict):
        raise ValidationError("规则开关必须是 JSON 对象 / switches must be a JSON object")
    try:
        resolve_profile(None, value)
    except ProfileError as error:
        raise ValidationError(
            f"规则开关无效：{error.message_zh} / invalid switch: {error.message_en}"
        ) from error


class Event(models.Model):
    """A competition (赛事): where and when, which rules, and how far it has got."""

    class Status(models.TextChoices):
        DRAFT = "draft", _("筹备中")
        RUNNING = "running", _("进行中")
        FINISHED = "finished", _("已结束")

    name = models.CharField(_("名称"), max_length=200)
    code = models.SlugField(
        _("代码"), max_length=40, unique=True, help_text=_("网址中使用的简短代码，如 chifeng-2025")
    )
    venue = models.CharField(_("地点"), max_length=200, blank=True)
    starts_on = models.DateField(_("开始日期"), null=True, blank=True)
    ends_on = models.DateField(_("结束日期"), null=True, blank=True)
    rules = models.CharField(_("规则"), max_length=40, choices=RULES_CHOICES, default=DEFAULT_RULES)
    switches = models.JSONField(
        _("规则开关"),
        default=dict,
        blank=True,
        validators=[validate_switches],
        help_text=_('覆盖所选规则中的单项开关，如 {"must_follow_shape": true}'),
    )
    status = models.CharField(
        _("状态"), max_length=10, choices=Status.choices, default=Status.DRAFT
    )
    created_at = models.DateTimeField(_("创建时间"), auto_now_add=True)

    class Meta:
        verbose_name = _("赛事")
        verbose_name_plural = _("赛事")
        ordering = ["-starts_on", "name"]
        constraints = [
            models.CheckConstraint(
                condition=Q(starts_on__isnull=True)
                | Q(ends_on__isnull=True)
                | Q(ends_on__gte=F("starts_on")),
                name="event_ends_after_start",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        try:
            resolve_profile(self.rules, self.switches or {})
        except ProfileError as error:
            raise ValidationError(
                {
                    "switches": f"规则开关无效：{error.message_zh} / "
                    f"invalid switch: {error.message_en}"
                }
            ) from error

    @property
    def profile(self):  # -> core.engine.RuleProfile
        """The engine profile this event plays by, switches applied."""
        return resolve_profile(self.rules, self.switches or {})


class EventVersion(models.Model):
    """A number every write that changes what the director's dashboard shows of an
    event raises, in the write's own transaction (``tournament.services.event_changed``:
    a result entered, confirmed, corrected or refused, a wrong PIN, an offline conflict,
    a box card's flag or ruling, a board released or withdrawn, a round started or
    closed, a ruling, a withdrawal). The dashboard's ETag reads it in one query instead
    of summing over the event's results. A row of its own, not a field of ``Event``: an
    event saved from an older copy would otherwise write an older number back.

    Started from the clock (milliseconds), never from zero, so an event deleted and
    imported again (the same id) never repeats a number a browser still holds."""

    event = models.OneToOneField(
        Event, on_delete=models.CASCADE, primary_key=True, related_name="+"
    )
    version = models.PositiveBigIntegerField(_("版本"), default=0)

    class Meta:
        verbose_name = _("赛事版本")
        verbose_name_plural = _("赛事版本")

    def __str__(self) -> str:
        return f"{self.event_id}: {self.version}"


class Player(models.Model):
    """A person who plays (选手); kept across events."""

    name = models.CharField(_("姓名"), max_length=100)
    club = models.CharField(_("单位/协会"), max_length=200, blank=True)
    created_at = models.DateTimeField(_("创建时间"), auto_now_add=True)

    class Meta:
        verbose_name = _("选手")
        verbose_name_plural = _("选手")
        ordering = ["name", "id"]

    def __str__(self) -> str:
        return f"{self.name}（{self.club}）" if self.club else self.name


class Entrant(models.Model):
    """One team (队, 4–6 players) or one pair (对, 2 players) entered in an event."""

    class Kind(models.TextChoices):
        TEAM = "team", _("队")
        PAIR = "pair", _("对")

    SIZES = {Kind.TEAM: (4, 6), Kind.PAIR: (2, 2)}

    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="entrants", verbose_name=_("赛事")
    )
    kind = models.CharField(_("类别"), max_length=4, choices=Kind.choices)
    number = models.PositiveSmallIntegerField(_("编号"))
    name = models.CharField(_("名称"), max_length=100, blank=True)
    seed = models.PositiveSmallIntegerField(
        _("原排名"), null=True, blank=True, help_text=_("以往成绩排名，用于种子分组；1 为最好")
    )
    players = models.ManyToManyField(
        Player, through="Membership", related_name="entries", verbose_name=_("选手")
    )

    class Meta:
        verbose_name = _("参赛队/对")
        verbose_name_plural = _("参赛队/对")
        ordering = ["event_id", "kind", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "kind", "number"], name="entrant_number_unique"
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="entrant_number_positive"),
        ]

    def __str__(self) -> str:
        return (
            f"{self.number} {self.name}" if self.name else f"{self.get_kind_display()}{self.number}"
        )


class Membership(models.Model):
    """A player in a team or pair; ``order`` is the default line-up (1–2 sit together)."""

    class Role(models.TextChoices):
        CAPTAIN = "captain", _("队长")
        MEMBER = "member", _("队员")

    entrant = models.ForeignKey(
        Entrant, on_delete=models.CASCADE, related_name="memberships", verbose_name=_("参赛队/对")
    )
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="memberships", verbose_name=_("选手")
    )
    role = models.CharField(_("角色"), max_length=8, choices=Role.choices, default=Role.MEMBER)
    order = models.PositiveSmallIntegerField(_("序号"), default=1)

    class Meta:
        verbose_name = _("队员")
        verbose_name_plural = _("队员")
        ordering = ["entrant__event_id", "entrant__kind", "entrant__number", "order", "id"]
        constraints = [
            models.UniqueConstraint(fields=["entrant", "player"], name="membership_unique"),
            models.UniqueConstraint(
                fields=["entrant"], condition=Q(role="captain"), name="membership_one_captain"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.entrant} · {self.player.name}"


class Stage(models.Model):
    """One format of an event (阶段), e.g. groups then a knockout.

    ``settings`` holds the format's options (see ``tournament.stage_options``);
    ``source`` is the stage whose ranking feeds this one; ``draw_seed`` is the stored
    seed of any lot drawn for it (home/away, groups, Mitchell directions), so the draw
    can be shown fair and repeated.
    """

    class Kind(models.TextChoices):
        TEAM_MATCH = "team_match", _("团体对抗赛")
        ROUND_ROBIN = "round_robin", _("团体循环赛")
        GROUP_ROUND_ROBIN = "group_round_robin", _("团体分组循环赛")
        KNOCKOUT = "knockout", _("单淘汰赛")
        DOUBLE_ELIMINATION = "double_elimination", _("双败淘汰赛")
        MITCHELL = "mitchell", _("双人双冠军赛（米切尔）")
        HOWELL = "howell", _("双人豪威尔赛（小型场地）")
        PAIRS_FINAL = "pairs_final", _("双人单冠军决赛")
        SWISS = "swiss", _("团体瑞士移位赛")

    class Status(models.TextChoices):
        PLANNED = "planned", _("待编排")
        SCHEDULED = "scheduled", _("已编排")
        FINISHED = "finished", _("已结束")

    TEAM_KINDS = frozenset(
        {
            Kind.TEAM_MATCH,
            Kind.ROUND_ROBIN,
            Kind.GROUP_ROUND_ROBIN,
            Kind.KNOCKOUT,
            Kind.DOUBLE_ELIMINATION,
            Kind.SWISS,
        }
    )
    BRACKET_KINDS = frozenset({Kind.KNOCKOUT, Kind.DOUBLE_ELIMINATION})
    #: Pairs stages scored by matchpoints on travellers (第二十八条).
    MOVEMENT_KINDS = frozenset({Kind.MITCHELL, Kind.HOWELL})

    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="stages", verbose_name=_("赛事")
    )
    order = models.PositiveSmallIntegerField(_("顺序"), default=1)
    kind = models.CharField(_("赛制"), max_length=20, choices=Kind.choices)
    name = models.CharField(_("名称"), max_length=100)
    settings = models.JSONField(
        _("设置"),
        default=dict,
        blank=True,
        help_text=_('赛制选项，如 {"boards_per_session": 12, "sessions": 2}'),
    )
    source = models.ForeignKey(
        "self",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="next_stages",
        verbose_name=_("来源阶段"),
        help_text=_("出线队/对来自哪个阶段（分组赛→淘汰赛，米切尔→决赛）"),
    )
    draw_seed = models.BigIntegerField(
        _("抽签种子"), null=True, blank=True, help_text=_("抽签所用的随机种子，可据此复核")
    )
    status = models.CharField(
        _("状态"), max_length=10, choices=Status.choices, default=Status.PLANNED
    )

    class Meta:
        verbose_name = _("比赛阶段")
        verbose_name_plural = _("比赛阶段")
        ordering = ["event_id", "order", "id"]
        constraints = [
            models.UniqueConstraint(fields=["event", "order"], name="stage_order_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.event} · {self.name}"

    def clean(self) -> None:
        try:
            validate_stage_settings(self.kind, self.settings or {})
        except ValueError as error:
            raise ValidationError({"settings": str(error)}) from error
        if self.source_id is not None and self.source.event_id != self.event_id:
            raise ValidationError(
                {"source": "来源阶段必须属于同一赛事 / the source stage must be in the same event"}
            )

    @property
    def options(self):  # -> tournament.stage_options.StageOptions
        """The settings with defaults filled in."""
        return validate_stage_settings(self.kind, self.settings or {})

    @property
    def entrant_kind(self) -> str:
        return Entrant.Kind.TEAM if self.kind in self.TEAM_KINDS else Entrant.Kind.PAIR

    @property
    def is_bracket(self) -> bool:
        return self.kind in self.BRACKET_KINDS


class StageEntry(models.Model):
    """An entrant's place in a stage: seed, group and draw position, Mitchell seat."""

    class Direction(models.TextChoices):
        NS = "NS", _("南北")
        EW = "EW", _("东西")

    stage = models.ForeignKey(
        Stage, on_delete=models.CASCADE, related_name="entries", verbose_name=_("比赛阶段")
    )
    entrant = models.ForeignKey(
        Entrant, on_delete=models.CASCADE, related_name="stage_entries", verbose_name=_("参赛队/对")
    )
    seed = models.PositiveSmallIntegerField(_("种子号"), null=True, blank=True)
    group_label = models.CharField(_("小组"), max_length=2, blank=True)
    position = models.PositiveSmallIntegerField(
        _("签号"), null=True, blank=True, help_text=_("在本阶段（或小组）赛程中的编号")
    )
    direction = models.CharField(_("方向"), max_length=2, choices=Direction.choices, blank=True)
    pair_number = models.PositiveSmallIntegerField(_("对号"), null=True, blank=True)
    source = models.CharField(
        _("出线来源"), max_length=40, blank=True, help_text=_("如 group:A:1、ns:2")
    )

    class Meta:
        verbose_name = _("阶段参赛")
        verbose_name_plural = _("阶段参赛")
        ordering = ["stage_id", "group_label", "position", "seed", "id"]
        constraints = [
            models.UniqueConstraint(fields=["stage", "entrant"], name="stage_entry_unique"),
            models.UniqueConstraint(
                fields=["stage", "seed"], condition=Q(seed__isnull=False), name="stage_seed_unique"
            ),
            models.UniqueConstraint(
                fields=["stage", "group_label", "position"],
                condition=Q(position__isnull=False),
                name="stage_position_unique",
            ),
            models.UniqueConstraint(
                fields=["stage", "direction", "pair_number"],
                condition=Q(pair_number__isnull=False),
                name="stage_pair_number_unique",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.stage.name} · {self.entrant}"


class Round(models.Model):
    """A round (轮) of a stage: the matches or Mitchell tables played at the same time."""

    stage = models.ForeignKey(
        Stage, on_delete=models.CASCADE, related_name="rounds", verbose_name=_("比赛阶段")
    )
    number = models.PositiveSmallIntegerField(_("轮次"))
    name = models.CharField(_("名称"), max_length=100, blank=True)
    # The director starts and closes each round: a table code opens its round only
    # between the two, so a code printed for a later round does nothing before then.
    started_at = models.DateTimeField(_("开始时间"), null=True, blank=True)
    closed_at = models.DateTimeField(_("结束时间"), null=True, blank=True)

    class Meta:
        verbose_name = _("轮次")
        verbose_name_plural = _("轮次")
        ordering = ["stage_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["stage", "number"], name="round_number_unique"),
        ]

    def __str__(self) -> str:
        return self.name or f"{self.stage.name} 第{self.number}轮"

    @property
    def is_open(self) -> bool:
        """Started and not closed: the round whose tables may enter results."""
        return self.started_at is not None and self.closed_at is None


class Match(models.Model):
    """A team match (or a pairs-final contest) between a home and an away entrant.

    ``home_source`` and ``away_source`` say what fills each slot: ``seed:3``,
    ``winner:M5``, ``loser:M5``, ``group:A:2`` (second of group A), ``ns:1`` /
    ``ew:1`` (a Mitchell ranking). For brackets ``number`` is the match id of
    ``core.formats.bracket`` and home is its slot ``a``.
    """

    class Status(models.TextChoices):
        PENDING = "pending", _("待定")
        READY = "ready", _("可进行")
        FINISHED = "finished", _("已结束")
        NOT_NEEDED = "not_needed", _("无需进行")

    class Side(models.TextChoices):
        WINNERS = "winners", _("胜区")
        LOSERS = "losers", _("负区")
        FINAL = "final", _("决赛")
        PLACING = "placing", _("名次赛")

    stage = models.ForeignKey(
        Stage, on_delete=models.CASCADE, related_name="matches", verbose_name=_("比赛阶段")
    )
    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="matches", verbose_name=_("轮次")
    )
    number = models.PositiveSmallIntegerField(_("场次"))
    home = models.ForeignKey(
        Entrant,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="home_matches",
        verbose_name=_("主队"),
    )
    away = models.ForeignKey(
        Entrant,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="away_matches",
        verbose_name=_("客队"),
    )
    home_source = models.CharField(_("主队来源"), max_length=40, blank=True)
    away_source = models.CharField(_("客队来源"), max_length=40, blank=True)
    side = models.CharField(_("签区"), max_length=8, choices=Side.choices, blank=True)
    bracket_round = models.PositiveSmallIntegerField(_("签区轮次"), null=True, blank=True)
    is_reset = models.BooleanField(
        _("加赛决赛"), default=False, help_text=_("负区冠军赢得决赛后才进行的第二场决赛")
    )
    group_label = models.CharField(_("小组"), max_length=2, blank=True)
    first_place = models.PositiveSmallIntegerField(
        _("决定名次"), null=True, blank=True, help_text=_("胜者得此名次，负者得下一名次")
    )
    # A knockout's placing match (名次赛): the best place its loser can still get (7 for
    # a semi-final of places 5–8; first_place + 1 for a match that decides two places).
    loser_place = models.PositiveSmallIntegerField(_("负者名次"), null=True, blank=True)
    winner = models.ForeignKey(
        Entrant,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="won_matches",
        verbose_name=_("胜者"),
    )
    status = models.CharField(
        _("状态"), max_length=10, choices=Status.choices, default=Status.PENDING
    )

    class Meta:
        verbose_name = _("比赛")
        verbose_name_plural = _("比赛")
        ordering = ["stage_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["stage", "number"], name="match_number_unique"),
            models.CheckConstraint(
                condition=Q(home__isnull=True) | Q(away__isnull=True) | ~Q(home=F("away")),
                name="match_home_is_not_away",
            ),
            models.CheckConstraint(
                condition=Q(winner__isnull=True) | Q(winner=F("home")) | Q(winner=F("away")),
                name="match_winner_plays",
            ),
        ]

    def __str__(self) -> str:
        home = str(self.home) if self.home_id else self.home_source or "?"
        away = str(self.away) if self.away_id else self.away_source or "?"
        return f"{self.code} {home} — {away}"

    @property
    def code(self) -> str:
        """``M5``: how slot sources name this match."""
        return f"M{self.number}"

    @property
    def loser(self) -> Entrant | None:
        if self.winner_id is None:
            return None
        return self.away if self.winner_id == self.home_id else self.home


class MatchChange(models.Model):
    """One change to a match result, kept for the record (who, when, before, after, why)."""

    class Kind(models.TextChoices):
        RECORDED = "recorded", _("登记成绩")
        CORRECTED = "corrected", _("更正成绩")
        CLEARED = "cleared", _("撤销成绩")
        RESET = "reset", _("因前序更正而重置")
        TIEBREAK_ADDED = "tb_added", _("加赛")
        TIEBREAK_REMOVED = "tb_removed", _("撤销加赛")

    match = models.ForeignKey(
        Match, on_delete=models.CASCADE, related_name="changes", verbose_name=_("比赛")
    )
    kind = models.CharField(_("类别"), max_length=10, choices=Kind.choices)
    changed_by = by_user(_("操作人"))
    changed_at = models.DateTimeField(_("时间"), auto_now_add=True)
    before = models.JSONField(_("更改前"), default=dict, blank=True)
    after = models.JSONField(_("更改后"), default=dict, blank=True)
    reason = models.TextField(_("原因"), blank=True)

    class Meta:
        verbose_name = _("成绩变更记录")
        verbose_name_plural = _("成绩变更记录")
        ordering = ["-changed_at", "-id"]

    def __str__(self) -> str:
        return f"{self.match.code} {self.get_kind_display()}"


class ScheduleChange(models.Model):
    """A director's override of the schedule before a round is played: two pairs or
    teams trade places from ``round`` on (their seats, or their matches), kept for the
    record — who, when, the tables or matches before and after, and why.

    ``first`` and ``second`` are kept by name in ``before``/``after`` as well, so the
    record reads the same after an entrant is removed."""

    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="schedule_changes", verbose_name=_("轮次")
    )
    first = models.ForeignKey(
        Entrant,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("对调一方"),
    )
    second = models.ForeignKey(
        Entrant,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("对调另一方"),
    )
    changed_by = by_user(_("操作人"))
    changed_at = models.DateTimeField(_("时间"), auto_now_add=True)
    before = models.JSONField(_("更改前"), default=list, blank=True)
    after = models.JSONField(_("更改后"), default=list, blank=True)
    reason = models.TextField(_("原因"))

    class Meta:
        verbose_name = _("编排调整记录")
        verbose_name_plural = _("编排调整记录")
        ordering = ["-changed_at", "-id"]

    def __str__(self) -> str:
        return f"{self.round} {self.first} ⇄ {self.second}"


class Table(models.Model):
    """A table (牌桌) in one round: one room of one session of a match, or a Mitchell table.

    ``session`` counts the match's sessions (节) and then any tie-break segments
    (加赛). ``code`` is the short code of the table's entry link (printed as a QR code).
    """

    class Room(models.TextChoices):
        OPEN = "open", _("开室")
        CLOSED = "closed", _("闭室")

    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="tables", verbose_name=_("轮次")
    )
    session = models.PositiveSmallIntegerField(_("节次"), default=1)
    number = models.PositiveSmallIntegerField(_("桌号"))
    room = models.CharField(_("赛室"), max_length=6, choices=Room.choices, blank=True)
    match = models.ForeignKey(
        Match,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="tables",
        verbose_name=_("比赛"),
    )
    ns = models.ForeignKey(
        Entrant,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="ns_tables",
        verbose_name=_("南北"),
    )
    ew = models.ForeignKey(
        Entrant,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="ew_tables",
        verbose_name=_("东西"),
    )
    code = models.CharField(
        _("录入码"), max_length=TABLE_CODE_LENGTH, unique=True, default=new_table_code
    )

    class Meta:
        verbose_name = _("牌桌")
        verbose_name_plural = _("牌桌")
        ordering = ["round__stage_id", "round__number", "session", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["round", "session", "number"], name="table_number_unique"
            ),
            models.CheckConstraint(
                condition=Q(ns__isnull=True) | Q(ew__isnull=True) | ~Q(ns=F("ew")),
                name="table_ns_is_not_ew",
            ),
        ]

    def __str__(self) -> str:
        room = f" {self.get_room_display()}" if self.room else ""
        return f"{self.round} 第{self.session}节 {self.number}桌{room}"

    @property
    def stage(self) -> Stage:
        return self.round.stage


class Seating(models.Model):
    """Who sits where (N, E, S, W) at a table."""

    class Position(models.TextChoices):
        N = "N", _("北")
        E = "E", _("东")
        S = "S", _("南")
        W = "W", _("西")

    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="seats", verbose_name=_("牌桌")
    )
    seat = models.CharField(_("座位"), max_length=1, choices=Position.choices)
    player = models.ForeignKey(
        Player,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="seats",
        verbose_name=_("选手"),
    )

    class Meta:
        verbose_name = _("座位")
        verbose_name_plural = _("座位")
        ordering = ["table_id", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["table", "seat"], name="seat_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.table} {self.seat}"


class BoardSet(models.Model):
    """A run of boards (牌组) and the level its first board starts from.

    Team formats: per round (every match of the round plays the same boards); a
    Mitchell: per stage (``round`` empty), since the sets travel from round to round.
    """

    stage = models.ForeignKey(
        Stage, on_delete=models.CASCADE, related_name="board_sets", verbose_name=_("比赛阶段")
    )
    round = models.ForeignKey(
        Round,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="board_sets",
        verbose_name=_("轮次"),
    )
    number = models.PositiveSmallIntegerField(_("牌组号"))
    first_board = models.PositiveSmallIntegerField(_("起始牌号"))
    last_board = models.PositiveSmallIntegerField(_("结束牌号"))
    start_level = models.CharField(_("起打级别"), max_length=2, choices=LEVEL_CHOICES)
    tiebreak = models.BooleanField(_("加赛"), default=False)

    class Meta:
        verbose_name = _("牌组")
        verbose_name_plural = _("牌组")
        ordering = ["stage_id", "round__number", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["stage", "round", "number"],
                condition=Q(round__isnull=False),
                name="board_set_number_unique_in_round",
            ),
            models.UniqueConstraint(
                fields=["stage", "number"],
                condition=Q(round__isnull=True),
                name="board_set_number_unique_in_stage",
            ),
            models.CheckConstraint(
                condition=Q(last_board__gte=F("first_board")) & Q(first_board__gte=1),
                name="board_set_boards_in_order",
            ),
        ]

    def __str__(self) -> str:
        return f"第{self.number}组 {self.first_board}–{self.last_board}（{self.start_level}）"

    @property
    def board_numbers(self) -> range:
        """The board numbers of the set (``boards`` is the boards app's reverse name)."""
        return range(self.first_board, self.last_board + 1)


class SetPlay(models.Model):
    """A board set that a table plays, and in which order (开室先打1–6，再打7–12)."""

    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="set_plays", verbose_name=_("牌桌")
    )
    board_set = models.ForeignKey(
        BoardSet, on_delete=models.CASCADE, related_name="plays", verbose_name=_("牌组")
    )
    order = models.PositiveSmallIntegerField(_("顺序"), default=1)

    class Meta:
        verbose_name = _("牌组安排")
        verbose_name_plural = _("牌组安排")
        ordering = ["table__round__number", "table__session", "table__number", "order"]
        constraints = [
            models.UniqueConstraint(fields=["table", "order"], name="set_play_order_unique"),
            models.UniqueConstraint(fields=["table", "board_set"], name="set_play_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.table} · {self.board_set}"


class EventRole(models.Model):
    """A login's role in one event: director (裁判长), referee (裁判) or scorer (记分员).

    Roles are per event, so a referee at one event need not be one at the next. Players
    and spectators need no login. A superuser counts as director of every event.
    """

    class Role(models.TextChoices):
        DIRECTOR = "director", _("裁判长")
        REFEREE = "referee", _("裁判")
        SCORER = "scorer", _("记分员")

    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="roles", verbose_name=_("赛事")
    )
    user = models.ForeignKey(
        django_settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="event_roles",
        verbose_name=_("用户"),
    )
    role = models.CharField(_("职责"), max_length=10, choices=Role.choices)

    class Meta:
        verbose_name = _("赛事职责")
        verbose_name_plural = _("赛事职责")
        ordering = ["event_id", "role", "user_id"]
        constraints = [
            models.UniqueConstraint(fields=["event", "user", "role"], name="event_role_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.event} · {self.user} · {self.get_role_display()}"


class OfficialChange(models.Model):
    """One change to an event's officials, kept for the record: an account made, a role
    given or taken back, a password reset — who, by whom, when. Never the password: a
    new one is shown once to the director who asked and is stored only as its hash."""

    class Kind(models.TextChoices):
        CREATED = "created", _("建立账号")
        GRANTED = "granted", _("授予职责")
        RESET = "reset", _("重设密码")
        REVOKED = "revoked", _("撤销职责")

    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="official_changes", verbose_name=_("赛事")
    )
    kind = models.CharField(_("类别"), max_length=10, choices=Kind.choices)
    user = by_user(_("裁判人员"))
    #: The login as it was, kept when the account itself is gone.
    username = models.CharField(_("用户名"), max_length=150)
    role = models.CharField(_("职责"), max_length=10, choices=EventRole.Role.choices, blank=True)
    changed_by = by_user(_("操作人"))
    changed_at = models.DateTimeField(_("时间"), auto_now_add=True)

    class Meta:
        verbose_name = _("裁判人员变更记录")
        verbose_name_plural = _("裁判人员变更记录")
        ordering = ["-changed_at", "-id"]

    def __str__(self) -> str:
        return f"{self.event} · {self.username} · {self.get_kind_display()}"


class StagePin(models.Model):
    """A team's or pair's PIN (录入密码) in one stage: a new stage, a new PIN, so a PIN
    seen at one table is worth nothing in the next stage. Made when first needed (the
    PIN card printed, or the PIN checked: ``tournament.services.stage_pin``)."""

    stage = models.ForeignKey(
        Stage, on_delete=models.CASCADE, related_name="pins", verbose_name=_("比赛阶段")
    )
    entrant = models.ForeignKey(
        Entrant, on_delete=models.CASCADE, related_name="pins", verbose_name=_("参赛队/对")
    )
    pin = models.CharField(
        _("录入密码"),
        max_length=ENTRANT_PIN_LENGTH,
        default=new_entrant_pin,
        help_text=_("本队/对在本阶段牌桌录入或确认成绩时输入，只印在本队/对的卡片上"),
    )

    class Meta:
        verbose_name = _("录入密码")
        verbose_name_plural = _("录入密码")
        constraints = [
            models.UniqueConstraint(fields=["stage", "entrant"], name="stage_pin_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.stage.name} · {self.entrant}"
