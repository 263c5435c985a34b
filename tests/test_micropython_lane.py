"""Every portable test module also runs under the real micropython binary, ESP32 modules only."""

import os

import pytest

from mp_lane import ROOT, micropython_binary, run

PORTABLE = os.path.join(ROOT, "tests", "portable")
MODULES = sorted(f[:-3] for f in os.listdir(PORTABLE) if f.startswith("test_") and f.endswith(".py"))


@pytest.mark.parametrize("module", MODULES)
def test_portable_module_under_micropython(module):
    assert micropython_binary(), "micropython binary missing: run `make setup`"
    res = run("test", module)
    assert res.returncode == 0, res.stdout[-4000:] + res.stderr[-4000:]
    assert " 0 failed" in res.stdout


def test_hidden_modules_are_really_hidden():
    res = run("test", "mp_hidden_probe")
    assert res.returncode == 0, res.stdout + res.stderr
