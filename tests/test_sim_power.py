"""The simulator's handheld life: a script sets the battery, the screen dims and the board
deep-sleeps on the virtual clock."""

import subprocess
import sys

import pytest

from mp_lane import ROOT

from sim.runner import Session
from sim.script import ScriptError


def session(text, tmp_path, board="m5stickc_plus"):
    s = Session(board, headless=True, script_text=text, shot_dir=str(tmp_path / "shots"),
                storage=str(tmp_path / "saves"), seed=1)
    s.run()
    return s


def test_a_script_sets_the_battery_and_the_header_shows_it(tmp_path):
    plain = session("wait 11000\nshot full\n", tmp_path / "a")
    low = session("battery 9\nwait 11000\nshot low\n", tmp_path / "b")
    assert low.hw.battery() == (9, False) and plain.hw.battery() is None
    assert (tmp_path / "a" / "shots" / "full.png").read_bytes() != \
        (tmp_path / "b" / "shots" / "low.png").read_bytes()


def test_idle_dims_then_sleeps_on_the_virtual_clock(tmp_path):
    s = session("wait 31000\nshot dim\nwait 570000\n", tmp_path)
    assert s.hw.slept == 1
    assert s.hw.display.level == 80  # awake again after the (simulated) wake


@pytest.mark.parametrize("line", ["battery 140", "battery 40 full", "battery"])
def test_bad_battery_lines_are_refused(line, tmp_path):
    with pytest.raises(ScriptError):
        session(line + "\n", tmp_path)
    script = tmp_path / "bad.txt"
    script.write_text(line + "\n")
    res = subprocess.run([sys.executable, "-m", "sim", "--headless", "--script", str(script),
                          "--screenshot", str(tmp_path / "o")], capture_output=True, text=True,
                         cwd=ROOT)
    assert res.returncode == 2 and "battery" in res.stderr and "Traceback" not in res.stderr
