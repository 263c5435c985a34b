"""Every portable test module also runs under the real micropython binary, ESP32 modules only."""

import os

import pytest

from mp_lane import ROOT, heap_with_image, micropython_binary, run
from romfs import build_image

PORTABLE = os.path.join(ROOT, "tests", "portable")
MODULES = sorted(f[:-3] for f in os.listdir(PORTABLE) if f.startswith("test_") and f.endswith(".py"))


@pytest.fixture(scope="session")
def romfs_image(tmp_path_factory):
    path = str(tmp_path_factory.mktemp("rom") / "tet.romfs")
    build_image(path)
    return path


def heap_for(module):
    """A portable module may ask for the device budget with a top-level `HEAP = "160K"` line.

    Such a module imports the firmware from a ROMFS image, as the device does (bytecode in
    flash); the others import the .py files with a 1 MB heap.
    """
    with open(os.path.join(PORTABLE, module + ".py"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("HEAP = "):
                return line.split("=", 1)[1].strip().strip("\"'")
    return "1M"


@pytest.mark.parametrize("module", MODULES)
def test_portable_module_under_micropython(module, romfs_image):
    assert micropython_binary(), "micropython binary missing: run `make setup`"
    heap = heap_for(module)
    if heap == "1M":
        res = run("test", module, heap=heap)
    else:
        res = run("test", module, [romfs_image], heap=heap_with_image(int(heap[:-1]), romfs_image))
    assert res.returncode == 0, res.stdout[-4000:] + res.stderr[-4000:]
    assert " 0 failed" in res.stdout


def test_hidden_modules_are_really_hidden():
    res = run("test", "mp_hidden_probe")
    assert res.returncode == 0, res.stdout + res.stderr
