"""The director's printing page: a button starts a job, the job's page shows its
progress until the file can be downloaded — at once with Celery eager, after a refresh
with a worker — and a scorecard sheet is checked and its problems shown. Players and
officials without the director's role cannot reach any of it."""

from __future__ import annotations

import io
from unittest import mock

import pytest
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from printing.exports import ScorecardsExporter
from printing.models import ImportJob, PrintJob
from printing.selectors import scorecards_data
from printing.services import OFFICIAL_KINDS
from printing.tasks import render_print_job
from tests import builders
from tournament.models import Event, EventRole


@pytest.fixture(autouse=True)
def _media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    """Run what a request queued on commit, as the end of a real request's transaction
    would (the test's own transaction never commits)."""
    return lambda: django_capture_on_commit_callbacks(execute=True)


@pytest.fixture
def director_client(client, director):
    client.force_login(director)
    return client


def page(event: Event) -> str:
    return reverse("printing:page", args=[event.code])


def test_the_page_offers_every_paper_export_and_the_scorecard_upload(director_client, event):
    response = director_client.get(page(event))

    assert response.status_code == 200
    html = response.content.decode()
    for text in (
        "打印与导出",
        "牌盒卡",
        "成绩排名",
        "计分卡汇总",
        "赛事数据备份",
        "检查并导入",
    ):
        assert text in html
    assert 'name="paper" value="event-json"' in html
    # 判罚单 once there is a ruling: none yet, none offered (issue 27).
    assert 'value="ruling-slips"' not in html
    assert 'type="file"' in html


def test_a_button_starts_a_job_that_is_ready_at_once_when_celery_is_eager(
    director_client, event, eager, committed
):
    with committed():
        response = director_client.post(
            reverse("printing:start", args=[event.code]),
            {"kind": "hand-records", "language": "en", "stage": "3"},
        )

    job = PrintJob.objects.get()
    assert response.status_code == 302 and response["Location"].endswith(f"/jobs/{job.pk}/")
    assert (job.kind, job.language, job.stage.order) == ("hand-records", "en", 3)
    shown = director_client.get(response["Location"]).content.decode()
    assert "已完成" in shown and 'http-equiv="refresh"' not in shown
    download = reverse("printing:download", args=[event.code, job.pk])
    assert download in shown
    file = director_client.get(download)
    assert file.status_code == 200
    assert file["Content-Disposition"].startswith("attachment")
    content = b"".join(file.streaming_content)
    assert "Hand record" in PdfReader(io.BytesIO(content)).pages[0].extract_text()


def test_with_a_worker_the_job_page_refreshes_with_its_progress_until_done(
    director_client, event, committed
):
    with mock.patch("printing.tasks.render_print_job") as task, committed():
        response = director_client.post(
            reverse("printing:start", args=[event.code]), {"kind": "box-cards"}
        )
    job = PrintJob.objects.get()
    task.delay.assert_called_once_with(job.pk)  # queued for a worker, once committed

    waiting = director_client.get(response["Location"]).content.decode()
    assert "排队中" in waiting and 'http-equiv="refresh"' in waiting and 'value="0"' in waiting
    PrintJob.objects.filter(pk=job.pk).update(status=PrintJob.Status.RUNNING, progress=40)
    running = director_client.get(response["Location"]).content.decode()
    assert "生成中" in running and 'value="40"' in running

    render_print_job.apply(args=[job.pk])  # the worker's turn

    done = director_client.get(response["Location"]).content.decode()
    assert "已完成" in done and 'http-equiv="refresh"' not in done
    assert "chifeng-box-cards.pdf" in done
    listing = director_client.get(page(event)).content.decode()
    assert "chifeng-box-cards.pdf" in listing


def test_a_paper_with_nothing_to_print_says_why(director_client, event, eager, committed):
    with committed():
        started = director_client.post(
            reverse("printing:start", args=[event.code]), {"kind": "ruling-slips"}
        )
    response = director_client.get(started["Location"])

    html = response.content.decode()
    assert "失败" in html and "没有可打印的判罚" in html and "has no rulings to print" in html


def test_a_stage_paper_with_nothing_to_print_says_why_in_plain_english(event):
    """The English half read "has no a scored stage to print"."""
    from printing.errors import PrintingError
    from printing.services import render_kind

    with pytest.raises(PrintingError) as refused:
        render_kind(event=event, kind="standings", language="en", stage=event.stages.get(order=3))
    assert refused.value.en.endswith("has no scored stage to print"), refused.value.en


