"""The director's admin: every page renders in Chinese, and its writes go through the services."""

from __future__ import annotations

from io import StringIO

import pytest
from django.contrib import admin
from django.core.management import call_command
from django.urls import reverse

from tests import builders
from tournament.models import Entrant, Event, Match, MatchChange, Membership, Stage
from tournament.services import match_record_winner

pytestmark = pytest.mark.django_db

TOURNAMENT_MODELS = [m for m in admin.site._registry if m._meta.app_label == "tournament"]


def _load_demo() -> Event:
    call_command("load_demo", allow_production=True, structure_only=True, stdout=StringIO())
    return Event.objects.get(code="chifeng-demo")


_kept_demo = builders.kept(_load_demo, commit_hooks=False)


@pytest.fixture
def demo(request, _kept_demo, db):
    """The demo's structure, loaded once for the module; each test its own copy."""
    return builders.copy_of(request, _kept_demo, _load_demo)


@pytest.fixture
def client_as_director(client, demo):
    client.login(username="director", password="duidiao")
    return client


def admin_url(model, view: str, *args) -> str:
    return reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_{view}", args=args)


def no_inline_changes(*prefixes: str) -> dict[str, int]:
    data = {}
    for prefix in prefixes:
        data |= {
            f"{prefix}-TOTAL_FORMS": 0,
            f"{prefix}-INITIAL_FORMS": 0,
            f"{prefix}-MIN_NUM_FORMS": 0,
            f"{prefix}-MAX_NUM_FORMS": 1000,
        }
    return data


def test_every_event_model_is_in_the_admin():
    names = {m.__name__ for m in TOURNAMENT_MODELS}
    assert names >= {
        "Event",
        "Player",
        "Entrant",
        "Membership",
        "Stage",
        "StageEntry",
        "Round",
        "Match",
        "MatchChange",
        "Table",
        "Seating",
        "BoardSet",
        "SetPlay",
    }


@pytest.mark.parametrize("model", TOURNAMENT_MODELS, ids=lambda m: m.__name__)
def test_the_changelist_renders(client_as_director, model):
    response = client_as_director.get(admin_url(model, "changelist"))

    assert response.status_code == 200


@pytest.mark.parametrize("model", TOURNAMENT_MODELS, ids=lambda m: m.__name__)
def test_a_change_page_renders(client_as_director, model):
    if model is MatchChange:
        match = Match.objects.filter(status="ready").first()
        match_record_winner(match=match, winner=match.home)
    obj = model.objects.first()

    response = client_as_director.get(admin_url(model, "change", obj.pk))

    assert response.status_code == 200


def test_the_admin_reads_in_chinese(client_as_director):
    response = client_as_director.get(reverse("admin:index"))

    content = response.content.decode()
    assert "比赛阶段" in content and "参赛队/对" in content and "牌桌" in content


def test_adding_a_stage_in_the_admin_draws_its_schedule(client_as_director, demo):
    teams = demo.entrants.filter(kind="team").order_by("number")[:4]

    response = client_as_director.post(
        admin_url(Stage, "add"),
        {
            "event": demo.pk,
            "order": "",
            "kind": "knockout",
            "name": "四强淘汰赛",
            "settings": "{}",
            "entrants": [t.pk for t in teams],
            "draw_seed": "",
        },
    )

    assert response.status_code == 302
    stage = Stage.objects.get(name="四强淘汰赛")
    assert stage.matches.count() == 3
    assert stage.matches.get(number=1).home == teams[0]


def test_a_refused_stage_shows_the_reason_on_the_form(client_as_director, demo):
    team = demo.entrants.filter(kind="team").first()

    response = client_as_director.post(
        admin_url(Stage, "add"),
        {
            "event": demo.pk,
            "kind": "knockout",
            "name": "一队",
            "settings": "{}",
            "entrants": [team.pk],
        },
    )

    assert response.status_code == 200
    assert "a bracket needs at least 2 entrants" in response.content.decode()
    assert not Stage.objects.filter(name="一队").exists()


