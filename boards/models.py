"""Boards of an event: the deal (hand-record card, 牌型卡), the board-box card
(牌盒卡: level, trump, who declared, declarer) and each table's result (scorecard).

Identity, and why (第十四、四十三条):

* A :class:`Board` is **one deal** of a stage, named like its board set: (stage,
  round, number) for team formats, where every match of a round plays the same
  duplicated boards (``BoardSet.round`` set), and (stage, number) for a Mitchell,
  whose sets travel from table to table across the rounds (``BoardSet.round``
  empty). Its ``board_set`` says which set carries it, so the tables scheduled to play
  it are the tables with a ``SetPlay`` of that set.
* A :class:`BoxCard` is the box card of **one physical copy** of that deal: the level,
  trump and declarer written at the first table that played it and read by every
  table that replays it. In a Mitchell the one copy travels the room, so there is one
  box card per board (``match`` empty). In team play each match's two rooms share a
  copy and every match of the round has its own copy of the deal, reaching its own
  levels, so there is one box card per (board, match). The scorecards compared with
  each other — a match's open and closed room, a Mitchell traveller — are exactly the
  results of one box card.
* A :class:`Result` is a board at a table (unique per board and table); the table
  tells the round, the match and who sat where.

A box card row exists only once the board has been played somewhere (its first play
fills it). Hiding hand records until every table has played is decided from the whole
deal, across matches (``boards.selectors``): seeing one match's copy is seeing the
other matches' hands too (第二十八条之6).

Models hold fields, constraints and cheap properties; writes go through
``boards.services`` (which run the rules engine), reads through ``boards.selectors``.
"""

from __future__ import annotations

from typing import Any

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from core.engine import Seat as EngineSeat
from core.engine import Side
from core.engine.cards import parse_level
from core.engine.outcome import Dig, HandOutcome, Outcome
from core.results import PlayResult
from tournament.fields import by_user
from tournament.models import LEVEL_CHOICES, BoardSet, Match, Player, Round, Stage, Table

from .records import result_record

SEAT_CHOICES = [("N", _("北")), ("E", _("东")), ("S", _("南")), ("W", _("西"))]
SIDE_CHOICES = [("NS", _("南北")), ("EW", _("东西"))]
TRUMP_CHOICES = [("H", _("红心")), ("D", _("方块")), ("S", _("黑桃")), ("C", _("梅花"))]
DIG_CHOICES = [
    ("BJ", _("大王抠底")),
    ("LJ", _("小王抠底")),
    ("J", _("J到底")),
    ("Q", _("Q半截")),
    ("K", _("K三级")),
]
OUTCOME_CHOICES = [
    ("guang", _("光牌")),
    ("made", _("打成")),
    ("broken", _("打破")),
    ("gulupo", _("轱辘坡")),
]

#: The fields a box card holds; a result carries the same ones "as played".
BOX_CARD_FIELDS = ("level_ns", "level_ew", "trump", "declared_by", "declarer")


