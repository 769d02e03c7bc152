"""The engine is pure Python: it imports nothing from Django (style.md, "What that means here")."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
ENGINE = REPO / "core" / "engine"


def test_importing_the_pure_layer_loads_no_django():
    """Every module of ``core`` (the engine, formats and score computations)."""
    code = (
        "import sys, pkgutil, importlib, core; "
        "[importlib.import_module(m.name) for m in "
        "pkgutil.walk_packages(core.__path__, 'core.')]; "
        "print(len(sys.modules) > 20, "
        "any(m == 'django' or m.startswith('django.') for m in sys.modules))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "True False"


def test_no_engine_source_mentions_a_django_import():
    sources = sorted(ENGINE.glob("*.py"))
    assert {p.name for p in sources} >= {
        "__init__.py",
        "board.py",
        "cards.py",
        "errors.py",
        "outcome.py",
        "play.py",
        "profiles.py",
        "record.py",
        "simulate.py",
        "trumps.py",
    }
    pattern = re.compile(r"^\s*(import\s+django|from\s+django)", re.MULTILINE)
    offenders = [p.name for p in sources if pattern.search(p.read_text(encoding="utf-8"))]
    assert offenders == []
