"""Helpers to run code under the real `micropython` binary from CPython (tests and benchmarks)."""

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PRELUDE = os.path.join(ROOT, "host_tools", "mp_prelude.py")


def micropython_binary():
    """Return the path of the `micropython` binary installed in this environment, or None."""
    here = os.path.join(os.path.dirname(sys.executable), "micropython")
    if os.path.exists(here):
        return here
    return shutil.which("micropython")


def _link(target, path):
    """Make `path` a symbolic link to `target` (replaced atomically: parallel workers share it)."""
    if os.path.islink(path) and os.readlink(path) == target:
        return
    spare = "%s.%d" % (path, os.getpid())
    os.symlink(target, spare)
    os.replace(spare, path)


def _copy(source, path):
    """Copy the file `source` to `path` unless it holds the same bytes (atomically)."""
    with open(source, "rb") as f:
        data = f.read()
    if os.path.exists(path):
        with open(path, "rb") as f:
            if f.read() == data:
                return
    spare = "%s.%d" % (path, os.getpid())
    with open(spare, "wb") as f:
        f.write(data)
    os.replace(spare, path)


def _sweep():
    """Remove the lane directories whose install or checkout is gone (earlier test runs')."""
    top = tempfile.gettempdir()
    for name in os.listdir(top):
        path = os.path.join(top, name)
        if name.startswith("tet-lane-") and any(
                os.path.islink(os.path.join(path, link)) and
                not os.path.exists(os.path.join(path, link)) for link in ("i", "r")):
            shutil.rmtree(path, ignore_errors=True)


def lane_dir(install=None):
    """The directory a micropython process of the lane runs in: in it `r` links to the checkout
    and `i` to the install (a ROMFS image or an installed directory), so the process names them
    by those two letters. A path the interpreter sees ends up in its heap (every imported
    module's `__file__` is interned for good, sys.path holds the rest), so where the checkout
    or pytest's temporary folder happens to sit would otherwise change the heap's layout. The
    prelude is a copy in the directory itself: the interpreter puts the real path of its
    script's folder first on sys.path (and fails on one of over 255 bytes)."""
    key = hashlib.sha1(("%s\0%s" % (ROOT, install or "")).encode()).hexdigest()[:16]
    path = os.path.join(tempfile.gettempdir(), "tet-lane-" + key)
    if not os.path.isdir(path):
        _sweep()
        os.makedirs(path, exist_ok=True)
    _link(ROOT, os.path.join(path, "r"))
    _copy(PRELUDE, os.path.join(path, "mp_prelude.py"))
    if install:
        _link(os.path.abspath(install), os.path.join(path, "i"))
    return path


def command(mode, target, args=(), heap="1M"):
    """(argv, working directory) that run `target` under micropython as `run` does: the
    prelude, the checkout and an `--install` path given relative to lane_dir()."""
    args = list(args)
    install = args[1] if args[:1] == ["--install"] else None
    if install:
        args[1] = "i"
    cmd = [micropython_binary(), "-X", "heapsize=" + heap, "mp_prelude.py", "r", mode,
           target] + args
    return cmd, lane_dir(install)


def storage_link(cwd, real):
    """The fake boards' storage `real` (TET_FAKE_STORAGE, tests/portable/fake_hw.py) as a path
    of fixed length relative to lane directory `cwd`: a link named after the real folder, which stays
    where the test run put it. The app holds the path and builds every save's from it, so its
    length, which the temporary folder's place decides, would change the heap's layout too.
    None when no storage is set (fake_hw then uses its default)."""
    if not real:
        return None
    folder, name = os.path.split(os.path.abspath(real))
    os.makedirs(folder, exist_ok=True)
    link = "s" + hashlib.sha1(folder.encode()).hexdigest()[:12]
    _link(folder, os.path.join(cwd, link))
    return link + "/" + name


def run(mode, target, args=(), heap="1M", timeout=600, env=None):
    """Run `target` under micropython (`mode` 'test' or 'run'), with `env` added to the
    environment; return the CompletedProcess."""
    cmd, cwd = command(mode, target, args, heap)
    extra = dict(env or {})
    storage = storage_link(cwd, os.environ.get("TET_FAKE_STORAGE"))
    if storage is not None:
        extra["TET_FAKE_STORAGE"] = storage
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd=cwd,
                          env=dict(os.environ, **extra))


