"""Rulings (判罚, 第五章): what a referee decided on an irregularity, and its history.

* :class:`Ruling` — the ruling as it stands now: where (event, stage, round, match or
  table, board), who offended (a player, an entrant, or a side at a table; always
  resolved to the entrant the scores are kept for), the irregularity (one kind per
  row of the chapter-5 table, ``core.articles``), the decision, the amount in 比赛分,
  the referee, the reason in Chinese and English, whether it is published, and where
  it stands (recorded, appealed, upheld, changed, withdrawn). The scores follow this
  row: ``rulings.services`` turns it into the scoring adjustments under the source
  ``ruling:<id>`` every time it changes, and into none once withdrawn.
* :class:`RulingVersion` — one row per action (recorded, appealed, upheld, changed,
  withdrawn, published), append-only: who, when, a note, and a snapshot of the ruling
  after the action, so every earlier version can be read back.

Models hold fields and constraints; writes go through ``rulings.services``.
"""

from __future__ import annotations

from django.conf import settings as django_settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from boards.models import Board
from core.articles import DEFAULT_AMOUNT, Decision, ErringSide, Irregularity, Status
from tournament.models import Entrant, Event, Match, Player, Round, Stage, Table
from tournament.roles import person_name

IRREGULARITY_CHOICES = [
    (Irregularity.LATE_5_10.value, _("迟到5—10分钟")),
    (Irregularity.LATE_15.value, _("迟到15分钟以上")),
    (Irregularity.DREW_EARLY.value, _("抢先抓牌或多抓牌")),
    (Irregularity.LATE_BOTTOM.value, _("打家未及时揽牌")),
    (Irregularity.WRONG_TRUMP_SHOWN.value, _("亮错主")),
    (Irregularity.WRONG_COUNT_AFTER_PLAY.value, _("出牌后发现多牌少牌")),
    (Irregularity.EXPOSED_CARD.value, _("暴露张")),
    (Irregularity.OUT_OF_TURN.value, _("抢先出牌")),
    (Irregularity.FAILED_THROW.value, _("甩错牌")),
    (Irregularity.REVOKE.value, _("藏牌")),
    (Irregularity.ILLEGAL_SIGNALS.value, _("非法传递信息")),
    (Irregularity.SLOW_PLAY.value, _("故意拖延时间")),
    (Irregularity.FOULED_BOARD.value, _("插错牌（牌数不对）")),
]
DECISION_CHOICES = [
    (Decision.WARNING.value, _("警告")),
    (Decision.PENALTY.value, _("罚分")),
    (Decision.FORFEIT.value, _("按弃权处理")),
    (Decision.RESULT_OVERRIDE.value, _("改判成绩")),
    (Decision.PENALTY_CARD.value, _("重罚张")),
    (Decision.RESULT_CORRECTED.value, _("纠正成绩")),
    (Decision.BOARDS_CANCELLED.value, _("取消若干副牌")),
    (Decision.DISQUALIFICATION.value, _("停止比赛资格")),
    (Decision.PROCEDURAL_NOTE.value, _("程序处理记录")),
    (Decision.REPLAY.value, _("本副重打")),
    (Decision.BOARD_VOIDED.value, _("本副作废")),
]
ERRING_SIDE_CHOICES = [
    (ErringSide.DECLARING.value, _("打家一方")),
    (ErringSide.DEFENDING.value, _("防守方")),
    (ErringSide.BOTH.value, _("双方")),
]
STATUS_CHOICES = [
    (Status.RECORDED.value, _("生效")),
    (Status.APPEALED.value, _("申诉中")),
    (Status.UPHELD.value, _("申诉后维持")),
    (Status.CHANGED.value, _("已改判")),
    (Status.WITHDRAWN.value, _("已撤销")),
]
SIDE_CHOICES = [("NS", _("南北")), ("EW", _("东西"))]
DIG_CHOICES = [
    ("BJ", _("大王抠底")),
    ("LJ", _("小王抠底")),
    ("J", _("J到底")),
    ("Q", _("Q半截")),
    ("K", _("K三级")),
]


