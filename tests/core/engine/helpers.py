"""Calling the engine's play functions on card names (for tests of single rules)."""

from __future__ import annotations

from collections.abc import Sequence

from core.engine.cards import Suit, counts, parse_card, parse_level
from core.engine.play import Lead, LeadFault, analyse_lead, trick_winner
from core.engine.trumps import Shape, TrumpContext

from .builders import cards


def ctx(level: str = "7", trump: str = "H", ace_low: bool = True) -> TrumpContext:
    return TrumpContext(parse_level(level), Suit[trump], ace_low)


def ids(spec: str | Sequence[str]) -> list[int]:
    return [parse_card(c) for c in cards(spec if isinstance(spec, str) else list(spec))]


def hand(spec: str) -> list[int]:
    """A hand as the engine keeps it: counts per card kind."""
    return counts(ids(spec))


def lead_of(context: TrumpContext, spec: str) -> Lead | LeadFault:
    return analyse_lead(context, ids(spec))


def shape(context: TrumpContext, spec: str) -> Shape | str:
    """The shape of a lead, or the fault's code when it cannot be led."""
    lead = lead_of(context, spec)
    return lead.value if isinstance(lead, LeadFault) else lead.shape


def lead(context: TrumpContext, spec: str) -> Lead:
    result = lead_of(context, spec)
    assert isinstance(result, Lead), result
    return result


def winner(context: TrumpContext, *plays: str) -> int:
    """Index (0 = the lead) of the play that wins a trick of these plays in order."""
    return trick_winner(context, lead(context, plays[0]), [ids(p) for p in plays])


def position(context: TrumpContext, name: str) -> int:
    return context.pos[parse_card(name)]
