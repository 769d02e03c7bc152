"""The director's printing page (打印与导出): buttons that start print and export jobs,
a scorecard sheet or a board file to import, and each job's progress until its file
can be downloaded or its import is done.

Every page needs a login and the director's role in the event. A job starts once its
row is committed (``print_job_create``); with Celery eager (no broker) it is done by
the time the job page opens, with workers the page refreshes itself until it is — the
same view either way. Files are served through :func:`job_download`, behind the same
check, never from a public media URL.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from boards.errors import BoardError
from boards.services import read_board_upload
from duidiao.venue import venue_urls
from tournament.access import event_context, event_for
from tournament.models import Event, Stage

from .errors import PrintingError
from .excel import entrants_import
from .labels import PAPERS
from .layout import qr_svg
from .models import ImportJob, PrintJob
from .services import (
    EVENT_KINDS,
    OFFICIAL_KINDS,
    ROUND_KINDS,
    import_job_create,
    jobs_fail_stuck,
    kinds_offered,
    language_code,
    print_job_create,
    reader_label,
    stage_kinds,
)
from .transfer import canonical_json

#: The page's buttons within a group, by format: (format, kinds in the order shown).
FORMATS = (
    (
        "pdf",
        (
            "movement",
            "movement-overview",
            "guide-cards",
            "table-cards",
            "schedule",
            "brackets",
            "box-cards",
            "blank-hand-records",
            "pin-cards",
            "hand-records",
            "score-sheets",
            "travellers",
            "traveller-records",
            "standings",
            "results",
            "score-cards",
            "board-handouts",
            "ruling-slips",
        ),
    ),
    (
        "xlsx",
        (
            "entrants-xlsx",
            "schedule-xlsx",
            "standings-xlsx",
            "results-xlsx",
            "travellers-xlsx",
            "scorecards-xlsx",
        ),
    ),
    ("json", ("event-json",)),
)


def _buttons(kinds: list[str] | set[str], stage: Stage | None) -> list[dict[str, Any]]:
    """``kinds`` by format, each button's value naming the paper and its stage."""
    suffix = f":{stage.order}" if stage is not None else ""
    return [
        {
            "name": name,
            "kinds": [
                {
                    "value": f"{k}{suffix}",
                    "label": PAPERS[k],
                    "by_round": k in ROUND_KINDS,
                    "officials": k in OFFICIAL_KINDS,
                }
                for k in order
                if k in kinds
            ],
        }
        for name, order in FORMATS
        if any(k in kinds for k in order)
    ]


def _page(request: HttpRequest, event: Event, **extra: Any) -> dict[str, Any]:
    """The page's papers grouped as a director looks for them: the whole event's, then
    each stage's — only the papers that stage has — with a round to print alone where
    a stage's papers go round by round (a team stage's box cards, score sheets …)."""
    offered = kinds_offered(event)
    stages = []
    for stage in event.stages.order_by("order").prefetch_related("rounds"):
        kinds = [k for k in stage_kinds(stage) if k in offered]
        rounds = (
            sorted(r.number for r in stage.rounds.all())
            if stage.kind in Stage.TEAM_KINDS and ROUND_KINDS & set(kinds)
            else []
        )
        stages.append({"stage": stage, "formats": _buttons(kinds, stage), "rounds": rounds})
    jobs = list(PrintJob.objects.filter(event=event).select_related("stage")[:15])
    for job in jobs:
        job.paper = PAPERS.get(job.kind, job.kind)  # type: ignore[attr-defined]
        job.reader = reader_label(job.kind, job.official)  # type: ignore[attr-defined]
    return (
        event_context(request, event)
        | {
            "event_formats": _buttons([k for k in EVENT_KINDS if k in offered], None),
            "stage_groups": stages,
            "language": language_code(get_language() or "zh-hans"),
            "jobs": jobs,
            "imports": list(ImportJob.objects.filter(event=event)[:10]),
        }
        | extra
    )


@login_required
def printing_page(request: HttpRequest, code: str) -> HttpResponse:
    event = event_for(request, code, "director")
    return render(request, "printing/page.html", _page(request, event))


@login_required
@require_POST
def job_start(request: HttpRequest, code: str) -> HttpResponse:
    event = event_for(request, code, "director")
    # A button of the page names its paper and stage ("box-cards:2"); a form of its own
    # may send them apart (kind, stage).
    kind, _sep, order = request.POST.get("paper", "").partition(":")
    kind = kind or request.POST.get("kind", "")
    order = order or request.POST.get("stage", "")
    stage = None
    if order:
        stage = event.stages.filter(order=order).first() if order.isdigit() else None
        if stage is None:
            raise Http404("no such stage")
    chosen = request.POST.get(f"round-{order}") or request.POST.get("round") or ""
    round_number = int(chosen) if chosen.isdigit() and kind in ROUND_KINDS else None
    try:
        job = print_job_create(
            event=event,
            kind=kind,
            round=round_number,
            language=request.POST.get("language") or "zh-hans",
            stage=stage,
            user=request.user,
            # the papers with scores: the director's (everything) or the players' view
            official=request.POST.get("reader") != "players",
        )
    except PrintingError as error:
        return render(request, "printing/page.html", _page(request, event, error=error), status=400)
    return redirect("printing:job", code=event.code, pk=job.pk)