def test_a_scorecard_sheet_is_checked_and_its_problems_listed(
    director_client, event, eager, committed
):
    _f, _m, content = ScorecardsExporter(scorecards_data(event)).render()
    book = load_workbook(io.BytesIO(content))
    sheet = book.worksheets[0]
    header = [c.value for c in sheet[1]]
    for name, value in (("南北级别", "A"), ("东西级别", "A"), ("主牌花色", "紫色"), ("打家", "北")):
        sheet.cell(2, header.index(name) + 1).value = value
    sheet.cell(2, header.index("防家得分") + 1).value = 80
    buffer = io.BytesIO()
    book.save(buffer)
    upload = io.BytesIO(buffer.getvalue())
    upload.name = "scorecards.xlsx"

    with committed():
        started = director_client.post(
            reverse("printing:scorecards", args=[event.code]), {"file": upload}
        )
    response = director_client.get(started["Location"])

    job = ImportJob.objects.get()
    assert job.status == ImportJob.Status.FAILED and job.problems
    html = response.content.decode()
    assert "紫色" in html and "主牌花色" in html and "未导入任何成绩" in html
    assert job.problems[0]["row"] == 2 and "紫色" in job.problems[0]["zh"]


@pytest.mark.parametrize("role", [None, EventRole.Role.REFEREE, EventRole.Role.SCORER])
def test_a_login_without_the_directors_role_cannot_reach_it(client, event, role, eager):
    client.force_login(builders.user("someone", event=event, role=role))
    job = PrintJob.objects.create(event=event, kind="movement")
    render_print_job.apply(args=[job.pk])

    assert client.get(page(event)).status_code == 403
    start = client.post(reverse("printing:start", args=[event.code]), {"kind": "movement"})
    assert start.status_code == 403
    assert client.get(reverse("printing:job", args=[event.code, job.pk])).status_code == 403
    assert client.get(reverse("printing:download", args=[event.code, job.pk])).status_code == 403
    assert PrintJob.objects.count() == 1


def test_a_player_without_a_login_is_sent_to_log_in(client, event):
    job = PrintJob.objects.create(event=event, kind="movement")

    for url in (
        page(event),
        reverse("printing:job", args=[event.code, job.pk]),
        reverse("printing:download", args=[event.code, job.pk]),
    ):
        response = client.get(url)
        assert response.status_code == 302 and reverse("web:login") in response["Location"]
    assert (
        client.post(reverse("printing:start", args=[event.code]), {"kind": "movement"}).status_code
        == 302
    )
    assert PrintJob.objects.count() == 1


def test_a_director_of_another_event_cannot_reach_this_one(client, event, db):
    other = builders.event(
        name="宁城县对调赛", code="ningcheng", venue="", starts_on=None, ends_on=None
    )
    client.force_login(builders.user("other-chief", event=other, role=EventRole.Role.DIRECTOR))

    assert client.get(page(other)).status_code == 200
    assert client.get(page(event)).status_code == 403


def test_the_page_offers_only_the_papers_of_the_stages_the_event_has(director_client, event):
    """A round-robin event is not offered a Mitchell's movement or travellers (the job
    used to fail with "has no a Mitchell stage"); each paper appears with its stage."""
    full = director_client.get(page(event)).content.decode()
    assert 'value="travellers:' in full and 'value="score-sheets:' in full

    event.stages.exclude(kind="round_robin").delete()
    html = director_client.get(page(event)).content.decode()
    for kind in ("movement", "guide-cards", "travellers", "traveller-records", "brackets"):
        assert f'value="{kind}:' not in html, kind
    for kind in ("schedule", "score-sheets", "box-cards", "standings"):
        assert f'value="{kind}:' in html, kind
    assert 'value="event-json"' in html


def test_the_page_groups_papers_by_stage_with_a_round_filter(director_client, event):
    """Issue 27: each stage its own group with only its papers, and a team stage's
    round-by-round papers (box cards, score sheets …) printable for one round."""
    html = director_client.get(page(event)).content.decode()
    robin = event.stages.get(kind="round_robin")
    mitchell = event.stages.get(kind="mitchell")
    assert f'value="score-sheets:{robin.order}"' in html
    assert f'value="score-sheets:{mitchell.order}"' not in html  # a team paper
    assert f'value="guide-cards:{mitchell.order}"' in html
    assert f'value="guide-cards:{robin.order}"' not in html
    assert f'name="round-{robin.order}"' in html and f'name="round-{mitchell.order}"' not in html


