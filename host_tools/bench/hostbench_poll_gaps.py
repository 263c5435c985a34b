"""How soon a computation answers BACK on the device, from exact instruction counts.

The long computations (the computer players, the Tổ Tôm wait scan and hand checker) call a
`should_stop` callable (App.pump on the device, which reads the buttons and says True while BACK
waits). BACK is answered within the longest *gap* between two polls plus the *wind-down* after
the poll that says stop. device_probe.py's `poll` mode marks both under callgrind; this module
splits its regions and converts them to ESP32 milliseconds at the calibration's slow end.

    python host_tools/bench/hostbench_poll_gaps.py [--only NAME]

A section of BENCHMARKS.md (run_all.py's `hostbench_` convention: MD lines); tests/test_responsiveness.py
checks the budget on fewer items.
"""

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

import icount  # noqa: E402

TITLE = "BACK during a long computation: gaps between polls (instruction counts)"

# BACK must be answered within this much device time (issue 10), whatever the computation.
BUDGET_MS = 100
# From source the Tổ Tôm modules need more than 160K to compile; a bigger heap only makes each
# collection (part of a gap when it falls there) slower, so the figures err on the slow side.
HEAP = "320K"

# (name, what is measured, device_probe workload args)
WORKLOADS = (
    ("oaq", "Ô Ăn Quan Khó, 2 players, one move", ["oaq", "2", "2", "kho"]),
    ("oaq4", "Ô Ăn Quan Khó, 4 players, one move", ["oaq", "2", "4", "kho"]),
    ("to_tom_move", "Tổ Tôm computer decision (over 1,000 nodes)", ["to_tom_move", "3"]),
    ("wait", "Tổ Tôm wait scan, dense 24 cards", ["wait", "4"]),
    ("check", "Tổ Tôm hand checker, dense 24 cards", ["check", "3", "4"]),
    ("check5", "Tổ Tôm hand checker, dense 20 cards", ["check", "3", "5"]),
    ("xs_move", "Xấp Sắc computer move as leader, busy table", ["xs_move", "2"]),
)


def split(regions, items):
    """(gaps, wind-downs) in instructions from device_probe's poll-mode regions and ITEM
    (units, polls) pairs; see device_probe's docstring for the order of the marks."""
    gaps, tails = [], []
    i = 0
    for k, (_units, polls) in enumerate(items):
        if k:
            i += 1                      # between two items
        gaps += regions[i:i + polls + 1]
        i += polls + 1
        i += 1                          # the second run, up to the poll that says stop
        tails.append(regions[i])
        i += 1
    if i != len(regions):
        raise icount.CountError("poll regions do not match the items: %d of %d" % (i, len(regions)))
    return gaps, tails


def measure(args, heap=HEAP):
    """{"polls", "gap", "tail"}: polls per item (fewest), and the worst gap and wind-down in
    instructions, for one device_probe workload."""
    parts, stdout = icount.module_regions("device_probe", ["poll"] + list(args), heap=heap)
    items = []
    for line in stdout.splitlines():
        fields = line.split()
        if len(fields) == 4 and fields[0] == "ITEM":
            items.append((int(fields[2]), int(fields[3])))
    gaps, tails = split([n for n, _ in parts], items)
    return {"polls": min(p for _, p in items), "gap": max(gaps), "tail": max(tails)}


def rows(only=None, calibration=None, items=None, args=None):
    """[(name, title, figures, gap ms, wind-down ms)] at the slow end, for WORKLOADS (each with
    `items` items instead of its own count, if given; `args` replaces the workload's own)."""
    cal = calibration or icount.load_calibration()
    out = []
    for name, title, own in WORKLOADS:
        if only and name != only:
            continue
        chosen = args or own
        if items is not None:
            chosen = [chosen[0], str(items)] + chosen[2:]
        got = measure(chosen)
        out.append((name, title, got, icount.device_ms(got["gap"], "slow", cal),
                    icount.device_ms(got["tail"], "slow", cal)))
    return out


def markdown(found):
    """The BENCHMARKS.md table of rows()."""
    lines = ["Each computation runs under callgrind with a should_stop that marks every poll, then "
             "again with one that says stop from its middle poll on. BACK is answered within the "
             "worst gap plus the wind-down; App.pump answers before it redraws. Heap %s "
             "(see the module for why); ESP32 ms at the calibration's slow end." % HEAP, "",
             "| computation | polls per item (fewest) | worst gap | wind-down | BACK answered "
             "within (slow end) | budget |", "|---|---:|---:|---:|---:|---|"]
    for _name, title, got, gap, tail in found:
        verdict = "pass" if gap + tail <= BUDGET_MS else "**FAIL**"
        lines.append("| %s | %d | %.1f ms | %.1f ms | %.1f ms | %d ms: %s |" % (
            title, got["polls"], gap, tail, gap + tail, BUDGET_MS, verdict))
    return lines


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", choices=[w[0] for w in WORKLOADS])
    opts = ap.parse_args(argv)
    try:
        for line in markdown(rows(opts.only)):
            print("MD\t" + line)
    except icount.CountError as e:
        print("hostbench_poll_gaps: %s" % str(e).splitlines()[0], file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
