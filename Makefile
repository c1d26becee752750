# Speeltafel: `make play` to play, `make test` to test.  Both install what is
# missing first (a virtualenv in .venv, node_modules, Debian's chromium).

PYTHON ?= python3
PORT ?= 8000
VENV := .venv
PY := $(VENV)/bin/python
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# make test's browser tests run on a build with the tests' own games too
# (SPEELTAFEL_TEST_GAMES, scripts/build_dist.py); `make dist` is the shipped site
TEST_DIST := .cache/dist-test

.PHONY: play test dist dist-test unit e2e deps clean

$(PY):
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

node_modules/.package-lock.json: package-lock.json
	npm ci --no-audit --no-fund

/usr/bin/chromium:
	$(SUDO) apt-get update
	$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium

deps: $(VENV)/.installed node_modules/.package-lock.json /usr/bin/chromium

dist: node_modules/.package-lock.json
	$(PYTHON) scripts/build_dist.py

dist-test: node_modules/.package-lock.json
	SPEELTAFEL_TEST_GAMES=1 SPEELTAFEL_DIST=$(TEST_DIST) $(PYTHON) scripts/build_dist.py

play: dist
	$(PYTHON) scripts/serve.py --port $(PORT)

unit: $(VENV)/.installed
	$(PY) -m pytest -n 2 tests  # without the slow fuzz (see pyproject.toml)

e2e: deps dist-test
	SPEELTAFEL_DIST=$(TEST_DIST) $(PY) -m pytest e2e

# two workers (the machine has two cores); a file stays on one worker, so a
# file's browser tab (e2e module_tab) boots once; the order: conftest.py
test: deps dist-test
	SPEELTAFEL_DIST=$(TEST_DIST) $(PY) -m pytest -n 2 --dist loadfile --no-loadscope-reorder -m "" tests e2e

clean:
	rm -rf dist $(VENV) node_modules .cache
