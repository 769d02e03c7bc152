"""Event models: events, sections, teams and pairs, rounds, matches and
seatings. Models hold fields, constraints and cheap properties; the pure
computations (movements, schedules, brackets) live in ``tournament.formats``.
"""
