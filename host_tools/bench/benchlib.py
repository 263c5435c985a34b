"""Measurement helpers shared by the benchmark modules; runs on MicroPython and CPython alike.

A benchmark module `bench_<topic>.py` defines `TITLE`, optionally `HEAP` (micropython heap size,
default "160K", the platform's budget) and `main(args)`, which calls `report()` for each figure.
`run_all.py` runs every module under both runtimes and writes BENCHMARKS.md.
"""

import gc
import sys
import time

MICROPYTHON = sys.implementation.name == "micropython"
# A rough ESP32-time / wall-time ratio for notes printed on the device side; the real conversion
# is by instruction counts (icount.py, calibration.json), since wall time on a shared machine
# varies 2x and more.
DEVICE_FACTOR = 150


def now_us():
    """Microseconds from a monotonic clock."""
    if MICROPYTHON:
        return time.ticks_us()  # type: ignore[attr-defined]
    return int(time.perf_counter() * 1000000)


def elapsed_us(start):
    """Microseconds since `start` (a now_us() value), wrap-safe on MicroPython."""
    if MICROPYTHON:
        return time.ticks_diff(time.ticks_us(), start)  # type: ignore[attr-defined]
    return now_us() - start


def heap_used():
    """Bytes of heap in use after a collection (MicroPython), or None on CPython."""
    gc.collect()
    if MICROPYTHON:
        return gc.mem_alloc()  # type: ignore[attr-defined]
    return None


def _no_mark():
    return None


# mark() bounds the regions host_tools/bench/icount.py counts: callgrind takes a dump each time
# the C function behind micropython.opt_level() is entered (a no-op call everywhere else).
if MICROPYTHON:
    import micropython

    mark = micropython.opt_level
else:
    mark = _no_mark


def report(name, value, unit="", note=""):
    """Emit one figure as a tab-separated line that run_all.py collects."""
    print("BENCH\t%s\t%s\t%s\t%s" % (name, value, unit, note))


def timed(fn, repeat):
    """Call fn() `repeat` times; return microseconds per call."""
    start = now_us()
    for _ in range(repeat):
        fn()
    return elapsed_us(start) / repeat
