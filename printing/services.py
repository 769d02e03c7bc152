"""Printing an event: which papers there are, rendering one, and print jobs.

:data:`PAPERS` maps each kind (the names ``print_event`` takes) to the selector that
reads its data and the renderer or exporter that turns the data into a file.
:func:`render_kind` does both; :func:`print_job_create` queues it as a Celery task once
the transaction commits, and :func:`print_job_run` (the task's body) stores the file
and the progress on the :class:`~printing.models.PrintJob`.
"""

from __future__ import annotations

import dataclasses
import gc
import io
import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.core.files.base import ContentFile
from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from boards.errors import BoardError
from boards.services import boards_import, read_board_file
from duidiao.retry import TRANSIENT_ERRORS
from tournament.errors import in_chinese
from tournament.models import Event, Round, Stage

from . import selectors
from .errors import PrintingError
from .excel import EntrantsExporter, ScheduleExporter
from .exports import (
    MatchResultsExporter,
    ScorecardsExporter,
    StandingsExporter,
    TravellersExporter,
)
from .labels import PAPERS as PAPER_LABELS
from .models import ImportJob, PrintJob
from .renderers import (
    render_blank_hand_records,
    render_board_handouts,
    render_box_cards,
    render_brackets,
    render_guide_cards,
    render_hand_records,
    render_movement,
    render_movement_overview,
    render_pin_cards,
    render_results,
    render_ruling_slips,
    render_schedule,
    render_score_cards,
    render_score_sheets,
    render_standings,
    render_table_cards,
    render_traveller_records,
    render_travellers,
)
from .transfer import TransferError, event_export_bytes, event_file_read, event_import

__all__ = [
    "KINDS",
    "PAPERS",
    "OFFICIAL_KINDS",
    "READER_KINDS",
    "reader_label",
    "Paper",
    "language_code",
    "import_job_create",
    "kinds_offered",
    "stage_kinds",
    "EVENT_KINDS",
    "ROUND_KINDS",
    "import_job_run",
    "jobs_fail_stuck",
    "oldest_stuck_job",
    "print_job_create",
    "print_job_run",
    "render_kind",
]

logger = logging.getLogger(__name__)

Rendered = tuple[str, str, bytes]
Progress = Callable[[int], None]


@dataclass(frozen=True)
class Paper:
    kind: str
    build: Callable[..., Any]  # (event, *, stage) -> plain data
    render: Callable[[Any, str, Progress | None], Rendered]
    count: Callable[[Any], int]  # 0: nothing to print
    needs_zh: str  # what the event lacks when there is nothing to print
    needs_en: str

    @property
    def for_reader(self) -> bool:
        """Whether the paper carries scores, and so is built for a reader: an official
        (everything) or players (the boards shown only, 第二十八条之6)."""
        return self.kind in READER_KINDS


def _pdf(renderer: Callable[..., Rendered]) -> Callable[[Any, str, Progress | None], Rendered]:
    def render(data: Any, lang: str, progress: Progress | None) -> Rendered:
        return renderer(data, lang, progress=progress)

    return render


def _schedule_both(event: Event, *, stage: Stage | None = None) -> Any:
    return (
        selectors.movement_data(event, stage=stage),
        selectors.schedule_data(event, stage=stage),
    )


def _entrants(event: Event, *, stage: Stage | None = None) -> Any:
    return selectors.entrants_data(event)


def _whole_event(event: Event, *, stage: Stage | None = None) -> Any:
    """The event export is always the whole event, whatever stage is chosen."""
    return event


_MOVEMENT = Stage.MOVEMENT_KINDS
_TEAMS = Stage.TEAM_KINDS
_SCHEDULED = frozenset(selectors.TEAM_SCHEDULE_KINDS)

