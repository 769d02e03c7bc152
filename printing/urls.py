"""The director's printing page (namespace ``printing``), under the event's address."""

from __future__ import annotations

from django.urls import path

from . import views

app_name = "printing"

urlpatterns = [
    path("e/<slug:code>/printing/", views.printing_page, name="page"),
    path("e/<slug:code>/printing/jobs/", views.job_start, name="start"),
    path("e/<slug:code>/printing/jobs/<int:pk>/", views.job_detail, name="job"),
    path("e/<slug:code>/printing/jobs/<int:pk>/file/", views.job_download, name="download"),
    path("e/<slug:code>/printing/scorecards/", views.scorecards_upload, name="scorecards"),
    path("e/<slug:code>/printing/entrants/", views.entrants_upload, name="entrants"),
    path("e/<slug:code>/printing/boards/", views.boards_upload, name="boards"),
    path("e/<slug:code>/printing/imports/<int:pk>/", views.import_detail, name="import"),
    path("venue/<int:index>/qr.svg", views.venue_qr, name="venue_qr"),
]
