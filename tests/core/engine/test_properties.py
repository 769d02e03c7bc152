"""Properties of random legal boards (simulate.random_board), for every rule profile.

Every legal game keeps the 108 cards (第四十一条) and the 200 points (第七条); the checker
accepts what the generator plays, and each single corruption of a legal record is caught
with the code interfaces.md names for it.
"""

from __future__ import annotations

import copy
import random
from collections import Counter

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from core.engine import (
    PROFILES,
    Dig,
    Side,
    card_name,
    check_board,
    level_name,
    parse_card,
    parse_level,
    score_hand,
)
from core.engine.cards import POINTS, Seat, Suit
from core.engine.play import Lead, analyse_lead, trick_winner
from core.engine.simulate import random_board
from core.engine.trumps import TrumpContext

from .builders import DECK, SEATS

BOUNDED = settings(max_examples=60, deadline=None)
seeds = st.integers(min_value=0, max_value=2**32 - 1)
profiles = st.sampled_from(sorted(PROFILES))
picks = st.integers(min_value=0, max_value=2**32 - 1)


def generate(seed: int, name: str) -> dict:
    return random_board(random.Random(seed), profile=PROFILES[name])


def context(record: dict) -> TrumpContext:
    side = "NS" if record["declarer"] in "NS" else "EW"
    profile = PROFILES[record["rules"]]
    return TrumpContext(
        parse_level(record["levels"][side]), Suit[record["trump"]], profile.ace_low_tractor
    )


def holdings(record: dict) -> dict[str, Counter]:
    """Each seat's 25 cards for the play: the hand, the declarer's burying, the exchanges."""
    held = {seat: Counter(record["hands"][seat]) for seat in SEATS}
    declarer = held[record["declarer"]]
    declarer.update(record["bottom"])
    declarer.subtract(record["buried"])
    for ex in record["exchanges"]:
        held[ex["seat"]][ex["gives"]] -= 1
        held[ex["seat"]][ex["takes"]] += 1
    return {seat: +h for seat, h in held.items()}


def final_bottom(record: dict) -> list[str]:
    bottom = list(record["buried"])
    for ex in record["exchanges"]:
        bottom.remove(ex["takes"])
        bottom.append(ex["gives"])
    return bottom


def winners(record: dict) -> list[str]:
    """The winner of every trick, recomputed with trick_winner in playing order."""
    ctx = context(record)
    out = []
    for t in record["tricks"]:
        order = [Seat[t["leader"]]]
        while len(order) < 4:
            order.append(order[-1].next)
        lead = analyse_lead(ctx, [parse_card(c) for c in t["plays"][t["leader"]]])
        assert isinstance(lead, Lead)
        plays = [[parse_card(c) for c in t["plays"][s.name]] for s in order]
        out.append(order[trick_winner(ctx, lead, plays)].name)
    return out


def points(cards) -> int:
    return sum(POINTS[parse_card(c)] for c in cards)


# -- what every legal board keeps ------------------------------------------------------


@BOUNDED
@given(seed=seeds, name=profiles)
def test_every_card_is_dealt_once_and_played_once(seed, name):
    """第四十一条: 108 cards; each seat plays exactly the 25 cards it holds after the burying."""
    record = generate(seed, name)
    dealt = [c for seat in SEATS for c in record["hands"][seat]] + record["bottom"]
    assert Counter(dealt) == Counter(DECK)
    assert all(len(record["hands"][s]) == 25 for s in SEATS) and len(record["bottom"]) == 8
    played = {seat: Counter() for seat in SEATS}
    for t in record["tricks"]:
        for seat, cards in t["plays"].items():
            played[seat].update(cards)
    assert played == holdings(record)
    assert Counter(c for p in played.values() for c in p.elements()) + Counter(
        final_bottom(record)
    ) == Counter(DECK)


