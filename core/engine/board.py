"""Judging a whole recorded board: deal, declaration, burying, exchanges, play, result.

`check_board` is the engine's front door. It reads a `duidiao-board/1` record, checks
everything the record contains against the rules (rules.md, "What the engine must
check"), derives the result from the play when the play is there, and computes the
outcome. What a record leaves out is not checked; every error found is reported, as far
as later checks still make sense.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .cards import (
    BJ,
    BOTTOM_SIZE,
    DECK_SIZE,
    HAND_SIZE,
    KINDS,
    LJ,
    PLAY_ORDER,
    POINTS,
    SEAT_ZH,
    SUIT_EN,
    XIAOSA_TAKES,
    Card,
    Seat,
    Side,
    Suit,
    card,
    card_en,
    card_name,
    card_zh,
    counts,
    full_deck,
    level_name,
    level_rank_index,
    points_of,
)
from .errors import ErrorCode, Findings, RuleError
from .outcome import Dig, HandOutcome, score_hand
from .play import (
    FollowFault,
    Lead,
    LeadFault,
    analyse_lead,
    check_follow,
    shape_owed,
    single_lead,
    smallest_card,
    throw_stands,
    trick_winner,
)
from .profiles import BottomPoints, RuleProfile
from .record import BoardRecord, Exchange, Reader, read_hands, read_record
from .trumps import TRUMP, Shape, trump_context

SEATS = (Seat.N, Seat.E, Seat.S, Seat.W)  # the order findings are reported in
FULL_DECK = sorted(full_deck())  # 108 cards, two of each kind (第四十一条)


@dataclass(frozen=True)
class Verdict:
    """What the engine says of one record (interfaces.md, "Verdict")."""

    errors: tuple[RuleError, ...]
    defender_points: int | None = None
    dig: Dig | None = None
    hand: HandOutcome | None = None
    xiaosa: tuple[int, ...] = ()
    rules: str | None = None
    failed_throws: tuple[tuple[int, Seat], ...] = ()  # penalised by the scoring layer, if at all

    @property
    def valid(self) -> bool:
        return not self.errors

    def to_dict(self) -> dict[str, Any]:
        hand = self.hand
        return {
            "valid": self.valid,
            "errors": [e.to_dict() for e in self.errors],
            "defender_points": self.defender_points,
            "dig": self.dig.value if self.dig else None,
            "outcome": hand.outcome.value if hand else None,
            "declarer_broken": hand.declarer_broken if hand else None,
            "jump_levels": {s.value: hand.jump_levels[s] for s in Side} if hand else None,
            "levels_after": {s.value: level_name(hand.levels_after[s]) for s in Side}
            if hand
            else None,
            "next_declarer": hand.next_declarer.name if hand else None,
            "game_won": hand.game_won if hand else None,
            "xiaosa": [card_name(c) for c in self.xiaosa],
            "rules": self.rules,
            "failed_throws": [{"trick": t, "seat": seat.name} for t, seat in self.failed_throws],
        }


def check_board(data: object) -> Verdict:
    """Judge a board record (a parsed JSON object). Raises RecordUnreadable for non-records."""
    record, findings = read_record(data)
    if record is None:
        return Verdict(errors=tuple(findings.errors))
    return _Judge(record, findings).run()


def check_deal(data: Mapping[str, Any], board: int | None = None) -> tuple[RuleError, ...]:
    """Check a deal alone, given as a record's `hands` and `bottom` (第十、十四、四十一条).

    Boards are checked this way before they are stored, long before anyone plays them.
    """
    findings = Findings(board)
    reader = Reader(data, findings)
    hands = read_hands(reader)
    bottom = reader.optional_cards("bottom", "底牌")
    if hands is None or bottom is None:
        if not findings:
            reader.bad("发牌需要四家手牌和底牌", "a deal needs the four hands and the bottom")
        return tuple(findings.errors)
    if not findings:
        deal_findings(hands, bottom, findings)
    return tuple(findings.errors)


def deal_findings(
    hands: Mapping[Seat, Sequence[int]] | None, bottom: Sequence[int] | None, f: Findings
) -> bool:
    """Add the deal's faults to `f`: hand sizes, bottom size, 108 cards two of each."""
    before = len(f.errors)
    if hands is not None:
        for seat in SEATS:
            n = len(hands.get(seat, ()))
            if n != HAND_SIZE:
                f.add(
                    ErrorCode.HAND_SIZE,
                    f"{_seat_zh(seat)}家有{n}张牌，应为{HAND_SIZE}张",
                    f"seat {seat.name} holds {n} cards, not {HAND_SIZE}",
                    seat=seat.name,
                )
    if bottom is not None and len(bottom) != BOTTOM_SIZE:
        f.add(
            ErrorCode.BOTTOM_SIZE,
            f"底牌有{len(bottom)}张，应为{BOTTOM_SIZE}张",
            f"the bottom has {len(bottom)} cards, not {BOTTOM_SIZE}",
        )
    if hands is not None:
        dealt = [c for h in hands.values() for c in h] + list(bottom or ())
        if bottom is not None and sorted(dealt) == FULL_DECK:
            return len(f.errors) == before
        have = counts(dealt)
        extra = [c for c in range(KINDS) if have[c] > 2]
        short = [c for c in range(KINDS) if have[c] < 2] if bottom is not None else []
        if extra or short:
            ez, ee = _names(extra)
            sz, se = _names(short)
            f.add(
                ErrorCode.CARD_COUNT,
                f"一副牌应为{DECK_SIZE}张、每种两张：多出 {ez or '无'}；缺少 {sz or '无'}",
                f"a deal is {DECK_SIZE} cards, two of each: too many {ee or 'none'}; "
                f"missing {se or 'none'}",
            )
    return len(f.errors) == before


