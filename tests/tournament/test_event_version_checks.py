"""``event_changed`` checks a write's foreign keys when it raises the event's version,
not at the commit (PostgreSQL: Django's keys are deferrable, initially deferred), so
every write takes the event's row last and two corrections never deadlock; then the
keys are deferred again for the rest of the transaction."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, connection, transaction

from tournament.models import Event
from tournament.services.versions import event_changed

pytestmark = pytest.mark.django_db(transaction=True)


def _orphan() -> None:
    """A row pointing at an event that does not exist (checked at the commit, deferred)."""
    from tournament.models import Entrant

    Entrant.objects.create(event_id=987_654_321, kind=Entrant.Kind.PAIR, number=1, name="x")


def test_the_pending_keys_are_checked_when_the_version_is_raised():
    if connection.vendor != "postgresql":
        pytest.skip("SQLite checks its keys at the commit only")
    event = Event.objects.create(name="版本", code="version-checks")
    with pytest.raises(IntegrityError), transaction.atomic():
        _orphan()
        event_changed(event.pk)  # raises here, before the version is written
        pytest.fail("the orphan passed the check")


def test_keys_are_deferred_again_after_the_check():
    if connection.vendor != "postgresql":
        pytest.skip("SQLite checks its keys at the commit only")
    event = Event.objects.create(name="版本", code="version-deferred")
    written = []
    with pytest.raises(IntegrityError), transaction.atomic():
        event_changed(event.pk)
        _orphan()  # deferred again: written now, refused only at the commit
        written.append(True)
        Event.objects.filter(pk=event.pk).update(name="版本2")
    assert written == [True]
    assert Event.objects.get(pk=event.pk).name == "版本"
