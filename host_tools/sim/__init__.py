"""The Tết gadget simulator: runs firmware/ unchanged on CPython (see sim/README.md).

`install_fakes()` is all a desktop test needs to import device code: it puts sim/fakes first on
sys.path (fake `machine`, `micropython`, `framebuf`), then firmware/ and boards/, and adds
MicroPython's tick functions to `time`.  `python -m sim` runs the gadget in a window or headless.
"""

import os
import sys

# Plain string paths: MicroPython (no os.path) imports this package too, for sim.air.
ROOT = (os.path.abspath(__file__) if hasattr(os, "path") else __file__).rsplit("/", 3)[0]
FAKES = ROOT + "/host_tools/sim/fakes"
FIRMWARE = ROOT + "/firmware"
BOARDS = ROOT + "/boards"


def install_fakes(clock=None):
    """Make device code importable on CPython; `clock` (sim.clock) drives the ticks."""
    from sim import clock as clock_module

    for path in (BOARDS, FIRMWARE, FAKES):
        if path in sys.path:
            sys.path.remove(path)
        sys.path.insert(0, path)
    return clock_module.install(clock)