def is_ganbaguo(bottom: Sequence[int], trump: Suit, level_rank: int) -> bool:
    """干巴锅 (000/001): no card of the trump suit in the bottom but perhaps its level cards."""
    return not any(c < LJ and c // 13 == trump and c % 13 != level_rank for c in bottom)


def _names(cards: Sequence[int]) -> tuple[str, str]:
    return " ".join(card_zh(c) for c in cards), " ".join(card_en(c) for c in cards)


def _missing(want: Sequence[int], have: Sequence[int]) -> list[int]:
    """Cards of `want` that `have` (counts per kind) cannot supply."""
    left = list(have)
    out = []
    for c in want:
        if left[c]:
            left[c] -= 1
        else:
            out.append(c)
    return out


@dataclass
class _Play:
    """The state of the play while walking the tricks."""

    holdings: dict[Seat, list[int]] | None
    known: dict[Seat, bool]  # whether a seat's hand is known exactly (follow duty checkable)
    expected_left: dict[Seat, int]
    played: dict[Seat, int] = field(default_factory=lambda: dict.fromkeys(Seat, 0))
    points: int = 0
    derivable: bool = True
    last_winner: Seat | None = None
    last_play: tuple[int, ...] = ()
    failed_throws: list[tuple[int, Seat]] = field(default_factory=list)  # 甩错牌 (第三十五条)
    seen: list[int] = field(default_factory=lambda: [0] * KINDS)


class _Judge:
    def __init__(self, record: BoardRecord, findings: Findings) -> None:
        self.r = record
        self.f = findings
        self.profile: RuleProfile = record.profile
        self.ctx = trump_context(record.level, record.trump, record.profile.ace_low_tractor)
        self.level_rank = level_rank_index(record.level)
        self.side = record.declarer.side
        # Whether each seat (by number) defends: a look-up in the loop over tricks. Seats
        # are numbered in play order, so partners share the parity of their number.
        self.defends = tuple(s % 2 != record.declarer % 2 for s in Seat)

    def run(self) -> Verdict:
        r = self.r
        deal_ok = self.check_deal()
        self.check_declaration(deal_ok)
        holdings, bottom = self.check_burying(deal_ok)
        bottom, exchanged_jokers = self.check_exchanges(holdings, bottom)
        start = {s: list(h) for s, h in holdings.items()} if holdings else None
        points: int | None = None
        dig: Dig | None = None
        derived = False
        failed_throws: tuple[tuple[int, Seat], ...] = ()
        buried: list[int] | None = (
            list(r.buried) if bottom is not None and r.buried is not None else None
        )
        if r.tricks is not None:
            state = self.walk_tricks(holdings, bottom)
            failed_throws = tuple(state.failed_throws)
            if bottom is None and holdings is not None and not r.partial and state.derivable:
                # The burying unrecorded: it is what the declarer never played.
                left = state.holdings[r.declarer] if state.holdings else []
                buried = [c for c in range(KINDS) for _ in range(left[c])]
                bottom = buried + [ex.gives for ex in r.exchanges or ()]
            if not r.partial and state.derivable:
                points, dig = self.derive_result(state, bottom)
                derived = True
        xiaosa = self.xiaosa(buried, exchanged_jokers)
        if derived:
            self.compare_result(points, dig, xiaosa)
        elif r.result is not None:
            points, dig = r.result.defender_points, r.result.dig
            self.check_possible(points, dig, bottom, start)
            if r.result.xiaosa is not None:
                self.check_xiaosa_entry(r.result.xiaosa, xiaosa if bottom is not None else None)
                xiaosa = list(r.result.xiaosa)
        hand = None
        if points is not None:
            hand = score_hand(self.profile, r.levels, r.declarer, points, dig, xiaosa)
        return Verdict(
            errors=tuple(self.f.errors),
            defender_points=points,
            dig=dig,
            hand=hand,
            xiaosa=tuple(xiaosa),
            rules=self.profile.name,
            failed_throws=failed_throws,
        )

    # -- the deal (第十、十四、四十一条) ---------------------------------------------

    def check_deal(self) -> bool:
        r = self.r
        return deal_findings(r.hands, r.bottom, self.f) and r.hands is not None

    # -- declaring trump (第十五条) ------------------------------------------------

    def check_declaration(self, deal_ok: bool) -> None:
        r, f = self.r, self.f
        if r.declaration == "ruled":
            return  # the trump as the director decided it (第三十三条), not as declared
        level_card = card(r.trump, self.level_rank)
        if r.declared_by is not None:
            need = 1 if r.declaration == "show" else 2
            if r.declaration == "seal" and not self.profile.sealing:
                f.add(
                    ErrorCode.TRUMP_NOT_DECLARABLE,
                    "本规则没有封主",
                    "these rules have no sealing (a pair shown first may still be overturned)",
                    seat=r.declared_by.name,
                )
            if deal_ok and r.hands is not None:
                held = r.hands[r.declared_by].count(level_card)
                if held < need:
                    f.add(
                        ErrorCode.TRUMP_NOT_DECLARABLE,
                        f"{_seat_zh(r.declared_by)}家没有{'一对' if need == 2 else ''}"
                        f"{card_zh(level_card)}，不能亮{r.trump.zh}为主",
                        f"seat {r.declared_by.name} does not hold "
                        f"{'a pair of ' if need == 2 else ''}{card_en(level_card)} "
                        f"to declare {SUIT_EN[r.trump]} trump",
                        seat=r.declared_by.name,
                    )
        elif r.bottom is not None and len(r.bottom) == BOTTOM_SIZE:
            third = r.bottom[-3]  # 底三颗
            suit = Suit.H if third == BJ else Suit.S if third == LJ else Suit(third // 13)
            if suit != r.trump:
                f.add(
                    ErrorCode.TRUMP_NOT_DECLARABLE,
                    f"无人亮主时翻底定主：底三颗是{card_zh(third)}，主应为{suit.zh}",
                    f"with no declaration the third card from the bottom ({card_en(third)}) "
                    f"makes {SUIT_EN[suit]} trump",
                )

    # -- burying (第十六条) -----------------------------------------------------------

    def check_burying(self, deal_ok: bool) -> tuple[dict[Seat, list[int]] | None, list[int] | None]:
        """Holdings after the burying, and the bottom as buried (None where unknown)."""
        r, f = self.r, self.f
        buried = r.buried
        if buried is not None and len(buried) != BOTTOM_SIZE:
            f.add(
                ErrorCode.BOTTOM_SIZE,
                f"扣底{len(buried)}张，应为{BOTTOM_SIZE}张",
                f"{len(buried)} cards buried, not {BOTTOM_SIZE}",
                seat=r.declarer.name,
            )
            buried = None
        if not deal_ok or r.hands is None or r.bottom is None:
            return None, list(buried) if buried is not None else None
        holdings = {s: counts(r.hands[s]) for s in Seat}
        pool = holdings[r.declarer]
        for c in r.bottom:
            pool[c] += 1
        if buried is None:
            return holdings, None
        missing = _missing(buried, pool)
        if missing:
            mz, me = _names(missing)
            f.add(
                ErrorCode.BURIED_NOT_HELD,
                f"打家扣下的 {mz} 不在他的33张牌中",
                f"the declarer buried {me}, which are not among the 33 cards",
                seat=r.declarer.name,
            )
            return None, None
        if (
            self.profile.ganbaguo
            and sorted(buried) != sorted(r.bottom)
            and is_ganbaguo(r.bottom, r.trump, self.level_rank)
        ):
            f.add(
                ErrorCode.BURIED_NOT_HELD,
                "干巴锅：底牌没有主牌花色的牌，打家不能拿底牌",
                "ganbaguo: a bottom with no card of the trump suit may not be taken",
                seat=r.declarer.name,
                article="干巴锅 (000)",
            )
        for c in buried:
            pool[c] -= 1
        return holdings, list(buried)

    # -- exchanges after the burying: 潇洒 and 抢牌 (第十六条) --------------------------

    def check_exchanges(
        self, holdings: dict[Seat, list[int]] | None, bottom: list[int] | None
    ) -> tuple[list[int] | None, list[int]]:
        """Apply the exchanges; return the final bottom and the jokers put in as 潇洒."""
        jokers: list[int] = []
        for i, ex in enumerate(self.r.exchanges or (), 1):
            if self.exchange_fault(i, ex, holdings, bottom):
                continue
            if holdings is not None:
                holdings[ex.seat][ex.gives] -= 1
                holdings[ex.seat][ex.takes] += 1
                if bottom is None:  # the burying is unknown: the card came out of the 33
                    holdings[self.r.declarer][ex.takes] -= 1
            if bottom is not None:
                bottom.remove(ex.takes)
                bottom.append(ex.gives)
            if ex.kind == "xiaosa":
                jokers.append(ex.gives)
        return bottom, jokers

    def exchange_fault(
        self,
        i: int,
        ex: Exchange,
        holdings: dict[Seat, list[int]] | None,
        bottom: list[int] | None,
    ) -> bool:
        r = self.r
        reasons: list[tuple[str, str]] = []
        gz, ge = card_zh(ex.gives), card_en(ex.gives)
        tz, te = card_zh(ex.takes), card_en(ex.takes)
        if ex.kind == "xiaosa":
            if not self.profile.xiaosa:
                reasons.append(("本规则没有潇洒", "these rules have no xiaosa"))
            if ex.seat == r.declarer:
                reasons.append(
                    ("打家的潇洒是扣底，不是换牌", "the declarer's xiaosa is by burying a joker")
                )
            if ex.gives not in (BJ, LJ):
                reasons.append(
                    (f"潇洒只能放大小王，不能放{gz}", f"xiaosa puts in a joker, not {ge}")
                )
            if ex.takes >= LJ or ex.takes % 13 not in XIAOSA_TAKES:
                reasons.append(
                    (
                        f"潇洒只能换回10以下不是分牌的牌，不能换{tz}",
                        f"xiaosa takes back a 2-9 other than a 5, not {te}",
                    )
                )
        elif ex.takes >= LJ or ex.takes % 13 != self.level_rank:
            reasons.append(
                (
                    f"只能抢底牌中的级牌，{tz}不是级牌",
                    f"only level cards may be grabbed; {te} is not one",
                )
            )
        if holdings is not None:
            if not holdings[ex.seat][ex.gives]:
                reasons.append(
                    (f"{_seat_zh(ex.seat)}家没有{gz}", f"seat {ex.seat.name} does not hold {ge}")
                )
            pool = bottom if bottom is not None else None
            if pool is None and not holdings[r.declarer][ex.takes]:
                reasons.append((f"底牌中没有{tz}", f"the bottom holds no {te}"))
        if bottom is not None and ex.takes not in bottom:
            reasons.append((f"底牌中没有{tz}", f"the bottom holds no {te}"))
        for zh, en in reasons:
            self.f.add(
                ErrorCode.EXCHANGE_NOT_ALLOWED,
                f"第{i}个换牌：{zh}",
                f"exchange {i}: {en}",
                seat=ex.seat.name,
            )
        return bool(reasons)

    # -- the play (第十七至十九、三十五条) ----------------------------------------------

    def walk_tricks(
        self, holdings: dict[Seat, list[int]] | None, bottom: list[int] | None
    ) -> _Play:
        r = self.r
        buried_known = bottom is not None
        n_exchanges = len(r.exchanges or ())
        state = _Play(
            holdings=holdings,
            known={s: holdings is not None and (s != r.declarer or buried_known) for s in Seat},
            expected_left={
                s: (0 if s != r.declarer or buried_known else BOTTOM_SIZE - n_exchanges)
                for s in Seat
            },
        )
        expected: Seat | None = r.declarer  # 每副牌由打家先出牌
        assert r.tricks is not None
        # The plain path: singles and pairs, every hand known, no shape duty. It decides
        # following and winning by table look-ups and hands anything unusual (a fault, a
        # tractor, a throw) to `play_trick`, which checks it in full.
        plain = holdings is not None and all(state.known.values())
        pairs_plain = plain and not self.profile.must_follow_shape
        eff, strength, kinds_of = self.ctx.eff, self.ctx.strength, self.ctx.kinds_of
        defends = self.defends
        # The four hands in play order from each leader (by seat number).
        in_order = [
            tuple(holdings[o] for o in PLAY_ORDER[s]) if holdings is not None else () for s in Seat
        ]
        for i, trick in enumerate(r.tricks, 1):
            leader, plays, attempted = trick
            fast = plain and leader is expected
            if leader is not expected and expected is not None:
                self.f.add(
                    ErrorCode.WRONG_LEADER,
                    f"第{i}轮应由{_seat_zh(expected)}家先出，记录为{_seat_zh(leader)}家",
                    f"trick {i} should be led by {expected.name}, not {leader.name}",
                    trick=i,
                    seat=leader.name,
                )
            if attempted is not None:
                fast = self.judge_failed_throw(i, leader, plays[0], attempted, state) and fast
            if fast:
                p0, p1, p2, p3 = plays
                n = len(p0)
                if n == 1 and len(p1) == 1 and len(p2) == 1 and len(p3) == 1:
                    c0, c1, c2, c3 = p0[0], p1[0], p2[0], p3[0]
                    h0, h1, h2, h3 = in_order[leader]
                    suit = eff[c0]
                    e1, e2, e3 = eff[c1], eff[c2], eff[c3]
                    if (
                        h0[c0]
                        and h1[c1]
                        and h2[c2]
                        and h3[c3]
                        and (e1 == suit or not any(map(h1.__getitem__, kinds_of[suit])))
                        and (e2 == suit or not any(map(h2.__getitem__, kinds_of[suit])))
                        and (e3 == suit or not any(map(h3.__getitem__, kinds_of[suit])))
                    ):
                        h0[c0] -= 1
                        h1[c1] -= 1
                        h2[c2] -= 1
                        h3[c3] -= 1
                        # The first of equal cards wins; a discard never does (第十八条).
                        won, best = 0, strength[c0]
                        if (e1 == suit or e1 == TRUMP) and strength[c1] > best:
                            won, best = 1, strength[c1]
                        if (e2 == suit or e2 == TRUMP) and strength[c2] > best:
                            won, best = 2, strength[c2]
                        if (e3 == suit or e3 == TRUMP) and strength[c3] > best:
                            won = 3
                        expected = PLAY_ORDER[leader][won]
                        if defends[expected]:
                            state.points += POINTS[c0] + POINTS[c1] + POINTS[c2] + POINTS[c3]
                        state.last_winner, state.last_play = expected, plays[won]
                        continue
                elif n == 2 and pairs_plain and p0[0] == p0[1]:
                    expected = self.plain_pair(plays, leader, state)
                    if expected is not None:
                        continue
            expected = self.play_trick(i, leader, plays, attempted, state)
        if not r.partial:
            self.check_complete(state)
        return state

    def plain_pair(
        self, plays: tuple[tuple[Card, ...], ...], leader: Seat, state: _Play
    ) -> Seat | None:
        """A pair lead followed legally by two cards each: play it and return the winner.

        None, with nothing taken, when any play needs `play_trick` (a card not held, a
        revoke, a play of another count)."""
        holdings = state.holdings
        assert holdings is not None
        eff, strength, kinds_of = self.ctx.eff, self.ctx.strength, self.ctx.kinds_of
        order = PLAY_ORDER[leader]
        c0 = plays[0][0]
        suit = eff[c0]
        if holdings[leader][c0] < 2:
            return None
        for k in (1, 2, 3):
            play = plays[k]
            if len(play) != 2:
                return None
            a, b = play
            hand = holdings[order[k]]
            if (hand[a] < 2) if a == b else not (hand[a] and hand[b]):
                return None
            in_suit = (eff[a] == suit) + (eff[b] == suit)
            if in_suit < 2 and in_suit != min(2, sum(map(hand.__getitem__, kinds_of[suit]))):
                return None
        won, best, points = 0, strength[c0], 0
        for k in (0, 1, 2, 3):
            a, b = plays[k]
            hand = holdings[order[k]]
            hand[a] -= 1
            hand[b] -= 1
            points += POINTS[a] + POINTS[b]
            e = eff[a]
            if k and a == b and (e == suit or e == TRUMP) and strength[a] > best:
                won, best = k, strength[a]
        return self.close_trick(state, order[won], plays[won], points)

    def play_trick(
        self,
        i: int,
        leader: Seat,
        plays: tuple[tuple[Card, ...], ...],
        attempted: tuple[Card, ...] | None,
        state: _Play,
    ) -> Seat | None:
        """Check one trick and take its cards out of the hands; return its winner."""
        ctx = self.ctx
        hands = state.holdings
        shape_rule = self.profile.must_follow_shape
        lead = self.judge_lead(i, leader, plays[0], attempted, state)
        ok = lead is not None
        points = 0
        order = PLAY_ORDER[leader]
        for k, seat in enumerate(order):
            play = plays[k]
            if lead is not None and k:
                if len(play) != len(lead.cards):
                    ok = False
                    self.f.add(
                        ErrorCode.WRONG_COUNT,
                        f"第{i}轮{_seat_zh(seat)}家出了{len(play)}张，应跟{len(lead.cards)}张",
                        f"trick {i}: seat {seat.name} played {len(play)} cards, "
                        f"not {len(lead.cards)}",
                        trick=i,
                        seat=seat.name,
                    )
                elif hands is not None and state.known[seat]:
                    fault = check_follow(ctx, lead, play, hands[seat], shape_rule)
                    if fault is not None:
                        self.follow_error(i, seat, lead, fault, hands[seat])
            points += self.take(i, seat, play, attempted if not k else None, state)
        if not ok or lead is None:
            state.derivable = False
            return None
        won = trick_winner(ctx, lead, plays)
        return self.close_trick(state, order[won], plays[won], points)

    def close_trick(self, state: _Play, winner: Seat, play: tuple[Card, ...], points: int) -> Seat:
        """The trick is won: its points go to the defenders if they won it, and it is
        the last trick so far (the dig, 抠底, reads the last one)."""
        if self.defends[winner]:
            state.points += points
        state.last_winner, state.last_play = winner, play
        return winner

    def take(
        self,
        i: int,
        seat: Seat,
        play: tuple[Card, ...],
        attempted: tuple[Card, ...] | None,
        state: _Play,
    ) -> int:
        """Take a play out of its hand (reporting cards not held); return its points."""
        points = 0
        if state.holdings is None:
            for c in play:
                state.seen[c] += 1
                points += POINTS[c]
            state.played[seat] += len(play)
            return points
        hand = state.holdings[seat]
        # A failed throw's leader must have held the whole attempted throw.
        missing = _missing(attempted, hand) if attempted else []
        for c in play:
            points += POINTS[c]
            if hand[c]:
                hand[c] -= 1
            elif c not in missing:
                missing.append(c)
        if missing:
            mz, me = _names(missing)
            self.f.add(
                ErrorCode.CARD_NOT_HELD,
                f"第{i}轮{_seat_zh(seat)}家出了手中没有的 {mz}",
                f"trick {i}: seat {seat.name} played {me}, not in the hand",
                trick=i,
                seat=seat.name,
            )
        return points

    def others(self, leader: Seat, state: _Play) -> list[list[int]] | None:
        """The other three hands, when all three are known exactly (to judge a throw)."""
        hands = state.holdings
        rest = PLAY_ORDER[leader][1:]
        if hands is None or not all(state.known[s] for s in rest):
            return None
        return [hands[s] for s in rest]

    def judge_failed_throw(
        self,
        i: int,
        leader: Seat,
        cards: tuple[Card, ...],
        attempted: tuple[Card, ...],
        state: _Play,
    ) -> bool:
        """A throw recorded as failed must be a throw that does not stand, replaced by its
        smallest card (第三十五条). Whether it was, and the leader held all of it."""
        state.failed_throws.append((i, leader))
        ctx, f = self.ctx, self.f
        before = len(f.errors)
        others = self.others(leader, state)
        tried = analyse_lead(ctx, attempted)
        if isinstance(tried, LeadFault):
            self.lead_fault(i, leader, tried)
        elif tried.shape is not Shape.THROW:
            f.add(
                ErrorCode.FAILED_THROW,
                f"第{i}轮记为甩错牌，但{_names(attempted)[0]}不是甩牌",
                f"trick {i} is recorded as a failed throw, but {_names(attempted)[1]} is no throw",
                trick=i,
                seat=leader.name,
            )
        elif others is not None and throw_stands(ctx, tried, others):
            f.add(
                ErrorCode.FAILED_THROW,
                f"第{i}轮{_seat_zh(leader)}家的甩牌 {_names(attempted)[0]} 成立，不应改出最小一张",
                f"trick {i}: seat {leader.name}'s throw {_names(attempted)[1]} stands "
                "and should not have been replaced",
                trick=i,
                seat=leader.name,
            )
        else:
            smallest = smallest_card(ctx, attempted)
            if cards != (smallest,):
                f.add(
                    ErrorCode.FAILED_THROW,
                    f"第{i}轮甩错牌应改出其中最小的一张 {card_zh(smallest)}",
                    f"trick {i}: a failed throw is replaced by its smallest card, "
                    f"{card_en(smallest)}",
                    trick=i,
                    seat=leader.name,
                )
        hands = state.holdings
        return (
            len(f.errors) == before and hands is not None and not _missing(attempted, hands[leader])
        )

    def judge_lead(
        self,
        i: int,
        leader: Seat,
        cards: tuple[Card, ...],
        attempted: tuple[Card, ...] | None,
        state: _Play,
    ) -> Lead | None:
        ctx, f = self.ctx, self.f
        if len(cards) == 1:
            return single_lead(ctx, cards[0])
        others = self.others(leader, state)
        lead = analyse_lead(ctx, cards)
        if isinstance(lead, LeadFault):
            self.lead_fault(i, leader, lead)
            return None
        if attempted is None and lead.shape is Shape.THROW and others is not None:
            if not throw_stands(ctx, lead, others):
                smallest = smallest_card(ctx, cards)
                f.add(
                    ErrorCode.FAILED_THROW,
                    f"第{i}轮{_seat_zh(leader)}家甩牌 {_names(cards)[0]} 不成立（别家有更大的牌），"
                    f"应改出 {card_zh(smallest)}",
                    f"trick {i}: seat {leader.name}'s throw {_names(cards)[1]} does not stand "
                    f"(another player holds higher); it is replaced by {card_en(smallest)}",
                    trick=i,
                    seat=leader.name,
                )
        return lead

    def lead_fault(self, i: int, leader: Seat, fault: LeadFault) -> None:
        if fault is LeadFault.MIXED:
            self.f.add(
                ErrorCode.MIXED_LEAD,
                f"第{i}轮{_seat_zh(leader)}家首出的牌不是同一门",
                f"trick {i}: seat {leader.name} led cards of more than one suit",
                trick=i,
                seat=leader.name,
            )
        else:
            self.f.add(
                ErrorCode.TRUMP_THROW,
                f"第{i}轮{_seat_zh(leader)}家甩主牌：主牌不能甩",
                f"trick {i}: seat {leader.name} threw trumps; trumps cannot be thrown",
                trick=i,
                seat=leader.name,
            )

    def follow_error(
        self, i: int, seat: Seat, lead: Lead, fault: FollowFault, hand: Sequence[int]
    ) -> None:
        """A revoke or a broken shape duty, naming the suit and what was owed."""
        suit_zh = "主牌" if lead.suit == TRUMP else Suit(lead.suit).zh
        suit_en = "trumps" if lead.suit == TRUMP else SUIT_EN[Suit(lead.suit)]
        who_zh, who_en = f"第{i}轮{_seat_zh(seat)}家", f"trick {i}: seat {seat.name}"
        if fault is FollowFault.SUIT:
            self.f.add(
                ErrorCode.MUST_FOLLOW_SUIT,
                f"{who_zh}手中还有{suit_zh}，必须跟{suit_zh}",
                f"{who_en} still holds {suit_en} and must follow with them",
                trick=i,
                seat=seat.name,
            )
            return
        owed = shape_owed(self.ctx, lead, hand)
        owed_zh = "".join(card_zh(c) for c in owed)
        owed_en = "".join(card_en(c) for c in owed)
        if lead.structure.tractors and len(owed) == 2 * lead.structure.tractors[0] > 2:
            what_zh, what_en = f"拖拉机{owed_zh}", f"the tractor {owed_en}"
        elif len(owed) == 2:
            what_zh, what_en = f"对子{owed_zh}", f"the pair {owed_en}"
        else:
            what_zh = "对子" + "、".join(card_zh(c) * 2 for c in owed[::2])
            what_en = "the pairs " + ", ".join(card_en(c) * 2 for c in owed[::2])
        self.f.add(
            ErrorCode.MUST_FOLLOW_SHAPE,
            f"{who_zh}必须跟出{suit_zh}的{what_zh}（对出对、拖拉机出拖拉机）",
            f"{who_en} must play {what_en} ({suit_en}: pairs to pairs, a tractor to a tractor)",
            trick=i,
            seat=seat.name,
        )

    def check_complete(self, state: _Play) -> None:
        for seat in SEATS:
            if state.holdings is not None:
                left = sum(state.holdings[seat])
                short = left != state.expected_left[seat]
            else:
                left = HAND_SIZE - state.played[seat]
                short = left != 0
            if short:
                state.derivable = False
                self.f.add(
                    ErrorCode.INCOMPLETE_PLAY,
                    f"出牌记录不完整：{_seat_zh(seat)}家还剩{left}张牌",
                    f"the play is incomplete: seat {seat.name} has {left} cards left",
                    seat=seat.name,
                )
        extra = [c for c in range(KINDS) if state.seen[c] > 2]
        if extra:
            ez, ee = _names(extra)
            self.f.add(
                ErrorCode.CARD_COUNT,
                f"出牌中 {ez} 出现超过两张",
                f"{ee} played more than twice",
            )

    # -- the result (第二十一至二十三条) ---------------------------------------------

    def derive_result(self, state: _Play, bottom: list[int] | None) -> tuple[int, Dig | None]:
        points = state.points
        dig: Dig | None = None
        winner = state.last_winner
        if winner is not None and winner.side != self.side:
            top = max(state.last_play, key=lambda c: self.ctx.pos[c])
            if self.profile.joker_digs and top in (BJ, LJ):
                dig = Dig.BJ if top == BJ else Dig.LJ
            elif (
                top < LJ and top % 13 == self.level_rank and self.r.level in self.profile.level_digs
            ):
                dig = Dig(level_name(self.r.level))
            if self.profile.bottom_points is BottomPoints.MULTIPLIED and bottom is not None:
                points += points_of(bottom) * self.bottom_multiplier(state.last_play)
        return points, dig

    def bottom_multiplier(self, play: Sequence[int]) -> int:
        """×2 for a single, ×4 a pair, ×8 a 2-pair tractor, doubling per pair (rules.md).

        003 also gives ×1 for a win with a side suit; rules.md, the project's reading,
        goes by the shape of the winning play alone.
        """
        suit = self.ctx.eff[play[0]]
        tractors, pairs, _ = self.ctx.components(play, suit)
        if tractors:
            return int(2 ** (tractors[0][0] + 1))
        return 4 if pairs else 2

    def xiaosa(self, buried: list[int] | None, exchanged: list[int]) -> list[int]:
        """潇洒 jokers: those the declarer buried and those put in by 潇洒 exchanges."""
        if not self.profile.xiaosa:
            return []
        return sorted([c for c in buried or () if c >= LJ] + exchanged, reverse=True)

    def compare_result(self, points: int | None, dig: Dig | None, xiaosa: list[int]) -> None:
        entered = self.r.result
        if entered is None:
            return
        if entered.defender_points != points or entered.dig != dig:
            self.f.add(
                ErrorCode.RESULT_MISMATCH,
                f"记录的结果（防家{entered.defender_points}分，抠底：{_dig_zh(entered.dig)}）"
                f"与出牌不符：出牌得出防家{points}分，抠底：{_dig_zh(dig)}",
                f"the entered result ({entered.defender_points} points, dig: "
                f"{_dig_en(entered.dig)}) disagrees with the play ({points} points, dig: "
                f"{_dig_en(dig)})",
            )
        if entered.xiaosa is not None:
            self.check_xiaosa_entry(entered.xiaosa, xiaosa)

    def check_xiaosa_entry(self, entered: Sequence[int], known: list[int] | None) -> None:
        if any(c < LJ for c in entered) or max(counts(entered)) > 2:
            self.f.add(
                ErrorCode.RESULT_IMPOSSIBLE,
                "潇洒只能是大小王，每种最多两张",
                "xiaosa is jokers only, at most two of each",
                article="第十六条",
            )
        elif known is not None and sorted(entered) != sorted(known):
            self.f.add(
                ErrorCode.RESULT_MISMATCH,
                f"记录的潇洒 {_names(entered)[0] or '无'} 与底牌不符：{_names(known)[0] or '无'}",
                f"the entered xiaosa {_names(entered)[1] or 'none'} disagrees with the bottom: "
                f"{_names(known)[1] or 'none'}",
                article="第十六条",
            )

    def check_possible(
        self,
        points: int,
        dig: Dig | None,
        bottom: list[int] | None,
        start: dict[Seat, list[int]] | None,
    ) -> None:
        """A result without play must at least be possible for the deal (第七、二十二条)."""
        f = self.f
        # 抠底不抠分: the bottom's points are out of reach. Where the bottom counts
        # multiplied (003) only the lower bound and the step of 5 can be checked.
        ceiling = 200 - (points_of(bottom) if bottom is not None else 0)
        if self.profile.bottom_points is BottomPoints.MULTIPLIED:
            ceiling = points
        if points % 5 or not 0 <= points <= ceiling:
            f.add(
                ErrorCode.RESULT_IMPOSSIBLE,
                f"防家得分{points}不可能：分数是5的倍数，在0到{ceiling}之间（200分减去底牌中的分）",
                f"{points} points is impossible: points are a multiple of 5 from 0 to {ceiling} "
                "(200 less the points in the bottom)",
                article="第七条",
            )
        if dig is None:
            return
        defenders = [s for s in Seat if s.side != self.side]
        if dig in (Dig.BJ, Dig.LJ):
            joker = BJ if dig is Dig.BJ else LJ
            if not self.profile.joker_digs:
                f.add(
                    ErrorCode.RESULT_IMPOSSIBLE,
                    "本规则没有抠底",
                    "these rules have no dig",
                    article="第二十二条",
                )
            elif start is not None and not any(start[s][joker] for s in defenders):
                f.add(
                    ErrorCode.RESULT_IMPOSSIBLE,
                    f"防家没有{card_zh(joker)}，不可能{card_zh(joker)}抠底",
                    f"no defender held a {card_en(joker)}, so there can be no {card_en(joker)} dig",
                    article="第二十二条",
                )
            return
        if dig.level != self.r.level or dig.level not in self.profile.level_digs:
            f.add(
                ErrorCode.RESULT_IMPOSSIBLE,
                f"打{level_name(self.r.level)}时不可能有{dig.value}抠底（J到底、Q半截、K三级只在打该级时）",
                f"a {dig.value} dig is impossible at level {level_name(self.r.level)} "
                "(a J, Q or K dig needs that level)",
                article="第二十二条",
            )
        elif start is not None and not any(
            start[s][card(suit, self.level_rank)] for s in defenders for suit in Suit
        ):
            f.add(
                ErrorCode.RESULT_IMPOSSIBLE,
                f"防家没有{dig.value}，不可能{dig.value}抠底",
                f"no defender held a {dig.value}, so there can be no {dig.value} dig",
                article="第二十二条",
            )


def _seat_zh(seat: Seat) -> str:
    return SEAT_ZH[seat.name]


def _dig_zh(dig: Dig | None) -> str:
    return {None: "无", Dig.BJ: "大王", Dig.LJ: "小王"}.get(dig) or str(dig and dig.value)


def _dig_en(dig: Dig | None) -> str:
    return {None: "none", Dig.BJ: "big joker", Dig.LJ: "small joker"}.get(dig) or str(
        dig and dig.value
    )
