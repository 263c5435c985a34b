"""`python -m sim --headless --micropython`: the same scripted run, but the firmware runs in the
real `micropython` binary with the device's heap (sim.device is the device side).

The firmware is installed as a board holds it: `files` (.mpy files and resources, as `make
deploy` leaves a stock board) or `romfs` (the ROMFS image). Shots come back as raw frames and are
written here as the same PNGs the CPython simulator writes.
"""

import os
import struct
import subprocess
import sys
import tempfile

from sim import ROOT
from sim.render import frame_image

from mp_lane import PRELUDE, heap_with_image, micropython_binary  # noqa: E402

FB_MAGIC = b"TETFB1"


def parse_heap(text):
    """'160K' / '1M' / '163840' -> the -X heapsize text and its KB; ValueError if malformed."""
    t = text.strip().upper()
    mult = {"K": 1, "M": 1024}.get(t[-1:], None)
    number = t[:-1] if mult else t
    if not number.isdigit() or int(number) <= 0:
        raise ValueError("--heap wants a size like 160K or 1M, not %r" % text)
    kb = int(number) * mult if mult else max(1, int(number) // 1024)
    return kb


def install(kind, tmp):
    """Build the install `kind` ('files' or 'romfs') under `tmp`; return its path."""
    if kind == "files":
        from build import install_firmware

        path = os.path.join(tmp, "install")
        install_firmware(path)
        return path
    from romfs import build_image

    path = os.path.join(tmp, "tet.romfs")
    build_image(path)
    return path


def read_frame(path):
    """(width, height, depth, palette, framebuffer bytes) of a NAME.fb from the device side."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:6] != FB_MAGIC:
        raise ValueError("not a frame file: " + path)
    width, height, depth = struct.unpack_from("<HHB", data, 6)
    pal = data[11:11 + 48]
    palette = [pal[3 * i] << 16 | pal[3 * i + 1] << 8 | pal[3 * i + 2] for i in range(16)]
    return width, height, depth, palette, data[59:]


RESTARTED = 75      # sim.device's exit code when the board restarted MicroPython
MAX_BOOTS = 40


def _boots(cmd):
    """Run the board's boots: each restart of MicroPython (a line `restart STATE`, exit code
    RESTARTED) boots it again in a new process, as a board's soft reset empties its heap, the
    board going on from STATE. Returns the last boot's exit code."""
    resumed = []
    for _ in range(MAX_BOOTS):
        proc = subprocess.Popen(cmd + resumed, stdout=subprocess.PIPE, text=True)
        state = None
        for line in proc.stdout:
            sys.stdout.write(line)
            if line.startswith("restart "):
                state = line.split()[1]
        code = proc.wait()
        if code != RESTARTED or state is None:
            return code
        resumed = [state]
    return code


def run(spec, events, shot_dir, storage, seed, scale, heap="160K", kind="files"):
    """Run the script's `events` on board `spec` under micropython; return (exit code, shots)."""
    binary = micropython_binary()
    if not binary:
        print("sim: the micropython binary is missing: run `make setup`", file=sys.stderr)
        return 2, []
    kb = parse_heap(heap)
    os.makedirs(shot_dir, exist_ok=True)
    os.makedirs(storage, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        path = install(kind, tmp)
        heapsize = heap_with_image(kb, path) if kind == "romfs" else "%dK" % kb
        events_file = os.path.join(tmp, "events.txt")
        with open(events_file, "w") as f:
            for at, action, arg in events:
                f.write("%d %s %s\n" % (at, action, "" if arg is None else arg))
        cmd = [binary, "-X", "heapsize=" + heapsize, PRELUDE, ROOT, "run", "sim.device",
               "--install", path, events_file, os.path.abspath(shot_dir),
               os.path.abspath(storage), str(seed if seed is not None else 1), spec.id,
               str(spec.width), str(spec.height), str(spec.depth), ",".join(spec.button_names),
               "1" if spec.has_motion else "0", "1" if spec.has_buzzer else "0",
               str(spec.show_ms)]
        code = _boots(cmd)
    shots = []
    for name in sorted(os.listdir(shot_dir)):
        if not name.endswith(".fb"):
            continue
        raw = os.path.join(shot_dir, name)
        width, height, depth, palette, data = read_frame(raw)
        png = raw[:-3] + ".png"
        frame_image(data, width, height, depth, palette, scale).save(png)
        os.remove(raw)
        shots.append(png)
    return code, shots
