"""The micropython lane's heap does not depend on where the checkout sits.

Every path the interpreter is given ends up in its heap (sys.path, and each imported module's
`__file__`, interned for good), so a lane that named the checkout and the install by their real
paths decided a run at the heap's edge by the folder it was cloned into. The lane names them by
two fixed letters (mp_lane.lane_dir); this runs the same module from two copies of the checkout,
at a short and at a very long path, each with its own file install, and compares the least free
heap seen (fake_hw's heap watch).
"""

import os
import shutil
import subprocess
import sys

from mp_lane import ROOT, micropython_binary

COPIED = ("firmware", "boards", "host_tools", os.path.join("tests", "portable"))
MODULE = "test_to_tom_ui_game"
SCRIPT = """
import sys
sys.path.insert(0, "host_tools")
from build import install_firmware
from mp_lane import heap_without_harness, run
install_firmware(sys.argv[1])
res = run("test", sys.argv[2], ["--install", sys.argv[1]],
          heap=heap_without_harness(200, sys.argv[1], sys.argv[2]))
print(res.stdout)
print(res.stderr)
"""


def least_free(checkout, install, storage):
    """Copy the checkout's firmware and lane to `checkout`, install the firmware at `install`
    (mpy-cross takes no very long paths) and run MODULE from there with 200K for the firmware,
    its saves in `storage`, empty (a save another test or the other run left would change the
    game, and so the heap); the least free heap the watch saw."""
    for sub in COPIED:
        shutil.copytree(os.path.join(ROOT, sub), os.path.join(checkout, sub),
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    env = dict(os.environ, TET_HEAP_WATCH="1", TET_FAKE_STORAGE=storage)
    res = subprocess.run([sys.executable, "-c", SCRIPT, install, MODULE],
                         cwd=checkout, capture_output=True, text=True, timeout=300, env=env)
    words = [line.split() for line in res.stdout.splitlines()]
    found = [int(w[2]) for w in words if w[:2] == ["heap", "watch"]]
    assert res.returncode == 0 and found and ["1", "passed,", "0", "failed"] in words, \
        res.stdout[-3000:] + res.stderr[-3000:]
    return found[0]


def test_the_least_free_heap_is_the_same_from_a_short_and_a_very_long_checkout_path(tmp_path):
    assert micropython_binary(), "micropython binary missing: run `make setup`"
    short = str(tmp_path / "a")
    deep = str(tmp_path.joinpath(*(["ban-cai-dat-rat-dai-cua-mot-gia-dinh"] * 6)) / "tet")
    assert len(deep) - len(short) > 200
    a = least_free(short, str(tmp_path / "i"), str(tmp_path / "s1" / "hw"))
    b = least_free(deep, str(tmp_path / ("cai-dat-" * 8) / "install"), str(tmp_path / "s2" / "hw"))
    assert abs(a - b) <= 256, (a, b)
