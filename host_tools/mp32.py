"""The 32-bit MicroPython lane: run a script under the WebAssembly port of MicroPython in Node.

The ESP32 is a 32-bit machine: small ints are 31-bit (a value >= 2**30 is a heap-allocated big
integer) and objects are half the size they are in the 64-bit unix binary. The npm package
@micropython/micropython-webassembly-pyscript (pinned in package.json, installed by `make setup`)
is a 32-bit build with the same object model, so allocation measured here is what the device
allocates. Its heap grows on demand (the port splits its heap), so `heap` is the initial heap,
not a limit: MemoryError behaviour is the unix lane's job (mp_lane.py, `-X heapsize`).

    run(script, heap="160K", args=()) -> subprocess.CompletedProcess (stdout, stderr, returncode)
    run_source(text, ...)             -> the same for a script given as text
    CLI: python host_tools/mp32.py [--heap 160K] SCRIPT [ARGS...]

`firmware/`, `boards/`, `tests/portable/` and `host_tools/bench/` import as on the unix lane.
"""

import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RUNNER = os.path.join(ROOT, "host_tools", "mp32_run.mjs")
PACKAGE = os.path.join(ROOT, "node_modules", "@micropython", "micropython-webassembly-pyscript",
                       "micropython.mjs")


def node():
    """Path of the node executable, or None."""
    return shutil.which("node")


def available():
    """None when the lane can run here, else the reason it cannot."""
    if node() is None:
        return "node is not installed"
    if not os.path.isfile(PACKAGE):
        return "the WebAssembly MicroPython is not installed (run make setup)"
    return None


def heap_bytes(heap):
    """'160K' / '1M' / '4096' -> bytes."""
    text = str(heap).strip().upper()
    scale = {"K": 1024, "M": 1024 * 1024}.get(text[-1:], 1)
    number = text[:-1] if text[-1:] in "KM" else text
    if not number.isdigit():
        raise ValueError("bad heap size: %r" % heap)
    return int(number) * scale


def run(script, heap="160K", args=(), timeout=600):
    """Run `script` (a path) in the 32-bit lane; return the CompletedProcess."""
    reason = available()
    if reason:
        raise RuntimeError(reason)
    cmd = [node(), RUNNER, str(heap_bytes(heap)), ROOT, script] + [str(a) for a in args]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)


def run_source(source, heap="160K", args=(), timeout=600):
    """run() for a script given as text."""
    fd, path = tempfile.mkstemp(suffix=".py", prefix="mp32-")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(source)
    try:
        return run(path, heap, args, timeout)
    finally:
        os.unlink(path)


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    heap = "160K"
    if argv[:1] == ["--heap"]:
        if len(argv) < 2:
            print("mp32: --heap needs a size such as 160K", file=sys.stderr)
            return 2
        heap = argv[1]
        argv = argv[2:]
    if not argv or argv[0].startswith("-"):
        print("usage: mp32.py [--heap SIZE] SCRIPT [ARGS...]", file=sys.stderr)
        return 2
    if not os.path.isfile(argv[0]):
        print("mp32: no such script: %s" % argv[0], file=sys.stderr)
        return 2
    try:
        heap_bytes(heap)
    except ValueError as e:
        print("mp32: %s" % e, file=sys.stderr)
        return 2
    reason = available()
    if reason:
        print("mp32: %s" % reason, file=sys.stderr)
        return 2
    res = run(argv[0], heap, argv[1:])
    sys.stdout.write(res.stdout)
    sys.stderr.write(res.stderr)
    return res.returncode


if __name__ == "__main__":
    sys.exit(main())