def test_a_winner_set_in_the_admin_moves_on_and_is_audited(client_as_director, demo):
    stage = demo.stages.get(kind="double_elimination")
    match = stage.matches.get(number=1)

    response = client_as_director.post(
        admin_url(Match, "change", match.pk),
        {"winner": match.home_id, "reason": "记分表"} | no_inline_changes("tables", "changes"),
    )

    assert response.status_code == 302
    assert stage.matches.get(home_source="winner:M1").home == match.home
    change = MatchChange.objects.get(match=match)
    assert change.changed_by.username == "director" and change.reason == "记分表"


def test_a_team_of_three_is_refused_in_the_entrant_form(client_as_director, demo):
    team = demo.entrants.filter(kind="team").first()
    members = list(team.memberships.order_by("order"))
    data = {
        "event": demo.pk,
        "kind": "team",
        "number": team.number,
        "name": team.name,
        "seed": "",
        "memberships-TOTAL_FORMS": len(members),
        "memberships-INITIAL_FORMS": len(members),
        "memberships-MIN_NUM_FORMS": 0,
        "memberships-MAX_NUM_FORMS": 1000,
    }
    for i, m in enumerate(members):
        data |= {
            f"memberships-{i}-id": m.pk,
            f"memberships-{i}-entrant": team.pk,
            f"memberships-{i}-order": m.order,
            f"memberships-{i}-player": m.player_id,
            f"memberships-{i}-role": m.role,
        }
        if i >= 3:
            data[f"memberships-{i}-DELETE"] = "on"

    response = client_as_director.post(admin_url(Entrant, "change", team.pk), data)

    assert response.status_code == 200
    assert "a team needs 4 to 6 players, got 3" in response.content.decode()
    assert Membership.objects.filter(entrant=team).count() == len(members)


def test_a_pasted_list_adds_entrants(client_as_director, demo):
    data = {
        "name": demo.name,
        "code": demo.code,
        "venue": demo.venue,
        "starts_on": demo.starts_on.isoformat(),
        "ends_on": demo.ends_on.isoformat(),
        "rules": demo.rules,
        "switches": "{}",
        "status": demo.status,
        "paste_kind": "team",
        "paste": "敖汉队：杜一*、杜二、杜三、杜四",
        "entrants-TOTAL_FORMS": 0,
        "entrants-INITIAL_FORMS": 0,
        "entrants-MIN_NUM_FORMS": 0,
        "entrants-MAX_NUM_FORMS": 1000,
        "stages-TOTAL_FORMS": 0,
        "stages-INITIAL_FORMS": 0,
        "stages-MIN_NUM_FORMS": 0,
        "stages-MAX_NUM_FORMS": 1000,
    } | no_inline_changes("roles")

    response = client_as_director.post(admin_url(Event, "change", demo.pk), data)

    assert response.status_code == 302, response.content.decode()[:2000]
    team = Entrant.objects.get(event=demo, name="敖汉队")
    assert team.memberships.get(role="captain").player.name == "杜一"


def test_every_label_has_an_english_translation():
    from django.utils import translation

    with translation.override("en"):
        assert str(Stage._meta.verbose_name_plural) == "Stages"
        assert str(Match._meta.get_field("home_source").verbose_name) == "Home slot source"
        assert Stage.Kind.MITCHELL.label == "Pairs, double champion (Mitchell)"


def test_the_qualify_action_reads_the_entries_sources(client_as_director, demo):
    from tournament.models import StageEntry
    from tournament.services import stage_create

    teams = list(demo.entrants.filter(kind="team").order_by("number"))
    groups = stage_create(event=demo, kind="group_round_robin", entrants=teams, name="小组赛")
    knockout = stage_create(event=demo, kind="knockout", source=groups, name="复赛")
    for entry in groups.entries.filter(position__lte=2):
        StageEntry.objects.create(
            stage=knockout,
            entrant=entry.entrant,
            source=f"group:{entry.group_label}:{entry.position}",
        )

    response = client_as_director.post(
        admin_url(Stage, "changelist"),
        {"action": "qualify_from_entries", "_selected_action": [knockout.pk]},
    )

    assert response.status_code == 302
    first = knockout.matches.get(number=1)
    assert first.home == groups.entries.get(group_label="A", position=1).entrant
    assert first.status == Match.Status.READY


@pytest.mark.parametrize("model", [Event, Entrant, Stage], ids=lambda m: m.__name__)
def test_an_add_page_renders(client_as_director, model):
    response = client_as_director.get(admin_url(model, "add"))

    assert response.status_code == 200
