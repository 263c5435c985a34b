"""Device time from instruction counts, and bytes allocated on 64-bit and 32-bit MicroPython.

Runs under CPython (run_all.py's `hostbench_` convention) and drives three lanes over the
workloads of device_probe.py:
- callgrind on the unix `micropython` (-X heapsize=160K): exact instructions per item, converted
  to ESP32 milliseconds with calibration.json at its fast, typical and slow ends, and the heap
  allocations per item (gc_alloc calls: call frames freed on return included);
- the same binary without callgrind: wall time per item (secondary: the machine is shared);
- net bytes allocated per item with the collector off (gc.mem_alloc() delta) on the unix
  binary (64-bit) and on the WebAssembly port (32-bit, 31-bit small ints; mp32.py).

    python host_tools/bench/hostbench_device.py [--items N] [--only NAME]

Prints markdown (MD lines) for run_all.py, and JSON of every figure with --json FILE.
"""

import argparse
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

import icount  # noqa: E402
import mp32  # noqa: E402
from mp_lane import run as run_micropython  # noqa: E402

TITLE = "Device time (instruction counts) and allocation (64-bit and 32-bit)"
HEAP = "160K"
ALLOC_HEAP = "64M"  # the collector is off while an item runs, so nothing is reclaimed

# (figure, device_probe workload args, items, unit name, budget in device ms or None)
FIGURES = [
    ("Ô Ăn Quan 2p Vừa, one move", ["oaq", "2", "vua"], 6, "node", 1000),
    ("Ô Ăn Quan 3p Vừa, one move", ["oaq", "3", "vua"], 6, "node", 1000),
    ("Ô Ăn Quan 4p Vừa, one move", ["oaq", "4", "vua"], 6, "node", 1000),
    ("Ô Ăn Quan 2p Khó, one move", ["oaq", "2", "kho"], 6, "node", 3000),
    ("Ô Ăn Quan 3p Khó, one move", ["oaq", "3", "kho"], 6, "node", 3000),
    ("Ô Ăn Quan 4p Khó, one move", ["oaq", "4", "kho"], 6, "node", 3000),
    ("Tổ Tôm wait scan, dense 24 cards (4 players)", ["wait"], 30, "call", 300),
    # bench_to_tom_hand's worst-of figure: 24 cards with four players, 20 with five, in turn
    ("Tổ Tôm wait scan, 1,000 dense hands (4 and 5 players)", ["wait_many"], 1000, "call", 300),
    ("Tổ Tôm wait scan with laid entries (to-tom-v2 §1), seats of seeded games", ["laid_wait"],
     200, "call", 300),
    ("Tổ Tôm computer decision (positions of over 1,000 nodes)", ["to_tom_move"], 4, "node",
     1000),
    ("Tổ Tôm end game: a card offered with 7 or 6 left, and the computer's answer",
     ["to_tom_late"], 6, "call", 1000),
    ("Xấp Sắc all legal plays, busy position", ["xs_legal"], 3, "play", None),
    ("Xấp Sắc one play per card set, big lead", ["xs_big_lead"], 2, "play", None),
    ("Xấp Sắc computer move as leader, normal", ["xs_move"], 2, "call", 1000),
    # every gadget's share of one move, summed in one process: an upper bound of the slowest
    ("Playing together: a move to every gadget, Ô Ăn Quan, 4 gadgets", ["net", "oaq", "4"], 8,
     "call", 300),
    ("Playing together: a roll to every gadget, Xăm Hường, 5 gadgets", ["net", "xh", "5"], 8,
     "call", 300),
    ("Playing together: a card to every gadget, Tổ Tôm, 5 gadgets", ["net", "totom", "5"], 8,
     "call", 300),
    ("Playing together: a play to every gadget, Xấp Sắc, 4 gadgets", ["net", "xs", "4"], 8,
     "call", 300),
    # the fake display's show() stands for the SPI transfer, which is not interpreter work
    ("Menu frame redraw (TTGO T-Display), without the SPI transfer", ["frame"], 3, "frame",
     None),
]


