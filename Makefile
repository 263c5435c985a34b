# The Tết gadget: set-up, simulator, tests, benchmarks, device builds.
# Everything a target needs is installed here (virtual environment, npm packages, stubs).

PYTHON3 ?= python3
VENV    := .venv
PY      := $(VENV)/bin/python
BOARD   ?= ttgo_tdisplay
PORT    ?= /dev/ttyUSB0
SIM_ARGS ?=

FONT_SRC    := /usr/share/fonts/X11/misc/6x13.pcf.gz
STAMP_PY    := $(VENV)/.installed
STAMP_NODE  := node_modules/.installed
STAMP_STUBS := .typings/.installed
VALGRIND    := /usr/bin/valgrind
CHROMEDRIVER := /usr/bin/chromedriver
WEB_PORT    ?= 8000

.PHONY: setup sim test bench build deploy romfs deploy-romfs image data screenshots web web-serve clean

# Tiers: the simulator needs only the virtual environment; `make test` adds npm (pyright), the
# ESP32 stubs, the font source, valgrind and a headless browser, and runs everything.
setup: $(STAMP_PY) $(STAMP_NODE) $(STAMP_STUBS) $(FONT_SRC) $(VALGRIND) $(CHROMEDRIVER) data

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

# Generated tables and fonts (deterministic; checked in): regenerated only when a generator or
# its inputs changed (host_tools/generated.json holds their hashes; file times mean nothing in a
# fresh clone). The fonts come from the public-domain X11 misc-fixed family (Debian's xfonts-base).
data: $(STAMP_PY)
	$(PY) host_tools/gen_all.py --stale-only

# The font source: for regenerating the fonts and for the test that the checked-in ones are fresh.
$(FONT_SRC):
	@if [ "$$(id -u)" = 0 ]; then \
	  apt-get install -y -qq xfonts-base >/dev/null 2>&1 || \
	  (apt-get update -qq && apt-get install -y -qq xfonts-base); \
	else echo "xfonts-base is needed to regenerate fonts: sudo apt-get install xfonts-base"; exit 1; fi

# Device times are instruction counts of the micropython binary under valgrind's callgrind
# (host_tools/bench/icount.py); without valgrind those benchmarks and tests cannot run.
$(VALGRIND):
	@if [ "$$(id -u)" = 0 ]; then \
	  apt-get install -y -qq valgrind >/dev/null 2>&1 || \
	  (apt-get update -qq && apt-get install -y -qq valgrind); \
	else echo "valgrind is needed for device-time benchmarks: sudo apt-get install valgrind"; fi

# The web page's tests drive Debian's Chromium through its ChromeDriver (Selenium, from
# requirements-dev.txt): nothing downloads a browser of its own. Without them those tests skip.
$(CHROMEDRIVER):
	@if [ "$$(id -u)" = 0 ]; then \
	  apt-get install -y -qq chromium chromium-driver >/dev/null 2>&1 || \
	  (apt-get update -qq && apt-get install -y -qq chromium chromium-driver) || \
	  echo "chromium could not be installed: the web page's tests will skip"; \
	else echo "chromium is needed for the web page's tests: sudo apt-get install chromium chromium-driver"; fi

# Opens the pygame window; with no display it runs headless and writes screenshots to sim_out/.
sim: $(STAMP_PY) data
	$(PY) -m sim --board $(BOARD) $(SIM_ARGS)

test: setup
	$(PY) -m pytest -q -n auto

bench: setup
	$(PY) host_tools/bench/run_all.py --out BENCHMARKS.md

build: setup
	$(PY) host_tools/build.py --board $(BOARD) --out build

# The stock board's install: .mpy files and fonts on the filesystem. The device is asked first
# (MicroPython and .mpy version, free flash); a build that cannot work there stops with one line.
deploy: build
	$(PY) host_tools/deploy.py files --port $(PORT) --build build
	$(VENV)/bin/mpremote connect $(PORT) fs cp -r build/. :

# Bytecode and fonts in a ROMFS partition run in place from flash: needs a firmware built with
# MICROPY_VFS_ROM and a romfs partition (boards/romfs/), which deploy-romfs checks first.
romfs: setup
	$(PY) host_tools/romfs.py --out build/tet.romfs

deploy-romfs: romfs
	$(PY) host_tools/deploy.py romfs --port $(PORT) --image build/tet.romfs
	$(VENV)/bin/mpremote connect $(PORT) romfs deploy build/tet.romfs

# One flashable file (at 0x1000): FIRMWARE (built from boards/romfs/) with our ROMFS image in it.
image: romfs
	@if [ -z "$(FIRMWARE)" ]; then echo "make image FIRMWARE=path/to/firmware.bin"; exit 2; fi
	$(PY) host_tools/image.py --firmware $(FIRMWARE) --romfs build/tet.romfs --out build/tet-image.bin

# The README's pictures, from the headless simulator.
screenshots: setup
	$(PY) host_tools/readme_shots.py

# The gadget in a web browser: a static site in build/web/ (MicroPython's WebAssembly port and
# the firmware as .mpy bytecode), served by any file server; web-serve serves it on localhost.
web: $(STAMP_PY) $(STAMP_NODE)
	$(PY) host_tools/web_page.py build --out build/web

web-serve: web
	$(PY) host_tools/web_page.py serve --dir build/web --port $(WEB_PORT)

clean:
	rm -rf build sim_out .pytest_cache
