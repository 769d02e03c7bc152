"""Random legal boards: a deal, a declaration, a burying and a whole legal play.

The generator plays by the same rules the checker enforces, choosing at random among
legal leads (singles, pairs, tractors, throws that stand, and now and then a throw that
fails and is replaced by its smallest card) and legal follows. It feeds the property
tests (every legal game keeps 108 cards and 200 points), the benchmark and the demo
event. Given the same `random.Random` it makes the same board.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from .board import is_ganbaguo
from .cards import (
    BJ,
    BOTTOM_SIZE,
    HAND_SIZE,
    KINDS,
    LJ,
    PLAY_ORDER,
    XIAOSA_TAKES,
    Seat,
    Side,
    Suit,
    card,
    card_name,
    counts,
    full_deck,
    level_name,
    level_rank_index,
    parse_card,
)
from .play import (
    Lead,
    analyse_lead,
    check_follow,
    run_cards,
    smallest_card,
    throw_stands,
    trick_winner,
)
from .profiles import DEFAULT_PROFILE, RuleProfile
from .record import FORMAT
from .trumps import TRUMP, Shape, TrumpContext, trump_context


def random_board(
    rng: random.Random,
    *,
    profile: RuleProfile = DEFAULT_PROFILE,
    board: int = 1,
    levels: dict[Side, int] | None = None,
    declarer: Seat | None = None,
    deal: tuple[Mapping[str, Sequence[str]], Sequence[str]] | None = None,
) -> dict[str, Any]:
    """A complete, legal `duidiao-board/1` record with every trick; of ``deal`` (hands by
    seat name, bottom; canonical card names) when given, else of a deal ``rng`` shuffles."""
    levels = levels or {Side.NS: rng.randint(1, 13), Side.EW: rng.randint(1, 13)}
    declarer = declarer if declarer is not None else Seat(rng.randrange(4))
    level = levels[declarer.side]
    if deal is None:
        deck = full_deck()
        rng.shuffle(deck)
        hands: dict[Seat, list[int]] = {
            s: list(deck[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i, s in enumerate(Seat)
        }
        bottom: list[int] = list(deck[4 * HAND_SIZE :])
    else:
        hands = {s: [parse_card(c) for c in deal[0][s.name]] for s in Seat}
        bottom = [parse_card(c) for c in deal[1]]
    trump, declared_by = _declare(rng, hands, bottom, level)
    ctx = trump_context(level, trump, profile.ace_low_tractor)

    pool: list[int] = hands[declarer] + bottom
    if profile.ganbaguo and is_ganbaguo(bottom, trump, level_rank_index(level)):
        pool = hands[declarer] + bottom[::-1]  # 干巴锅: the bottom may not be taken
    else:
        rng.shuffle(pool)
    buried = pool[-BOTTOM_SIZE:]
    holdings = {s: counts(hands[s]) for s in Seat}
    holdings[declarer] = counts(pool[:-BOTTOM_SIZE])
    final_bottom = list(buried)
    exchanges = _xiaosa(rng, holdings, final_bottom, declarer, profile)

    tricks = []
    leader = declarer
    while sum(holdings[leader]):
        trick, leader = _play_trick(rng, ctx, holdings, leader, profile)
        tricks.append(trick)
    record: dict[str, Any] = {
        "format": FORMAT,
        "rules": profile.name,
        "board": board,
        "levels": {s.value: level_name(v) for s, v in levels.items()},
        "declarer": declarer.name,
        "trump": trump.name,
        "declared_by": declared_by.name if declared_by is not None else None,
        "hands": {s.name: [card_name(c) for c in hands[s]] for s in Seat},
        "bottom": [card_name(c) for c in bottom],
        "buried": [card_name(c) for c in buried],
        "exchanges": exchanges,
        "tricks": tricks,
    }
    return record


def _declare(
    rng: random.Random, hands: dict[Seat, list[int]], bottom: list[int], level: int
) -> tuple[Suit, Seat | None]:
    """亮主 by a random holder of a level card, or 翻主 from the third card from the bottom."""
    rank = level_rank_index(level)
    options = [(s, seat) for seat in Seat for s in Suit if card(s, rank) in hands[seat]]
    if options and rng.random() < 0.85:
        suit, seat = rng.choice(options)
        return suit, seat
    third = bottom[-3]
    return (Suit.H if third == BJ else Suit.S if third == LJ else Suit(third // 13)), None


def _xiaosa(
    rng: random.Random,
    holdings: dict[Seat, list[int]],
    bottom: list[int],
    declarer: Seat,
    profile: RuleProfile,
) -> list[dict[str, str]]:
    """Now and then a defender or the partner puts a joker in (潇洒, 第十六条)."""
    out: list[dict[str, str]] = []
    if not profile.xiaosa:
        return out
    for seat in Seat:
        if seat == declarer or rng.random() > 0.15:
            continue
        jokers = [j for j in (BJ, LJ) if holdings[seat][j]]
        takes = [c for c in bottom if c < LJ and c % 13 in XIAOSA_TAKES]
        if jokers and takes:
            give, take = rng.choice(jokers), rng.choice(takes)
            holdings[seat][give] -= 1
            holdings[seat][take] += 1
            bottom.remove(take)
            bottom.append(give)
            out.append(
                {
                    "kind": "xiaosa",
                    "seat": seat.name,
                    "gives": card_name(give),
                    "takes": card_name(take),
                }
            )
    return out


def _cards(hand: Sequence[int], kinds: Sequence[int]) -> list[int]:
    return [c for c in kinds for _ in range(hand[c])]


def _play_trick(
    rng: random.Random,
    ctx: TrumpContext,
    holdings: dict[Seat, list[int]],
    leader: Seat,
    profile: RuleProfile,
) -> tuple[dict[str, Any], Seat]:
    others = [holdings[s] for s in Seat if s != leader]
    lead_cards, attempted = _choose_lead(rng, ctx, holdings[leader], others)
    lead = analyse_lead(ctx, lead_cards)
    assert isinstance(lead, Lead)
    order = PLAY_ORDER[leader]
    plays = {leader: lead_cards}
    for seat in order[1:]:
        plays[seat] = _choose_follow(rng, ctx, lead, holdings[seat], profile)
    for seat in order:
        for c in plays[seat]:
            holdings[seat][c] -= 1
    winner = order[trick_winner(ctx, lead, [plays[s] for s in order])]
    trick: dict[str, Any] = {
        "leader": leader.name,
        "plays": {s.name: [card_name(c) for c in plays[s]] for s in order},
    }
    if attempted is not None:
        trick["attempted"] = [card_name(c) for c in attempted]
    return trick, winner


def _choose_lead(
    rng: random.Random, ctx: TrumpContext, hand: list[int], others: list[list[int]]
) -> tuple[list[int], list[int] | None]:
    held = [c for c in range(KINDS) if hand[c]]
    roll = rng.random()
    if roll < 0.15:  # a tractor, when there is one
        for suit in rng.sample(range(5), 5):
            suited = _cards(hand, ctx.kinds_of[suit])
            tops = ctx.run_tops(ctx.pair_positions(suited), suit, 2)
            if tops:
                return run_cards(ctx, suited, suit, rng.choice(tops), 2), None
    if roll < 0.4:  # a pair
        doubles = [c for c in held if hand[c] == 2]
        if doubles:
            c = rng.choice(doubles)
            return [c, c], None
    if roll > 0.9:  # a throw of a side suit: kept when it stands, else it fails (第三十五条)
        for suit in rng.sample(range(4), 4):
            cards = _cards(hand, ctx.kinds_of[suit])
            if len(cards) >= 2:
                throw = rng.sample(cards, rng.randint(2, min(5, len(cards))))
                lead = analyse_lead(ctx, throw)
                if isinstance(lead, Lead) and lead.shape is Shape.THROW:
                    if throw_stands(ctx, lead, others):
                        return throw, None
                    return [smallest_card(ctx, throw)], throw
    return [rng.choice(held)], None


def _choose_follow(
    rng: random.Random, ctx: TrumpContext, lead: Lead, hand: list[int], profile: RuleProfile
) -> list[int]:
    n = len(lead.cards)
    in_suit = _cards(hand, ctx.kinds_of[lead.suit])
    rest = [c for s in range(5) if s != lead.suit for c in _cards(hand, ctx.kinds_of[s])]
    for _ in range(50):
        if len(in_suit) >= n:
            play = rng.sample(in_suit, n)
        elif lead.suit != TRUMP and not in_suit and rng.random() < 0.5:
            trumps = _cards(hand, ctx.kinds_of[TRUMP])
            play = rng.sample(trumps, n) if len(trumps) >= n else in_suit + rng.sample(rest, n)
        else:
            play = in_suit + rng.sample(rest, n - len(in_suit))
        if check_follow(ctx, lead, play, hand, profile.must_follow_shape) is None:
            return play
    return _shaped_follow(ctx, lead, in_suit, n)


def _shaped_follow(ctx: TrumpContext, lead: Lead, in_suit: list[int], n: int) -> list[int]:
    """A follow that keeps the shape duty (003): a tractor of the lead's length if held,
    then pairs."""
    pairs = ctx.pair_positions(in_suit)
    play: list[int] = []
    left = list(in_suit)
    length = lead.structure.tractors[0] if lead.structure.tractors else 0
    tops = ctx.run_tops(pairs, lead.suit, length) if length else []
    if tops and 2 * length <= n:
        play = run_cards(ctx, in_suit, lead.suit, tops[0], length)
    for c in play:
        left.remove(c)
    for c in sorted({c for c in left if left.count(c) == 2}, key=lambda c: -ctx.pos[c]):
        if len(play) + 2 <= n:
            play += [c, c]
            left.remove(c)
            left.remove(c)
    play += left[: n - len(play)]
    return play