@login_required
def job_detail(request: HttpRequest, code: str, pk: int) -> HttpResponse:
    event = event_for(request, code, "director")
    jobs_fail_stuck()  # the check beat makes, here too: a job without a worker shows it
    job = get_object_or_404(PrintJob, pk=pk, event=event)
    context = event_context(request, event) | {
        "job": job,
        "paper": PAPERS.get(job.kind, job.kind),
        "reader": reader_label(job.kind, job.official),
    }
    return render(request, "printing/job.html", context)


@login_required
def job_download(request: HttpRequest, code: str, pk: int) -> FileResponse:
    event = event_for(request, code, "director")
    job = get_object_or_404(PrintJob, pk=pk, event=event, status=PrintJob.Status.DONE)
    if not job.file:
        raise Http404("no file")
    return FileResponse(
        job.file.open("rb"),
        as_attachment=True,
        filename=job.filename,
        content_type=job.mimetype or "application/octet-stream",
    )


@login_required
@require_POST
def scorecards_upload(request: HttpRequest, code: str) -> HttpResponse:
    event = event_for(request, code, "director")
    upload = request.FILES.get("file")
    if upload is None or upload.size is None:
        return redirect("printing:page", code=event.code)
    if upload.size > settings.EXCEL_MAX_BYTES:  # refused before it is read or stored
        messages.error(
            request,
            _("文件太大：表格文件最大 %(kb)d KB。") % {"kb": settings.EXCEL_MAX_BYTES // 1024},
        )
        return redirect("printing:page", code=event.code)
    job = import_job_create(
        kind=ImportJob.Kind.SCORECARDS,
        content=upload.read(),
        filename=upload.name or "scorecards.xlsx",
        user=request.user,
        event=event,
    )
    return redirect("printing:import", code=event.code, pk=job.pk)


@login_required
@require_POST
def entrants_upload(request: HttpRequest, code: str) -> HttpResponse:
    """Teams and pairs from an Excel sheet (the columns of the entrants export), for the
    director's workspace: all rows or, with any problem, none and every problem listed."""
    event = event_for(request, code, "director")
    upload = request.FILES.get("file")
    back = reverse("web:setup_entrants", args=[event.code])
    if upload is None or upload.size is None or upload.size > settings.EXCEL_MAX_BYTES:
        messages.error(
            request,
            _("文件太大：表格文件最大 %(kb)d KB。") % {"kb": settings.EXCEL_MAX_BYTES // 1024},
        )
        return redirect(back)
    try:
        result = entrants_import(event=event, file=upload.read())
    except PrintingError as error:
        messages.error(request, str(error))
        return redirect(back)
    if not result.ok:
        for problem in result.problems:
            messages.error(request, str(problem))
        messages.error(request, _("表格有问题，一个也未导入。"))
    else:
        messages.success(request, _("已导入%(n)d个参赛者。") % {"n": len(result.created)})
    return redirect(back)


@login_required
@require_POST
def boards_upload(request: HttpRequest, code: str) -> HttpResponse:
    """A board file (``duidiao-board/1``, JSON or a zip of JSON) for a stage (and round),
    posted from the workspace's boards page. The request only reads it within the caps
    (``read_board_upload``: bytes, zip members, unpacked bytes, boards — refused at
    once) and queues the job that judges every board with the engine and stores all or
    none (``import_job_run``); the director follows its progress on the job's page."""
    event = event_for(request, code, "director")
    stage = get_object_or_404(event.stages, pk=request.POST.get("stage") or 0)
    round_ = stage.rounds.filter(pk=request.POST.get("round") or 0).first()
    back = reverse("web:setup_boards", args=[event.code]) + f"#stage-{stage.order}"
    upload = request.FILES.get("file")
    if upload is None:
        messages.error(request, _("请选择牌型文件"))
        return redirect(back)
    try:
        records = read_board_upload(upload)
    except BoardError as error:
        messages.error(request, str(error))
        return redirect(back)
    job = import_job_create(
        kind=ImportJob.Kind.BOARDS,
        content=canonical_json({"boards": records}),
        filename=upload.name or "boards.json",
        user=request.user,
        stage=stage,
        round=round_,
    )
    return redirect("printing:import", code=event.code, pk=job.pk)


@login_required
def import_detail(request: HttpRequest, code: str, pk: int) -> HttpResponse:
    event = event_for(request, code, "director")
    jobs_fail_stuck()
    job = get_object_or_404(ImportJob, pk=pk, event=event)
    english = (get_language() or "").startswith("en")
    context = event_context(request, event) | {"job": job, "english": english}
    return render(request, "printing/import_job.html", context)


def venue_qr(request: HttpRequest, index: int) -> HttpResponse:
    """The QR code of the ``index``-th venue address (``duidiao.venue``), as the home
    page shows it: a phone scans it to open this server."""
    urls = venue_urls()
    if index >= len(urls):
        raise Http404("no such address")
    return HttpResponse(qr_svg(urls[index]), content_type="image/svg+xml")
