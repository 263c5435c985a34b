"""Tổ Tôm on a stock board: the firmware as `make deploy` installs it (.mpy files, bytecode in the
heap), the runs of issue 34 under `micropython` with the harness's share given back
(mp_lane.heap_without_harness), as the lane runs them: each test function in a process of its
own, as a board boots afresh (mp_lane.run_each).

For each run: the least heap for the firmware at which it passes, found by bisection in whole
KB between LOW and HIGH (a heap cut into pieces may pass at one size and fail a kilobyte above,
so the figure is where the bisection lands, not a promise for every size above it; the lane's
test at 160K is that), and at 160K the least free heap and the least largest free block seen
after any step of the app (tests/portable/fake_hw.py's heap watch: a collection after every
step, the largest block found by trying allocations).

Runs on CPython: it starts a micropython process per try.
"""

TITLE = "Tổ Tôm on a stock board: heap from .mpy files"

import os  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

from benchlib import report  # noqa: E402
from build import install_firmware  # noqa: E402
from mp_lane import heap_without_harness, run_each  # noqa: E402

# the four runs issue 34 asks to fit, each a portable test module run whole
RUNS = (
    ("test_to_tom_ui_game", "a game to a win, the next game opened (TTGO)"),
    ("test_to_tom_ui_end", "games to the result on the three boards, leaving and resuming"),
    ("test_to_tom_long_hoi", "40 games of one hội in one boot (OLED)"),
    ("test_long_evening", "every game three times (TTGO and OLED)"),
)
LOW, HIGH = 100, 260    # KB
TARGET = 148            # KB: 12 KB to spare under the device's 160K


def passes(module, install, kb, watch=False):
    """(passed, least free, least largest block) of `module` with `kb` KB for the firmware
    (the last two only with `watch`, else None)."""
    env_key = "TET_HEAP_WATCH"
    old = os.environ.get(env_key)
    if watch:
        os.environ[env_key] = "1"
    try:
        res = run_each(module, ["--install", install],
                       heap=heap_without_harness(kb, install, module), timeout=1800)
    finally:
        if old is None:
            os.environ.pop(env_key, None)
        else:
            os.environ[env_key] = old
    free = block = None
    for line in res.stdout.splitlines():        # a line per test function (process): the least
        words = line.split()
        if words[:2] == ["heap", "watch"]:
            free = int(words[2]) if free is None else min(free, int(words[2]))
            block = int(words[3]) if block is None else min(block, int(words[3]))
    return res.returncode == 0 and " 0 failed" in res.stdout, free, block


def least_heap(module, install):
    """The least KB (LOW..HIGH) at which `module` passes, by bisection; None if not at HIGH."""
    if not passes(module, install, HIGH)[0]:
        return None
    lo, hi = LOW, HIGH      # fails at lo (assumed), passes at hi
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if passes(module, install, mid)[0]:
            hi = mid
        else:
            lo = mid
    return hi


def main(args):
    with tempfile.TemporaryDirectory() as tmp:
        install = os.path.join(tmp, "install")
        install_firmware(install)
        for module, what in RUNS:
            least = least_heap(module, install)
            report("%s: least heap that passes" % module, least if least else "> %d" % HIGH,
                   "KB", "%s; target <= %d K" % (what, TARGET))
            # passing is judged without the watch: its probes (a collection and trial blocks
            # after every step) are a load of their own that a board does not carry
            report("%s at 160K: passes" % module, "yes" if passes(module, install, 160)[0] else "no")
            ok, free, block = passes(module, install, 160, watch=True)
            if free is not None:
                # a watched run that stops early saw only the steps before it stopped
                seen = "" if ok else "the watched run ran out of heap: the steps before"
                report("%s at 160K: least free heap after a step" % module, free, "B", seen)
                report("%s at 160K: least largest free block" % module, block, "B", seen)


if __name__ == "__main__":
    main(sys.argv[1:])
