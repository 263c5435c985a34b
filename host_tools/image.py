"""One flashable file: a ROMFS-enabled MicroPython firmware with our ROMFS image in its romfs
partition (`make image FIRMWARE=path/to/firmware.bin`; see boards/romfs/README.md).

    python host_tools/image.py --firmware F [--romfs build/tet.romfs] [--out build/tet-image.bin]

firmware.bin of the esp32 port is flashed at 0x1000 and holds the bootloader, the partition table
(at 0x8000) and the app. The table says where the `romfs` partition is; the image goes there
(esptool merge-bin), after checks that it exists and is big enough. Flash the result at 0x1000.
"""

import argparse
import os
import struct
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BASE = 0x1000       # where the ESP32 firmware file starts in flash
TABLE = 0x8000      # the partition table's flash address
ENTRY = struct.Struct("<2sBBII16sI")  # magic, type, subtype, offset, size, label, flags
MAGIC = b"\xaa\x50"
DATA = 1
ROMFS_SUBTYPE = 0x8F


class ImageError(Exception):
    """Why no image was written (one line)."""


def partitions(firmware):
    """The partition table inside firmware bytes: [(label, type, subtype, offset, size)]."""
    start = TABLE - BASE
    found = []
    for at in range(start, min(start + 0xC00, len(firmware) - ENTRY.size + 1), ENTRY.size):
        magic, ptype, subtype, offset, size, label, _flags = ENTRY.unpack_from(firmware, at)
        if magic != MAGIC:
            break
        found.append((label.rstrip(b"\0").decode("ascii", "replace"), ptype, subtype, offset, size))
    if not found:
        raise ImageError("no partition table at 0x%x in the firmware file: not an esp32 "
                         "firmware.bin (flashed at 0x1000)" % TABLE)
    return found


def romfs_partition(firmware):
    """(offset, size) of the firmware's romfs partition (ImageError if it has none)."""
    table = partitions(firmware)
    for label, ptype, subtype, offset, size in table:
        if ptype == DATA and (label == "romfs" or subtype == ROMFS_SUBTYPE):
            return offset, size
    raise ImageError("the firmware's partition table has no romfs partition (it has: %s): build "
                     "it with boards/romfs/TET_ESP32_ROMFS" % ", ".join(t[0] for t in table))


def make_image(firmware_path, romfs_path, out):
    """Write the merged file; return (romfs offset, partition size, image size)."""
    with open(firmware_path, "rb") as f:
        firmware = f.read()
    offset, size = romfs_partition(firmware)
    image = os.path.getsize(romfs_path)
    if image > size:
        raise ImageError("the ROMFS image is %d bytes, the romfs partition %d" % (image, size))
    if BASE + len(firmware) > offset:
        raise ImageError("the firmware (%d bytes from 0x%x) runs into the romfs partition at 0x%x"
                         % (len(firmware), BASE, offset))
    esptool = os.path.join(os.path.dirname(sys.executable), "esptool")
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    res = subprocess.run([esptool, "--chip", "esp32", "merge-bin", "-o", out,
                          "--target-offset", hex(BASE), hex(BASE), firmware_path,
                          hex(offset), romfs_path], capture_output=True, text=True)
    if res.returncode != 0:
        lines = (res.stderr or res.stdout).strip().splitlines()
        raise ImageError("esptool merge-bin failed: " + (lines[-1] if lines else "error"))
    return offset, size, image


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    p.add_argument("--firmware", required=True)
    p.add_argument("--romfs", default=os.path.join(ROOT, "build", "tet.romfs"))
    p.add_argument("--out", default=os.path.join(ROOT, "build", "tet-image.bin"))
    args = p.parse_args(argv)
    for path in (args.firmware, args.romfs):
        if not os.path.isfile(path):
            print("image: no such file: %s" % path, file=sys.stderr)
            return 2
    try:
        offset, size, image = make_image(args.firmware, args.romfs, args.out)
    except ImageError as e:
        print("image: %s" % e, file=sys.stderr)
        return 1
    print("image: wrote %s: ROMFS (%d B) at 0x%x in a %d KB romfs partition; flash it at 0x1000"
          % (args.out, image, offset, size // 1024))
    return 0


if __name__ == "__main__":
    sys.exit(main())
