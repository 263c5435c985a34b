"""Every device file compiles with mpy-cross (the MicroPython subset, no CPython-only syntax)."""

import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def device_files():
    out = []
    for top in ("firmware", "boards"):
        for dirpath, _dirs, files in os.walk(os.path.join(ROOT, top)):
            out += [os.path.join(dirpath, f) for f in files if f.endswith(".py")]
    return sorted(out)


@pytest.mark.parametrize("path", device_files(), ids=lambda p: os.path.relpath(p, ROOT))
def test_compiles_with_mpy_cross(path, tmp_path):
    res = subprocess.run([sys.executable, "-m", "mpy_cross", "-march=xtensawin", "-o",
                          str(tmp_path / "out.mpy"), path], capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