# A micropython process whose fake board restarted exits with RESTARTED (tests/portable/
# fake_hw.py); run_each boots it again in a new process, the boot's number in TET_BOOT, at most
# MAX_BOOTS times for one test.
RESTARTED = 75
MAX_BOOTS = 40


def run_boots(target, args=(), heap="1M", timeout=600, env=None):
    """Run test `target` ("module:function") under micropython as a board runs: when its board
    restarts MicroPython, a new process boots it again (a fresh heap, as a soft reset gives),
    until the test ends; `env` is added to each one's environment. Returns (the last
    CompletedProcess, the outputs of every boot)."""
    outs = []
    for boot in range(MAX_BOOTS):
        res = run("test", target, args, heap, timeout, env=dict(env or {}, TET_BOOT=str(boot)))
        outs.append(res.stdout)
        if res.returncode != RESTARTED:
            return res, outs
    raise RuntimeError("%s: still restarting after %d boots" % (target, MAX_BOOTS))


def test_functions(module):
    """The names of the test_* functions of portable test module `module`, in the order the
    prelude runs them."""
    path = os.path.join(ROOT, "tests", "portable", module + ".py")
    with open(path, encoding="utf-8") as f:
        names = [line[4:line.index("(")] for line in f if line.startswith("def test_")]
    return sorted(names)


def run_each(module, args=(), heap="1M", timeout=600, env=None):
    """Run every test function of `module` in a micropython process of its own, as a board
    boots afresh for each (a gadget never holds two apps' heaps: in one process, an earlier
    test's app can stay reachable from a stale word the collector reads conservatively, and the
    heap's layout then decides), and each boot of a test whose board restarts (run_boots) in a
    process of its own too. Returns a CompletedProcess of them all: the first non-zero
    return code, the outputs one after the other, and the prelude's count line for the whole.
    `env` is added to every process's environment."""
    codes, outs, errs = [], [], []
    passed = failed = 0
    for name in test_functions(module):
        res, boots = run_boots(module + ":" + name, args, heap, timeout, env)
        codes.append(res.returncode)
        errs.append(res.stderr)
        for line in "".join(boots).splitlines():
            words = line.split()
            if len(words) == 4 and words[1] == "passed," and words[3] == "failed":
                passed += int(words[0])
                failed += int(words[2])
            else:
                outs.append(line)
    code = next((c for c in codes if c), 0)
    outs.append("%d passed, %d failed" % (passed, failed))
    return subprocess.CompletedProcess(module, code, "\n".join(outs) + "\n", "".join(errs))


def heap_with_image(heap_kb, image):
    """The -X heapsize that leaves `heap_kb` KB to the firmware after a ROMFS image is loaded.

    The unix port cannot map a file outside its heap, so the image (flash on the device) is read
    into the heap first, as one block; the heap grows by exactly that much, plus slack for the
    block's rounding.
    """
    return str(heap_kb * 1024 + os.path.getsize(image) + 1024)


def heap_without_harness(heap_kb, install, module):
    """The -X heapsize that leaves `heap_kb` KB to the firmware and the framebuffer, as on a
    board, when `module` (a portable test module or a probe) runs from `install`; None when
    `module` imports firmware at its top (then its heap cannot be told from the harness's).

    The prelude's `harness` mode says what the prelude, the install (a ROMFS image is read into
    the heap) and the module with its imports hold before the firmware boots, and the
    framebuffer's share of that, which a board allocates too. A board has none of the rest, so
    the heap grows by it, plus slack for the blocks' rounding.
    """
    res = run("harness", module, ["--install", install], heap="4M", timeout=120)
    fields = res.stdout.split()
    if res.returncode == 1 and fields[:1] == ["harness:"]:
        return None
    if res.returncode != 0 or fields[:1] != ["harness"]:
        raise RuntimeError("%s harness: %s" % (module, (res.stdout + res.stderr).strip()))
    return str(heap_kb * 1024 + int(fields[1]) - int(fields[2]) + 1024)
