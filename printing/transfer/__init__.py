"""A whole event as one JSON file, and back (备份、归档、迁移).

The file (``duidiao-event/1``) holds everything a person entered or decided in the
event: the event and its roles, players, teams and pairs, every stage with its field,
rounds, matches (with their change log), tables, seats, board sets and set plays, every
board with its deal and seed, the deal commitments (docs/dealing.md), its box cards and
its results (each with its audit trail, its entry conflicts and the wrong PINs typed
at its tables), the box card rulings, the stored score
adjustments and tie orders, the schedule overrides and early qualifications, the rulings
with all their versions, the withdrawals (退赛, their forfeits are adjustments sourced
``withdrawal:W1``), the decision record and the officials' changes. Sections added after
the first files (these among them) are optional: an older file still imports. Scores,
standings and travellers are not in
it: they follow from the rest and are rescored on import. Print jobs are not in it
either.

What the file holds and how each row names another is one table,
:mod:`.references`; :mod:`.export` walks it to write the file and :mod:`.importer`
walks it to read the file back. Rows are named by natural keys, never by database ids:
an entrant ``team:3``, a stage by its order, a round by its number, a match ``[stage,
number]``, a table ``[stage, round, session, number]``, a board ``[stage, round or
null, number]``; players (``P1``…) and rulings (``R1``…) get references local to the
file, in a fixed order; users are their usernames. Ids inside stored JSON (audit
snapshots, a ruling's scope, a tie order) are translated the same way. Lists are in a
fixed order and the JSON is written canonically (sorted keys), so exporting, importing
and exporting again gives the same bytes.

Import rebuilds the rows as they were — timestamps, versions, who did what — in one
transaction, then rescores the event. A username unknown here becomes an inactive
account without a password (a superuser activates it); a player with the same name
and club as one here is that player (players are kept across events); a table code
already used on this server is replaced by a new one.
"""

from __future__ import annotations

from .errors import TransferError
from .export import event_export, event_export_bytes
from .fileformat import FORMAT, canonical_json, event_file_read
from .importer import ImportSummary, event_import

__all__ = [
    "FORMAT",
    "ImportSummary",
    "TransferError",
    "canonical_json",
    "event_export",
    "event_export_bytes",
    "event_file_read",
    "event_import",
]
