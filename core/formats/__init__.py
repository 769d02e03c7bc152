"""Tournament formats as pure computations (第四章): schedules, movements, brackets.

Nothing here imports Django. The event models store what these functions return
(and the inputs that reproduce it, such as a draw's seed); commands and views only
call them. Each module follows one article of the rules:

* ``round_robin`` — FIDE Berger tables for the team round robin (第二十五条)
* ``groups`` — serpentine seeding and recorded draws into groups (第二十六条)
* ``knockout`` / ``double_elimination`` on the slot model of ``bracket`` (第二十七条),
  with placing matches and the places beyond the final (``bracket.bracket_places``)
* ``swiss`` — Swiss teams (瑞士移位): pairing by match points, no rematches
* ``mitchell`` — the pairs movement (第二十八条), any field from 5 pairs, shortened, in sections
* ``howell`` — every pair meets every pair, 4–10 pairs; both on ``movement``
* ``pairs_final`` — seating the single-champion final (第二十九条)
"""

from __future__ import annotations

from ._errors import FormatError

__all__ = ["FormatError"]
