"""Leading, following and winning a trick (第十七、十八、十九、三十五条).

Hands are counts per card kind (`list[int]` of 54), so "does E hold two H7" and "how
many hearts does E have left" are index look-ups. The functions here judge one play at
a time; `board.py` walks a whole recorded hand through them.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import NamedTuple

from .trumps import BJ_POS, TRUMP, Components, Shape, Structure, TrumpContext

SINGLE = Structure(tractors=(), pairs=0, singles=1)
PAIR = Structure(tractors=(), pairs=1, singles=0)


class LeadFault(enum.Enum):
    MIXED = "mixed_lead"  # cards of more than one effective suit
    TRUMP_THROW = "trump_throw"  # 主牌不能甩 (第十九条)


class Lead(NamedTuple):
    """What was led (a tuple, as one is made for every trick of every board checked)."""

    cards: tuple[int, ...]
    suit: int  # effective suit; TRUMP for trumps
    structure: Structure
    parts: Components | None = None  # the components of a tractor or a throw, once found

    @property
    def shape(self) -> Shape:
        return self.structure.shape


def single_lead(ctx: TrumpContext, c: int) -> Lead:
    return Lead((c,), ctx.eff[c], SINGLE)


def analyse_lead(ctx: TrumpContext, cards: Sequence[int]) -> Lead | LeadFault:
    """What a lead is: single, pair, tractor, or a throw of one side suit."""
    if len(cards) == 1:
        return single_lead(ctx, cards[0])
    if len(cards) == 2 and cards[0] == cards[1]:
        return Lead(tuple(cards), ctx.eff[cards[0]], PAIR)
    suit = ctx.suit_of_play(cards)
    if suit is None:
        return LeadFault.MIXED
    parts = ctx.components(cards, suit)
    structure = Structure(tuple(length for length, _ in parts[0]), len(parts[1]), len(parts[2]))
    if structure.shape is Shape.THROW and suit == TRUMP:
        return LeadFault.TRUMP_THROW
    return Lead(tuple(cards), suit, structure, parts)


def _holds_in_suit(ctx: TrumpContext, hand: Sequence[int], suit: int) -> list[int]:
    return [c for c in ctx.kinds_of[suit] for _ in range(hand[c])]


def throw_stands(ctx: TrumpContext, lead: Lead, others: Sequence[Sequence[int]]) -> bool:
    """Whether a throw stands against the other three hands (第十九条).

    清甩: no other player holds a higher component of the same shape in the suit (a
    higher single, a higher pair, a higher tractor of the same length). 浑甩: no other
    player holds any card of the suit's three highest ranks. A throw is of one side
    suit, whose kinds stand in rank order, one position each.
    """
    suit = lead.suit
    if not any(hand[k] for hand in others for k in ctx.top_three[suit]):
        return True  # 浑甩
    tractors, pairs, singles = lead.parts or ctx.components(lead.cards, suit)
    pos = ctx.pos
    kinds = ctx.kinds_of[suit]
    lowest_single = min(singles, default=BJ_POS)  # nothing is above BJ_POS
    lowest_pair = min(pairs, default=BJ_POS)
    above_single = [k for k in kinds if pos[k] > lowest_single]
    above_pair = [k for k in kinds if pos[k] > lowest_pair]
    for hand in others:
        if any(map(hand.__getitem__, above_single)):
            return False
        if any(hand[k] == 2 for k in above_pair):
            return False
        if tractors:
            their_pairs = {pos[k]: 1 for k in kinds if hand[k] == 2}
            for length, top in tractors:
                tops = ctx.run_tops(their_pairs, suit, length)
                if tops and tops[0] > top:
                    return False
    return True


def smallest_card(ctx: TrumpContext, cards: Sequence[int]) -> int:
    """The card a failed throw is replaced by (第三十五条: 指定出其中最小的一张牌)."""
    return min(cards, key=lambda c: ctx.pos[c])


class FollowFault(enum.Enum):
    SUIT = "must_follow_suit"
    SHAPE = "must_follow_shape"


def check_follow(
    ctx: TrumpContext, lead: Lead, play: Sequence[int], hand: Sequence[int], shape_rule: bool
) -> FollowFault | None:
    """Whether `play` (already known to be held and of the right count) follows legally.

    Holding at least as many cards of the led suit as were led, all must be of it;
    holding fewer, all of them must be played (第十七条). With `must_follow_shape`
    (003), pairs and tractors of the led suit must answer pairs and tractors as far as
    the hand allows.
    """
    suit = lead.suit
    eff = ctx.eff
    if len(play) == 1 and eff[play[0]] == suit:
        return None  # a single of the led suit always follows
    held = sum(map(hand.__getitem__, ctx.kinds_of[suit]))
    in_suit = [c for c in play if eff[c] == suit]
    if len(in_suit) != min(held, len(play)):
        return FollowFault.SUIT
    if shape_rule and (lead.structure.tractors or lead.structure.pairs) and in_suit:
        return _check_shape(ctx, lead, in_suit, _holds_in_suit(ctx, hand, suit))
    return None


def _check_shape(
    ctx: TrumpContext, lead: Lead, in_suit: list[int], held: list[int]
) -> FollowFault | None:
    """003's shape duty: "首家出拖拉机，其余各家都要出相应的拖拉机，无拖拉机则必须出对牌".

    As many pairs as led (or held); and against a tractor, a tractor of the lead's
    length when one is held. A shorter tractor is not owed as such: its pairs count as
    pairs (rules.md).
    """
    suit = lead.suit
    held_pairs = ctx.pair_positions(held)
    played_pairs = ctx.pair_positions(in_suit)
    need_pairs = min(lead.structure.pair_total, sum(held_pairs.values()), len(in_suit) // 2)
    if sum(played_pairs.values()) < need_pairs:
        return FollowFault.SHAPE
    if lead.structure.tractors:
        want = lead.structure.tractors[0]
        if (
            want <= need_pairs
            and ctx.run_tops(held_pairs, suit, want)
            and not ctx.run_tops(played_pairs, suit, want)
        ):
            return FollowFault.SHAPE
    return None


def shape_owed(ctx: TrumpContext, lead: Lead, hand: Sequence[int]) -> list[int]:
    """What a follower who broke the shape duty owed: the highest tractor of the lead's
    length he held, else his highest pairs, as many as the lead has (003)."""
    suit = lead.suit
    held = _holds_in_suit(ctx, hand, suit)
    pairs = ctx.pair_positions(held)
    want = lead.structure.tractors[0] if lead.structure.tractors else 0
    if want and len(held) >= 2 * want:
        tops = ctx.run_tops(pairs, suit, want)
        if tops:
            return run_cards(ctx, held, suit, tops[0], want)
    doubles = sorted({c for c in held if hand[c] >= 2}, key=lambda c: -ctx.pos[c])
    return [c for c in doubles[: lead.structure.pair_total] for _ in range(2)]


def run_cards(
    ctx: TrumpContext, cards: Sequence[int], suit: int, top: int, length: int
) -> list[int]:
    """The cards of the run of `length` pairs topped at `top` (ace-low when top is low),
    lowest pair first."""
    span = list(range(top - length + 1, top + 1))
    if span[0] < 0:
        span = [11, *range(0, length - 1)]
    out = []
    for p in span:
        kind = next(c for c in ctx.kinds_of[suit] if ctx.pos[c] == p and cards.count(c) >= 2)
        out += [kind, kind]
    return out


def trick_winner(ctx: TrumpContext, lead: Lead, plays: Sequence[Sequence[int]]) -> int:
    """Index in `plays` (the lead first) of the play that wins the trick (第十八条).

    The lead holds unless a later play of exactly its shape beats it: higher cards of
    the led suit (never against a throw), or all trumps against a side suit (杀牌),
    a later higher trump play over-killing (盖杀). Equal plays: the first wins.
    """
    eff = ctx.eff
    if len(lead.cards) == 1:
        return _single_winner(ctx, lead.suit, plays)
    winner = 0
    winning_trump = lead.suit == TRUMP
    best = None if lead.shape is Shape.THROW else ctx.cover_key(lead.structure, lead.cards)
    for i in range(1, len(plays)):
        play = plays[i]
        suit = eff[play[0]]
        if any(eff[c] != suit for c in play):
            continue  # mixed plays and discards never win
        if suit == lead.suit:
            if lead.shape is Shape.THROW or (winning_trump and suit != TRUMP):
                continue
            key = ctx.cover_key(lead.structure, play)
            if key is not None and best is not None and key > best:
                winner, best = i, key
        elif suit == TRUMP:
            key = ctx.cover_key(lead.structure, play)
            if key is None:
                continue
            if not winning_trump or best is None or key > best:
                winner, best, winning_trump = i, key, True
    return winner


def _single_winner(ctx: TrumpContext, suit: int, plays: Sequence[Sequence[int]]) -> int:
    """`trick_winner` for a single-card lead, the common case, without building shapes."""
    eff, pos = ctx.eff, ctx.pos
    winner, best = 0, pos[plays[0][0]]
    winning_suit = suit
    for i in range(1, len(plays)):
        c = plays[i][0]
        s = eff[c]
        if s == winning_suit:
            if pos[c] > best:
                winner, best = i, pos[c]
        elif s == TRUMP:  # 杀牌: the first trump on a side-suit lead
            winner, best, winning_suit = i, pos[c], TRUMP
    return winner