@BOUNDED
@given(seed=seeds, name=profiles)
def test_the_200_points_are_all_accounted_for(seed, name):
    """第七条: 200 points = the defenders' tricks + the declaring side's tricks + the bottom."""
    record = generate(seed, name)
    won = winners(record)
    leaders = [t["leader"] for t in record["tricks"]]
    assert leaders == [record["declarer"], *won[:-1]]  # 第十七条: the winner leads next
    declaring = {record["declarer"], Seat[record["declarer"]].partner.name}
    trick_points = [points(c for cs in t["plays"].values() for c in cs) for t in record["tricks"]]
    defenders = sum(p for p, w in zip(trick_points, won, strict=True) if w not in declaring)
    declarers = sum(p for p, w in zip(trick_points, won, strict=True) if w in declaring)
    assert defenders + declarers + points(final_bottom(record)) == 200

    verdict = check_board(record).to_dict()
    if PROFILES[name].bottom_points.value == "none" or won[-1] in declaring:
        assert verdict["defender_points"] == defenders  # 抠底不抠分
    else:  # 003: the bottom's points go, multiplied, to defenders winning the last trick
        bottom = points(final_bottom(record))
        assert verdict["defender_points"] - defenders in {bottom * m for m in (1, 2, 4, 8, 16)}


@BOUNDED
@given(seed=seeds, name=profiles)
def test_a_legal_board_is_valid(seed, name):
    verdict = check_board(generate(seed, name)).to_dict()
    assert verdict["valid"], verdict["errors"]
    assert verdict["errors"] == []
    assert verdict["outcome"] in ("guang", "made", "broken", "gulupo")
    assert verdict["rules"] == name


def dig_of(record: dict, winner: str) -> str | None:
    """第二十二条: defenders win the last trick; the winning play's top card decides."""
    if winner in {record["declarer"], Seat[record["declarer"]].partner.name}:
        return None
    profile = PROFILES[record["rules"]]
    ctx = context(record)
    play = [parse_card(c) for c in record["tricks"][-1]["plays"][winner]]
    top = card_name(max(play, key=ctx.pos.__getitem__))
    if top in ("BJ", "LJ"):
        return top if profile.joker_digs else None
    level = level_name(ctx.level)
    return level if top[1:] == level and ctx.level in profile.level_digs else None


@BOUNDED
@given(seed=seeds, name=profiles)
def test_the_verdict_is_the_outcome_of_the_play(seed, name):
    """The verdict's dig and levels are score_hand of the points, dig and 潇洒 the play shows."""
    record = generate(seed, name)
    verdict = check_board(record).to_dict()
    won = winners(record)
    assert verdict["dig"] == dig_of(record, won[-1])
    profile = PROFILES[name]
    jokers = [c for c in record["buried"] if c in ("BJ", "LJ")] + [
        ex["gives"] for ex in record["exchanges"] if ex["kind"] == "xiaosa"
    ]
    if not profile.xiaosa:
        jokers = []
    assert sorted(verdict["xiaosa"]) == sorted(jokers)
    hand = score_hand(
        profile,
        {Side(s): parse_level(v) for s, v in record["levels"].items()},
        Seat[record["declarer"]],
        verdict["defender_points"],
        Dig(verdict["dig"]) if verdict["dig"] else None,
        [parse_card(j) for j in jokers],
    )
    assert verdict["outcome"] == hand.outcome.value
    assert verdict["levels_after"] == {s.value: level_name(v) for s, v in hand.levels_after.items()}
    assert verdict["jump_levels"] == {s.value: v for s, v in hand.jump_levels.items()}
    assert verdict["next_declarer"] == hand.next_declarer.name


@BOUNDED
@given(seed=seeds, name=profiles, dropped=st.sampled_from(["hands", "bottom", "buried"]))
def test_leaving_the_deal_out_keeps_the_verdict(seed, name, dropped):
    """interfaces.md: what a record leaves out is not checked; the play still decides."""
    record = generate(seed, name)
    full = check_board(copy.deepcopy(record)).to_dict()
    del record[dropped]
    assert check_board(record).to_dict() == full


# -- corruptions and the codes that catch them ------------------------------------------


