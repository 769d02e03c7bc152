# Two entry points: `make run` (serve locally) and `make test` (what CI runs).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
MANAGE := $(BIN)/python manage.py

.PHONY: run test lint setup messages migrate demo clean

run: setup migrate demo
	$(MANAGE) runserver 127.0.0.1:8000

test: setup lint
	$(MANAGE) makemigrations --check --dry-run
	$(BIN)/pytest

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
