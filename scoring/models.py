"""Stored scores derived from board results: board points, matchpoints and standings.

Rules are not written here: ``core.engine`` and the pure computations beside it
(``core.comparison``, ``core.matchpoints``, ``core.standings``) decide; the
services (``scoring.services``) turn confirmed results into their inputs and store what
they return in these rows, so a page reads precomputed numbers.

* :class:`BoardScore` — one board of a team match (or of a pairs-final contest): the
  open-room and closed-room results and the board points each side got (第二十四、
  二十九条).
* :class:`MatchScore` — a match's board points, penalties, score, decision and match
  points (第二十四、二十五、二十七条).
* :class:`TravellerScore` — one line of a Mitchell board's traveller with its
  matchpoints (第二十八条).
* :class:`Standing` — an entrant's place in a stage (a round-robin or group table, a
  Mitchell direction, the pairs final).
* :class:`ScoreAdjustment` — the stored side of the adjustments hook: what a ruling does
  to a score (第五章), written by the rulings work through
  ``scoring.services.adjustments_set``.
* :class:`TieOrder` — a director's order of teams the rules leave level (第二十五条之4).
* :class:`DirtyStage` — the outbox: a change not yet rescored, written in the same
  transaction as the change (``scoring.services.rescore``).

Every row is derived, except the last two: rescoring deletes and rewrites nothing a
person entered.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from boards.models import Board, Result
from core.adjustments import AdjustmentKind
from core.matchpoints import Artificial
from core.standings import BoardState, LineKind, MatchDecision, Tie
from tournament.fields import by_user
from tournament.models import Entrant, Event, Match, Stage, Table

SCORE = {"max_digits": 10, "decimal_places": 4}  # Neuberg scores need more than cents

DECISION_CHOICES = [
    (MatchDecision.WAITING.value, _("未完")),
    (MatchDecision.WON.value, _("胜负已分")),
    (MatchDecision.DRAWN.value, _("平局")),
    (MatchDecision.TIEBREAK.value, _("打平，需加赛")),
    (MatchDecision.FORFEIT.value, _("弃权")),
]
BOARD_STATE_CHOICES = [
    (BoardState.SCORED.value, _("已比较")),
    (BoardState.WAITING.value, _("待打")),
    (BoardState.NOT_SCORED.value, _("不计分")),
]
LINE_KIND_CHOICES = [
    (LineKind.PLAYED.value, _("已打")),
    (LineKind.ARTIFICIAL.value, _("人为调整分")),
    (LineKind.FORFEIT.value, _("弃权")),
    (LineKind.NOT_SCORED.value, _("不计分")),
]
TIE_CHOICES = [
    (Tie.NONE.value, _("无")),
    (Tie.HEAD_TO_HEAD.value, _("按相互比赛胜负")),
    (Tie.SHARED.value, _("并列")),
    (Tie.NOT_MET.value, _("尚未相遇")),
    (Tie.LEVEL.value, _("暂并列")),
    (Tie.PLAYOFF.value, _("需加赛决定")),
    (Tie.DIRECTOR.value, _("裁判长决定")),
]
ADJUSTMENT_CHOICES = [
    (AdjustmentKind.PENALTY.value, _("罚分")),
    (AdjustmentKind.FORFEIT.value, _("弃权")),
    (AdjustmentKind.SCORE_BROKEN.value, _("按打破计")),
    (AdjustmentKind.SCORE_MADE.value, _("按打成计")),
    (AdjustmentKind.NOT_SCORED.value, _("本副不计分")),
]
ARTIFICIAL_CHOICES = [
    (Artificial.AVERAGE.value, _("平均分（50%）")),
    (Artificial.AVERAGE_PLUS.value, _("平均分加（60%）")),
    (Artificial.AVERAGE_MINUS.value, _("平均分减（40%）")),
]
DIRECTION_CHOICES = [("NS", _("南北")), ("EW", _("东西"))]


class MatchScore(models.Model):
    """The score of a match (team match, bracket match or pairs-final contest).

    ``home`` and ``away`` are the entrants the boards were scored for (the open room's
    N–S team is home). ``needs_review`` is set when a bracket correction upstream put
    other teams into a match that already has results (``note_zh``/``note_en`` say
    so): its winner is then left to the director.
    """

    stage = models.ForeignKey(
        Stage, on_delete=models.CASCADE, related_name="match_scores", verbose_name=_("比赛阶段")
    )
    match = models.OneToOneField(
        Match, on_delete=models.CASCADE, related_name="score", verbose_name=_("比赛")
    )
    home = models.ForeignKey(
        Entrant, on_delete=models.CASCADE, related_name="+", verbose_name=_("主队")
    )
    away = models.ForeignKey(
        Entrant, on_delete=models.CASCADE, related_name="+", verbose_name=_("客队")
    )
    home_board_points = models.IntegerField(_("主队单副得分合计"), default=0)
    away_board_points = models.IntegerField(_("客队单副得分合计"), default=0)
    home_tiebreak_points = models.IntegerField(_("主队加赛得分"), default=0)
    away_tiebreak_points = models.IntegerField(_("客队加赛得分"), default=0)
    home_adjustment = models.DecimalField(_("主队罚分"), default=0, **SCORE)
    away_adjustment = models.DecimalField(_("客队罚分"), default=0, **SCORE)
    home_score = models.DecimalField(_("主队得分"), default=0, **SCORE)
    away_score = models.DecimalField(_("客队得分"), default=0, **SCORE)
    home_match_points = models.PositiveSmallIntegerField(_("主队场分"), default=0)
    away_match_points = models.PositiveSmallIntegerField(_("客队场分"), default=0)
    decision = models.CharField(_("结果"), max_length=10, choices=DECISION_CHOICES)
    winner = models.ForeignKey(
        Entrant,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("胜者"),
    )
    boards_scored = models.PositiveSmallIntegerField(_("已比较副数"), default=0)
    boards_expected = models.PositiveSmallIntegerField(_("应比较副数"), default=0)
    recorded_winner = models.BooleanField(
        _("已登记胜者"), default=False, help_text=_("比赛胜者由计分自动登记")
    )
    needs_review = models.BooleanField(_("待裁判长处理"), default=False)
    note_zh = models.TextField(_("说明"), blank=True)
    note_en = models.TextField(_("说明（英文）"), blank=True)
    updated_at = models.DateTimeField(_("更新时间"), auto_now=True)

    class Meta:
        verbose_name = _("比赛得分")
        verbose_name_plural = _("比赛得分")
        ordering = ["stage_id", "match__number"]

    def __str__(self) -> str:
        return f"{self.match.code} {self.home_score}–{self.away_score}"


class BoardScore(models.Model):
    """One board of a match: both rooms' results and the board points (单副得分)."""

    match = models.ForeignKey(
        Match, on_delete=models.CASCADE, related_name="board_scores", verbose_name=_("比赛")
    )
    number = models.PositiveSmallIntegerField(_("牌号"))
    board = models.ForeignKey(
        Board,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="scores",
        verbose_name=_("牌副"),
    )
    tiebreak = models.BooleanField(_("加赛"), default=False)
    open_result = models.ForeignKey(
        Result,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("开室成绩"),
    )
    closed_result = models.ForeignKey(
        Result,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("闭室成绩"),
    )
    state = models.CharField(_("状态"), max_length=10, choices=BOARD_STATE_CHOICES)
    home_points = models.PositiveSmallIntegerField(_("主队得分"), default=0)
    away_points = models.PositiveSmallIntegerField(_("客队得分"), default=0)
    step = models.PositiveSmallIntegerField(
        _("判定步骤"),
        null=True,
        blank=True,
        help_text=_("第二十四条计分的第几步：1跳级、2拣分、3成破"),
    )
    reason_zh = models.TextField(_("理由"), blank=True)
    reason_en = models.TextField(_("理由（英文）"), blank=True)

    class Meta:
        verbose_name = _("单副得分")
        verbose_name_plural = _("单副得分")
        ordering = ["match_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="board_score_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.match.code} 第{self.number}副 {self.home_points}–{self.away_points}"


