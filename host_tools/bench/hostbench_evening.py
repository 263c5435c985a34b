"""A long evening's free heap: the launcher's free heap after the first boot and after each game
is left, over three rounds of the four games (each opened, played a little, left with "Lưu và
thoát"), on the TTGO and the DevKit OLED, under `micropython` with 160K for the firmware (the
harness's share given back, mp_lane.heap_without_harness), from ROMFS and from `.mpy` files.
Each game after the first opens on a boot of its own (tet.ui.launcher): a value is the free heap
with the launcher shown in the boot of the game just left.

Runs on CPython: it runs tests/portable/test_long_evening.py as the lanes do (mp_lane.run_each:
a micropython process per boot) and reads the curves that test prints (`heap curve BOARD f0
f1 ...`).
"""

TITLE = "A long evening: the launcher's free heap (160K for the firmware)"

import os  # noqa: E402
import sys  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

from benchlib import report  # noqa: E402
from mp_lane import heap_without_harness, run_each  # noqa: E402
from romfs import both_installs  # noqa: E402

GAMES = 4       # the games of one round, in the registry's order


def curves(install):
    """({board: [free bytes after boot, after each game left]}, the test's PASS/FAIL lines)."""
    heap = heap_without_harness(160, install, "test_long_evening")
    res = run_each("test_long_evening", ["--install", install], heap=heap, timeout=1200)
    found, verdicts = {}, []
    for line in res.stdout.splitlines():
        words = line.split()
        if words[:2] == ["heap", "curve"] and len(words) > 3:
            found[words[2]] = [int(w) for w in words[3:]]
        elif words[:1] in (["PASS"], ["FAIL"]):
            verdicts.append(line)
    return found, verdicts


def main(args):
    with both_installs() as (image, files):
        for name, install in (("ROMFS", image), (".mpy files", files)):
            found, verdicts = curves(install)
            for board, curve in sorted(found.items()):
                label = "%s, %s" % (name, board)
                report(label + ": free after the first boot", curve[0], "B")
                if len(curve) > GAMES:
                    report(label + ": least free with the launcher shown after a game",
                           min(curve[1:]), "B",
                           "curve: " + " ".join("%.1f" % (f / 1024) for f in curve) + " KB")
                    drift = max(abs(curve[i] - curve[i - GAMES]) for i in range(GAMES + 1, len(curve)))
                    report(label + ": largest change of a game's value from round to round", drift,
                           "B", "the test allows 2048")
            failed = [v for v in verdicts if v.startswith("FAIL")]
            report("%s: every game opened and left in every round" % name,
                   "no" if failed or not found else "yes", "", "; ".join(failed))


if __name__ == "__main__":
    main(sys.argv[1:])
