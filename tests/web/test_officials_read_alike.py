"""One rule for who reads every result (第二十八条之6 hides a board from players only):
the director, the referees and the scorers (``tournament.roles.sees_every_result``). A
scorer's stage page, standings page and API answer all read the official scores;
before, the pages took only the director for an official, so a scorer's page showed
the players' view beside an API answer with the hidden board counted."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from core.numbers import format_number
from scoring.selectors import match_lines

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("role", ["scorer", "referee", "director"])
def test_every_official_reads_the_official_scores_on_every_face(role, request, client, half_played):
    stage, first, _hidden = half_played
    official = format_number(match_lines(stage, official=True)[first.pk].home)
    player = format_number(match_lines(stage, official=False)[first.pk].home)
    assert (official, player) == ("8", "6")

    args = [stage.event.code, stage.order]
    standings = reverse("web:standings", args=args)
    client.force_login(request.getfixturevalue("director"))
    directors = tables(client.get(standings).content.decode())
    client.logout()
    players = tables(client.get(standings).content.decode())
    assert directors != players

    client.force_login(request.getfixturevalue(role))
    api = client.get(f"/api/events/{stage.event.code}/stages/{stage.order}/standings/").json()
    home = next(r for r in api["rows"] if r["entrant"]["id"] == first.home_id)
    assert home["played"] == 1  # M1 counted as decided: the hidden board is counted
    content = client.get(reverse("web:stage", args=args)).content.decode()
    assert f"{official}:0" in content.replace(" ", "")
    assert tables(client.get(standings).content.decode()) == directors


def tables(html: str) -> list[str]:
    """The page's tables, without what names the reader (the login, the CSRF token)."""
    return re.findall(r"<table.*?</table>", html, flags=re.S)
