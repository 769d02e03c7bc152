"""The pure layer: rules, formats and score computations in plain Python.

Nothing here imports Django or any app of the project; the apps above turn rows into
these inputs, call these functions and store what they return (``make lint`` enforces
it with import-linter)."""
