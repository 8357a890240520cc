# The README's two commands: `make run` starts the bot, `make test` runs every check.
# Each does its own set-up: a virtualenv in .venv with the pinned requirements.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin

.PHONY: run test lint typecheck pytest coverage bench clean

# Python keeps what it compiles (and pytest its rewritten test modules) in __pycache__:
# each process of a run (the pytest workers, the bot and the CLIs that tests start) then
# reads them instead of compiling every module again, seconds of CPU each.
unexport PYTHONDONTWRITEBYTECODE

# pytest-xdist: one worker per core (`make test PYTEST_WORKERS=0` runs in one process).
# Each worker has its own temporary folders and PostgreSQL schemas, so tests stay apart;
# work-stealing keeps both cores busy to the end although a few tests run for seconds,
# and the tests of tests/slow_tests.txt start first, shared out between the workers
# (tests/conftest.py), so that no long one starts last. The slowest 15 tests are listed
# after each run, to keep the suite within its 5 minutes (a test that grows past a
# second belongs in tests/slow_tests.txt).
PYTEST_WORKERS ?= auto

# The stamp is remade whenever a requirements file changes, so a stale venv heals itself.
$(VENV)/.installed-dev: requirements.txt requirements-dev.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $@

$(VENV)/.installed-run: requirements.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $@

run: $(VENV)/.installed-run
	$(BIN)/python bot.py

test: lint typecheck pytest coverage

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .

typecheck: $(VENV)/.installed-dev
	$(BIN)/mypy --strict catalog engine render storage tables cogs web bot.py settings.py

pytest: $(VENV)/.installed-dev
	$(BIN)/python -m pytest -n $(PYTEST_WORKERS) --dist worksteal --durations=15 --cov=catalog --cov=engine --cov=render --cov=storage --cov=tables --cov=cogs --cov=web --cov-report=

# The engine's promise is at least 95% line coverage; the report shows every layer.
coverage: pytest
	$(BIN)/python -m coverage report --skip-covered --sort=cover
	$(BIN)/python -m coverage report --include='engine/*' --fail-under=95 > /dev/null \
		|| { echo "engine/ line coverage is below 95%"; exit 1; }

bench: $(VENV)/.installed-dev
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .coverage .hypothesis
