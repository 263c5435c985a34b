"""Device code type-checks against the MicroPython ESP32 stubs (pyright, pyrightconfig.json)."""

import os
import shutil
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_pyright_against_esp32_stubs():
    local = os.path.join(ROOT, "node_modules", ".bin", "pyright")
    exe = local if os.path.exists(local) else shutil.which("pyright")
    assert exe, "pyright missing: run `make setup`"
    assert os.path.exists(os.path.join(ROOT, ".typings", "machine.pyi")), "stubs missing"
    res = subprocess.run([exe, "--project", ROOT], capture_output=True, text=True, cwd=ROOT,
                         timeout=600)
    assert res.returncode == 0, res.stdout[-6000:]
