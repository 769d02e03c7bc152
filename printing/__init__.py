"""Printed papers and spreadsheets of an event: PDF renderers, xlsx exporters and
imports, print jobs (see ``docs/architecture.md``, "Printing")."""
