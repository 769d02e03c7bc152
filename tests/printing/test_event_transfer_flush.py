"""A whole event into an empty database: export, flush, import, export again gives the
same bytes. Apart from the other transfer tests: it needs a database of its own (no test
transaction), so it cannot share their played-once event."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from boards.models import BoxCard, Result, ResultChange
from printing.transfer import event_file_read, event_import
from rulings.models import Ruling, RulingVersion
from scoring.models import ScoreAdjustment, TieOrder
from tournament.models import Event, MatchChange

from ._transfer import export


@pytest.fixture(autouse=True)
def _media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path


# Outside a test transaction: PostgreSQL will not flush tables with deferred checks pending.
@pytest.mark.django_db(transaction=True)
def test_export_import_export_into_an_empty_database_is_byte_identical(archived):
    before = export(archived)
    counts = {
        model: model.objects.count()
        for model in (Result, ResultChange, BoxCard, Ruling, RulingVersion, MatchChange)
    }
    call_command("flush", interactive=False, verbosity=0)
    assert not Event.objects.exists() and not get_user_model().objects.exists()

    summary = event_import(event_file_read(before))

    assert export(summary.event) == before
    assert {model: model.objects.count() for model in counts} == counts
    assert ScoreAdjustment.objects.get().source == f"ruling:{Ruling.objects.get().pk}"
    assert TieOrder.objects.count() == 1
    chief = get_user_model().objects.get(username="chief")
    assert not chief.is_active and not chief.has_usable_password()
    assert summary.users_created == ["chief"]
