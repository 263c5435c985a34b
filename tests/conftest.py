import gc
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for sub in ("tests/portable", "host_tools", "host_tools/bench"):
    path = os.path.join(ROOT, sub)
    if path not in sys.path:
        sys.path.insert(0, path)
# The host tools (sim, tetcli, the build) are an installed package (pyproject.toml): the
# subprocesses the tests start (python -m sim, the lanes, the benchmarks) take this tree's
# first, wherever the virtual environment was installed from.
os.environ["PYTHONPATH"] = os.pathsep.join(
    [os.path.join(ROOT, "host_tools")] + [p for p in [os.environ.get("PYTHONPATH")] if p])

# Device code on CPython: the simulator's fakes (framebuf, machine, micropython, ticks in time),
# then firmware/ and boards/, all first on sys.path.
from sim import install_fakes  # noqa: E402

install_fakes()

# The portable fake hardware keeps its saves here; MicroPython subprocesses inherit it. Each
# pytest-xdist worker gets its own directory: the controller's choice is inherited otherwise.
if os.environ.get("PYTEST_XDIST_WORKER") or "TET_FAKE_STORAGE" not in os.environ:
    os.environ["TET_FAKE_STORAGE"] = os.path.join(tempfile.mkdtemp(prefix="tet_fake_"), "hw")


def pytest_collection_finish(session):
    """Freeze what the session holds once its tests are collected. The firmware collects as
    MicroPython needs it (after every burst of keys, on leaving a game, around a Tổ Tôm win),
    and on CPython each of those full collections walks every object the session holds (the
    collected tests, their modules): tens of milliseconds, thousands of times. Frozen, those
    are left out of the walks; what the tests make is collected as before."""
    gc.collect()
    gc.freeze()