#: The papers that only a stage of these kinds has (the rest: any event). The printing
#: page offers a paper only where the event has such a stage.
STAGE_KINDS: dict[str, frozenset[str]] = {
    "movement": _MOVEMENT,
    "movement-overview": _MOVEMENT,
    "guide-cards": _MOVEMENT,
    "travellers": _MOVEMENT,
    "travellers-xlsx": _MOVEMENT,
    "traveller-records": frozenset({Stage.Kind.MITCHELL}),
    "schedule": _SCHEDULED,
    "schedule-xlsx": _SCHEDULED | _MOVEMENT,
    "brackets": Stage.BRACKET_KINDS,
    "score-sheets": _TEAMS,
    "table-cards": _TEAMS,  # a Mitchell table has its guide card
    "score-cards": _TEAMS | {Stage.Kind.MITCHELL},
    "results": _TEAMS | {Stage.Kind.PAIRS_FINAL},
    "results-xlsx": _TEAMS | {Stage.Kind.PAIRS_FINAL},
}


def kinds_offered(event: Event) -> set[str]:
    """The papers worth offering for ``event``: those whose stage it has (and ruling
    slips only once there is a ruling)."""
    has = set(event.stages.values_list("kind", flat=True))
    return {
        kind
        for kind in PAPERS
        if (kind not in STAGE_KINDS or has & STAGE_KINDS[kind])
        and (kind != "ruling-slips" or event.rulings.exists())
    }


#: The papers printed for the whole event, never a stage of it.
EVENT_KINDS = ("ruling-slips", "entrants-xlsx", "event-json")

#: The papers whose items each belong to a round (a team stage's box cards, hand
#: records, score sheets, table cards, results, handouts): a round's alone can be printed.
ROUND_KINDS = frozenset(
    {
        "box-cards",
        "blank-hand-records",
        "hand-records",
        "score-sheets",
        "table-cards",
        "results",
        "board-handouts",
    }
)


def stage_kinds(stage: Stage) -> list[str]:
    """The papers of ``stage`` worth offering, in :data:`PAPERS` order: those of its
    kind; board handouts only once a board may be shown (released or played out)."""
    out = []
    for kind in PAPERS:
        if kind in EVENT_KINDS or (kind in STAGE_KINDS and stage.kind not in STAGE_KINDS[kind]):
            continue
        if kind == "board-handouts" and not selectors.visible_boards(stage):
            continue
        out.append(kind)
    return out


def _of_round(data: Any, number: int) -> Any:
    """``data`` with only round ``number``'s items (see :data:`ROUND_KINDS`)."""
    changes = {}
    for field in dataclasses.fields(data):
        items = getattr(data, field.name)
        if isinstance(items, tuple) and items and hasattr(items[0], "round"):
            changes[field.name] = tuple(i for i in items if i.round == number)
    return dataclasses.replace(data, **changes)


#: The papers with scores: built for an official or for players (``official``).
READER_KINDS = frozenset(
    {"brackets", "standings", "results", "score-cards", "standings-xlsx", "results-xlsx"}
)

#: The papers for officials only: they carry what players may not see yet (第二十八条之6)
#: — the deals (hand records; box cards as their first tables filled them), the results
#: of boards still in play (travellers, score sheets, the scorecards sheet), the tables'
#: entry codes and PINs (guide cards, table cards, PIN cards), rulings not published,
#: the whole event (its backup). A players' copy of one is refused, never printed whole.
#: The rest (movement, schedule, entrants, blank forms, the board handouts of the boards
#: shown) hold nothing hidden and read the same for anyone.
OFFICIAL_KINDS = frozenset(
    {
        "box-cards",
        "guide-cards",
        "hand-records",
        "pin-cards",
        "score-sheets",
        "table-cards",
        "travellers",
        "traveller-records",
        "travellers-xlsx",
        "scorecards-xlsx",
        "ruling-slips",
        "event-json",
    }
)


def _check_reader(kind: str, official: bool) -> None:
    """A players' copy (``official=False``) of an officials' paper is refused."""
    if not official and kind in OFFICIAL_KINDS:
        zh = in_chinese(PAPER_LABELS[kind])
        with translation.override("en"):
            en = str(PAPER_LABELS[kind])
        raise PrintingError(
            f"“{zh}”是裁判用材料（含选手尚不能看的牌、成绩或录入码），"
            "只能按裁判所见生成；给选手张贴请用名次表、成绩表、对阵图或牌型公布单",
            f"“{en}” is an officials' paper (it holds boards, results or "
            "entry codes players may not see yet): print it for officials; to post for "
            "players, print the standings, results, brackets or board handouts",
            code="officials_only",
        )


