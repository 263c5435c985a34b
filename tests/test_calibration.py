"""The device-time instruments: exact instruction counts, the calibration, the 32-bit lane."""

import math
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "host_tools", "bench"), os.path.join(ROOT, "host_tools")]

import icount  # noqa: E402
import mp32  # noqa: E402

needs_valgrind = pytest.mark.skipif(icount.valgrind() is None,
                                    reason="valgrind is not installed (make setup installs it)")
needs_mp32 = pytest.mark.skipif(mp32.available() is not None,
                                reason="32-bit lane unavailable: %s" % mp32.available())

WORK = """
import micropython
def work(n):
    t = 0
    for i in range(n):
        t += (i * 3) & 7
    return t
work(10)
keep = []
micropython.opt_level()
work(3000)
micropython.opt_level()
work(6000)
micropython.opt_level()
for i in range(50):
    keep.append(bytearray(100))
micropython.opt_level()
"""


@pytest.fixture(scope="module")
def work_script(tmp_path_factory):
    path = tmp_path_factory.mktemp("icount") / "work.py"
    path.write_text(WORK)
    return str(path)


@pytest.fixture(scope="module")
def work_regions(work_script):
    return icount.regions_detail(work_script)[0]


@needs_valgrind
def test_counts_are_exact(work_script, work_regions):
    assert icount.regions_detail(work_script)[0] == work_regions
    whole = icount.count(work_script)
    assert whole > sum(n for n, _ in work_regions) > 100000


@needs_valgrind
def test_twice_the_work_counts_twice_the_instructions(work_regions):
    assert len(work_regions) == 3
    (once, _), (twice, _), (_, calls) = work_regions
    assert 1.95 < twice / once < 2.05
    # the third region makes 50 bytearrays: each is a heap allocation
    assert calls["gc_alloc"] >= 50


def test_device_ms_uses_the_calibration_json():
    cal = icount.load_calibration()
    f = cal["factors"]
    assert 0 < f["fast"] <= f["typical"] <= f["slow"]
    for end in icount.ENDS:
        assert icount.device_ms(2400000, end) == pytest.approx(2400000 * f[end] / 240000.0)
    doubled = dict(cal, factors={k: 2 * v for k, v in f.items()})
    assert icount.device_ms(1000, "slow", doubled) == pytest.approx(2 * icount.device_ms(1000))
    with pytest.raises(ValueError):
        icount.device_ms(1000, "median")


def test_calibration_factors_follow_their_rule():
    """fast/typical/slow are min, geometric mean and max of the bytecode programs' factors, and
    each factor is the published ESP32 time in cycles over the instructions counted."""
    cal = icount.load_calibration()
    src = cal["sources"][cal["primary_source"]]
    factors = []
    for name, b in cal["benchmarks"].items():
        pub = b["published"][cal["primary_source"]]
        esp_us = 1e6 * b["norm"] / pub["score"]
        assert b["factor"] == pytest.approx(esp_us * src["mhz"] / b["instructions"], rel=1e-3)
        if b["bytecode"]:
            factors.append(b["factor"])
    assert len(factors) >= 8
    f = cal["factors"]
    assert f["fast"] == pytest.approx(min(factors), abs=1e-3)
    assert f["slow"] == pytest.approx(max(factors), abs=1e-3)
    geo = math.exp(sum(math.log(x) for x in factors) / len(factors))
    assert f["typical"] == pytest.approx(geo, abs=1e-3)
    assert src["url"].startswith("https://github.com/micropython/micropython/")


PROBE = """
import gc, sys
def add(v, d):
    return v + d
def allocated(fn, *args):
    fn(*args)
    gc.collect()
    gc.disable()
    a = gc.mem_alloc()
    fn(*args)
    b = gc.mem_alloc()
    gc.enable()
    return b - a
def hash_step(h, b):
    return (h * 131 ^ b) & 0x3FFFFFFF
print("MAXSIZE", sys.maxsize)
print("BELOW", allocated(add, (1 << 30) - 2, 1))
print("AT", allocated(add, (1 << 30) - 1, 1))
print("HASH", allocated(hash_step, 0x3FFFFFF0, 7))
"""


def _figures(stdout):
    return {line.split()[0]: int(line.split()[1]) for line in stdout.splitlines() if line}


@needs_mp32
def test_32_bit_lane_has_31_bit_small_ints():
    res = mp32.run_source(PROBE)
    assert res.returncode == 0, res.stderr
    got = _figures(res.stdout)
    assert got["MAXSIZE"] == 2 ** 31 - 1
    assert got["BELOW"] == 0          # 2**30 - 1 is still a small int
    assert got["AT"] > 0              # 2**30 is a heap-allocated big int
    assert got["HASH"] > 0            # the 30-bit position hash overflows on the way


def test_64_bit_lane_hides_it(tmp_path):
    from mp_lane import micropython_binary
    import subprocess

    path = tmp_path / "p.py"
    path.write_text(PROBE)
    res = subprocess.run([micropython_binary(), str(path)],
                         capture_output=True, text=True, timeout=60)
    got = _figures(res.stdout)
    assert got["AT"] == 0 and got["HASH"] == 0


@needs_mp32
def test_32_bit_lane_imports_firmware_and_reports_exit_status():
    res = mp32.run_source("import sys\nfrom tet.core.rng import Rng\nprint(Rng(1).below(10))\n"
                          "sys.exit(3)\n")
    assert res.returncode == 3, res.stderr
    assert res.stdout.strip().isdigit()
    res = mp32.run_source("raise ValueError('boom')\n")
    assert res.returncode == 1 and "ValueError: boom" in res.stderr


def test_mp32_cli_rejects_bad_input(capsys):
    assert mp32.main(["--heap", "lots", __file__]) == 2
    assert mp32.main(["/no/such/script.py"]) == 2
    err = capsys.readouterr().err
    assert "bad heap size" in err and "no such script" in err


@needs_valgrind
def test_device_probe_gives_one_region_per_item():
    found, stdout = icount.module_regions("device_probe", ["icount", "wait", "2"])
    items = [line for line in stdout.splitlines() if line.startswith("ITEM ")]
    assert len(found) == len(items) == 2
    assert all(n > 100000 for n, _ in found)
