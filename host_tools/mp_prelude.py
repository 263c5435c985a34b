"""Run a script or portable test module under the real `micropython` binary as if on an ESP32.

Usage (by host_tools/mp_lane.py, not by hand):
    micropython -X heapsize=160K host_tools/mp_prelude.py ROOT MODE TARGET [ARGS...]

It hides the unix port's modules that the ESP32 firmware lacks, puts `firmware/` and `boards/`
first on `sys.path`, then either runs every `test_*` function of a portable test module
(MODE `test`, optional ARGS: a ROMFS image to import the firmware from, as a device with a ROMFS
partition does) or imports a module and calls its `main(args)` (MODE `run`).
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


def _run_tests(modname):
    mod = __import__(modname)
    names = sorted(n for n in dir(mod) if n.startswith("test_"))
    failed = 0
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
    print("%d passed, %d failed" % (len(names) - failed, failed))
    return 1 if failed else 0


def main():
    root, mode, target = sys.argv[1], sys.argv[2], sys.argv[3]
    sys.path[:0] = [root + "/firmware", root + "/boards", root + "/tests/portable",
                    root + "/host_tools/bench"]
    if mode == "test":
        if len(sys.argv) > 4:
            import vfs

            with open(sys.argv[4], "rb") as f:
                image = f.read()
            vfs.mount(vfs.VfsRom(image), "/rom")
            sys.path.insert(0, "/rom")
        return _run_tests(target)
    mod = __import__(target)
    return mod.main(sys.argv[4:]) or 0


sys.exit(main())
