"""Print jobs in the admin: read-only, to see what was printed, by whom, and its file."""

from __future__ import annotations

from typing import Any

from django.contrib import admin

from .models import ImportJob, PrintJob


@admin.register(PrintJob)
class PrintJobAdmin(admin.ModelAdmin):
    list_display = [
        "event",
        "stage",
        "kind",
        "language",
        "status",
        "progress",
        "file",
        "created_by",
        "created_at",
    ]
    list_filter = ["status", "kind", "event"]
    readonly_fields = [f.name for f in PrintJob._meta.fields]

    def has_add_permission(self, request: Any) -> bool:
        return False

    def has_change_permission(self, request: Any, obj: Any = None) -> bool:
        return False


@admin.register(ImportJob)
class ImportJobAdmin(admin.ModelAdmin):
    """Imports in the admin, read-only: what was brought in, by whom, and what was wrong."""

    list_display = ["kind", "event", "filename", "status", "progress", "created_by", "created_at"]
    list_filter = ["status", "kind"]
    readonly_fields = [f.name for f in ImportJob._meta.fields]

    def has_add_permission(self, request: Any) -> bool:
        return False

    def has_change_permission(self, request: Any, obj: Any = None) -> bool:
        return False