def found(record: dict) -> list[tuple[str, int | None, str | None]]:
    return [(e["code"], e["trick"], e["seat"]) for e in check_board(record).to_dict()["errors"]]


@BOUNDED
@given(seed=seeds, name=profiles, pick=picks)
def test_a_trick_led_by_the_wrong_seat_is_caught(seed, name, pick):
    record = generate(seed, name)
    rng = random.Random(pick)
    k = rng.randrange(len(record["tricks"]))
    t = record["tricks"][k]
    t["leader"] = rng.choice([s for s in SEATS if s != t["leader"]])
    assert ("wrong_leader", k + 1, t["leader"]) in found(record)


@BOUNDED
@given(seed=seeds, name=profiles, pick=picks)
def test_a_card_the_seat_does_not_hold_is_caught(seed, name, pick):
    record = generate(seed, name)
    rng = random.Random(pick)
    k = rng.randrange(len(record["tricks"]))
    t = record["tricks"][k]
    seat = rng.choice([s for s in SEATS if s != t["leader"]])
    never = sorted(set(DECK) - set(holdings(record)[seat]))
    t["plays"][seat][rng.randrange(len(t["plays"][seat]))] = rng.choice(never)
    assert ("card_not_held", k + 1, seat) in found(record)


@BOUNDED
@given(seed=seeds, name=profiles, pick=picks)
def test_a_follow_of_the_wrong_length_is_caught(seed, name, pick):
    record = generate(seed, name)
    rng = random.Random(pick)
    k = rng.randrange(len(record["tricks"]))
    t = record["tricks"][k]
    seat = rng.choice([s for s in SEATS if s != t["leader"]])
    t["plays"][seat].append(rng.choice(DECK))
    assert ("wrong_count", k + 1, seat) in found(record)


def revoke_swap(record: dict) -> tuple[int, str, int, int, int] | None:
    """A follower's in-suit card in trick i and an off-suit card of theirs in a later trick j."""
    ctx = context(record)
    tricks = record["tricks"]
    for i, t in enumerate(tricks):
        led = ctx.eff[parse_card(t["plays"][t["leader"]][0])]
        for seat, cards in t["plays"].items():
            if seat == t["leader"]:
                continue
            for a, card_a in enumerate(cards):
                if ctx.eff[parse_card(card_a)] != led:
                    continue
                for j in range(i + 1, len(tricks)):
                    for b, card_b in enumerate(tricks[j]["plays"][seat]):
                        if ctx.eff[parse_card(card_b)] != led:
                            return i, seat, a, j, b
    return None


@BOUNDED
@given(seed=seeds, name=profiles)
def test_a_revoke_is_caught(seed, name):
    """第十七条: swap a followed card with a later card of another suit — the seat revoked."""
    record = generate(seed, name)
    swap = revoke_swap(record)
    assume(swap is not None)
    i, seat, a, j, b = swap
    first, later = record["tricks"][i]["plays"][seat], record["tricks"][j]["plays"][seat]
    first[a], later[b] = later[b], first[a]
    assert ("must_follow_suit", i + 1, seat) in found(record)


@BOUNDED
@given(seed=seeds, name=profiles)
def test_a_play_without_its_last_trick_is_incomplete(seed, name):
    record = generate(seed, name)
    record["tricks"].pop()
    codes = [code for code, _, _ in found(record)]
    assert "incomplete_play" in codes


@BOUNDED
@given(seed=seeds, name=profiles, delta=st.sampled_from([-10, -5, 5, 10, 80]))
def test_an_entered_result_that_disagrees_with_the_play_is_caught(seed, name, delta):
    record = generate(seed, name)
    verdict = check_board(copy.deepcopy(record)).to_dict()
    record["result"] = {
        "defender_points": verdict["defender_points"] + delta,
        "dig": verdict["dig"],
    }
    assert [code for code, _, _ in found(record)] == ["result_mismatch"]
    record["result"] = {"defender_points": verdict["defender_points"], "dig": verdict["dig"]}
    assert found(record) == []
