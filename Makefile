# Two entry points: `make run` (serve locally) and `make test` (what CI runs);
# `make test-fast` runs the pure layer's tests alone, in well under a minute.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
MANAGE := $(BIN)/python manage.py
# pytest-xdist: one test process per core, each with its own test database
# (JOBS=0: every test in one process).
JOBS ?= auto
# The tests of the pure layer (core/): no database, no server.
PURE_TESTS := tests/engine tests/core \
	tests/rulings/test_articles.py tests/rulings/test_cancelled_boards_hook.py \
	tests/rulings/test_ruling_checks.py tests/scoring/test_comparison.py \
	tests/scoring/test_matchpoints.py tests/scoring/test_pairs_standings.py \
	tests/scoring/test_results.py tests/scoring/test_round_robin_standings.py \
	tests/scoring/test_swiss_standings.py tests/scoring/test_team_match_score.py \
	tests/tournament/test_berger_round_robin.py tests/tournament/test_bracket_places.py \
	tests/tournament/test_bracket_results.py tests/tournament/test_double_elimination_bracket.py \
	tests/tournament/test_group_seeding.py tests/tournament/test_knockout_bracket.py \
	tests/tournament/test_mitchell_movement.py tests/tournament/test_movement_properties.py \
	tests/tournament/test_pairs_final_seating.py tests/tournament/test_swiss_pairing.py

.PHONY: run test test-fast lint setup messages migrate demo clean

run: setup migrate demo
	$(MANAGE) runserver 127.0.0.1:8000

test: setup lint
	$(MANAGE) makemigrations --check --dry-run
	$(BIN)/pytest -n $(JOBS)

test-fast: setup
	$(BIN)/pytest -n $(JOBS) $(PURE_TESTS)

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/lint-imports --no-cache

setup: $(STAMP) messages

# Reinstall only when pyproject.toml is newer than the stamp.
$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	touch $(STAMP)

messages: $(STAMP)
	$(MANAGE) compilemessages --ignore=$(VENV) --verbosity=0

migrate: $(STAMP)
	$(MANAGE) migrate --noinput

demo: migrate
	$(MANAGE) load_demo

clean:
	rm -rf $(VENV)
