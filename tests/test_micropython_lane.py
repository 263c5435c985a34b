"""Every portable test module also runs under the real micropython binary, ESP32 modules only."""

import os

import pytest

from build import install_firmware
from mp_lane import ROOT, heap_with_image, micropython_binary, run
from romfs import build_image

PORTABLE = os.path.join(ROOT, "tests", "portable")
MODULES = sorted(f[:-3] for f in os.listdir(PORTABLE) if f.startswith("test_") and f.endswith(".py"))


@pytest.fixture(scope="session")
def romfs_image(tmp_path_factory):
    path = str(tmp_path_factory.mktemp("rom") / "tet.romfs")
    build_image(path)
    return path


@pytest.fixture(scope="session")
def file_install(tmp_path_factory):
    """The firmware as `make deploy` installs it on a stock board: .mpy files and resources."""
    path = str(tmp_path_factory.mktemp("files") / "install")
    install_firmware(path)
    return path


def heap_for(module):
    """A portable module may ask for the device budget with a top-level `HEAP = "160K"` line.

    Such a module runs twice: importing the firmware from a ROMFS image (bytecode in flash, a
    device with a ROMFS partition) and from a directory of .mpy files (a stock board, bytecode
    loaded into the heap). The others import the .py files with a 1 MB heap.
    """
    with open(os.path.join(PORTABLE, module + ".py"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("HEAP = "):
                return line.split("=", 1)[1].strip().strip("\"'")
    return "1M"


BUDGETED = [m for m in MODULES if heap_for(m) != "1M"]


def check(res):
    assert res.returncode == 0, res.stdout[-4000:] + res.stderr[-4000:]
    assert " 0 failed" in res.stdout


# Known to run out of heap from ROMFS today (issue 12). Not strict: at the edge, the layout of
# the heap decides (the checkout's path alone changes it), so it passes on some runs.
ROMFS_LANE_SHORT = {
    "test_to_tom_together_people": "measured 2026-12-02: passes at 288K, 320K and 352K, not at "
                                   "304K: the host and four simulated guests in one heap; "
                                   "when the qstr pool doubles (a 15 KB block on this 64-bit "
                                   "build) the layout decides whether a hole is left for it",
    "test_long_evening": "measured 2026-12-01 after Xấp Sắc's plays became small ints: "
                         "passes or not by the heap's layout; when not, Xấp Sắc cannot open "
                         "in a later round (the free heap is there, in holes too small: "
                         "permanent qstr pools and strings interleave with each game's garbage)",
}


@pytest.mark.parametrize("module", [
    pytest.param(m, marks=pytest.mark.xfail(reason=ROMFS_LANE_SHORT[m]))
    if m in ROMFS_LANE_SHORT else m for m in MODULES])
def test_portable_module_under_micropython(module, romfs_image):
    assert micropython_binary(), "micropython binary missing: run `make setup`"
    heap = heap_for(module)
    if heap == "1M":
        check(run("test", module, heap=heap))
    else:
        check(run("test", module, ["--install", romfs_image], heap=heap_with_image(int(heap[:-1]), romfs_image)))


# Known to run out of heap in the file install today (measured 2026-12-01, issue 11): listed so
# `make test` shows them as expected failures until the games' heap shrinks (not strict: at the
# edge, a small change of layout decides).
FILE_LANE_SHORT = {
    "test_to_tom_ui_game": "Tổ Tôm's modules take ~77 KB of heap from .mpy files (hand 20 KB, "
                           "engine 23 KB): out of heap while saving, the game closes with the "
                           "out-of-memory message",
    "test_long_evening": "Tổ Tôm does not fit after the other games' names are interned",
    "test_o_an_quan_together_host": "hosting a table from .mpy files: with the lobby open 127 KB "
                                    "are in use (43.5 KB of it the test harness); the lobby "
                                    "closes with the out-of-memory message (measured "
                                    "2026-12-01; ROMFS passes at 160K)",
    "test_o_an_quan_ui_end": "out of heap after the whole game (re-measured 2026-12-01, with the "
                             "searcher's smaller-table fallback): the score sheet gives way to the "
                             "out-of-memory message",
    "test_to_tom_long_hoi": "as test_to_tom_ui_game: Tổ Tôm's modules from .mpy files",
    "test_to_tom_ui_end": "as test_to_tom_ui_game: Tổ Tôm's modules from .mpy files",
    "test_to_tom_together_host": "as test_to_tom_ui_game: Tổ Tôm's modules from .mpy files",
    "test_to_tom_together_people": "the host and four simulated guests in one heap, Tổ Tôm from "
                                   ".mpy files: measured 2026-12-02, it passed in one checkout "
                                   "and ran out of heap in a clean clone (7.9 KB free, no hole "
                                   "over 144 B): the heap's layout decides",
    "test_xam_huong_ui_game": "the colour boards' whole game: out of heap hex-encoding the roll "
                              "history for a save (947 B in a heap whose largest hole is 464 B)",
    "test_xap_sac_together_host": "hosting a Xấp Sắc table from .mpy files: 75.6 KB free in "
                                  "the setup menu, 45.7 KB with the lobby open, out of heap "
                                  "opening the host's table at 192K (it fits at 224K, 41 KB "
                                  "free after 4 moves; measured 2026-12-02; ROMFS passes)",
    "test_xap_sac_together_reboot": "two gadgets in one heap: the rebooted host loads Xấp "
                                    "Sắc's modules again beside the guest's copy (83 KB free "
                                    "after its boot, 16.7 KB left importing table_play; "
                                    "measured 2026-12-02; ROMFS passes at 320K)",
    "test_xap_sac_ui_game": "out of heap in a big lead's plays in a fragmented heap (55 KB free); "
                            "the game closes with the out-of-memory message",
}


@pytest.mark.parametrize("module", [
    pytest.param(m, marks=pytest.mark.xfail(reason=FILE_LANE_SHORT[m])) if m in FILE_LANE_SHORT
    else m for m in BUDGETED])
def test_budgeted_module_from_a_file_install(module, file_install):
    check(run("test", module, ["--install", file_install], heap=heap_for(module)))


def test_hidden_modules_are_really_hidden():
    res = run("test", "mp_hidden_probe")
    assert res.returncode == 0, res.stdout + res.stderr