def test_a_round_prints_alone(director_client, event, eager, committed):
    robin = event.stages.get(kind="round_robin")
    with committed():
        director_client.post(
            reverse("printing:start", args=[event.code]),
            {"paper": f"box-cards:{robin.order}", f"round-{robin.order}": "1", "language": "en"},
        )
    job = PrintJob.objects.get()
    assert (job.kind, job.stage, job.round, job.status) == ("box-cards", robin, 1, "done")
    pages = len(PdfReader(io.BytesIO(job.file.read())).pages)
    with committed():
        director_client.post(
            reverse("printing:start", args=[event.code]), {"paper": f"box-cards:{robin.order}"}
        )
    whole = PrintJob.objects.exclude(pk=job.pk).get()
    assert whole.round is None and len(PdfReader(io.BytesIO(whole.file.read())).pages) > pages


# Needs the event before anything is played: not in a ``played_once`` module.
def test_the_printing_page_offers_the_new_papers_and_prints_them(
    client, event, director, eager, settings, tmp_path, django_capture_on_commit_callbacks
):
    from django.urls import reverse

    from printing.models import PrintJob

    settings.MEDIA_ROOT = tmp_path
    client.force_login(director)
    html = client.get(reverse("printing:page", args=[event.code])).content.decode()
    for kind, name in (
        ("movement-overview", "移位总览"),
        ("table-cards", "团体赛桌卡"),
        ("blank-hand-records", "空白牌型卡"),
        ("traveller-records", "随牌计分表与牌型卡"),
        ("score-cards", "个人成绩单"),
    ):
        assert f'name="paper" value="{kind}:' in html and name in html
    # No board may be shown yet (none played, none released): no handouts offered.
    assert 'value="board-handouts:' not in html

    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            reverse("printing:start", args=[event.code]), {"kind": "table-cards"}
        )
    assert response.status_code == 302
    job = PrintJob.objects.get(event=event, kind="table-cards")
    assert job.status == PrintJob.Status.DONE and job.filename == "chifeng-table-cards.pdf"


@pytest.mark.parametrize("kind", sorted(OFFICIAL_KINDS))
def test_a_players_copy_of_an_officials_paper_is_refused_and_nothing_queued(
    director_client, event, eager, committed, kind
):
    """第二十八条之6: the officials' papers hold deals, results of boards in play and the
    tables' codes. Asked for players (to post), one was printed whole, the choice
    silently ignored; it is refused now, said in both languages, and no job is made."""
    with committed():
        response = director_client.post(
            reverse("printing:start", args=[event.code]),
            {"kind": kind, "stage": "3", "reader": "players"},
        )

    assert response.status_code == 400
    html = response.content.decode()
    assert "是裁判用材料" in html and "officials&#x27; paper" in html
    assert not PrintJob.objects.exists()


def test_a_players_copy_is_named_and_shown_as_the_players(director_client, event, eager, committed):
    """A posting copy and an officials' copy of the same paper are told apart: by the
    file's name, on the job's page and in the list of jobs; the officials' papers are
    marked on their buttons."""
    start = reverse("printing:start", args=[event.code])
    with committed():
        players = director_client.post(start, {"paper": "brackets:2", "reader": "players"})
        officials = director_client.post(start, {"paper": "brackets:2", "reader": "official"})

    mine, theirs = PrintJob.objects.get(official=False), PrintJob.objects.get(official=True)
    assert mine.filename == "chifeng-brackets-s2-players.pdf"
    assert theirs.filename == "chifeng-brackets-s2.pdf"
    assert (
        "选手用（只含已公布的牌，可张贴）"
        in director_client.get(players["Location"]).content.decode()
    )
    assert "裁判用（全部成绩）" in director_client.get(officials["Location"]).content.decode()
    listing = director_client.get(page(event)).content.decode()
    assert (
        "选手用（只含已公布的牌，可张贴）" in listing
        and "zh-hans" not in listing.split("最近的打印任务")[1]
    )
    button = listing[listing.index('value="hand-records:3"') :].split("</button>")[0]
    assert "裁判用" in button
