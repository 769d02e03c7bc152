"""Every page in English (issue 19): after the language switch no Chinese is left but
names (the event, its venue and stages, teams, players, a referee's Chinese reason)
and the rules' own terms, which appear beside their translation."""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse

from rulings.models import Ruling
from tournament.models import Entrant, Player

from ._full import play_event

pytestmark = [pytest.mark.django_db, pytest.mark.heavy]

HAN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]+")

#: The language's own name in the language menu is not a string to translate.
OWN_NAMES = ["简体中文"]

#: Rule terms kept in Chinese on English pages, each with its translation beside it
#: ("J to the end (J到底)"): the term → what must stand within a few words of it.
RULE_TERMS = {
    "大王抠底": "big-joker dig",
    "小王抠底": "small-joker dig",
    "J到底": "J to the",
    "Q半截": "Q half",
    "K三级": "K three levels",
    "潇洒": "joker",
    "翻主": "bottom",
    "光牌": "sweep",
    "轱辘坡": "Landslide",
    "打通": "game won",
    "比赛分": "match points",
}
NEAR = 40  # characters


def visible_text(content: str) -> str:
    """What a reader sees: no scripts, styles, tags or attribute values."""
    content = re.sub(r"<(script|style)\b.*?</\1>", " ", content, flags=re.S)
    content = re.sub(r"<[^>]+>", " ", content)
    return html.unescape(content)


def names(event) -> list[str]:
    found = [event.name, event.venue, *event.stages.values_list("name", flat=True)]
    found += list(Entrant.objects.filter(event=event).values_list("name", flat=True))
    found += list(Player.objects.values_list("name", flat=True))
    found += list(Ruling.objects.values_list("reason_zh", flat=True))
    return sorted((n for n in found if n), key=len, reverse=True)


def chinese_left(text: str, allowed: list[str]) -> list[str]:
    for term, translation in RULE_TERMS.items():
        for found in re.finditer(re.escape(term), text):
            near = text[max(0, found.start() - NEAR) : found.end() + NEAR]
            assert translation.lower() in near.lower(), f"{term} without “{translation}”: {near}"
        text = text.replace(term, " ")
    for name in allowed:
        text = text.replace(name, " ")
    return [text[max(0, m.start() - 30) : m.end() + 30] for m in HAN.finditer(text)]


def test_every_page_in_english_has_no_chinese_but_names(english, demo, director, referee, eager):
    pages = play_event(demo, eager, director, referee)
    ruling = Ruling.objects.get()
    pages["ruling"] = reverse("rulings:detail", args=[demo.event.code, ruling.pk])
    allowed = names(demo.event) + OWN_NAMES
    left = {}
    for name, path in pages.items():
        response = english.get(path)
        assert response.status_code == 200, (name, path)
        assert response.headers["Content-Language"] == "en"
        found = chinese_left(visible_text(response.content.decode()), allowed)
        if found:
            left[name] = found
    english.force_login(referee)
    table = ruling.table
    for name, path in {
        "ruling-official": reverse("rulings:detail", args=[demo.event.code, ruling.pk]),
        "rulings-official": reverse("rulings:list", args=[demo.event.code]),
        "ruling-form": reverse("rulings:new", args=[demo.event.code, table.pk]),
        "ruling-change": reverse("rulings:change", args=[demo.event.code, ruling.pk]),
    }.items():
        response = english.get(path)
        assert response.status_code == 200, (name, path)
        found = chinese_left(visible_text(response.content.decode()), allowed)
        if found:
            left[name] = found
    assert not left, "\n".join(f"{k}: {v}" for k, v in left.items())
