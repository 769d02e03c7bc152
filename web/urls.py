"""Public pages, table codes, logins and the director's dashboard (namespace ``web``)."""

from __future__ import annotations

from django.contrib.auth import views as auth_views
from django.urls import path

from . import views

app_name = "web"

urlpatterns = [
    path("e/<slug:code>/", views.event_detail, name="event"),
    path("e/<slug:code>/s/<int:order>/", views.stage_detail, name="stage"),
    path("e/<slug:code>/s/<int:order>/standings/", views.stage_standings, name="standings"),
    path(
        "e/<slug:code>/s/<int:order>/<str:direction>/<int:number>/",
        views.mitchell_pair,
        name="mitchell_pair",
    ),
    path("e/<slug:code>/director/", views.director_dashboard, name="director"),
    path("t/<str:code>/", views.table_entry, name="table"),
    path("login/", views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
]
