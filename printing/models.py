"""Print jobs: a paper (or a spreadsheet) rendered in the background, with its progress.

A job names what to print by ids and a kind (``printing.kinds``), never by model
instances, so a worker can run it; the output is stored through Django's storage and
served from ``file``. Rendering itself is ``printing.services.render_kind``.

``moved_at`` is when a job last moved (queued, started, a step of progress): one
queued or running that has not moved for ``JOB_STUCK_AFTER`` seconds lost its worker
or its message, and ``printing.services.jobs_fail_stuck`` marks it failed.
"""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournament.fields import by_user
from tournament.models import Event, Round, Stage


def private_path(instance: Any, filename: str) -> str:
    """Where a printed or uploaded file is stored: under a random directory nobody can
    guess, and never served from ``MEDIA_URL`` — only through the views that check the
    reader's role (``printing.views.job_download``; docs/deploy.md, "Files")."""
    name = Path(filename).name or "file"
    return f"private/{secrets.token_urlsafe(24)}/{name}"


class PrintJob(models.Model):
    class Status(models.TextChoices):
        QUEUED = "queued", _("排队中")
        RUNNING = "running", _("生成中")
        DONE = "done", _("已完成")
        FAILED = "failed", _("失败")

    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="print_jobs", verbose_name=_("赛事")
    )
    stage = models.ForeignKey(
        Stage,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="print_jobs",
        verbose_name=_("比赛阶段"),
        help_text=_("为空表示赛事的全部相关阶段"),
    )
    kind = models.CharField(_("类别"), max_length=20)
    round = models.PositiveSmallIntegerField(
        _("轮次"), null=True, blank=True, help_text=_("为空表示该阶段的全部轮次")
    )
    language = models.CharField(_("语言"), max_length=10, default="zh-hans")
    official = models.BooleanField(
        _("裁判用"),
        default=True,
        help_text=_("有成绩的材料：裁判用（全部成绩），否则为选手所见（只含已公布的牌，可张贴）"),
    )
    status = models.CharField(
        _("状态"), max_length=8, choices=Status.choices, default=Status.QUEUED
    )
    progress = models.PositiveSmallIntegerField(_("进度"), default=0)
    file = models.FileField(_("文件"), upload_to=private_path, blank=True)
    filename = models.CharField(_("文件名"), max_length=200, blank=True)
    mimetype = models.CharField(_("文件类型"), max_length=100, blank=True)
    error = models.TextField(_("错误"), blank=True)
    created_by = by_user(_("提交人"))
    created_at = models.DateTimeField(_("提交时间"), auto_now_add=True)
    moved_at = models.DateTimeField(
        _("最近进展"),
        auto_now=True,
        db_index=True,
        help_text=_("最近一次状态或进度变化；长时间不动的任务会被标为失败"),
    )
    finished_at = models.DateTimeField(_("完成时间"), null=True, blank=True)

    class Meta:
        verbose_name = _("打印任务")
        verbose_name_plural = _("打印任务")
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(condition=Q(progress__lte=100), name="print_job_progress_max"),
        ]

    def __str__(self) -> str:
        return f"{self.event} · {self.kind} · {self.get_status_display()}"

    @property
    def is_finished(self) -> bool:
        return self.status in (self.Status.DONE, self.Status.FAILED)


class ImportJob(models.Model):
    """A file brought in, checked and imported in the background, with its progress:
    a scorecard sheet into an event, a whole event file (``printing.transfer``), or a
    board file (``duidiao-board/1``, JSON or zip) into a stage (and round), each board
    judged by the engine — never in the director's request (issue 24).

    ``problems`` lists what is wrong with the file (row, column and both languages; a
    board file's first findings, with their board); with any problem nothing was
    imported. An event import sets ``event`` to the new event once done. ``done`` of
    ``total`` counts the boards of a board file judged so far.
    """

    class Kind(models.TextChoices):
        SCORECARDS = "scorecards", _("计分卡表格")
        EVENT = "event", _("赛事数据文件")
        BOARDS = "boards", _("牌型文件")

    Status = PrintJob.Status

    kind = models.CharField(_("类别"), max_length=12, choices=Kind.choices)
    event = models.ForeignKey(
        Event,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="import_jobs",
        verbose_name=_("赛事"),
    )
    stage = models.ForeignKey(
        Stage,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="import_jobs",
        verbose_name=_("比赛阶段"),
    )
    round = models.ForeignKey(
        Round,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="import_jobs",
        verbose_name=_("轮次"),
    )
    code = models.SlugField(_("新赛事代码"), max_length=40, blank=True)
    file = models.FileField(_("文件"), upload_to=private_path)
    filename = models.CharField(_("文件名"), max_length=200, blank=True)
    status = models.CharField(
        _("状态"), max_length=8, choices=PrintJob.Status.choices, default=PrintJob.Status.QUEUED
    )
    progress = models.PositiveSmallIntegerField(_("进度"), default=0)
    done = models.PositiveIntegerField(_("已检查"), default=0)
    total = models.PositiveIntegerField(_("共计"), default=0)
    error = models.TextField(_("错误"), blank=True)
    problems = models.JSONField(_("问题"), default=list, blank=True)
    summary = models.TextField(_("结果"), blank=True)
    created_by = by_user(_("提交人"))
    created_at = models.DateTimeField(_("提交时间"), auto_now_add=True)
    moved_at = models.DateTimeField(
        _("最近进展"),
        auto_now=True,
        db_index=True,
        help_text=_("最近一次状态或进度变化；长时间不动的任务会被标为失败"),
    )
    finished_at = models.DateTimeField(_("完成时间"), null=True, blank=True)

    class Meta:
        verbose_name = _("导入任务")
        verbose_name_plural = _("导入任务")
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(condition=Q(progress__lte=100), name="import_job_progress_max"),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} · {self.filename} · {self.get_status_display()}"

    @property
    def is_finished(self) -> bool:
        return self.status in (PrintJob.Status.DONE, PrintJob.Status.FAILED)