class Ruling(models.Model):
    """A referee's ruling on one irregularity, as it currently stands."""

    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="rulings", verbose_name=_("赛事")
    )
    stage = models.ForeignKey(
        Stage, on_delete=models.CASCADE, related_name="rulings", verbose_name=_("比赛阶段")
    )
    round = models.ForeignKey(
        Round,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="rulings",
        verbose_name=_("轮次"),
    )
    match = models.ForeignKey(
        Match,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="rulings",
        verbose_name=_("比赛"),
    )
    table = models.ForeignKey(
        Table,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="rulings",
        verbose_name=_("牌桌"),
    )
    board = models.ForeignKey(
        Board,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="rulings",
        verbose_name=_("牌副"),
    )
    offender_entrant = models.ForeignKey(
        Entrant,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="rulings",
        verbose_name=_("犯规队/对"),
        help_text=_("计分所针对的队或对；由选手或方位推出"),
    )
    offender_player = models.ForeignKey(
        Player,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="rulings",
        verbose_name=_("犯规选手"),
    )
    offender_side = models.CharField(_("犯规方位"), max_length=2, choices=SIDE_CHOICES, blank=True)
    second_entrant = models.ForeignKey(
        Entrant,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("另一受罚方"),
        help_text=_("第三十九条：造成损失的，双方都罚"),
    )
    irregularity = models.CharField(_("违例"), max_length=24, choices=IRREGULARITY_CHOICES)
    article = models.PositiveSmallIntegerField(_("条款"))
    decision = models.CharField(_("处理"), max_length=20, choices=DECISION_CHOICES)
    amount = models.DecimalField(
        _("罚分（比赛分）"), max_digits=5, decimal_places=2, default=DEFAULT_AMOUNT
    )
    erring_side = models.CharField(
        _("错误方"),
        max_length=10,
        choices=ERRING_SIDE_CHOICES,
        blank=True,
        help_text=_("第三十三条：出牌后发现多牌少牌，错误在哪一方"),
    )
    minutes_late = models.PositiveSmallIntegerField(_("迟到分钟数"), null=True, blank=True)
    damaged = models.BooleanField(
        _("造成损失"), default=False, help_text=_("第三十六、三十九条：是否给对方造成损失")
    )
    cancelled_boards = models.ManyToManyField(
        Board, blank=True, related_name="+", verbose_name=_("取消的牌副")
    )
    corrected_points = models.PositiveSmallIntegerField(_("纠正后防家得分"), null=True, blank=True)
    corrected_dig = models.CharField(_("纠正后抠底"), max_length=2, choices=DIG_CHOICES, blank=True)
    result_before = models.JSONField(
        _("纠正前成绩"),
        null=True,
        blank=True,
        help_text=_("本判罚纠正成绩之前的防家得分与抠底，撤销时据此恢复"),
    )
    scope = models.JSONField(
        _("取消资格范围"),
        default=dict,
        blank=True,
        help_text=_("停止比赛资格时按弃权处理的比赛与牌桌（作出判罚时确定）"),
    )
    reason_zh = models.TextField(_("理由"))
    reason_en = models.TextField(_("理由（英文）"), blank=True)
    published = models.BooleanField(_("已公布"), default=False)
    status = models.CharField(
        _("状态"), max_length=10, choices=STATUS_CHOICES, default=Status.RECORDED.value
    )
    version = models.PositiveIntegerField(_("版本"), default=1)
    referee = models.ForeignKey(
        django_settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("裁判"),
    )
    created_at = models.DateTimeField(_("判罚时间"), auto_now_add=True)
    updated_at = models.DateTimeField(_("更新时间"), auto_now=True)

    class Meta:
        verbose_name = _("判罚")
        verbose_name_plural = _("判罚")
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["event", "status"], name="ruling_event_status")]
        constraints = [
            models.CheckConstraint(condition=Q(amount__gte=0), name="ruling_amount_not_negative"),
            models.CheckConstraint(
                condition=Q(article__gte=30) & Q(article__lte=39), name="ruling_article_in_ch5"
            ),
        ]

    def __str__(self) -> str:
        return f"第{self.article}条 {self.irregularity_label} · {self.get_decision_display()}"

    @property
    def irregularity_label(self) -> str:
        """The irregularity as pages show it; lateness by the minutes entered (第三十条),
        so 12 minutes late reads "迟到12分钟", not the row's "迟到5—10分钟"."""
        late = (Irregularity.LATE_5_10.value, Irregularity.LATE_15.value)
        if self.irregularity in late and self.minutes_late is not None:
            return str(_("迟到%(minutes)d分钟") % {"minutes": self.minutes_late})
        return str(self.get_irregularity_display())

    @property
    def referee_name(self) -> str:
        """The referee by name (the login only when no name is recorded)."""
        return person_name(self.referee)

    @property
    def in_force(self) -> bool:
        return self.status != Status.WITHDRAWN

    @property
    def source(self) -> str:
        """The key its score adjustments are stored under (``scoring.ScoreAdjustment``)."""
        return f"ruling:{self.pk}"


class RulingVersion(models.Model):
    """One action on a ruling, kept for ever: who, when, what, and the ruling after it."""

    class Action(models.TextChoices):
        RECORDED = "recorded", _("作出判罚")
        APPEALED = "appealed", _("提出申诉")
        UPHELD = "upheld", _("维持原判")
        CHANGED = "changed", _("改判")
        WITHDRAWN = "withdrawn", _("撤销")
        PUBLISHED = "published", _("公布")
        UNPUBLISHED = "unpublished", _("取消公布")

    ruling = models.ForeignKey(
        Ruling, on_delete=models.CASCADE, related_name="versions", verbose_name=_("判罚")
    )
    number = models.PositiveIntegerField(_("版本"))
    action = models.CharField(_("操作"), max_length=12, choices=Action.choices)
    by = models.ForeignKey(
        django_settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("操作人"),
    )
    at = models.DateTimeField(_("时间"), auto_now_add=True)
    note = models.TextField(_("说明"), blank=True)
    snapshot = models.JSONField(_("判罚内容"), default=dict)

    class Meta:
        verbose_name = _("判罚版本")
        verbose_name_plural = _("判罚版本")
        ordering = ["ruling", "number"]
        constraints = [
            models.UniqueConstraint(fields=["ruling", "number"], name="ruling_version_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.ruling_id} v{self.number} {self.get_action_display()}"
