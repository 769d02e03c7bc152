"""The public stage pages, one builder per format: each module's ``page(stage,
entrants, *, director=False, …)`` reads everything its page shows — the stage's
structure and, from scoring's read model, the scores as the reader may see them
(``director``: reads as an official, ``tournament.roles.sees_every_result``) — and
returns the whole context of the page's body, one typed shape per row (``shared``).

Reads only: nothing here imports a service, a form or a view (``pyproject.toml``'s
import contracts).
"""
