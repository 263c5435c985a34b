#!/usr/bin/env python3
"""A fake `mpremote` with a fake ESP32 behind it, for tests of host_tools/deploy.py.

`fake_mpremote.py connect PORT exec CODE` runs CODE (the deploy probe) on CPython against fake
`sys`, `os`, `vfs` and `esp32` modules described by $FAKE_DEVICE (JSON): version (list), mpy
(sys.implementation._mpy), bsize and bfree (os.statvfs), rom_ioctl (bool), segment (bytes of
the ROMFS segment, 0 for none), romfs_partition (bool). {"absent": true}: nothing on the port.
"""

import json
import os
import sys
import types


def fake_device(dev):
    fsys = types.ModuleType("sys")
    fsys.implementation = types.SimpleNamespace(name="micropython", version=tuple(dev["version"]),
                                                _mpy=dev["mpy"])
    fos = types.ModuleType("os")
    fos.statvfs = lambda path: (dev["bsize"], dev["bsize"], 1000, dev["bfree"], dev["bfree"],
                                0, 0, 0, 0, 255)
    modules = {"sys": fsys, "os": fos}
    fvfs = types.ModuleType("vfs")
    if dev["rom_ioctl"]:
        def rom_ioctl(op, *args):
            if op == 1:
                return 1 if dev["segment"] else 0
            if op == 2:
                return memoryview(bytes(dev["segment"]))
            raise OSError(22)
        fvfs.rom_ioctl = rom_ioctl
    modules["vfs"] = fvfs
    fesp = types.ModuleType("esp32")

    class Partition:
        TYPE_DATA = 1

        @staticmethod
        def find(ptype, label=None):
            return [object()] if dev["romfs_partition"] and label == "romfs" else []

    fesp.Partition = Partition
    modules["esp32"] = fesp
    return modules


def main(argv):
    if len(argv) != 4 or argv[0] != "connect" or argv[2] != "exec":
        print("fake mpremote: unexpected arguments %r" % (argv,), file=sys.stderr)
        return 2
    dev = json.loads(os.environ["FAKE_DEVICE"])
    if dev.get("absent"):
        print("mpremote: failed to access %s (it may be in use by another program)" % argv[1],
              file=sys.stderr)
        return 1
    sys.modules.update(fake_device(dev))
    exec(argv[3], {"__name__": "__main__"})
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
