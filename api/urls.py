"""The API (namespace ``api``): everything of an event lives under its code, so an id
from another event is simply not found."""

from __future__ import annotations

from django.urls import path, register_converter
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from . import auth, boards, events, pairs, results, rulings, standings
from .fields import IdConverter, SmallConverter

register_converter(IdConverter, "id")
register_converter(SmallConverter, "small")

app_name = "api"

E = "events/<slug:code>/"

urlpatterns = [
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="api:schema"), name="docs"),
    path("auth/token/", auth.TokenObtain.as_view(), name="token"),
    path("auth/logout/", auth.TokenLogout.as_view(), name="logout"),
    path("events/", events.EventList.as_view(), name="events"),
    path(E, events.EventDetail.as_view(), name="event"),
    path(E + "entrants/", events.EntrantList.as_view(), name="entrants"),
    path(E + "stages/", events.StageList.as_view(), name="stages"),
    path(E + "stages/<small:order>/", events.StageDetail.as_view(), name="stage"),
    path(E + "stages/<small:order>/schedule/", events.StageSchedule.as_view(), name="schedule"),
    path(E + "stages/<small:order>/bracket/", events.StageBracket.as_view(), name="bracket"),
    path(
        E + "stages/<small:order>/next-round/",
        events.StageNextRound.as_view(),
        name="next-round",
    ),
    path(
        E + "stages/<small:order>/standings/",
        standings.StageStandings.as_view(),
        name="standings",
    ),
    path(E + "stages/<small:order>/overall/", pairs.StageOverall.as_view(), name="overall"),
    path(E + "pairs-ranking/", pairs.PairsRanking.as_view(), name="pairs-ranking"),
    path(E + "boards/", boards.BoardList.as_view(), name="boards"),
    path(E + "boards/<id:pk>/", boards.BoardDetail.as_view(), name="board"),
    path(E + "boards/<id:pk>/release/", boards.BoardRelease.as_view(), name="board-release"),
    path(
        E + "boards/<id:pk>/withdraw-release/",
        boards.BoardWithdrawRelease.as_view(),
        name="board-withdraw-release",
    ),
    path(E + "results/", results.ResultList.as_view(), name="results"),
    path(E + "results/check/", results.ResultCheck.as_view(), name="result-check"),
    path(E + "results/<id:pk>/", results.ResultDetail.as_view(), name="result"),
    path(E + "results/<id:pk>/confirm/", results.ResultConfirm.as_view(), name="result-confirm"),
    path(E + "results/<id:pk>/correct/", results.ResultCorrect.as_view(), name="result-correct"),
    path(E + "results/<id:pk>/changes/", results.ResultChanges.as_view(), name="result-changes"),
    path(E + "rulings/", rulings.RulingList.as_view(), name="rulings"),
    path(E + "rulings/<id:pk>/", rulings.RulingDetail.as_view(), name="ruling"),
    path(
        E + "rulings/<id:pk>/<slug:action>/", rulings.RulingAction.as_view(), name="ruling-action"
    ),
]
