"""Excel uploads are capped (issue 14, item 7): a "zip bomb" or a sheet declaring two
million rows ends as a failed job with a clear bilingual error — before: a 500 inside
the web request and a job left "running 10%"."""

from __future__ import annotations

import io
import re
import zipfile

import pytest
from django.urls import reverse
from openpyxl import Workbook

from printing.errors import PrintingError
from printing.excel import entrants_import
from printing.models import ImportJob

pytestmark = pytest.mark.django_db


def small_book() -> bytes:
    book = Workbook()
    book.active.append(["类别", "名称", "选手1"])
    book.active.append(["队", "红山队", "张伟"])
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def rewritten(content: bytes, change) -> bytes:
    """The same workbook with its first sheet's XML changed."""
    source = zipfile.ZipFile(io.BytesIO(content))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            data = source.read(info.filename)
            if info.filename == "xl/worksheets/sheet1.xml":
                data = change(data)
            target.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED)
    return out.getvalue()


def declaring_two_million_rows() -> bytes:
    return rewritten(
        small_book(),
        lambda xml: re.sub(rb'<dimension ref="[^"]*"', b'<dimension ref="A1:C2000000"', xml),
    )


def zip_bomb() -> bytes:
    """About 200 KB that unpacks to 200 MB of spaces inside the sheet."""
    return rewritten(
        small_book(),
        lambda xml: xml.replace(b"<sheetData>", b" " * 200_000_000 + b"<sheetData>", 1),
    )


@pytest.mark.parametrize(
    ("make", "zh", "en"),
    [
        (declaring_two_million_rows, "太大", "too large"),
        (zip_bomb, "解压后太大", "unpacks to"),
    ],
)
def test_a_bomb_is_refused_before_it_is_read(event, make, zh, en):
    with pytest.raises(PrintingError) as caught:
        entrants_import(event=event, file=make())

    assert zh in caught.value.zh and en in caught.value.en


def test_a_bomb_upload_ends_as_a_failed_job_not_a_500(
    client, event, director, eager, django_capture_on_commit_callbacks
):
    client.force_login(director)
    upload = io.BytesIO(zip_bomb())
    upload.name = "bomb.xlsx"

    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("printing:scorecards", args=[event.code]), {"file": upload})

    assert response.status_code == 302
    job = ImportJob.objects.get()
    assert job.status == ImportJob.Status.FAILED
    assert "解压后太大" in job.error and "unpacks to" in job.error


def test_a_file_over_the_size_cap_is_not_even_stored(client, event, director, settings):
    settings.EXCEL_MAX_BYTES = 1000
    client.force_login(director)
    upload = io.BytesIO(small_book() + b"\0" * 2000)
    upload.name = "big.xlsx"

    response = client.post(
        reverse("printing:scorecards", args=[event.code]), {"file": upload}, follow=True
    )

    assert response.status_code == 200 and "文件太大" in response.content.decode()
    assert not ImportJob.objects.exists()