class Board(models.Model):
    """One deal (一副牌) of a stage: four hands of 25 and the bottom of 8.

    Cards are canonical strings (interfaces.md: ``H10``, ``SA``, ``BJ``); ``bottom`` is
    listed top of the pile first (翻主 reads its third card from the bottom). A
    generated deal is dealt again, card for card, from its stage's commitment
    (``duidiao-deal/2``, docs/dealing.md); one dealt before that scheme keeps its
    ``seed`` (``duidiao-deal/1``: ``boards.services.deal_from_seed(seed)``).
    """

    class Source(models.TextChoices):
        GENERATED = "generated", _("随机生成")
        IMPORTED = "imported", _("文件导入")
        MANUAL = "manual", _("手工录入")
        # 第四十三条: shuffled and dealt at the first table; the 牌型卡 is typed in later.
        TABLE = "table", _("首桌发牌")

    stage = models.ForeignKey(
        Stage, on_delete=models.CASCADE, related_name="boards", verbose_name=_("比赛阶段")
    )
    round = models.ForeignKey(
        Round,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="boards",
        verbose_name=_("轮次"),
        help_text=_("团体赛每轮一套牌；米切尔赛制为空（牌组在各轮之间传递）"),
    )
    board_set = models.ForeignKey(
        BoardSet, on_delete=models.CASCADE, related_name="boards", verbose_name=_("牌组")
    )
    number = models.PositiveSmallIntegerField(_("牌号"))
    hands = models.JSONField(
        _("四家手牌"), default=dict, help_text=_('{"N": [25张], "E": […], "S": […], "W": […]}')
    )
    bottom = models.JSONField(_("底牌"), default=list, help_text=_("8张，自上而下"))
    source = models.CharField(_("来源"), max_length=10, choices=Source.choices)
    seed = models.CharField(
        _("发牌种子"),
        max_length=40,
        blank=True,
        help_text=_("duidiao-deal/1 随机生成时所用的128位种子（十进制）；duidiao-deal/2 的牌不用"),
    )
    created_by = by_user(_("录入人"))
    created_at = models.DateTimeField(_("创建时间"), auto_now_add=True)
    released_at = models.DateTimeField(
        _("公布时间"), null=True, blank=True, help_text=_("裁判长提前公布牌型与成绩的时间")
    )
    released_by = by_user(_("公布人"))

    class Meta:
        verbose_name = _("牌副")
        verbose_name_plural = pgettext_lazy("plural", "牌副")
        ordering = ["stage_id", "round__number", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["stage", "round", "number"],
                condition=Q(round__isnull=False),
                name="board_number_unique_in_round",
            ),
            models.UniqueConstraint(
                fields=["stage", "number"],
                condition=Q(round__isnull=True),
                name="board_number_unique_in_stage",
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="board_number_positive"),
        ]

    def __str__(self) -> str:
        where = f"{self.round} " if self.round_id else f"{self.stage.name} "
        return f"{where}第{self.number}副"

    @property
    def event(self):  # -> tournament.models.Event
        return self.stage.event

    @property
    def has_deal(self) -> bool:
        """False for a board dealt at its first table whose 牌型卡 is not typed in yet."""
        return bool(self.hands)

    @property
    def deal(self) -> dict[str, object]:
        """The deal as the engine reads it (``check_deal``, a record's hands and bottom)."""
        return {"hands": self.hands, "bottom": self.bottom}


class DealCommitment(models.Model):
    """The promise, published before play, that a stage's generated deals were fixed in
    advance (发牌承诺).

    ``duidiao-deal/2`` (docs/dealing.md): ``material`` is the public commitment document —
    the SHA-256 of a secret the server drew, the scheme, the boards, and which public
    value, not known yet, will be mixed in — and ``digest`` its SHA-256. The deals are
    derived only once the director enters that value (``public_value``, with its time);
    the secret is shown once every round of the stage has closed, and anyone can then
    deal every board again (``boards.services.deals_verify``, or the browser).

    ``duidiao-deal/1`` (events dealt before it): ``material`` is the seed material (each
    board and its seed), private until the stage is over, and ``digest`` its SHA-256."""

    class Scheme(models.TextChoices):
        V1 = "duidiao-deal/1", "duidiao-deal/1"
        V2 = "duidiao-deal/2", "duidiao-deal/2"

    stage = models.ForeignKey(
        Stage, on_delete=models.CASCADE, related_name="deal_commitments", verbose_name=_("比赛阶段")
    )
    scheme = models.CharField(_("发牌方案"), max_length=20, choices=Scheme.choices)
    digest = models.CharField(_("SHA-256 摘要"), max_length=64)
    material = models.TextField(
        _("承诺文本"),
        help_text=_("duidiao-deal/2：赛前公布的承诺文件；duidiao-deal/1：种子材料，赛后公布"),
    )
    boards = models.PositiveIntegerField(_("副数"))
    committed_at = models.DateTimeField(_("公布时间"), auto_now_add=True)
    committed_by = by_user(_("公布人"))
    secret = models.CharField(
        _("秘密值"),
        max_length=64,
        blank=True,
        help_text=_("服务器在公布承诺时抽取的256位随机数（十六进制）；阶段结束后公布"),
    )
    public_source = models.CharField(
        _("公开值来源"),
        max_length=200,
        blank=True,
        help_text=_("承诺时指明、之后才公开的值：随机信标的轮号，或抽签时当众输入的值"),
    )
    public_value = models.CharField(_("公开值"), max_length=200, blank=True)
    public_value_at = models.DateTimeField(_("公开值输入时间"), null=True, blank=True)
    public_value_by = by_user(_("公开值输入人"))

    class Meta:
        verbose_name = _("发牌承诺")
        verbose_name_plural = pgettext_lazy("plural", "发牌承诺")
        ordering = ["stage_id", "committed_at", "id"]

    def __str__(self) -> str:
        return f"{self.stage} {self.digest[:12]}"

    @property
    def awaits_public_value(self) -> bool:
        return self.scheme == self.Scheme.V2 and self.public_value_at is None


