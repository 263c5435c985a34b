"""Build a ROMFS image of the firmware (`make romfs`): .mpy bytecode and font tables that run
in place from flash, so they cost no heap (MicroPython 1.25+ ROMFS; `mpremote romfs deploy`).

Usage: python host_tools/romfs.py [--out build/tet.romfs]
"""

import argparse
import contextlib
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
from build import install_firmware  # noqa: E402


def build_image(out):
    """Compile firmware/tet into a ROMFS image at `out`; return its size in bytes.

    The image holds the very tree `make deploy` installs (build.install_firmware: .mpy files
    whose source names are relative, and the font files). Left to itself, `mpremote romfs
    build` would compile with the staging directory's absolute path as every module's source
    name, and each of those paths becomes a qstr interned into the heap for good.
    """
    mpremote = os.path.join(os.path.dirname(sys.executable), "mpremote")
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "romfs")
        install_firmware(src)
        os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
        res = subprocess.run([mpremote, "romfs", "-o", out, "build", src],
                             capture_output=True, text=True)
        if res.returncode != 0:
            raise SystemExit("romfs build failed: " + (res.stderr or res.stdout).strip())
    return os.path.getsize(out)


@contextlib.contextmanager
def both_installs():
    """The firmware installed both ways a board takes it, in a temporary folder for as long as
    the with-block runs: (a ROMFS image's path, a directory of .mpy files as `make deploy`
    leaves a stock board)."""
    with tempfile.TemporaryDirectory() as tmp:
        image = os.path.join(tmp, "tet.romfs")
        build_image(image)
        files = os.path.join(tmp, "install")
        install_firmware(files)
        yield image, files


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "tet.romfs"))
    args = ap.parse_args()
    print("wrote %s (%d bytes)" % (args.out, build_image(args.out)))


if __name__ == "__main__":
    main()
