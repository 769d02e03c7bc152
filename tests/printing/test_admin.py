"""Print jobs are listed in the admin, read-only."""

from __future__ import annotations

from printing.models import PrintJob


def test_the_director_sees_print_jobs_in_the_admin(client, event, superuser):
    PrintJob.objects.create(
        event=event, kind="box-cards", status=PrintJob.Status.DONE, progress=100
    )
    client.force_login(superuser)

    page = client.get("/admin/printing/printjob/")

    assert page.status_code == 200
    assert "box-cards" in page.content.decode()
    assert client.get("/admin/printing/printjob/add/").status_code == 403