class BoxCard(models.Model):
    """The board-box card (牌盒卡, 第四十三条) of one copy of a board.

    Filled by the first play: both sides' levels, the trump, who declared it (empty
    for 翻主) and the declarer. Every later table of the same copy plays from it.
    ``flags`` carries what the director should look at, e.g. a level that the previous
    board's result does not lead to.
    """

    board = models.ForeignKey(
        Board, on_delete=models.CASCADE, related_name="box_cards", verbose_name=_("牌副")
    )
    match = models.ForeignKey(
        Match,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="box_cards",
        verbose_name=_("比赛"),
        help_text=_("团体赛每场比赛各有一套牌盒；米切尔赛制为空"),
    )
    level_ns = models.CharField(_("南北级别"), max_length=2, choices=LEVEL_CHOICES)
    level_ew = models.CharField(_("东西级别"), max_length=2, choices=LEVEL_CHOICES)
    trump = models.CharField(_("主牌花色"), max_length=1, choices=TRUMP_CHOICES)
    declared_by = models.CharField(
        _("亮主者"), max_length=1, choices=SEAT_CHOICES, blank=True, help_text=_("空表示翻底定主")
    )
    declarer = models.CharField(_("打家"), max_length=1, choices=SEAT_CHOICES)
    filled_by = models.ForeignKey(
        "Result",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("填写自成绩"),
    )
    filled_at = models.DateTimeField(_("填写时间"), auto_now_add=True)
    flags = models.JSONField(
        _("提示"), default=list, blank=True, help_text=_("需要裁判长核查的问题（中英文）")
    )
    flagged = models.BooleanField(_("待核查"), default=False, db_index=True)

    class Meta:
        verbose_name = _("牌盒卡")
        verbose_name_plural = pgettext_lazy("plural", "牌盒卡")
        ordering = ["board_id", "match_id"]
        constraints = [
            models.UniqueConstraint(
                fields=["board", "match"],
                condition=Q(match__isnull=False),
                name="box_card_unique_per_match",
            ),
            models.UniqueConstraint(
                fields=["board"], condition=Q(match__isnull=True), name="box_card_unique_per_board"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.board} 牌盒卡"

    def values(self) -> dict[str, str]:
        return {name: getattr(self, name) for name in BOX_CARD_FIELDS}


class BoxCardRuling(models.Model):
    """The director's decision on a box card the typed deal contradicts (第三十三条, 亮错主:
    its 亮主者 did not hold the level card). The non-offending side says whether the suit
    stays trump or names another; the later tables of the copy then enter what they
    played and are judged with that trump, the declaration no longer checked against the
    deal. Each decision is a row (who, when, why): the latest one holds."""

    ARTICLE = "第三十三条"

    class Decision(models.TextChoices):
        STANDS = "stands", _("该花色当主，按实际打的计分")
        CHOSEN = "chosen", _("非错误方指定主牌花色")

    box_card = models.ForeignKey(
        BoxCard, on_delete=models.CASCADE, related_name="rulings", verbose_name=_("牌盒卡")
    )
    decision = models.CharField(_("裁决"), max_length=10, choices=Decision.choices)
    trump = models.CharField(
        _("主牌花色"), max_length=1, choices=TRUMP_CHOICES, help_text=_("后续牌桌按此花色打")
    )
    chooser = models.CharField(
        _("指定方"), max_length=2, choices=SIDE_CHOICES, help_text=_("非错误方")
    )
    article = models.CharField(_("条文"), max_length=20, default=ARTICLE)
    reason = models.TextField(_("说明"), blank=True)
    decided_by = by_user(_("裁判长"))
    decided_at = models.DateTimeField(_("时间"), auto_now_add=True)

    class Meta:
        verbose_name = _("牌盒卡裁决")
        verbose_name_plural = pgettext_lazy("plural", "牌盒卡裁决")
        ordering = ["box_card_id", "-decided_at", "-id"]

    def __str__(self) -> str:
        return f"{self.box_card} {self.article} {self.get_decision_display()}"

    def values(self) -> dict[str, str]:
        """The box card as the later tables play it after this decision."""
        return self.box_card.values() | {"trump": self.trump}


#: A result's scorecard and the engine's verdict on it, field by field: what readers of a
#: result (the API, the whole-event export) take over as it is.
#: What the table records of the play beyond the box card.
PLAY_FIELDS = ("buried", "exchanges", "tricks")
#: What the engine decides from the scorecard (the verdict), never typed in.
VERDICT_FIELDS = (
    "rules",
    "outcome",
    "declarer_broken",
    "levels_after_ns",
    "levels_after_ew",
    "jump_levels_ns",
    "jump_levels_ew",
    "xiaosa_levels",
    "next_declarer",
    "game_won",
)
#: A stored result's scorecard and verdict, in the order the API and the transfer write them.
RESULT_SCORECARD_FIELDS = (
    *BOX_CARD_FIELDS,
    *PLAY_FIELDS,
    "defender_points",
    "dig",
    "xiaosa",
    *VERDICT_FIELDS,
    "failed_throws",
)


class Result(models.Model):
    """A board played at a table (计分卡): the box card as played, what is known of the
    burying, exchanges and play, the result, and the engine's verdict.

    ``version`` grows by one with every write; an edit names the version it was made
    from, and an edit from an older version is refused (``boards.services``).
    """

    class Status(models.TextChoices):
        ENTERED = "entered", _("待确认")
        CONFIRMED = "confirmed", _("已确认")
        # A table's entry that the deal contradicts: kept, with the engine's findings
        # (``dispute``), for the director to resolve; the table is told nothing of it.
        DISPUTED = "disputed", _("有争议")

    board = models.ForeignKey(
        Board, on_delete=models.CASCADE, related_name="results", verbose_name=_("牌副")
    )
    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="results", verbose_name=_("牌桌")
    )
    player_n = models.ForeignKey(
        Player,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("北家选手"),
    )
    player_e = models.ForeignKey(
        Player,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("东家选手"),
    )
    player_s = models.ForeignKey(
        Player,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("南家选手"),
    )
    player_w = models.ForeignKey(
        Player,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("西家选手"),
    )
    # The box card as played.
    level_ns = models.CharField(_("南北级别"), max_length=2, choices=LEVEL_CHOICES)
    level_ew = models.CharField(_("东西级别"), max_length=2, choices=LEVEL_CHOICES)
    trump = models.CharField(_("主牌花色"), max_length=1, choices=TRUMP_CHOICES)
    declared_by = models.CharField(
        _("亮主者"), max_length=1, choices=SEAT_CHOICES, blank=True, help_text=_("空表示翻底定主")
    )
    declarer = models.CharField(_("打家"), max_length=1, choices=SEAT_CHOICES)
    # What the scorecard knows of the hand.
    buried = models.JSONField(_("扣底"), null=True, blank=True, help_text=_("打家扣下的8张"))
    exchanges = models.JSONField(
        _("换牌"), null=True, blank=True, help_text=_("潇洒与抢牌（interfaces.md 的 exchanges）")
    )
    tricks = models.JSONField(_("出牌记录"), null=True, blank=True, help_text=_("逐轮出牌"))
    defender_points = models.PositiveSmallIntegerField(_("防家得分"))
    dig = models.CharField(_("抠底"), max_length=2, choices=DIG_CHOICES, blank=True)
    xiaosa = models.JSONField(_("潇洒"), default=list, blank=True, help_text=_("计入潇洒的大小王"))
    # The engine's verdict.
    rules = models.CharField(_("规则"), max_length=40)
    outcome = models.CharField(_("结果"), max_length=6, choices=OUTCOME_CHOICES)
    declarer_broken = models.BooleanField(_("庄家被打破"))
    levels_after_ns = models.CharField(_("南北打后级别"), max_length=2, choices=LEVEL_CHOICES)
    levels_after_ew = models.CharField(_("东西打后级别"), max_length=2, choices=LEVEL_CHOICES)
    jump_levels_ns = models.PositiveSmallIntegerField(_("南北跳级"))
    jump_levels_ew = models.PositiveSmallIntegerField(_("东西跳级"))
    xiaosa_levels = models.PositiveSmallIntegerField(_("潇洒级数"), default=0)
    next_declarer = models.CharField(_("下副打家"), max_length=1, choices=SEAT_CHOICES)
    game_won = models.BooleanField(_("打通"), default=False)
    failed_throws = models.JSONField(
        _("甩错牌"),
        default=list,
        blank=True,
        help_text=_('[{"trick": 3, "seat": "E"}]：出牌记录中的甩错牌（第三十五条）'),
    )
    # Entry, confirmation and concurrency.
    status = models.CharField(
        _("状态"), max_length=10, choices=Status.choices, default=Status.ENTERED
    )
    version = models.PositiveIntegerField(_("版本"), default=1)
    entered_by = by_user(_("录入人"))
    entered_side = models.CharField(_("录入方"), max_length=2, choices=SIDE_CHOICES, blank=True)
    entered_at = models.DateTimeField(_("录入时间"), auto_now_add=True)
    confirmed_by = by_user(_("确认人"))
    confirmed_side = models.CharField(_("确认方"), max_length=2, choices=SIDE_CHOICES, blank=True)
    confirmed_at = models.DateTimeField(_("确认时间"), null=True, blank=True)
    updated_at = models.DateTimeField(_("更新时间"), auto_now=True)
    flags = models.JSONField(_("提示"), default=list, blank=True)
    flagged = models.BooleanField(_("待核查"), default=False, db_index=True)
    dispute = models.JSONField(
        _("与牌不符之处"),
        default=list,
        blank=True,
        help_text=_("有争议的成绩：引擎对照牌型的意见，只给裁判长看"),
    )

    class Meta:
        verbose_name = _("成绩")
        verbose_name_plural = pgettext_lazy("plural", "成绩")
        ordering = ["board_id", "table_id"]
        constraints = [
            models.UniqueConstraint(fields=["board", "table"], name="result_unique_per_table"),
        ]
        # What the director's dashboard reads of 14,000 results at 60 tables (issue 23),
        # from the indexes alone: each round's results counted by state, the count and
        # last update time of its ETag, and the few a director has to look at (flagged,
        # or not confirmed).
        indexes = [
            models.Index(fields=["table", "status"], name="result_table_status"),
            models.Index(fields=["board", "updated_at"], name="result_board_updated"),
            models.Index(
                fields=["table", "board"],
                condition=Q(flagged=True) | ~Q(status="confirmed"),
                name="result_to_look_at",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.board} @ {self.table}"

    @property
    def is_confirmed(self) -> bool:
        return self.status == self.Status.CONFIRMED

    @property
    def table_status(self) -> str:
        """The status as the table sees it: a disputed result reads as entered (waiting
        for the other side) or, once the other side has confirmed it, as confirmed — so
        that nothing a table receives depends on the hidden deal (第二十八条之6)."""
        if self.status == self.Status.DISPUTED:
            return self.Status.CONFIRMED if self.confirmed_at is not None else self.Status.ENTERED
        return str(self.status)

    def box_card_values(self) -> dict[str, str]:
        return {name: getattr(self, name) for name in BOX_CARD_FIELDS}

    @property
    def players(self) -> dict[str, Player | None]:
        return {"N": self.player_n, "E": self.player_e, "S": self.player_s, "W": self.player_w}

    def hand_outcome(self) -> HandOutcome:
        """The engine's outcome, rebuilt from the stored verdict (no engine run)."""
        return HandOutcome(
            outcome=Outcome(self.outcome),
            declarer_broken=self.declarer_broken,
            levels_after={
                Side.NS: parse_level(self.levels_after_ns),
                Side.EW: parse_level(self.levels_after_ew),
            },
            jump_levels={Side.NS: self.jump_levels_ns, Side.EW: self.jump_levels_ew},
            next_declarer=EngineSeat[self.next_declarer],
            game_won=self.game_won,
            xiaosa_levels=self.xiaosa_levels,
        )

    def play_result(self) -> PlayResult:
        """This result as team and pairs scoring compare it (``core.results``)."""
        return PlayResult(
            declaring=EngineSeat[self.declarer].side,
            defender_points=self.defender_points,
            dig=Dig(self.dig) if self.dig else None,
            hand=self.hand_outcome(),
        )

    def to_record(self, *, with_deal: bool = True) -> dict[str, Any]:
        """The ``duidiao-board/1`` record of this result (interfaces.md)."""
        return result_record(self, with_deal=with_deal)


class ResultChange(models.Model):
    """One write to a result, or one refused attempt, kept for the record."""

    class Action(models.TextChoices):
        ENTER = "enter", _("录入")
        CONFIRM = "confirm", _("确认")
        CORRECT = "correct", _("更正")
        CONFLICT = "conflict", _("冲突未保存")
        WRONG_PIN = "wrong_pin", _("密码错误")
        RESOLVE = "resolve", _("处理冲突")

    class Role(models.TextChoices):
        DIRECTOR = "director", _("裁判长")
        SCORER = "scorer", _("记分员")
        TABLE = "table", _("牌桌")

    result = models.ForeignKey(
        Result, on_delete=models.CASCADE, related_name="changes", verbose_name=_("成绩")
    )
    action = models.CharField(_("操作"), max_length=10, choices=Action.choices)
    role = models.CharField(_("身份"), max_length=10, choices=Role.choices)
    user = by_user(_("操作人"))
    side = models.CharField(
        _("牌桌方"),
        max_length=2,
        choices=SIDE_CHOICES,
        blank=True,
        help_text=_("凭牌桌录入码操作的一方"),
    )
    credential = models.CharField(
        _("凭据"),
        max_length=60,
        blank=True,
        help_text=_("操作所凭：登录账号，或牌桌录入码加哪一队/对的密码"),
    )
    at = models.DateTimeField(_("时间"), auto_now_add=True)
    version = models.PositiveIntegerField(
        _("基于版本"), null=True, blank=True, help_text=_("操作所依据的成绩版本")
    )
    before = models.JSONField(_("更改前"), null=True, blank=True)
    after = models.JSONField(_("更改后"), null=True, blank=True)
    reason = models.TextField(_("原因"), blank=True)

    class Meta:
        verbose_name = _("成绩修改记录")
        verbose_name_plural = pgettext_lazy("plural", "成绩修改记录")
        ordering = ["result_id", "at", "id"]

    def __str__(self) -> str:
        return f"{self.result} {self.get_action_display()}"


class EntryCheck(models.Model):
    """One check of a scorecard against a board (the live verdict, an entry, a
    correction), kept for the director: what was typed, by whom, and what the engine
    said. A table's live check is judged without the deal (spelling, counts, arithmetic,
    the box card in the box); its entry is judged against the deal, and one the deal
    contradicts is kept as a disputed result (``hidden``: the table was not told), so
    a table code learns nothing of a board it has not played by probing scorecards
    (第二十八条之6), and every probe is a row here and in the result's trail."""

    class Kind(models.TextChoices):
        CHECK = "check", _("核对")
        ENTER = "enter", _("录入")
        CORRECT = "correct", _("更正")

    board = models.ForeignKey(
        Board, on_delete=models.CASCADE, related_name="entry_checks", verbose_name=_("牌副")
    )
    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="entry_checks", verbose_name=_("牌桌")
    )
    kind = models.CharField(_("操作"), max_length=8, choices=Kind.choices)
    role = models.CharField(_("身份"), max_length=10, choices=ResultChange.Role.choices)
    user = by_user(_("操作人"))
    side = models.CharField(_("牌桌方"), max_length=2, choices=SIDE_CHOICES, blank=True)
    at = models.DateTimeField(_("时间"), auto_now_add=True)
    accepted = models.BooleanField(_("通过"))
    hidden = models.BooleanField(
        _("未告知细节"),
        default=False,
        help_text=_("与牌不符而记为有争议：牌桌未被告知，细节留给裁判长"),
    )
    findings = models.JSONField(_("引擎意见"), default=list, blank=True)
    entry = models.JSONField(_("所填计分卡"), default=dict, blank=True)

    class Meta:
        verbose_name = _("计分卡核对记录")
        verbose_name_plural = pgettext_lazy("plural", "计分卡核对记录")
        ordering = ["at", "id"]
        indexes = [models.Index(fields=["board", "table", "hidden"], name="entry_check_refusals")]

    def __str__(self) -> str:
        return f"{self.table} {self.board} {self.get_kind_display()}"


