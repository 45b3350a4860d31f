# Puzzle Book. Every target sets up what it needs, so any of them works as the
# first command on a fresh machine: a .venv with exactly the locked Python
# packages (requirements/dev.lock, hashes checked) and node_modules from
# package-lock.json, each made again only when its lock changes.

PYTHON ?= python3
# Python writes its bytecode (__pycache__/, ignored by git), whatever the shell says: with
# PYTHONDONTWRITEBYTECODE set, as on this machine, every test process and every `build.py serve`
# compiled every module from source again and pytest rewrote every test module's asserts again,
# about a fifth of `make check`'s CPU.
unexport PYTHONDONTWRITEBYTECODE
VENV ?= .venv
PY := $(VENV)/bin/python
LOCK := requirements/dev.lock
LAMBDA_LOCK := requirements/lambda.lock
STAMP_LOCK := $(VENV)/.installed
STAMP_PY := $(VENV)/.editable
STAMP_JS := node_modules/.installed
# The gettext catalogs compiled (locale/<catalog>/LC_MESSAGES/*.mo beside each .po; ops/messages.py),
# again when a .po changes. Not in git: made from the committed .po.
CATALOGS := $(wildcard locale/*/LC_MESSAGES/*.po)
STAMP_MO := locale/.compiled
PORT ?= 8000
# Python 3.12 (the Lambda runtime's) for `make test-py312`; .ci/run passes the one it found.
PYTHON312 ?= python3.12
# `make lock LOCK_FLAGS=--upgrade` moves every unpinned package to its newest release.
LOCK_FLAGS ?=

.PHONY: setup serve check check-python test test-pseudo fuzz test-node test-python test-python-suite test-api-schema test-browser test-py312 build bench lint typecheck typecheck-js lock clean

setup: $(STAMP_PY) $(STAMP_JS) $(STAMP_MO)

$(STAMP_MO): $(STAMP_PY) $(CATALOGS)
	$(PY) -m ops.messages --compile
	touch $@

# The packages, only when the lock changes.
$(STAMP_LOCK): $(LOCK)
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --require-hashes -r $(LOCK)
	touch $@

# The project itself, editable, without touching the locked packages: again when
# pyproject.toml changes (packages, tool settings), which takes seconds.
$(STAMP_PY): $(STAMP_LOCK) pyproject.toml
	$(PY) -m pip install --quiet --no-deps --no-build-isolation -e .
	touch $@

$(STAMP_JS): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

# Both locks from pyproject.toml, in one resolution: dev.lock for every platform and
# Python 3.11+, lambda.lock constrained to it, for the functions' Lambda runtime
# (Linux arm64, Python 3.12; wheels only, except python-chess, which PyPI has only
# as pure-Python source). Hashes of every file of each release. uv keeps the
# versions already locked unless LOCK_FLAGS=--upgrade. Each lock is written through
# a copy and replaced only when it changed, so an unchanged lock reinstalls nothing.
define relock
	cp $(1) $(1).new 2>/dev/null || true
	$(VENV)/bin/uv pip compile pyproject.toml $(2) --generate-hashes --custom-compile-command "make lock" \
		--quiet -o $(1).new
	if cmp -s $(1).new $(1); then rm $(1).new; else mv $(1).new $(1); fi
endef

lock: $(STAMP_LOCK)
	$(call relock,$(LOCK),--extra dev --universal --python-version 3.11 $(LOCK_FLAGS))
	$(call relock,$(LAMBDA_LOCK),--extra aws --constraint $(LOCK) --python-platform aarch64-manylinux_2_34 \
		--python-version 3.12 --only-binary :all: --no-binary chess)

serve: setup
	$(PY) build.py serve --port $(PORT)

build: setup
	$(PY) build.py build

lint: $(STAMP_PY)
	$(PY) -m ruff check .

typecheck: $(STAMP_PY)
	$(PY) -m mypy

# The browser's modules through TypeScript's checker (tsconfig.json: strict, JSDoc types in the ES
# modules; docs/site.md, "Types"). Under a second.
typecheck-js: $(STAMP_JS)
	node_modules/.bin/tsc -p tsconfig.json

# The fast loop while working (about a minute on 2 idle cores): lint, types, the rules' doctests and
# the suite without the tests marked slow or the browser tests. `make test` runs everything.
# test_api_schema.py is all slow, and ignored rather than deselected: schemathesis makes its cases
# while collecting, some 15 s in each worker; without it nothing needs schemathesis's pytest plugin,
# whose import is a second or two in each process. tests/conftest.py says what else is left to `make test`.
# Lint and types run beside the suite, not before it (-O: each one's output whole when it ends).
check: setup
	rm -rf var/test-cache  # the run's builds share compressed copies (tests/conftest.py): begin empty
	$(MAKE) --no-print-directory -j3 -Otarget lint typecheck typecheck-js check-python

check-python: setup
	$(PY) -m pytest -n 2 --dist loadgroup -q -m "not slow and not pseudo" --doctest-modules puzzlebook tests --ignore=tests/browser \
		--ignore=tests/test_api_schema.py -p no:schemathesis

# Everything, in five jobs at once: lint and types, the node tests, the Python suite, the API document's
# schemathesis run and the browser tests. Each waits on something of its own (node's test runner on its child processes, the browser
# tests on Chromium and their servers, the Python suite's tail on its last long tests), so run one
# after another they left half of two cores idle: 15 minutes of wall clock for 15 of CPU. -O prints
# each job's output whole when it ends. The browser tests run in a pytest process of their own:
# Playwright's sync API keeps an event loop running in its worker, which breaks asyncio.run() in any
# test that lands on the same worker after it.
test: setup
	rm -rf var/test-cache  # the run's builds share compressed copies (tests/conftest.py): begin empty
	$(MAKE) --no-print-directory -j6 -Otarget lint typecheck typecheck-js test-node test-python-suite test-api-schema test-browser

test-node: setup
	node --test tests/js/

test-browser: setup
	$(PY) -m pytest -n 3 --dist loadgroup -q tests/browser

# The pseudo-locale's check that every word of every page comes from a catalog (docs/languages.md,
# "The pseudo-locale"): the static pages' words and the pages in the browser. Part of `make test`;
# `make check` leaves it out (its own build of the pseudo-locale), and this runs it alone.
test-pseudo: setup
	$(PY) -m pytest -n 2 --dist loadgroup -q -m pseudo tests/test_pseudo_locale.py tests/browser/test_pseudo_locale.py

# The suite without the browser tests (and without the node tests, which do not
# depend on Python's version). Three workers on two cores: some of its long tests wait on the disk
# (SQLite's fsyncs, a server's clean stop) rather than the CPU, and with two the suite ran on alone
# for a minute and a half after the browser tests had ended.
test-python: test-python-suite test-api-schema

# schemathesis over every operation of the API document, apart from the suite: the module makes its
# cases as it is collected (a quarter of a minute of CPU), which each of the suite's three workers did
# again; on two workers of its own, as its three minutes of CPU ran last alone on one.
test-python-suite: setup
	$(PY) -m pytest -n 3 --dist loadgroup -q --doctest-modules puzzlebook tests --ignore=tests/browser \
		--ignore=tests/test_api_schema.py -p no:schemathesis

test-api-schema: setup
	$(PY) -m pytest -n 2 --dist load -q tests/test_api_schema.py

# The API document's fuzzing at depth: many more cases an operation than `make test`'s (docs/api.md).
fuzz: setup
	PUZZLEBOOK_FUZZ_EXAMPLES=$${EXAMPLES:-600} $(PY) -m pytest -n 2 --dist load -q tests/test_api_schema.py

# The same on Python 3.12, in a venv of its own, from the same lock.
test-py312:
	$(MAKE) test-python PYTHON=$(PYTHON312) VENV=.venv312

bench: setup
	$(PY) -m bench

clean:
	rm -rf dist var .pytest_cache .ruff_cache .mypy_cache .hypothesis