def _items(stdout):
    """[(units, value)] from device_probe's ITEM lines."""
    out = []
    for line in stdout.splitlines():
        parts = line.split()
        if len(parts) == 4 and parts[0] == "ITEM":
            out.append((int(parts[2]), int(parts[3])))
    return out


def _allocates(stdout):
    for line in stdout.splitlines():
        if line.startswith("ALLOCATES "):
            return line.split()[1] == "1"
    return None


def _probe_args(mode, spec, items):
    return [mode, spec[0], str(items)] + spec[1:]


# Workloads whose modules do not compile from source in 160K (the device loads them as bytecode);
# a bigger heap only makes a collection slower, so their figures err on the slow side.
BIGGER_HEAP = {"to_tom_move": "320K", "to_tom_late": "320K", "laid_wait": "512K", "net": "320K",
               "frame": "320K"}


# Workloads judged over more positions than callgrind can count in a `make bench`: all of them
# are timed (the fastest of two runs each), and the `items` slowest are counted exactly.
SCREENED = {"oaq": 100}


def _slowest(spec, screened, items, heap):
    """Indices (as "i,j,...") of the `items` slowest of `screened` positions by wall time."""
    best = None
    for _ in range(2):
        res = run_micropython("run", "device_probe", _probe_args("wall", spec, screened), heap=heap)
        if res.returncode != 0:
            raise RuntimeError("%s screening failed:\n%s" % (spec, (res.stdout + res.stderr)[-1500:]))
        times = [v for _, v in _items(res.stdout)]
        best = times if best is None else [min(a, b) for a, b in zip(best, times)]
    order = sorted(range(len(best)), key=lambda i: -best[i])[:items]
    return ",".join(str(i) for i in sorted(order))


def measure(spec, items):
    """Every lane's figures for one workload (a dict; raises on a failed lane)."""
    heap = BIGGER_HEAP.get(spec[0], HEAP)
    screened = SCREENED.get(spec[0])
    if screened:
        spec = spec + [_slowest(spec, screened, items, heap)]
        items = screened
    regions, stdout = icount.module_regions("device_probe", _probe_args("icount", spec, items),
                                            heap)
    units = [u for u, _ in _items(stdout)]
    if len(units) != len(regions):
        raise RuntimeError("%s: %d items but %d regions" % (spec, len(units), len(regions)))
    wall = run_micropython("run", "device_probe", _probe_args("wall", spec, items), heap=heap)
    alloc64 = run_micropython("run", "device_probe", _probe_args("alloc", spec, items),
                              heap=ALLOC_HEAP)
    src = "import device_probe\ndevice_probe.main(%r)\n" % _probe_args("alloc", spec, items)
    alloc32 = mp32.run_source(src, heap)
    for name, res in (("wall", wall), ("alloc 64-bit", alloc64), ("alloc 32-bit", alloc32)):
        if res.returncode != 0:
            raise RuntimeError("%s %s failed:\n%s" % (spec, name, (res.stdout + res.stderr)[-1500:]))
    return {
        "screened": screened or 0,
        "instructions": [n for n, _ in regions],
        "gc_alloc": [c["gc_alloc"] for _, c in regions],
        "units": units,
        "wall_us": [v for _, v in _items(wall.stdout)],
        "bytes64": [v for _, v in _items(alloc64.stdout)],
        "units64": [u for u, _ in _items(alloc64.stdout)],
        "bytes32": [v for _, v in _items(alloc32.stdout)],
        "units32": [u for u, _ in _items(alloc32.stdout)],
        "allocates64": _allocates(alloc64.stdout),
        "allocates32": _allocates(alloc32.stdout),
    }


def _per_unit(values, units):
    return sum(values) / max(1, sum(units))


def _ms(value):
    return "%.0f" % value if value >= 100 else "%.1f" % value


