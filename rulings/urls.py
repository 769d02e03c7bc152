"""The rulings pages (namespace ``rulings``), included from the project's urls."""

from __future__ import annotations

from django.urls import path

from . import views

app_name = "rulings"

urlpatterns = [
    path("e/<slug:code>/rulings/", views.ruling_list, name="list"),
    path("e/<slug:code>/rulings/new/", views.ruling_pick, name="pick"),
    path("e/<slug:code>/rulings/<int:pk>/", views.ruling_detail, name="detail"),
    path("e/<slug:code>/rulings/<int:pk>/change/", views.ruling_change, name="change"),
    path("e/<slug:code>/rulings/<int:pk>/<slug:action>/", views.ruling_action, name="action"),
    path("e/<slug:code>/tables/<int:table_id>/rulings/new/", views.ruling_new, name="new"),
    path("t/<str:code>/rulings/", views.table_rulings, name="table"),
]
