"""Boot-to-menu heap under `micropython -X heapsize=160K`, per board, file install vs ROMFS.

Runs on CPython: each figure needs a fresh micropython process (boot_probe.py), so that every
import the boot does is counted.
"""

TITLE = "Boot to the menu: heap in use"

import os  # noqa: E402
import sys  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

from benchlib import report  # noqa: E402
from mp_lane import heap_with_image, run  # noqa: E402
from romfs import both_installs  # noqa: E402

BOARDS = ("ttgo_tdisplay", "m5stickc_plus", "devkit_ssd1306")


def probe(board, install=None):
    """Return (heap bytes, framebuffer bytes) of a boot to the menu, the firmware from `install`
    (a ROMFS image, a directory of .mpy files, or None for the .py sources)."""
    romfs = install is not None and os.path.isfile(install)
    heap = heap_with_image(160, install) if romfs else "160K"
    res = run("run", "boot_probe", (["--install", install] if install else []) + [board], heap=heap)
    parts = res.stdout.split()
    if res.returncode != 0 or "heap" not in parts:
        raise SystemExit("boot probe failed on %s: %s" % (board, res.stderr[-500:]))
    return int(parts[parts.index("heap") + 1]), int(parts[parts.index("fb") + 1])


def main(args):
    with both_installs() as (image, files):
        report("ROMFS image of the firmware", os.path.getsize(image), "B", "flash, not heap")
        for board in BOARDS:
            heap, fb = probe(board, image)
            report("%s, ROMFS (bytecode in flash)" % board, heap, "B",
                   "incl. %d B framebuffer; budget 40 KB" % fb)
            heap, fb = probe(board, files)
            report("%s, .mpy files (make deploy, a stock board)" % board, heap, "B",
                   "bytecode loaded into the heap")
            heap, fb = probe(board)
            report("%s, .py files on the filesystem" % board, heap, "B",
                   "bytecode compiled into the heap")


if __name__ == "__main__":
    main(sys.argv[1:])