class PinMiss(models.Model):
    """A wrong PIN (录入密码) typed by one side of a table: counted per table and side,
    never per address (a venue's phones share one), and shown to the director. After
    ``settings.PIN_MISSES_PER_SIDE`` that side's entries and confirmations wait for the
    director, even with the right PIN."""

    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="pin_misses", verbose_name=_("牌桌")
    )
    side = models.CharField(_("牌桌方"), max_length=2, choices=SIDE_CHOICES)
    result = models.ForeignKey(
        Result,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="pin_misses",
        verbose_name=_("成绩"),
    )
    #: The board the side tried to enter or confirm: a miss before the board has a result
    #: still shows in that scorecard's history.
    board = models.ForeignKey(
        Board,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="pin_misses",
        verbose_name=_("牌副"),
    )
    address = models.CharField(_("来源地址"), max_length=45, blank=True)
    at = models.DateTimeField(_("时间"), auto_now_add=True)

    class Meta:
        verbose_name = _("密码输错记录")
        verbose_name_plural = pgettext_lazy("plural", "密码输错记录")
        ordering = ["at", "id"]
        indexes = [models.Index(fields=["table", "side"], name="pin_miss_side")]

    def __str__(self) -> str:
        return f"{self.table} {self.side} {self.at:%H:%M:%S}"


