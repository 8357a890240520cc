# The README's two commands: `make run` starts the bot, `make test` runs every check.
# Each does its own set-up: a virtualenv in .venv with the pinned requirements.

# The interpreter: CPython 3.12 where the machine has one (on PATH, or pyenv's), else
# python3 (3.11 at least). On 3.12 coverage traces through sys.monitoring (COVERAGE_CORE
# below): the suite then runs about 5% slower with coverage than without, where 3.11's
# tracer makes the engine's pure-Python searches run 2.7 times as long.
PYTHON ?= $(or $(shell python3.12 -c 'print("python3.12")' 2>/dev/null),$(lastword $(sort $(wildcard $(HOME)/.pyenv/versions/3.12.*/bin/python3.12))),python3)
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
# The venv is made by $(PYTHON); one made by another minor version is made again (its
# stamp .python-X.Y is missing, so the requirements are installed again too).
PY_MINOR := $(shell $(PYTHON) -c 'import sys; print("%d.%d" % sys.version_info[:2])')
VENV_PY  := $(VENV)/.python-$(PY_MINOR)

$(VENV_PY):
	test -x $(BIN)/python && $(BIN)/python -c 'import sys; sys.exit("%d.%d" % sys.version_info[:2] != "$(PY_MINOR)")' \
		|| { rm -rf $(VENV) && $(PYTHON) -m venv $(VENV); }
	touch $@

$(VENV)/.installed-dev: requirements.txt requirements-dev.txt $(VENV_PY)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $@

$(VENV)/.installed-run: requirements.txt $(VENV_PY)
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
	$(if $(filter 3.11,$(PY_MINOR)),,COVERAGE_CORE=sysmon) $(BIN)/python -m pytest -n $(PYTEST_WORKERS) --dist worksteal --durations=15 --cov=catalog --cov=engine --cov=render --cov=storage --cov=tables --cov=cogs --cov=web --cov-report=

# The engine's promise is at least 95% line coverage; the report shows every layer.
coverage: pytest
	$(BIN)/python -m coverage report --skip-covered --sort=cover
	$(BIN)/python -m coverage report --include='engine/*' --fail-under=95 > /dev/null \
		|| { echo "engine/ line coverage is below 95%"; exit 1; }

bench: $(VENV)/.installed-dev
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .coverage .hypothesis
