# Everything a fresh clone needs: `make test` (what CI runs) and `make serve`.
# Dev tools live in .venv (pinned by requirements-dev.lock), the browser runtime in
# node_modules (pinned by package-lock.json), the built site in _site/.

PYTHON ?= python3
PORT ?= 8000
BASE ?= /
ARGS ?=
PYTEST_ARGS ?=

VENV := .venv
PY := $(VENV)/bin/python
VENV_STAMP := $(VENV)/.installed
NODE_STAMP := node_modules/.installed

.DEFAULT_GOAL := help
.PHONY: help venv node_modules chromium engines test-engines site serve lint typecheck test test-fast fuzz bench bench-quick bench-solver bench-peer clean

help:
	@echo "make test        lint, typecheck, then all tests (unit, doctests, browser); what CI runs"
	@echo "make test-fast   the same without the browser tests (-m 'not e2e')"
	@echo "make test-engines the smoke in every engine (ENGINE=firefox | webkit | chromium: one)"
	@echo "make fuzz        the hostile-data fuzz suite and the page model, long: HOSTILE_EXAMPLES (8000) per test, PAGE_MODEL_EXAMPLES (2000) runs"
	@echo "make serve       build _site/ and serve it at http://127.0.0.1:$(PORT)$(BASE) (PORT=8080, BASE=/repo/)"
	@echo "make site        build _site/ only"
	@echo "make bench       every benchmark, written into docs/figures.md (BENCH=\"engine noguess\": some)"
	@echo "make bench-quick the CPython benchmarks only, into docs/figures.md"
	@echo "make lint | typecheck | bench-solver ARGS=... | bench-peer ARGS=... | clean"

# --- installs (stamped: redone only when the lock file changes) ---------------------------

venv: $(VENV_STAMP)

$(VENV_STAMP): requirements-dev.lock
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check --no-input -r requirements-dev.lock
	touch $@

node_modules: $(NODE_STAMP)

# `npm install --no-save` installs exactly the locked versions and never rewrites the lock.
# It stood in for `npm ci` while a build tool we no longer use pulled in platform-only
# packages our registry mirror lacked; no locked package is platform-only now, so `npm ci`
# would do too.
$(NODE_STAMP): package-lock.json package.json
	npm install --no-save --no-audit --no-fund
	touch $@

# Debian's Chromium when we can install it (Playwright cannot download browsers on our
# machines), else Playwright's own. tests/e2e/conftest.py picks /usr/bin/chromium if present.
chromium: $(VENV_STAMP)
	@if [ -x /usr/bin/chromium ]; then \
		echo "chromium: /usr/bin/chromium"; \
	elif command -v apt-get >/dev/null 2>&1 && [ "$$(id -u)" = 0 ]; then \
		apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium; \
	else \
		$(VENV)/bin/playwright install chromium; \
	fi

# The other engines a player uses, from Debian's packages, for the smoke of tests/engines:
# Firefox ESR (driven by puppeteer-core over WebDriver BiDi) and WebKitGTK's MiniBrowser
# with its WebDriver (Selenium), on a virtual screen (Xvfb) with real input (xdotool).
# Where they cannot be installed, tests/engines says so in one line and skips that engine.
ENGINE_PACKAGES := firefox-esr webkit2gtk-driver xvfb xdotool
engines:
	@missing=""; for p in $(ENGINE_PACKAGES); do \
		dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -z "$$missing" ]; then \
		echo "engines: $(ENGINE_PACKAGES) installed"; \
	elif command -v apt-get >/dev/null 2>&1 && [ "$$(id -u)" = 0 ]; then \
		apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y $$missing; \
	else \
		echo "engines: cannot install$$missing here (needs root and apt-get): tests/engines skips them"; \
	fi

# --- site ---------------------------------------------------------------------------------

site: $(VENV_STAMP) $(NODE_STAMP)
	$(PY) -m tools.build_site

serve: site
	$(PY) -m tools.serve --port $(PORT) --base $(BASE)

# --- checks -------------------------------------------------------------------------------

lint: $(VENV_STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

typecheck: $(VENV_STAMP)
	$(VENV)/bin/mypy --strict   # the packages are listed once, in pyproject.toml

test: lint typecheck chromium engines site
	$(PY) -m pytest $(PYTEST_ARGS)

ENGINE ?=
test-engines: $(VENV_STAMP) $(NODE_STAMP) chromium engines site
	$(PY) -m pytest tests/engines -p no:randomly $(if $(ENGINE),--engine=$(ENGINE)) $(PYTEST_ARGS)

test-fast: lint typecheck
	$(PY) -m pytest -m "not e2e" $(PYTEST_ARGS)

# The fuzz suite of `make test` (tests/test_hostile_fuzz.py) with many more examples per test,
# and the page's model-based test (tests/test_page_model.py) with many more runs:
# HOSTILE_EXAMPLES=100000 PAGE_MODEL_EXAMPLES=20000 make fuzz runs longer. Prints each test's
# cases and failures, and the page model's runs and steps.
HOSTILE_EXAMPLES ?= 8000
PAGE_MODEL_EXAMPLES ?= 2000
fuzz: $(VENV_STAMP)
	HOSTILE_PROFILE=hostile-long HOSTILE_EXAMPLES=$(HOSTILE_EXAMPLES) \
		PAGE_MODEL_EXAMPLES=$(PAGE_MODEL_EXAMPLES) PAGE_MODEL_STEPS=50 \
		$(PY) -m pytest tests/test_hostile_fuzz.py tests/test_page_model.py -p no:randomly \
		--hypothesis-show-statistics --durations=0 -s $(PYTEST_ARGS)

# --- benchmarks ---------------------------------------------------------------------------

# Every benchmark, its figures printed and written into docs/figures.md with the command, the
# date and the machine (benchmarks/report.py lists them). BENCH="engine noguess" runs those
# only and keeps the other sections; bench-quick runs the CPython ones (no browser, a minute).
BENCH ?=
bench: chromium engines site
	$(PY) -m benchmarks.report $(BENCH)

bench-quick: $(VENV_STAMP)
	$(PY) -m benchmarks.report --quick

# Without ARGS: the expert win rate over 5,000 games with its 95% interval, the time per
# call and the endgame search's cost (the figure of docs/solver-notes.md).
bench-solver: $(VENV_STAMP)
	$(PY) -m benchmarks.solver $(or $(ARGS),--games 5000 --level expert --progress)

# JSMinesweeper's solver (../shared/peers/jsminesweeper) on the same boards, seed by seed
bench-peer: $(VENV_STAMP)
	$(PY) -m benchmarks.peer_solver $(or $(ARGS),--games 5000 --level expert --jobs 2 --paired --progress)

clean:
	rm -rf $(VENV) node_modules _site .pytest_cache .mypy_cache .ruff_cache .hypothesis \
		test-results tests/e2e/artifacts
	find . -name __pycache__ -type d -prune -not -path './.git/*' -exec rm -rf {} +
