"""Opening another game: the boot a board's restart takes into it (tet.ui.launcher: one game per
boot), from the launcher's first import to the game's first screen drawn, per game and install,
on the TTGO; instruction counts converted to ESP32 time at the calibration's slow end
(icount.py). The panel's own start (the ST7789's reset and wake-up waits, about 0.4 s, and
MicroPython's soft reset in C) comes on top on a board.

Runs on CPython: a micropython process under callgrind per figure (restart_probe.py).
"""

TITLE = "Opening another game: the boot into it (instruction counts)"

import os  # noqa: E402
import sys  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

from benchlib import report  # noqa: E402
from icount import device_ms, module_regions, valgrind  # noqa: E402
from mp_lane import heap_without_harness  # noqa: E402
from romfs import both_installs  # noqa: E402

import sim  # noqa: E402

sim.install_fakes()
from tet.registry import GAMES, PACKAGE, TITLE as GAME_TITLE  # noqa: E402

BOARD = "ttgo_tdisplay"


def main(args):
    if valgrind() is None:
        report("opening another game", "skipped", "", "no valgrind (make setup installs it)")
        return
    with both_installs() as (image, files):
        for name, install in ((".mpy files", files), ("ROMFS", image)):
            # 160K for the firmware, as the lanes give it (a ROMFS image is read into the heap)
            heap = heap_without_harness(160, install, "restart_probe")
            for entry in GAMES:
                parts, out = module_regions("restart_probe",
                                            ["--install", install, BOARD, entry[PACKAGE]], heap)
                if "opened " + entry[PACKAGE] not in out:
                    raise SystemExit("restart probe did not open %s: %s" % (entry[PACKAGE], out))
                count = parts[0][0]
                report("%s, %s: boot into the game" % (name, entry[GAME_TITLE]),
                       "%.0f" % device_ms(count), "ms", "%.1fM instructions" % (count / 1e6))


if __name__ == "__main__":
    main(sys.argv[1:])
