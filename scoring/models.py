"""Stored scores derived from board results: board points, matchpoints and
standings. Rules are not written here: ``scoring.engine`` (pure Python) decides,
this app turns rows into engine inputs and stores what the engine returns.
"""
