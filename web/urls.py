"""Public pages, table codes, logins and the director's dashboard (namespace ``web``)."""

from __future__ import annotations

from django.urls import path

from . import entry_views, score_views, setup_views, views

app_name = "web"

urlpatterns = [
    # Before the Mitchell pair's pattern, which would read "m", "b" or "r" as a direction.
    path("e/<slug:code>/s/<int:order>/m/<int:number>/", score_views.match_detail, name="match"),
    path("e/<slug:code>/s/<int:order>/b/<int:number>/", score_views.board_detail, name="board"),
    path(
        "e/<slug:code>/s/<int:order>/r/<int:round_number>/b/<int:number>/",
        score_views.board_detail,
        name="round_board",
    ),
    path("e/<slug:code>/", views.event_detail, name="event"),
    path("e/<slug:code>/s/<int:order>/", views.stage_detail, name="stage"),
    path("e/<slug:code>/s/<int:order>/standings/", views.stage_standings, name="standings"),
    path(
        "e/<slug:code>/s/<int:order>/<str:direction>/<int:number>/",
        views.mitchell_pair,
        name="mitchell_pair",
    ),
    path("e/<slug:code>/player/", views.player_search, name="player_search"),
    path("e/<slug:code>/player/<int:entrant_id>/", views.player, name="player"),
    path("e/<slug:code>/screen/", views.venue_screen, name="screen"),
    path("e/<slug:code>/pairs-ranking/", views.pairs_ranking, name="pairs_ranking"),
    path("e/<slug:code>/director/", views.director_dashboard, name="director"),
    path(
        "e/<slug:code>/director/next-session/",
        entry_views.director_next_session,
        name="director_next_session",
    ),
    path(
        "e/<slug:code>/director/conflicts/<int:pk>/",
        entry_views.director_conflict,
        name="director_conflict",
    ),
    path("e/<slug:code>/director/release/", entry_views.director_release, name="director_release"),
    path(
        "e/<slug:code>/director/s/<int:order>/r/<int:number>/scorecard/",
        entry_views.director_scorecard,
        name="director_scorecard",
    ),
    path(
        "e/<slug:code>/director/box/<int:pk>/decide/",
        entry_views.box_card_decide,
        name="box_card_decide",
    ),
    path(
        "e/<slug:code>/director/s/<int:order>/r/<int:number>/check/",
        entry_views.director_check,
        name="director_check",
    ),
    path(
        "e/<slug:code>/director/s/<int:order>/next-round/",
        entry_views.director_swiss_next,
        name="director_swiss_next",
    ),
    # The director's workspace: the steps of an event in order.
    path("director/", setup_views.workspace, name="workspace"),
    path("director/movements/", setup_views.movement_library, name="movements"),
    path("e/<slug:code>/director/setup/", setup_views.setup, name="setup"),
    path("e/<slug:code>/director/event/", setup_views.event_edit, name="setup_event"),
    path("e/<slug:code>/director/officials/", setup_views.officials, name="setup_officials"),
    path("e/<slug:code>/director/entrants/", setup_views.entrants, name="setup_entrants"),
    path(
        "e/<slug:code>/director/entrants/<int:pk>/",
        setup_views.entrant_edit,
        name="setup_entrant",
    ),
    path("e/<slug:code>/director/stages/new/", setup_views.stage_new, name="setup_stage"),
    path(
        "e/<slug:code>/director/stages/<int:order>/remove/",
        setup_views.stage_remove,
        name="setup_stage_remove",
    ),
    path("e/<slug:code>/director/boards/", setup_views.boards, name="setup_boards"),
    path(
        "e/<slug:code>/director/boards/<int:pk>/deal/",
        setup_views.board_deal,
        name="setup_board_deal",
    ),
    path("e/<slug:code>/deals/", setup_views.deals_public, name="deals"),
    path(
        "e/<slug:code>/deals/<int:pk>/commitment.txt",
        setup_views.deals_document,
        name="deals_document",
    ),
    path("e/<slug:code>/director/decisions/", setup_views.decisions, name="setup_decisions"),
    path(
        "e/<slug:code>/director/rounds/<int:pk>/",
        setup_views.round_toggle,
        name="round_toggle",
    ),
    path(
        "e/<slug:code>/director/rounds/<int:pk>/seats/",
        setup_views.round_seats,
        name="round_seats",
    ),
    path("t/sw.js", entry_views.service_worker, name="service_worker"),
    path("t/<str:code>/", views.table_entry, name="table"),
    path("t/<str:code>/manifest.webmanifest", entry_views.table_manifest, name="table_manifest"),
    path("t/<str:code>/sync/", entry_views.table_sync, name="table_sync"),
    path("t/<str:code>/b/<int:number>/", entry_views.table_board, name="table_board"),
    path("t/<str:code>/b/<int:number>/confirm/", entry_views.table_confirm, name="table_confirm"),
    path("t/<str:code>/b/<int:number>/check/", entry_views.table_check, name="table_check"),
    path("login/", views.LoginView.as_view(), name="login"),
    path("logout/", views.LogoutView.as_view(), name="logout"),
]
