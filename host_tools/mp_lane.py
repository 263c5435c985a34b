"""Helpers to run code under the real `micropython` binary from CPython (tests and benchmarks)."""

import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PRELUDE = os.path.join(ROOT, "host_tools", "mp_prelude.py")


def micropython_binary():
    """Return the path of the `micropython` binary installed in this environment, or None."""
    here = os.path.join(os.path.dirname(sys.executable), "micropython")
    if os.path.exists(here):
        return here
    return shutil.which("micropython")


def run(mode, target, args=(), heap="1M", timeout=600):
    """Run `target` under micropython (`mode` 'test' or 'run'); return the CompletedProcess."""
    cmd = [micropython_binary(), "-X", "heapsize=" + heap, PRELUDE, ROOT, mode, target]
    cmd += list(args)
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)


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