class TravellerScore(models.Model):
    """One line of a Mitchell board's traveller (随牌计分表) and its matchpoints."""

    stage = models.ForeignKey(
        Stage, on_delete=models.CASCADE, related_name="traveller_scores", verbose_name=_("比赛阶段")
    )
    board = models.ForeignKey(
        Board, on_delete=models.CASCADE, related_name="traveller_scores", verbose_name=_("牌副")
    )
    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="traveller_scores", verbose_name=_("牌桌")
    )
    result = models.ForeignKey(
        Result,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("成绩"),
    )
    ns = models.ForeignKey(
        Entrant, on_delete=models.CASCADE, related_name="+", verbose_name=_("南北")
    )
    ew = models.ForeignKey(
        Entrant, on_delete=models.CASCADE, related_name="+", verbose_name=_("东西")
    )
    kind = models.CharField(_("类别"), max_length=10, choices=LINE_KIND_CHOICES)
    ns_score = models.DecimalField(_("南北比赛分"), **SCORE)
    ew_score = models.DecimalField(_("东西比赛分"), **SCORE)
    top = models.PositiveSmallIntegerField(_("顶分"))

    class Meta:
        verbose_name = _("随牌计分")
        verbose_name_plural = _("随牌计分")
        ordering = ["board_id", "table_id"]
        constraints = [
            models.UniqueConstraint(fields=["board", "table"], name="traveller_score_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.board} {self.table}: {self.ns_score}/{self.ew_score}"


class TravellerInputs(models.Model):
    """What a Mitchell board's stored traveller was scored from, as a digest (its
    results, its schedule's lines, the rulings that reach it): a full rescore skips a
    board whose inputs read the same, its lines being what scoring them would give."""

    stage = models.ForeignKey(
        Stage, on_delete=models.CASCADE, related_name="+", verbose_name=_("比赛阶段")
    )
    board = models.OneToOneField(
        Board, on_delete=models.CASCADE, related_name="+", verbose_name=_("牌副")
    )
    digest = models.CharField(_("输入摘要"), max_length=32)

    class Meta:
        verbose_name = _("随牌计分输入")
        verbose_name_plural = _("随牌计分输入")

    def __str__(self) -> str:
        return f"{self.board}: {self.digest}"


class Standing(models.Model):
    """An entrant's line in a stage's ranking.

    Team stages fill the round-robin columns (match points, won/drawn/lost, score for
    and against, how a tie was settled); a Mitchell the pairs columns (direction,
    boards, matchpoints, adjustment, total, top; the percentage follows from the last
    two); the pairs final its places. ``flagged`` marks a place the rules cannot
    settle yet (a play-off, a level final contest).
    """

    stage = models.ForeignKey(
        Stage, on_delete=models.CASCADE, related_name="standings", verbose_name=_("比赛阶段")
    )
    entrant = models.ForeignKey(
        Entrant, on_delete=models.CASCADE, related_name="standings", verbose_name=_("参赛队/对")
    )
    group_label = models.CharField(_("小组"), max_length=2, blank=True)
    direction = models.CharField(_("方向"), max_length=2, choices=DIRECTION_CHOICES, blank=True)
    place = models.PositiveSmallIntegerField(_("名次"))
    shared = models.BooleanField(_("并列"), default=False)
    tie = models.CharField(_("同分处理"), max_length=12, choices=TIE_CHOICES, blank=True)
    flagged = models.BooleanField(_("待决定"), default=False)
    note = models.TextField(_("说明"), blank=True)
    played = models.PositiveSmallIntegerField(_("已赛"), default=0)
    won = models.PositiveSmallIntegerField(_("胜"), default=0)
    drawn = models.PositiveSmallIntegerField(_("平"), default=0)
    lost = models.PositiveSmallIntegerField(_("负"), default=0)
    match_points = models.PositiveSmallIntegerField(_("场分"), default=0)
    score_for = models.DecimalField(_("得分"), default=0, **SCORE)
    score_against = models.DecimalField(_("失分"), default=0, **SCORE)
    boards = models.PositiveSmallIntegerField(_("已计副数"), default=0)
    matchpoints = models.DecimalField(_("比赛分"), default=0, **SCORE)
    adjustment = models.DecimalField(_("罚分"), default=0, **SCORE)
    total = models.DecimalField(_("累计比赛分"), default=0, **SCORE)
    top = models.PositiveIntegerField(_("满分"), default=0)
    # The exact sum of the pair's traveller lines (a Mitchell), before ``matchpoints``
    # rounds it to the cent: a changed board's differences are added to it, so one
    # result does not add up every line again. Null: not known, add the lines up.
    lines_sum = models.DecimalField(
        _("随牌计分合计"), max_digits=12, decimal_places=4, null=True, blank=True
    )
    # Swiss teams' tie-breaks (瑞士移位): opponents' match points, net jump levels.
    byes = models.PositiveSmallIntegerField(_("轮空"), default=0)
    opponents_points = models.PositiveIntegerField(_("对手场分"), default=0)
    net_levels = models.IntegerField(_("净跳级数"), default=0)

    class Meta:
        verbose_name = _("排名")
        verbose_name_plural = _("排名")
        ordering = ["stage_id", "group_label", "direction", "place", "entrant__number"]
        constraints = [
            models.UniqueConstraint(fields=["stage", "entrant"], name="standing_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.stage.name} {self.place}. {self.entrant}"

    @property
    def percentage(self) -> Fraction | None:
        """得分率: the total over the tops, exact; derived, never stored, so it is
        rounded once, where it is printed (56.125 % reads 56.13 on every face)."""
        return percentage_of(self.total, self.top)


def percentage_of(total: Decimal | Fraction, top: int) -> Fraction | None:
    """得分率 of a total over its tops, exact (:attr:`Standing.percentage`): one
    fraction made from the total's own ratio (a first standings read makes 240 of them
    at 120 tables; a Fraction of the Decimal, times 100, over the tops made three)."""
    if not top:
        return None
    numerator, denominator = total.as_integer_ratio()
    return Fraction(numerator * 100, denominator * top)


class ScoreAdjustment(models.Model):
    """What a ruling does to a score (第五章): a penalty, a forfeit, or a result scored
    as broken, as made or not at all. ``source`` names the ruling (``ruling:17``);
    the rulings work replaces a source's rows whenever the ruling changes, and
    removes them when it is withdrawn, through ``scoring.services.adjustments_set``.
    ``amount`` is added to the target's score: a penalty is negative.
    """

    stage = models.ForeignKey(
        Stage, on_delete=models.CASCADE, related_name="adjustments", verbose_name=_("比赛阶段")
    )
    kind = models.CharField(_("类别"), max_length=12, choices=ADJUSTMENT_CHOICES)
    target = models.ForeignKey(
        Entrant,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="score_adjustments",
        verbose_name=_("对象"),
        help_text=_("受罚或弃权的队/对"),
    )
    amount = models.DecimalField(_("分数"), default=0, max_digits=8, decimal_places=2)
    match = models.ForeignKey(
        Match,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("比赛"),
    )
    board = models.ForeignKey(
        Board,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("牌副"),
    )
    table = models.ForeignKey(
        Table,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("牌桌"),
    )
    artificial_ns = models.CharField(
        _("南北人为调整分"), max_length=14, choices=ARTIFICIAL_CHOICES, blank=True
    )
    artificial_ew = models.CharField(
        _("东西人为调整分"), max_length=14, choices=ARTIFICIAL_CHOICES, blank=True
    )
    reason = models.TextField(_("原因"), blank=True)
    source = models.CharField(_("来源"), max_length=60, db_index=True)
    created_at = models.DateTimeField(_("创建时间"), auto_now_add=True)

    class Meta:
        verbose_name = _("成绩调整")
        verbose_name_plural = _("成绩调整")
        ordering = ["stage_id", "id"]
        constraints = [
            models.CheckConstraint(
                condition=~Q(kind__in=["score_broken", "score_made", "not_scored"])
                | (Q(board__isnull=False) & Q(table__isnull=False)),
                name="adjustment_override_names_a_result",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.target or ''} {self.amount}".strip()


class TieOrder(models.Model):
    """The director's order of teams the rules leave level (第二十五条之4(三)): a
    play-off's result, or another decision, with its reason."""

    stage = models.ForeignKey(
        Stage, on_delete=models.CASCADE, related_name="tie_orders", verbose_name=_("比赛阶段")
    )
    group_label = models.CharField(_("小组"), max_length=2, blank=True)
    entrants = models.JSONField(_("名次顺序"), help_text=_("参赛队编号（id），名次在前者在前"))
    reason = models.TextField(_("原因"))
    decided_by = by_user(_("决定人"))
    decided_at = models.DateTimeField(_("决定时间"), auto_now_add=True)
    # Taken back (kept for the record, no longer ordering anyone), with the reason.
    withdrawn_at = models.DateTimeField(_("撤销时间"), null=True, blank=True)
    withdrawn_by = by_user(_("撤销人"))
    withdrawn_reason = models.TextField(_("撤销原因"), blank=True)

    class Meta:
        verbose_name = _("同分名次决定")
        verbose_name_plural = _("同分名次决定")
        ordering = ["stage_id", "group_label", "decided_at"]

    def __str__(self) -> str:
        return f"{self.stage.name} {self.group_label} {self.reason}"


class QualificationOverride(models.Model):
    """A director's decision to qualify a stage's field before its source stage is
    finished (第二十六条之3 asks for finished groups), kept with its reason."""

    stage = models.ForeignKey(
        Stage,
        on_delete=models.CASCADE,
        related_name="qualification_overrides",
        verbose_name=_("比赛阶段"),
    )
    reason = models.TextField(_("原因"))
    undecided = models.JSONField(
        _("未决小组"), default=list, help_text=_("出线时尚未决出的小组及原因")
    )
    decided_by = by_user(_("决定人"))
    decided_at = models.DateTimeField(_("决定时间"), auto_now_add=True)

    class Meta:
        verbose_name = _("提前出线决定")
        verbose_name_plural = _("提前出线决定")
        ordering = ["stage_id", "decided_at"]

    def __str__(self) -> str:
        return f"{self.stage.name} {self.reason}"


class DirtyStage(models.Model):
    """A change to a stage's scores that is not rescored yet: the outbox.

    Whatever changes a score (a result confirmed or corrected, a ruling's adjustment, a
    tie order) writes one row in its own transaction, naming the boards and matches it
    touched (an empty list: the standings only). The rescore takes every row of the stage
    under the stage's lock, rescores their union and deletes exactly those rows, so a row
    still here means a rescore that has not happened — a task lost with its worker, a
    rescore that failed — and the reconciler (``scoring.services.reconcile``) rescores it.
    Rows are only ever inserted and deleted, never updated: two writers never meet on one.
    """

    stage = models.ForeignKey(
        Stage, on_delete=models.CASCADE, related_name="dirty_marks", verbose_name=_("比赛阶段")
    )
    boards = models.JSONField(_("牌号"), default=list, blank=True)
    matches = models.JSONField(_("场次"), default=list, blank=True)
    marked_at = models.DateTimeField(_("标记时间"), auto_now_add=True, db_index=True)

    class Meta:
        verbose_name = _("待重新计分")
        verbose_name_plural = _("待重新计分")

    def __str__(self) -> str:
        return f"{self.stage_id} @ {self.marked_at:%H:%M:%S}"


class WithdrawalQuerySet(models.QuerySet["Withdrawal"]):
    def standing_in(self, stage: Stage) -> WithdrawalQuerySet:
        """The withdrawals in force (not taken back) of ``stage``'s entrants."""
        return self.filter(entrant__stage_entries__stage=stage, taken_back_at__isnull=True)


class Withdrawal(models.Model):
    """A team or pair that withdraws (退赛) once its stage has started: every match or
    Mitchell board it had still to play is forfeited (第三十条: "本轮比赛记零分，对方获胜"),
    through the adjustments hook under the source ``withdrawal:<id>``. Its results
    played before it withdrew stay (``kept``), or are struck — scored as forfeits too —
    as the director decides. Taken back, its forfeits go and the scores follow."""

    class Played(models.TextChoices):
        KEEP = "keep", _("已赛成绩保留")
        STRIKE = "strike", _("已赛成绩按弃权计")

    event = models.ForeignKey(
        Event,
        on_delete=models.CASCADE,
        related_name="withdrawals",
        verbose_name=_("赛事"),
    )
    entrant = models.ForeignKey(
        Entrant, on_delete=models.CASCADE, related_name="withdrawals", verbose_name=_("参赛队/对")
    )
    played = models.CharField(
        _("已赛成绩"), max_length=6, choices=Played.choices, default=Played.KEEP
    )
    opponent_score = models.CharField(
        _("对方得分（双人赛）"),
        max_length=14,
        choices=ARTIFICIAL_CHOICES,
        default=Artificial.AVERAGE_PLUS.value,
        help_text=_("弃权牌桌对方的人为调整分；弃权方记0分（第三十条）"),
    )
    # What was played when it withdrew: {"matches": [ids], "results": [[table, board]]}.
    kept = models.JSONField(_("退赛时已赛"), default=dict, blank=True)
    reason = models.TextField(_("原因"))
    decided_by = by_user(_("决定人"))
    decided_at = models.DateTimeField(_("决定时间"), auto_now_add=True)
    taken_back_at = models.DateTimeField(_("撤销时间"), null=True, blank=True)
    taken_back_by = by_user(_("撤销人"))
    taken_back_reason = models.TextField(_("撤销原因"), blank=True)

    objects = WithdrawalQuerySet.as_manager()

    class Meta:
        verbose_name = _("退赛")
        verbose_name_plural = _("退赛")
        ordering = ["event_id", "decided_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["entrant"],
                condition=Q(taken_back_at__isnull=True),
                name="withdrawal_one_in_force",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.entrant} {self.reason}"

    @property
    def source(self) -> str:
        """The adjustments' source: the forfeits this withdrawal makes."""
        return f"withdrawal:{self.pk}"

    @property
    def in_force(self) -> bool:
        return self.taken_back_at is None

    def unpaired_in(self, round_id: int) -> bool:
        """Whether Swiss round ``round_id`` was paired without the team because it had
        withdrawn (第三十条): laid after the withdrawal, which still stands. No match
        there is no bye (轮空). ``kept["rounds"]`` holds the Swiss rounds laid when it
        withdrew; one recorded before they were kept had its team paired in every round."""
        rounds = self.kept.get("rounds") if isinstance(self.kept, dict) else None
        return self.in_force and rounds is not None and round_id not in rounds


class DecisionRecord(models.Model):
    """The director's record of a decision taken back or changing the field (who, when,
    what, why): a withdrawal and its taking back, a qualification or a stage (a play-off)
    removed before it was played, a late entrant or a no-show before round 1. Kept when
    what it names is gone (``subject`` says what it was)."""

    class Kind(models.TextChoices):
        WITHDRAWN = "withdrawn", _("退赛")
        WITHDRAWAL_BACK = "withdrawal_back", _("撤销退赛")
        FIELD_CHANGED = "field_changed", _("赛前调整参赛名单")
        QUALIFICATION_REMOVED = "qual_removed", _("撤销出线")
        STAGE_REMOVED = "stage_removed", _("撤销阶段")

    event = models.ForeignKey(
        Event,
        on_delete=models.CASCADE,
        related_name="decision_records",
        verbose_name=_("赛事"),
    )
    kind = models.CharField(_("类别"), max_length=16, choices=Kind.choices)
    subject = models.CharField(_("对象"), max_length=200)
    reason = models.TextField(_("原因"), blank=True)
    details = models.JSONField(_("详情"), default=dict, blank=True)
    done_by = by_user(_("操作人"))
    done_at = models.DateTimeField(_("时间"), auto_now_add=True)

    class Meta:
        verbose_name = _("裁决记录")
        verbose_name_plural = _("裁决记录")
        ordering = ["-done_at", "-id"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.subject}"
