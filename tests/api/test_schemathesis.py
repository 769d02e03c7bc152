"""schemathesis against the API's own OpenAPI schema: every operation, with
generated paths, queries and bodies — valid ones and deliberately invalid ones —
through the real WSGI application, as the event's director and as anonymous, against
an event with results in it: never a server error.

Bounded: ``SCHEMATHESIS_EXAMPLES`` examples an operation and mode (default 5) and a
budget of CPU time for the whole run (``SCHEMATHESIS_SECONDS``, default 120); derandomized,
so a failure repeats. The budget counts this process's CPU time (the application runs in
it), not the clock: on a loaded machine — another pytest process beside this one — the
run takes longer but covers the same operations.
"""

from __future__ import annotations

import os
import time
from typing import Any

import pytest
import schemathesis
from django.core.cache import cache
from django.core.wsgi import get_wsgi_application
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.errors import Unsatisfiable
from rest_framework.authtoken.models import Token
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error

from boards.models import Board, Result
from boards.services import result_enter
from tests import builders
from tests._tables import open_side
from tournament.models import Table

from .conftest import build_world

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.heavy]

EXAMPLES = int(os.environ.get("SCHEMATHESIS_EXAMPLES", "5"))
BUDGET = float(os.environ.get("SCHEMATHESIS_SECONDS", "120"))


def test_no_operation_answers_with_a_server_error():
    world = build_world()
    board = world.board(1)
    result_enter(
        board=board,
        table=world.team.open,
        entry=builders.entry(board, declarer="N"),
        actor=open_side(world.team.open, "NS"),
    )
    director_user = world.users["director"]
    token = Token.objects.create(user=director_user).key
    ids = {
        "boards": list(Board.objects.values_list("pk", flat=True)),
        "results": list(Result.objects.values_list("pk", flat=True)),
        "tables": list(Table.objects.values_list("pk", flat=True)),
    }
    schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", get_wsgi_application())
    started = time.process_time()
    seen: dict[int, int] = {}
    operations = 0

    for result in schema.get_all_operations():
        operation = result.ok()
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
            if time.process_time() - started > BUDGET:
                break
            operations += 1

            @settings(
                max_examples=EXAMPLES,
                deadline=None,
                derandomize=True,
                database=None,
                suppress_health_check=list(HealthCheck),
            )
            @given(
                case=operation.as_strategy(generation_mode=mode),
                real=st.booleans(),
                director=st.booleans(),
                data=st.data(),
            )
            def run(case: Any, real: bool, director: bool, data: Any) -> None:
                params = case.path_parameters or {}
                if real and "code" in params:
                    params["code"] = world.event.code
                    if "order" in params:
                        params["order"] = str(data.draw(st.sampled_from([1, 2])))
                    kind = "boards" if "/boards/" in case.path else "results"
                    if "id" in params:
                        params["id"] = str(data.draw(st.sampled_from(ids[kind])))
                    if isinstance(case.body, dict) and "board" in case.body:
                        # A real board and table: the scorecard reaches the rules engine.
                        case.body["board"] = data.draw(st.sampled_from(ids["boards"]))
                        case.body["table"] = data.draw(st.sampled_from(ids["tables"]))
                headers = {"Authorization": f"Token {token}"} if director else {}
                response = case.call_and_validate(headers=headers, checks=[not_a_server_error])
                seen[response.status_code] = seen.get(response.status_code, 0) + 1
                # auth/logout/ deletes the director's token: the next case has it again.
                Token.objects.get_or_create(key=token, defaults={"user": director_user})
                cache.clear()  # and the login throttles start afresh

            try:
                run()
            except Unsatisfiable:
                # Nothing in the operation can be made invalid (no parameters, no body).
                assert mode == GenerationMode.NEGATIVE, operation.label

    print("statuses", dict(sorted(seen.items())))
    assert operations >= 30
    # Both answers seen often: cases reached real data, and invalid ones were refused.
    assert seen.get(200, 0) > 3 * EXAMPLES and seen.get(400, 0) > 3 * EXAMPLES