def reader_label(kind: str, official: bool) -> str:
    """Who a printed file is for, as the printing page and the job say it: the papers
    with scores for officials or players, the officials' papers for officials, the rest
    for anyone ("")."""
    if kind in READER_KINDS:
        return _("裁判用（全部成绩）") if official else _("选手用（只含已公布的牌，可张贴）")
    return _("裁判用") if kind in OFFICIAL_KINDS else ""


_MITCHELL = ("米切尔赛制阶段", "Mitchell stage")
_TEAM = ("团体赛阶段", "team stage")
_BOARDS = ("已发的牌", "dealt boards")

PAPERS: dict[str, Paper] = {
    p.kind: p
    for p in (
        Paper(
            "movement",
            selectors.movement_data,
            _pdf(render_movement),
            lambda d: len(d.stages),
            *_MITCHELL,
        ),
        Paper(
            "guide-cards",
            selectors.guide_cards_data,
            _pdf(render_guide_cards),
            lambda d: len(d.cards),
            *_MITCHELL,
        ),
        Paper(
            "schedule",
            selectors.schedule_data,
            _pdf(render_schedule),
            lambda d: len(d.stages),
            "循环赛阶段",
            "round-robin stage",
        ),
        Paper(
            "brackets",
            selectors.bracket_data,
            _pdf(render_brackets),
            lambda d: len(d.sheets),
            "淘汰赛阶段",
            "knockout or double-elimination stage",
        ),
        Paper(
            "box-cards",
            selectors.box_cards_data,
            _pdf(render_box_cards),
            lambda d: len(d.cards),
            "排好牌组的阶段",
            "stage with board sets",
        ),
        Paper(
            "hand-records",
            selectors.hand_records_data,
            _pdf(render_hand_records),
            lambda d: len(d.records),
            *_BOARDS,
        ),
        Paper(
            "pin-cards",
            selectors.pin_cards_data,
            _pdf(render_pin_cards),
            lambda d: len(d.cards),
            "参赛队/对",
            "entrants",
        ),
        Paper(
            "score-sheets",
            selectors.score_sheets_data,
            _pdf(render_score_sheets),
            lambda d: len(d.sheets),
            *_TEAM,
        ),
        Paper(
            "travellers",
            selectors.travellers_data,
            _pdf(render_travellers),
            lambda d: len(d.travellers),
            *_MITCHELL,
        ),
        Paper(
            "standings",
            selectors.standings_data,
            _pdf(render_standings),
            lambda d: len(d.stages),
            "已计分的阶段",
            "scored stage",
        ),
        Paper(
            "results",
            selectors.results_data,
            _pdf(render_results),
            lambda d: len(d.matches),
            "已计分的团体赛",
            "scored team match",
        ),
        Paper(
            "ruling-slips",
            selectors.ruling_slips_data,
            _pdf(render_ruling_slips),
            lambda d: len(d.slips),
            "判罚",
            "rulings",
        ),
        Paper(
            "movement-overview",
            selectors.movement_data,
            _pdf(render_movement_overview),
            lambda d: len(d.stages),
            *_MITCHELL,
        ),
        Paper(
            "table-cards",
            selectors.table_cards_data,
            _pdf(render_table_cards),
            lambda d: len(d.cards),
            *_TEAM,
        ),
        Paper(
            "blank-hand-records",
            selectors.box_cards_data,
            _pdf(render_blank_hand_records),
            lambda d: len(d.cards),
            "排好牌组的阶段",
            "stage with board sets",
        ),
        Paper(
            "traveller-records",
            selectors.traveller_records_data,
            _pdf(render_traveller_records),
            lambda d: len(d.papers),
            *_MITCHELL,
        ),
        Paper(
            "score-cards",
            selectors.score_cards_data,
            _pdf(render_score_cards),
            lambda d: len(d.cards),
            "已计分的米切尔赛或团体赛",
            "scored Mitchell or team stage",
        ),
        Paper(
            "board-handouts",
            selectors.board_handouts_data,
            _pdf(render_board_handouts),
            lambda d: len(d.handouts),
            "已公布的牌",
            "released boards",
        ),
        Paper(
            "entrants-xlsx",
            _entrants,
            lambda d, lang, progress: EntrantsExporter(d, lang).render(progress),
            lambda d: 1,  # an empty list is still a template to fill in
            "参赛队/对",
            "entrants",
        ),
        Paper(
            "schedule-xlsx",
            _schedule_both,
            lambda d, lang, progress: ScheduleExporter(d, lang).render(progress),
            lambda d: len(d[0].stages) + len(d[1].stages),
            "米切尔或循环赛阶段",
            "Mitchell or round-robin stage",
        ),
        Paper(
            "standings-xlsx",
            selectors.standings_data,
            lambda d, lang, progress: StandingsExporter(d, lang).render(progress),
            lambda d: len(d.stages),
            "已计分的阶段",
            "scored stage",
        ),
        Paper(
            "results-xlsx",
            selectors.results_data,
            lambda d, lang, progress: MatchResultsExporter(d, lang).render(progress),
            lambda d: len(d.matches),
            "已计分的比赛",
            "scored match",
        ),
        Paper(
            "travellers-xlsx",
            selectors.travellers_data,
            lambda d, lang, progress: TravellersExporter(d, lang).render(progress),
            lambda d: len(d.travellers),
            *_MITCHELL,
        ),
        Paper(
            "event-json",
            _whole_event,
            lambda event, lang, progress: event_export_bytes(event, lang, progress),
            lambda event: 1,
            "赛事",
            "an event",
        ),
        Paper(
            "scorecards-xlsx",
            selectors.scorecards_data,
            lambda d, lang, progress: ScorecardsExporter(d, lang).render(progress),
            lambda d: len(d.lines),
            "排好牌组的牌桌",
            "tables with boards to play",
        ),
    )
}
KINDS = tuple(PAPERS)