def tables(results, cal):
    """Markdown lines: the device-time table, then the allocation table."""
    f = cal["factors"]
    out = ["Instructions are exact (callgrind, `-X heapsize=%s`); ESP32 ms = instructions x "
           "cycles per instruction / 240 MHz, with the calibration's fast %.2f, typical %.2f and "
           "slow %.2f cycles per instruction (calibration.json, CALIBRATION.md). Budgets are "
           "judged on the worst item at the slow end. Wall time is the same binary without "
           "valgrind, on a shared machine. Ô Ăn Quan is judged over %d distinct positions per "
           "row: each is timed (the faster of two runs) and the slowest are counted exactly."
           % (HEAP, f["fast"], f["typical"], f["slow"], SCREENED["oaq"]), "",
           "| figure | items | instructions, mean | worst | device ms fast | typical | slow "
           "| budget | at slow end | wall ms, mean / worst |",
           "|---|---:|---:|---:|---:|---:|---:|---:|---|---:|"]
    for (title, _, _, _, budget), r in results:
        worst = max(r["instructions"])
        mean = sum(r["instructions"]) / len(r["instructions"])
        slow = icount.device_ms(worst, "slow", cal)
        verdict = "" if budget is None else ("pass" if slow <= budget else "**FAIL**")
        counted = len(r["instructions"])
        out.append("| %s | %s | %.1fM | %.1fM | %s | %s | %s | %s | %s | %.2f / %.2f |" % (
            title, "%d slowest of %d" % (counted, r["screened"]) if r["screened"] else counted,
            mean / 1e6, worst / 1e6,
            _ms(icount.device_ms(worst, "fast", cal)), _ms(icount.device_ms(worst, "typical", cal)),
            _ms(slow), "" if budget is None else "%d ms" % budget, verdict,
            sum(r["wall_us"]) / len(r["wall_us"]) / 1000.0, max(r["wall_us"]) / 1000.0))
    out += ["", "Allocation per unit of work. *Heap allocations* counts gc_alloc calls under "
            "callgrind (64-bit binary; includes function frames freed on return, which the "
            "ESP32 allocates the same way: a frame of more than 11 words goes on the heap). "
            "*Net bytes* is the gc.mem_alloc() rise with the collector off, after one warm-up "
            "item: on the unix binary (64-bit) and on the WebAssembly port (32-bit, 31-bit small "
            "ints, frames on its Python stack). *Allocates* is whether the call runs with the "
            "heap locked (micropython.heap_lock()). The WebAssembly port has no cryptolib: "
            "there the card games' sealed parts go through the simulator's AES in Python, so "
            "their 32-bit figures for playing together count that too (the ESP32's is in C).",
            "",
            "| figure | unit | instructions / unit | heap allocations / unit (64-bit) "
            "| net B / unit, 64-bit | net B / unit, 32-bit | net B / item, 32-bit, worst "
            "| allocates 64 / 32 |",
            "|---|---|---:|---:|---:|---:|---:|---|"]
    for (title, _, _, unit, _), r in results:
        out.append("| %s | %s | %.0f | %.2f | %.1f | %.1f | %d | %s / %s |" % (
            title, unit, _per_unit(r["instructions"], r["units"]),
            _per_unit(r["gc_alloc"], r["units"]), _per_unit(r["bytes64"], r["units64"]),
            _per_unit(r["bytes32"], r["units32"]), max(r["bytes32"]),
            _yes(r["allocates64"]), _yes(r["allocates32"])))
    return out


def _yes(flag):
    return {True: "yes", False: "no"}.get(flag, "?")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--items", type=int, help="items per figure (default: each figure's own)")
    ap.add_argument("--only", help="only figures whose title contains this")
    ap.add_argument("--json", help="also write every figure's raw numbers here")
    args = ap.parse_args(argv)
    missing = icount.valgrind() is None and "valgrind" or mp32.available()
    if missing:
        print("hostbench_device: cannot run: %s" % missing, file=sys.stderr)
        return 2
    cal = icount.load_calibration()
    chosen = [f for f in FIGURES if not args.only or args.only in f[0]]
    with ThreadPoolExecutor(max_workers=max(1, os.cpu_count() or 1)) as pool:
        futures = [pool.submit(measure, f[1], args.items or f[2]) for f in chosen]
        results = [(f, fut.result()) for f, fut in zip(chosen, futures)]
    for line in tables(results, cal):
        print("MD\t" + line)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump([{"figure": f[0], **r} for f, r in results], fh, indent=1)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except (RuntimeError, icount.CountError, subprocess.TimeoutExpired) as e:
        print("hostbench_device: %s" % e, file=sys.stderr)
        sys.exit(1)
