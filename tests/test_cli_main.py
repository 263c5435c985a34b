"""The `tet` command: help lists every game, usage errors are one line with exit status 2."""

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TET = os.path.join(os.path.dirname(sys.executable), "tet")


def tet(*args):
    return subprocess.run([TET] + list(args), capture_output=True, text=True, timeout=120)


def test_help_lists_every_game():
    res = tet("--help")
    assert res.returncode == 0
    for sub in ("xh", "oaq", "totom", "xs"):
        assert "\n    %s " % sub in res.stdout, sub


def test_unknown_command_is_one_line_exit_2():
    res = tet("bogus")
    assert res.returncode == 2
    assert res.stdout == ""
    assert res.stderr.count("\n") == 1 and "bogus" in res.stderr
    assert "Traceback" not in res.stderr


def test_missing_command_is_one_line_exit_2():
    res = tet()
    assert res.returncode == 2
    assert res.stderr.count("\n") == 1
