"""Run a script or portable test module under the real `micropython` binary as if on an ESP32.

Usage (by host_tools/mp_lane.py, not by hand):
    micropython -X heapsize=160K host_tools/mp_prelude.py ROOT MODE TARGET [--install PATH] [ARGS...]

It hides the unix port's modules that the ESP32 firmware lacks, puts `firmware/` and `boards/`
first on `sys.path`, then either runs every `test_*` function of a portable test module
(MODE `test`; TARGET `module:function` runs that one), imports a module and calls its
`main(args)` (MODE `run`), or imports a module and prints what the harness then holds (MODE
`harness`, see `_harness`).

`--install PATH` imports the firmware from an install instead of the .py sources: a ROMFS image
(a file: bytecode in place, as a device with a ROMFS partition) or a directory of .mpy and
resource files (as `make deploy` leaves a stock board).
"""

import builtins
import sys

# The unix port has these; an ESP32 build does not, so device code must not use them.
HIDDEN = ("termios", "argparse", "ffi", "unix", "_libc", "subprocess")

_real_import = builtins.__import__


def _esp32_import(name, *args):
    if name.split(".")[0] in HIDDEN:
        raise ImportError("no module named '%s' on the ESP32" % name)
    return _real_import(name, *args)


builtins.__import__ = _esp32_import


def _run_tests(target):
    # `module` runs every test_* function of the module, `module:function` that one only
    modname, _colon, only = target.partition(":")
    mod = __import__(modname)
    names = [only] if only else sorted(n for n in dir(mod) if n.startswith("test_"))
    failed = 0
    try:
        for name in names:
            fn = getattr(mod, name)
            if not callable(fn):
                continue
            try:
                fn()
                print("PASS", name)
            except Exception as e:  # report every failure, then exit non-zero
                failed += 1
                print("FAIL", name)
                sys.print_exception(e)
                if isinstance(e, MemoryError):  # how full, how fragmented
                    import micropython

                    micropython.mem_info()
    finally:
        # also when the test's board restarts MicroPython (a SystemExit: the process ends, and
        # mp_lane boots the board again in the next)
        watch = getattr(sys.modules.get("fake_hw"), "WATCH", None)
        if watch is not None:
            print("heap watch", watch[0], watch[1])
            # the interned names so far ("qstr pool: n_pool=.., n_qstr=.., ..."): kept for good,
            # and one too many asks for a new pool in one large block
            import micropython

            micropython.qstr_info()
    print("%d passed, %d failed" % (len(names) - failed, failed))
    return 1 if failed else 0


def _harness(root, modname):
    """Print `harness BYTES FB`: the heap in use once the prelude, its install (a ROMFS image is
    read into the heap) and the module `modname` with everything it imports are loaded, and the
    framebuffer's share of it (fake_hw allocates it at its import, as a board does at boot). A
    module that imports firmware at its top says so and exits 1 instead: that is not harness."""
    import gc
    import os

    # the top-level names firmware/ and boards/ give (packages, and modules without ".py")
    firmware = set(n.split(".")[0] for d in ("/firmware", "/boards") for n in os.listdir(root + d))
    __import__(modname)
    loaded = [n for n in sys.modules if n.split(".")[0] in firmware]
    if loaded:
        print("harness: %s imports firmware at its top: %s" % (modname, ", ".join(loaded)))
        return 1
    fb = sys.modules["fake_hw"]._BUFFER if "fake_hw" in sys.modules else b""
    gc.collect()
    print("harness", gc.mem_alloc(), len(fb))
    return 0


def install(path):
    """Import the firmware from `path` (a ROMFS image file or an installed directory) and no
    longer from the sources."""
    import os

    sys.path.remove(sys.path[0])  # firmware/
    if os.stat(path)[0] & 0x4000:  # a directory: the stock board's file install
        sys.path.insert(0, path)
        return
    import vfs

    with open(path, "rb") as f:
        image = f.read()
    vfs.mount(vfs.VfsRom(image), "/rom")
    sys.path.insert(0, "/rom")


def main():
    root, mode, target = sys.argv[1], sys.argv[2], sys.argv[3]
    sys.path[:0] = [root + "/firmware", root + "/boards", root + "/tests/portable",
                    root + "/host_tools/bench", root + "/host_tools"]
    args = sys.argv[4:]
    if args[:1] == ["--install"]:
        install(args[1])
        args = args[2:]
    if mode == "test":
        return _run_tests(target)
    if mode == "harness":
        return _harness(root, target)
    mod = __import__(target, None, None, ("main",))
    return mod.main(args) or 0


sys.exit(main())
