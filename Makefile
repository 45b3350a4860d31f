# Puzzle Book. Every target sets up what it needs, so any of them works as the
# first command on a fresh machine: a .venv with the pinned Python packages and
# node_modules from package-lock.json, each made again only when its pins change.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP_PY := $(VENV)/.installed
STAMP_JS := node_modules/.installed
PORT ?= 8000

.PHONY: setup serve test build bench lint clean

setup: $(STAMP_PY) $(STAMP_JS)

$(STAMP_PY): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $@

$(STAMP_JS): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

serve: setup
	$(PY) build.py serve --port $(PORT)

build: setup
	$(PY) build.py build

lint: $(STAMP_PY)
	$(PY) -m ruff check .

# The browser tests run in a pytest process of their own: Playwright's sync API
# keeps an event loop running in its worker, which breaks asyncio.run() in any
# test that lands on the same worker after it.
test: setup lint
	node --test tests/js/
	$(PY) -m pytest -n 2 --dist loadgroup -q --ignore=tests/browser
	$(PY) -m pytest -n 2 --dist loadfile -q tests/browser

bench: setup
	$(PY) -m bench

clean:
	rm -rf dist var .pytest_cache .ruff_cache .hypothesis