def language_code(lang: str) -> str:
    """``zh``, ``zh-hans``, ``en`` … → a language of the site; bilingual error otherwise."""
    codes = [code for code, _name in settings.LANGUAGES]
    wanted = lang.strip().lower()
    for code in codes:
        if wanted == code or wanted == code.split("-")[0]:
            return code
    raise PrintingError(
        f"不支持的语言 {lang!r}（可选：{'、'.join(codes)}）",
        f"unsupported language {lang!r} (choose from {', '.join(codes)})",
        code="language",
    )


def _paper(kind: str) -> Paper:
    try:
        return PAPERS[kind]
    except KeyError:
        raise PrintingError(
            f"未知的打印类别 {kind!r}（可选：{'、'.join(KINDS)}）",
            f"unknown kind {kind!r} (choose from {', '.join(KINDS)})",
            code="kind",
        ) from None


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector paused while a paper is read and drawn: a
    60-table Mitchell's paper makes a few hundred thousand objects (rows, cells, pieces
    of PDF) and the collector walked them again and again — a tenth of the whole set's
    time — to find cycles they do not form. Reference counting still frees them; the
    collector runs as before once the paper is done (if it ran before)."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def render_kind(
    *,
    event: Event,
    kind: str,
    language: str = "zh-hans",
    stage: Stage | None = None,
    progress: Progress | None = None,
    official: bool = True,
    round: int | None = None,
) -> Rendered:
    """Read the data of paper ``kind`` and render it: ``(filename, mimetype, bytes)``.
    A paper with scores is built for ``official`` (what the director's pages show) or,
    with ``official=False``, for players — to post or hand out: the scores, winners and
    order the players' pages show, hidden boards left out (第二十八条之6). ``round``:
    that round's items only (a paper of :data:`ROUND_KINDS`)."""
    paper = _paper(kind)
    _check_reader(kind, official)
    if round is not None and kind not in ROUND_KINDS:
        raise PrintingError(
            "这种材料不分轮次打印", "this paper is not printed round by round", code="round"
        )
    language = language_code(language)
    if stage is not None and stage.event_id != event.pk:
        raise PrintingError(
            "所选阶段不属于该赛事", "the stage is not part of the event", code="stage"
        )
    with _collector_paused():
        data = (
            paper.build(event, stage=stage, official=official)
            if paper.for_reader
            else paper.build(event, stage=stage)
        )
        if round is not None:
            data = _of_round(data, round)
        if paper.count(data) == 0:
            where_zh = f"阶段“{stage.name}”" if stage is not None else f"赛事“{event.name}”"
            where_en = f"stage {stage.name!r}" if stage is not None else f"event {event.code!r}"
            raise PrintingError(
                f"{where_zh}没有可打印的{paper.needs_zh}",
                f"{where_en} has no {paper.needs_en} to print",
                code="nothing",
            )
        if progress is not None:
            progress(5)

        def scaled(percent: int) -> None:
            if progress is not None:
                progress(5 + percent * 95 // 100)

        filename, mimetype, content = paper.render(data, language, scaled)
    # Named for what it holds, so two files never take each other's name in a download
    # folder: the stage (-s3), the round (-r2), a players' copy (never mistaken for the
    # officials').
    marks = [f"s{stage.order}"] if stage is not None else []
    marks += [f"r{round}"] if round is not None else []
    marks += ["players"] if paper.for_reader and not official else []
    if marks:
        stem, dot, extension = filename.rpartition(".")
        filename = "-".join([stem or filename, *marks]) + (f".{extension}" if dot else "")
    return filename, mimetype, content


def print_job_create(
    *,
    event: Event,
    kind: str,
    language: str = "zh-hans",
    stage: Stage | None = None,
    user: Any = None,
    official: bool = True,
    round: int | None = None,
) -> PrintJob:
    """Queue paper ``kind`` of ``event`` for ``official`` or for players (see
    :func:`render_kind`): the task starts once the transaction commits (at once when
    tasks run eagerly, so the job may already be done on return — read it again rather
    than assume either)."""
    _paper(kind)
    _check_reader(kind, official)
    language = language_code(language)
    job = PrintJob.objects.create(
        event=event,
        stage=stage,
        kind=kind,
        language=language,
        official=official,
        round=round,
        created_by=user if getattr(user, "is_authenticated", False) else None,
    )
    from .tasks import render_print_job

    transaction.on_commit(lambda: render_print_job.delay(job.pk))
    return job


def print_job_run(job_id: int) -> PrintJob:
    """Render job ``job_id``, storing the file, the progress and any error on it."""
    job = PrintJob.objects.select_related("event", "stage").get(pk=job_id)
    if job.is_finished:  # run again (a redelivered message): nothing to do
        return job
    _moved(PrintJob, job.pk, status=PrintJob.Status.RUNNING, progress=0)
    last = [0]

    def progress(percent: int) -> None:
        # Every 5 % is plenty for a progress bar and spares the database.
        if percent >= last[0] + 5 and percent < 100:
            last[0] = percent
            _moved(PrintJob, job.pk, progress=percent)

    try:
        filename, mimetype, content = render_kind(
            event=job.event,
            kind=job.kind,
            language=job.language,
            stage=job.stage,
            progress=progress,
            official=job.official,
            round=job.round,
        )
    except TRANSIENT_ERRORS:
        raise  # the database or broker, not the paper: the task retries (duidiao.retry)
    except Exception as error:
        job.status = PrintJob.Status.FAILED
        job.error = str(error)
        job.finished_at = timezone.now()
        job.save(update_fields=["status", "error", "finished_at"])
        if not isinstance(error, PrintingError):
            # A bug, not a refusal: keep the traceback, and the page shows "failed".
            logger.exception("print job %s failed", job.pk)
        return job
    job.file.save(filename, ContentFile(content), save=False)
    job.filename = filename
    job.mimetype = mimetype
    job.status = PrintJob.Status.DONE
    job.progress = 100
    job.error = ""
    job.finished_at = timezone.now()
    job.save()
    return job


# --- import jobs --------------------------------------------------------------------------------


def import_job_create(
    *,
    kind: str,
    content: bytes,
    filename: str,
    user: Any,
    event: Event | None = None,
    code: str = "",
    stage: Stage | None = None,
    round: Round | None = None,  # noqa: A002 - the model's own name for it
) -> ImportJob:
    """Queue the import of ``content``: a scorecard sheet into ``event`` (as ``user``'s
    director entries), a whole event file (under ``code`` if given), or a board file's
    records (``{"boards": [...]}``, read and capped by the request,
    ``boards.services.read_board_upload``) into ``stage`` (and ``round``). Runs once
    the transaction commits, like a print job: in the worker with a broker, at once
    with Celery eager."""
    if kind not in ImportJob.Kind.values:
        raise PrintingError(
            f"未知的导入类别 {kind!r}", f"unknown import kind {kind!r}", code="kind"
        )
    if kind == ImportJob.Kind.SCORECARDS and event is None:
        raise PrintingError("须指定赛事", "name the event", code="event")
    if kind == ImportJob.Kind.BOARDS:
        if stage is None:
            raise PrintingError("须指定比赛阶段", "name the stage", code="stage")
        event = stage.event
    job = ImportJob(
        kind=kind,
        event=event,
        stage=stage,
        round=round,
        code=code,
        filename=filename[:200],
        created_by=user if getattr(user, "is_authenticated", False) else None,
    )
    job.file.save(filename or "import", ContentFile(content), save=False)
    job.save()
    from .tasks import run_import_job

    transaction.on_commit(lambda: run_import_job.delay(job.pk))
    return job


def _problem_dict(problem: Any) -> dict[str, Any]:
    return {
        "row": problem.row,
        "column": problem.column,
        "header": problem.header,
        "zh": problem.zh,
        "en": problem.en,
        "where_zh": problem.where_zh,
        "where_en": problem.where_en,
    }


def _board_problem(error: dict[str, Any]) -> dict[str, Any]:
    """One finding of a refused board file, as the job's page lists it."""
    return {
        "board": error.get("board"),
        "article": error.get("article"),
        "zh": error.get("message_zh", ""),
        "en": error.get("message_en", ""),
    }


def _boards_run(job: ImportJob, content: bytes) -> bool:
    """Judge and store a board file's records (all or none), counting boards done of
    total on the job's row as it goes; ``False`` with the first findings on a refusal."""
    assert job.stage is not None
    records = read_board_file(io.BytesIO(content))
    total = len(records)
    _moved(ImportJob, job.pk, total=total, done=0)
    step = max(1, total // 50)  # at most ~50 updates of the row, however long the file

    def counted(done: int, of: int) -> None:
        if done % step == 0 or done == of:
            _moved(ImportJob, job.pk, done=done, progress=min(99, done * 100 // max(of, 1)))

    job.total = total
    try:
        made = boards_import(
            stage=job.stage,
            round=job.round,
            records=records,
            user=job.created_by,
            progress=counted,
        )
    except BoardError as error:
        job.done = total
        job.problems = [_board_problem(e) for e in error.errors]
        job.summary = (
            "牌型文件有问题，一副牌也未导入 / the board file has problems: no board was imported"
        )
        return False
    job.done = total
    job.summary = f"已导入{len(made)}副牌的牌型 / imported the deals of {len(made)} boards"
    return True


def import_job_run(job_id: int) -> ImportJob:
    """Run import job ``job_id``: its problems, summary or error end up on the row."""
    from .scorecards import scorecards_import

    job = ImportJob.objects.select_related("event", "stage", "round", "created_by").get(pk=job_id)
    if job.is_finished:  # run again (a redelivered message): nothing to do
        return job
    _moved(ImportJob, job.pk, status=ImportJob.Status.RUNNING, progress=0)

    def progress(percent: int) -> None:
        if 0 < percent < 100:
            _moved(ImportJob, job.pk, progress=percent)

    job.problems = []
    try:
        with job.file.open("rb") as handle:
            content = handle.read()
        if job.kind == ImportJob.Kind.EVENT:
            summary = event_import(
                event_file_read(content), code=job.code or None, progress=progress
            )
            job.event = summary.event
            job.summary = f"{summary.line_zh()} / {summary.line_en()}"
            ok = True
        elif job.kind == ImportJob.Kind.BOARDS:
            ok = _boards_run(job, content)
        else:
            assert job.event is not None
            progress(10)
            result = scorecards_import(event=job.event, file=content, user=job.created_by)
            job.problems = [_problem_dict(p) for p in result.problems]
            ok = result.ok
            job.summary = (
                f"新录入{len(result.created)}条，{result.unchanged}条与已有成绩相同 / "
                f"{len(result.created)} entered, {result.unchanged} already so"
                if ok
                else f"有{len(result.problems)}处问题，未导入任何成绩 / "
                f"{len(result.problems)} problems: nothing was imported"
            )
    except TRANSIENT_ERRORS:
        raise  # the database or broker, not the file: the task retries (duidiao.retry)
    except Exception as error:
        job.status = ImportJob.Status.FAILED
        job.error = str(error)
        job.finished_at = timezone.now()
        job.save(update_fields=["status", "error", "problems", "finished_at"])
        if not isinstance(error, (PrintingError, TransferError, BoardError)):
            logger.exception("import job %s failed", job.pk)
        return job
    job.status = ImportJob.Status.DONE if ok else ImportJob.Status.FAILED
    job.progress = 100
    job.error = "" if ok else job.summary
    job.finished_at = timezone.now()
    job.save()
    return job


# --- jobs that stopped moving ---------------------------------------------------------------

#: What a director reads on a job that stopped moving (both languages, as job errors are).
STUCK_ERROR = (
    "任务超过{minutes}分钟没有进展（处理它的进程可能已中断），已标为失败；请重新提交。"
    " / The job made no progress for {minutes} minutes (the process running it may have"
    " stopped) and was marked failed; please submit it again."
)


def _moved(model: type[PrintJob] | type[ImportJob], pk: int, **fields: Any) -> None:
    """Update a job's row and when it last moved (``update`` skips ``auto_now``)."""
    model.objects.filter(pk=pk).update(moved_at=timezone.now(), **fields)


def jobs_fail_stuck(after: int | None = None) -> list[PrintJob | ImportJob]:
    """Mark failed every print or import job queued or running that has not moved for
    ``after`` seconds (``settings.JOB_STUCK_AFTER``): its worker died, or its message
    was lost with the broker. The director reads why on the job's page. Returns them."""
    after = settings.JOB_STUCK_AFTER if after is None else after
    since = timezone.now() - timedelta(seconds=after)
    error = STUCK_ERROR.format(minutes=max(1, after // 60))
    stuck: list[PrintJob | ImportJob] = []
    for model in (PrintJob, ImportJob):
        open_ = [PrintJob.Status.QUEUED, PrintJob.Status.RUNNING]
        for job in model.objects.filter(status__in=open_, moved_at__lt=since):
            # Only if it still has not moved: a worker may be finishing it right now.
            marked = model.objects.filter(pk=job.pk, status__in=open_, moved_at__lt=since)
            if marked.update(
                status=PrintJob.Status.FAILED, error=error, finished_at=timezone.now()
            ):
                logger.error(
                    "%s %s stuck since %s: marked failed", model.__name__, job.pk, job.moved_at
                )
                stuck.append(job)
    return stuck


def oldest_stuck_job(after: int | None = None) -> PrintJob | ImportJob | None:
    """The job that has waited longest without moving past ``after`` seconds, if any
    (``/readyz`` reports it)."""
    after = settings.JOB_STUCK_AFTER if after is None else after
    since = timezone.now() - timedelta(seconds=after)
    open_ = [PrintJob.Status.QUEUED, PrintJob.Status.RUNNING]
    found = [
        model.objects.filter(status__in=open_, moved_at__lt=since).order_by("moved_at").first()
        for model in (PrintJob, ImportJob)
    ]
    waiting = [job for job in found if job is not None]
    return min(waiting, key=lambda job: job.moved_at) if waiting else None
