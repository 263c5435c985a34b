"""Ask the device before deploying: does this build fit the firmware and the flash on it?

    python host_tools/deploy.py files --port P [--build build]       (make deploy)
    python host_tools/deploy.py romfs --port P [--image build/tet.romfs]  (make deploy-romfs)

One query (`mpremote connect P exec ...`) reads the device's MicroPython version, the .mpy version
and architecture it loads (sys.implementation._mpy), its free filesystem bytes, whether the
firmware has ROMFS (vfs.rom_ioctl), the size of its ROMFS segment and whether its partition
table has a `romfs` partition. When the build cannot work there, one line says why and what to
do, and the exit status is 1; when it fits, the exit status is 0 and make goes on to copy.
The mpremote program is $MPREMOTE if set (tests point it at a fake device), else the venv's.
"""

import argparse
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MARK = "TETPROBE"
BLOCK = 4096  # littlefs block on the ESP32: every file takes whole blocks
SLACK = 64 * 1024  # room left for saves and littlefs metadata

# Runs on the device; prints one line: MARK version _mpy free rom_ioctl segments seg_size partition
PROBE = """
import sys, os
try:
    import vfs
    r = hasattr(vfs, 'rom_ioctl')
except ImportError:
    r = False
n = size = 0
if r:
    try:
        n = vfs.rom_ioctl(1)
        size = len(vfs.rom_ioctl(2, 0)) if n > 0 else 0
    except Exception:
        n = size = 0
p = 0
try:
    import esp32
    p = len(esp32.Partition.find(esp32.Partition.TYPE_DATA, label='romfs'))
except Exception:
    p = 0
s = os.statvfs('/')
print('%s', '.'.join(str(x) for x in sys.implementation.version[:3]),
      getattr(sys.implementation, '_mpy', 0), s[0] * s[3], int(r), n, size, p)
""" % MARK


class Refusal(Exception):
    """The one line that says why the deploy stops."""


def mpremote():
    return os.environ.get("MPREMOTE") or os.path.join(os.path.dirname(sys.executable), "mpremote")


def query(port):
    """Ask the device; return a dict of its answers (Refusal if nothing sensible answers)."""
    try:
        res = subprocess.run([mpremote(), "connect", port, "exec", PROBE], capture_output=True,
                             text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise Refusal("cannot run mpremote (%s): run `make setup`" % e) from None
    for line in res.stdout.splitlines():
        parts = line.split()
        if parts[:1] == [MARK] and len(parts) == 8:
            keys = ("mpy", "free", "rom_ioctl", "segments", "segment", "partition")
            info = dict(zip(keys, (int(p) for p in parts[2:])))
            info["version"] = parts[1]
            return info
    why = (res.stderr or res.stdout).strip().splitlines()
    raise Refusal("no MicroPython answered on %s (%s)" % (port, why[-1] if why else "no output"))


def mpy_header(path):
    """(version, sub-version, architecture) of an .mpy file's header."""
    with open(path, "rb") as f:
        head = f.read(4)
    return head[1], head[2] & 3, head[2] >> 2


def build_files(build):
    """Every file of a `make build` tree (relative path -> size)."""
    out = {}
    for dirpath, _dirs, files in os.walk(build):
        for name in files:
            path = os.path.join(dirpath, name)
            out[os.path.relpath(path, build)] = os.path.getsize(path)
    return out


def check_files(info, build):
    """Refusal unless the device loads the build's .mpy files and has room for them."""
    files = build_files(build)
    if not files:
        raise Refusal("nothing in %s: run `make build` first" % build)
    version = info["mpy"] & 0xFF
    sub = (info["mpy"] >> 8) & 3
    arch = info["mpy"] >> 10
    for rel in sorted(files):
        if not rel.endswith(".mpy"):
            continue
        v, s, a = mpy_header(os.path.join(build, rel))
        if v != version:
            raise Refusal("the device runs MicroPython %s, which loads .mpy version %d; the build "
                          "is .mpy version %d (MicroPython 1.22 or later): flash a newer "
                          "stock firmware (README: a stock board)" % (info["version"], version, v))
        if a and (a != arch or s != sub):
            raise Refusal("the device's MicroPython %s loads native code for architecture %d "
                          "(sub-version %d); %s is built for %d (ESP32 xtensawin, sub-version %d): "
                          "this is not an ESP32 firmware" % (info["version"], arch, sub, rel, a, s))
    need = sum((size + BLOCK - 1) // BLOCK * BLOCK for size in files.values()) + SLACK
    if info["free"] < need:
        raise Refusal("the build needs about %d KB of flash (with %d KB for saves), the device "
                      "has %d KB free: remove old files (mpremote fs rm) or use a 4 MB board"
                      % (need // 1024, SLACK // 1024, info["free"] // 1024))
    return need


def check_romfs(info, image):
    """Refusal unless the firmware has ROMFS and a romfs partition big enough for `image`."""
    if not os.path.exists(image):
        raise Refusal("no image at %s: run `make romfs` first" % image)
    size = os.path.getsize(image)
    if not info["rom_ioctl"]:
        missing = "no romfs partition either" if not info["partition"] else \
            "it has a romfs partition, but not the code to use it"
        raise Refusal("MicroPython %s on the device has no ROMFS (vfs.rom_ioctl missing: built "
                      "without MICROPY_VFS_ROM; %s): flash a ROMFS firmware (make image, "
                      "boards/romfs/README.md) or use make deploy" % (info["version"], missing))
    if not info["partition"] or not info["segments"]:
        raise Refusal("the firmware has ROMFS (vfs.rom_ioctl) but the partition table has no "
                      "romfs partition: flash a table with one (boards/romfs/TET_ESP32_ROMFS/partitions-romfs.csv)")
    if size > info["segment"]:
        raise Refusal("the image is %d KB, the romfs partition holds %d KB: enlarge it in the "
                      "partition table" % (size // 1024, info["segment"] // 1024))
    return size


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    p.add_argument("install", choices=("files", "romfs"))
    p.add_argument("--port", required=True)
    p.add_argument("--build", default=os.path.join(ROOT, "build"))
    p.add_argument("--image", default=os.path.join(ROOT, "build", "tet.romfs"))
    args = p.parse_args(argv)
    try:
        info = query(args.port)
        if args.install == "files":
            need = check_files(info, args.build)
            print("deploy: MicroPython %s, %d KB free, the build needs about %d KB: copying"
                  % (info["version"], info["free"] // 1024, need // 1024))
        else:
            size = check_romfs(info, args.image)
            print("deploy-romfs: MicroPython %s with ROMFS, partition %d KB, image %d KB: "
                  "writing" % (info["version"], info["segment"] // 1024, size // 1024))
    except Refusal as e:
        print("%s: %s" % ("deploy" if args.install == "files" else "deploy-romfs", e),
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
