# Two entry points: `make run` (serve the venue) and `make test` (what CI runs);
# `make test-fast` runs the pure layer's tests alone, in well under a minute.
# `make run` is a real server (gunicorn, 3 processes × 10 threads, gunicorn.conf.py) on
# every address of this machine, so phones on the venue network reach it; the home page
# at http://127.0.0.1:8000 shows the address and QR code to open on them. HOST=127.0.0.1
# keeps it to this machine. `make dev` is Django's development server, for developers.
PYTHON ?= python3
# Python writes its bytecode (__pycache__, ignored by git) for every process make starts,
# even where the environment says not to (PYTHONDONTWRITEBYTECODE): without it each test
# process, server and command the suite starts compiles the project and the tests again
# (about 35 s of a `make test`).
unexport PYTHONDONTWRITEBYTECODE
HOST ?= 0.0.0.0
PORT ?= 8000
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
MANAGE := $(BIN)/python manage.py
# pytest-xdist: one test process per core, each with its own test database
# (JOBS=0: every test in one process). loadfile: each test file runs whole in one
# process, so data a module builds once (tests.builders.kept) is built once, not once in
# each process; the long files go first (tests/conftest.py), so both end together. xdist
# would otherwise queue the files by their number of tests (--loadscope-reorder, its
# default), and a long one-test browser file could come last, one process left idle.
JOBS ?= auto
DIST := $(if $(filter 0,$(JOBS)),,--dist loadfile --no-loadscope-reorder)
# The tests of the pure layer (core/, mirrored in tests/core): no database, no server.
PURE_TESTS := tests/core

.PHONY: run dev test test-fast lint setup messages migrate demo clean

# The venue server runs as deployed, with DEBUG off: no phone on the venue network ever
# sees Django's debug pages (the site's every address on a mistyped one, a traceback
# with the settings on an error). Plain HTTP there, so cookies are not HTTPS-only; its
# secret key is made once and kept in .secret_key (ignored by git), so logins survive a
# restart. tests/test_sqlite_venue.py serves with this same environment.
VENUE_ENV = DEBUG=0 SESSION_COOKIE_SECURE=0 CSRF_COOKIE_SECURE=0 SECRET_KEY="$$(cat .secret_key)"

run: setup migrate demo .secret_key
	$(VENUE_ENV) HOST=$(HOST) PORT=$(PORT) $(BIN)/gunicorn duidiao.wsgi

.secret_key: | $(STAMP)
	$(BIN)/python -c "import secrets; print(secrets.token_urlsafe(50))" > $@

dev: setup migrate demo
	$(MANAGE) runserver 127.0.0.1:$(PORT)

test: setup lint
	$(MANAGE) makemigrations --check --dry-run
	$(BIN)/pytest -n $(JOBS) $(DIST)

test-fast: setup
	$(BIN)/pytest -n $(JOBS) $(DIST) $(PURE_TESTS)

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/lint-imports --no-cache

setup: $(STAMP) messages

# Reinstall only when pyproject.toml is newer than the stamp. The venv's own pip (3.11
# bundles 23.x) installs the project as it is: upgrading it first cost every fresh clone.
$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	touch $(STAMP)

messages: $(STAMP)
	$(MANAGE) compilemessages --ignore=$(VENV) --verbosity=0

migrate: $(STAMP)
	$(MANAGE) migrate --noinput
	$(MANAGE) createcachetable

demo: migrate
	$(MANAGE) load_demo

clean:
	rm -rf $(VENV)