class WriteReplay(models.Model):
    """The first answer to a write (an entry, a correction, a confirmation) that carried
    an idempotency key (``Idempotency-Key`` in the API, a hidden field on the table's
    forms): the same key again from the same caller gets this answer again — with the
    result's id and version — instead of "already entered" for a response lost on the
    way."""

    scope = models.CharField(_("操作方"), max_length=80, help_text=_("牌桌与方位，或登录账号"))
    key = models.CharField(_("幂等键"), max_length=100)
    result = models.ForeignKey(
        Result, on_delete=models.CASCADE, related_name="replays", verbose_name=_("成绩")
    )
    status = models.PositiveSmallIntegerField(_("回答状态"))
    body = models.JSONField(_("回答内容"), default=dict, blank=True)
    at = models.DateTimeField(_("时间"), auto_now_add=True)

    class Meta:
        verbose_name = _("重复提交记录")
        verbose_name_plural = pgettext_lazy("plural", "重复提交记录")
        constraints = [
            models.UniqueConstraint(fields=["scope", "key"], name="write_replay_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.scope} {self.key}"


class EntryConflict(models.Model):
    """A second, different entry of a board at one table that arrived from a phone's
    outbox (two phones at one table, both offline): it never overwrites the result
    stored first; it is kept here, with the scorecard as sent, for the director, who
    keeps the stored result or takes this one (``boards.services.conflict_resolve``).
    ``dispute`` holds the engine's findings against the deal, for the director only."""

    class Resolution(models.TextChoices):
        OPEN = "", _("待处理")
        KEPT = "kept", _("保留先到的成绩")
        TAKEN = "taken", _("改用后到的成绩")

    result = models.ForeignKey(
        Result, on_delete=models.CASCADE, related_name="conflicts", verbose_name=_("先到的成绩")
    )
    side = models.CharField(_("录入方"), max_length=2, choices=SIDE_CHOICES)
    key = models.CharField(_("幂等键"), max_length=100)
    record = models.JSONField(_("后到的计分卡"), help_text=_("duidiao-board/1 记录，不含牌型"))
    standing = models.JSONField(_("当时先到的成绩"), default=dict)
    dispute = models.JSONField(_("与牌不符之处"), default=list, blank=True)
    at = models.DateTimeField(_("时间"), auto_now_add=True)
    resolution = models.CharField(
        _("处理结果"), max_length=5, choices=Resolution.choices, default="", blank=True
    )
    resolved_by = by_user(_("处理人"))
    resolved_at = models.DateTimeField(_("处理时间"), null=True, blank=True)
    reason = models.TextField(_("原因"), blank=True)

    class Meta:
        verbose_name = _("录入冲突")
        verbose_name_plural = pgettext_lazy("plural", "录入冲突")
        ordering = ["at", "id"]
        # The dashboard lists the open ones: a few, among none or many settled.
        indexes = [
            models.Index(fields=["result"], condition=Q(resolution=""), name="entry_conflict_open")
        ]

    def __str__(self) -> str:
        return f"{self.result} {self.side} {self.key}"

    @property
    def is_open(self) -> bool:
        return self.resolution == self.Resolution.OPEN
