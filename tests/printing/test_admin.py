"""Print jobs are listed in the admin, read-only."""

from __future__ import annotations

from django.contrib.auth import get_user_model

from printing.models import PrintJob


def test_the_director_sees_print_jobs_in_the_admin(client, event, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    director = get_user_model().objects.create_superuser("director", password="duidiao")
    PrintJob.objects.create(
        event=event, kind="box-cards", status=PrintJob.Status.DONE, progress=100
    )
    client.force_login(director)

    page = client.get("/admin/printing/printjob/")

    assert page.status_code == 200
    assert "box-cards" in page.content.decode()
    assert client.get("/admin/printing/printjob/add/").status_code == 403
