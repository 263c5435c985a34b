"""Every portable test module also runs under the real micropython binary, ESP32 modules only."""

import os

import pytest

from mp_lane import ROOT, micropython_binary, run

PORTABLE = os.path.join(ROOT, "tests", "portable")
MODULES = sorted(f[:-3] for f in os.listdir(PORTABLE) if f.startswith("test_") and f.endswith(".py"))


def heap_for(module):
    """A portable module may ask for a smaller heap with a top-level `HEAP = "160K"` line."""
    with open(os.path.join(PORTABLE, module + ".py"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("HEAP = "):
                return line.split("=", 1)[1].strip().strip("\"'")
    return "1M"


@pytest.mark.parametrize("module", MODULES)
def test_portable_module_under_micropython(module):
    assert micropython_binary(), "micropython binary missing: run `make setup`"
    res = run("test", module, heap=heap_for(module))
    assert res.returncode == 0, res.stdout[-4000:] + res.stderr[-4000:]
    assert " 0 failed" in res.stdout


def test_hidden_modules_are_really_hidden():
    res = run("test", "mp_hidden_probe")
    assert res.returncode == 0, res.stdout + res.stderr
