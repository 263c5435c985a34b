# The Tết gadget: set-up, simulator, tests, benchmarks, device builds.
# Everything a target needs is installed here (virtual environment, npm packages, stubs).

PYTHON3 ?= python3
VENV    := .venv
PY      := $(VENV)/bin/python
BOARD   ?= ttgo_tdisplay
PORT    ?= /dev/ttyUSB0
SIM_ARGS ?=

STAMP_PY    := $(VENV)/.installed
STAMP_NODE  := node_modules/.installed
STAMP_STUBS := .typings/.installed

.PHONY: setup sim test bench build deploy data clean

setup: $(STAMP_PY) $(STAMP_NODE) $(STAMP_STUBS) data

$(STAMP_PY): requirements-dev.txt pyproject.toml
	$(PYTHON3) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -r requirements-dev.txt
	$(PY) -m pip install -q -e .
	touch $@

$(STAMP_NODE): package.json
	npm install --no-audit --no-fund --loglevel=error
	touch $@

# The ESP32 stubs live apart from the venv so pyright checks firmware against them, not CPython.
$(STAMP_STUBS): requirements-stubs.txt $(STAMP_PY)
	rm -rf .typings
	$(PY) -m pip install -q --no-deps --target .typings -r requirements-stubs.txt
	touch $@

# Generated tables and fonts under firmware/tet/data/ (deterministic; checked in, regenerated here).
data: $(STAMP_PY)
	$(PY) host_tools/gen_all.py

# Opens the pygame window; with no display it runs headless and writes screenshots to sim_out/.
sim: setup
	$(PY) -m sim --board $(BOARD) $(SIM_ARGS)

test: setup
	$(PY) -m pytest -q

bench: setup
	$(PY) host_tools/bench/run_all.py --out BENCHMARKS.md

build: setup
	$(PY) host_tools/build.py --board $(BOARD) --out build

deploy: build
	$(VENV)/bin/mpremote connect $(PORT) fs cp -r build/. :

clean:
	rm -rf build sim_out .pytest_cache
