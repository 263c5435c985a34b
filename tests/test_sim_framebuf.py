"""The simulator's fake framebuf gives the same bytes as real MicroPython's framebuf.

Random drawing sequences (every format, odd strides, clipping at the edges, negative coordinates,
blit with key/palette/tuple sources, scroll, ellipse quadrants, filled polygons) are replayed by
tests/portable/fb_replay.py in the real `micropython` binary and with sim/fakes/framebuf.py; the
buffer CRC after every call and the final buffers must match.
"""

import functools
import importlib.util
import json
import os
import random

import pytest

from mp_lane import ROOT, micropython_binary, run

import fb_replay

FORMATS = {"MONO_VLSB": 0, "RGB565": 1, "GS4_HMSB": 2, "MONO_HLSB": 3, "MONO_HMSB": 4,
           "GS2_HMSB": 5, "GS8": 6}
MAX_COLOUR = {0: 1, 1: 0xFFFF, 2: 15, 3: 1, 4: 1, 5: 3, 6: 255}


@functools.lru_cache(maxsize=None)
def load_fake(name):
    """The simulator's stand-in for MicroPython's module `name` (sim/fakes), loaded as a module
    of its own beside whatever `name` is on this interpreter."""
    path = os.path.join(ROOT, "host_tools", "sim", "fakes", name + ".py")
    spec = importlib.util.spec_from_file_location("fake_" + name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def colour(rnd, fmt):
    roll = rnd.random()
    if roll < 0.05:
        return rnd.choice((-1, -7, 0x12345, 0x1FFFF, 256 + 3))
    return rnd.randint(0, MAX_COLOUR[fmt])


def surface_spec(rnd, fmt, max_side):
    w = rnd.randint(1, max_side)
    h = rnd.randint(1, max_side)
    stride = w + rnd.randint(1, 9) if rnd.random() < 0.3 else None
    return {"fmt": fmt, "w": w, "h": h, "stride": stride}


def with_data(rnd, spec):
    size = fb_replay._buffer_size(load_fake("framebuf"), spec)
    spec = dict(spec)
    spec["data"] = bytes(rnd.randrange(256) for _ in range(size)).hex()
    return spec


def random_op(rnd, case):
    fmt, w, h = case["fmt"], case["w"], case["h"]

    def cx():
        return rnd.randint(-12, w + 12)

    def cy():
        return rnd.randint(-12, h + 12)

    def length():
        return rnd.randint(-4, max(w, h) + 12)

    kind = rnd.choice(("fill", "pixel", "getpixel", "hline", "vline", "fill_rect", "rect",
                       "rectf", "line", "line", "ellipse", "ellipse", "poly", "poly", "blit",
                       "blit", "scroll"))
    c = colour(rnd, fmt)
    if kind == "fill":
        return ["fill", c]
    if kind == "pixel":
        return ["pixel", cx(), cy(), c]
    if kind == "getpixel":
        return ["pixel", cx(), cy()]
    if kind in ("hline", "vline"):
        return [kind, cx(), cy(), length(), c]
    if kind == "fill_rect":
        return ["fill_rect", cx(), cy(), length(), length(), c]
    if kind == "rect":
        return ["rect", cx(), cy(), length(), length(), c]
    if kind == "rectf":
        return ["rect", cx(), cy(), length(), length(), c, rnd.choice((True, 1, 0))]
    if kind == "line":
        return ["line", cx(), cy(), cx(), cy(), c]
    if kind == "ellipse":
        op = ["ellipse", cx(), cy(), rnd.randint(0, w), rnd.randint(0, h), c]
        if rnd.random() < 0.7:
            op.append(rnd.choice((True, False)))
            if rnd.random() < 0.6:
                op.append(rnd.randint(0, 31))
        return op
    if kind == "poly":
        coords = []
        for _ in range(rnd.randint(1, 8)):
            coords += [rnd.randint(-10, w + 10), rnd.randint(-10, h + 10)]
        if rnd.random() < 0.1:
            coords.append(5)  # an odd count: the last value is ignored
        op = ["poly", rnd.randint(-5, 5), rnd.randint(-5, 5), coords, c]
        if rnd.random() < 0.7:
            op.append(rnd.choice((True, False)))
        return op
    if kind == "blit":
        src_fmt = rnd.choice(list(FORMATS.values()))
        src = with_data(rnd, surface_spec(rnd, src_fmt, 24))
        if rnd.random() < 0.15 and src["stride"] is None:
            src["as_tuple"] = True
        op = ["blit", src, rnd.randint(-src["w"] - 3, w + 3), rnd.randint(-src["h"] - 3, h + 3)]
        roll = rnd.random()
        if roll < 0.7:
            op.append(rnd.choice((-1, 0, 1, rnd.randint(0, MAX_COLOUR[fmt]))))
        if roll < 0.35 and src_fmt != FORMATS["RGB565"]:
            pal_fmt = rnd.choice((FORMATS["GS8"], FORMATS["GS4_HMSB"], FORMATS["RGB565"]))
            width = MAX_COLOUR[src_fmt] + 1
            op.append(with_data(rnd, {"fmt": pal_fmt, "w": width, "h": 1, "stride": None}))
        return op
    return ["scroll", rnd.randint(-w - 2, w + 2), rnd.randint(-h - 2, h + 2)]


def random_cases(seed, count, ops_per_case):
    rnd = random.Random(seed)
    cases = []
    for number in range(count):
        fmt = list(FORMATS.values())[number % len(FORMATS)]
        case = surface_spec(rnd, fmt, 40)
        case["ops"] = [random_op(rnd, case) for _ in range(ops_per_case)]
        cases.append(case)
    return cases


def edge_cases():
    """Hand-picked calls around the edges for each format of the project's real screens."""
    cases = []
    for fmt, w, h in ((2, 240, 135), (0, 128, 64), (2, 135, 240), (3, 13, 9), (4, 13, 9)):
        ops = [["fill", 5], ["fill_rect", -3, -3, 7, 7, 0], ["fill_rect", w - 2, h - 2, 9, 9, 3],
               ["hline", -5, 0, w + 10, 1], ["vline", w - 1, -5, h + 10, 2],
               ["rect", -1, -1, w + 2, h + 2, 7], ["rect", 1, 1, w - 2, h - 2, 9, True],
               ["line", -50, -20, w + 50, h + 20, 4], ["line", w, 0, 0, h, 11],
               ["ellipse", w // 2, h // 2, w, h // 3, 6], ["ellipse", 0, 0, 10, 10, 1, True, 9],
               ["poly", 3, 3, [0, 0, w, 5, w // 2, h, -10, h // 2], 13, True],
               ["scroll", 3, -2], ["scroll", -w, 0], ["pixel", w - 1, h - 1, 15],
               ["pixel", w - 1, h - 1], ["pixel", w, 0]]
        cases.append({"fmt": fmt, "w": w, "h": h, "stride": None, "ops": ops})
    return cases


def replay_both(tmp_path, cases):
    path = tmp_path / "ops.json"
    path.write_text(json.dumps(cases))
    res = run("run", "fb_replay", [str(path)], heap="8M")
    assert res.returncode == 0, res.stdout[-2000:] + res.stderr[-4000:]
    real = res.stdout.splitlines()
    fake = fb_replay.replay(load_fake("framebuf"), cases)
    assert len(real) == len(fake)
    for real_line, fake_line in zip(real, fake):
        if real_line != fake_line:
            number, _, index = real_line.split()[0].partition(".")
            op = cases[int(number)]["ops"][int(index)] if index.isdigit() else "final buffer"
            case = {k: v for k, v in cases[int(number)].items() if k != "ops"}
            pytest.fail("mismatch in case %s %s at %s:\nreal %s\nfake %s"
                        % (number, case, op, real_line[:200], fake_line[:200]))


def test_binary_available():
    assert micropython_binary(), "micropython binary missing: run `make setup`"


def test_edge_cases_match_micropython(tmp_path):
    replay_both(tmp_path, edge_cases())


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_random_drawing_matches_micropython(tmp_path, seed):
    replay_both(tmp_path, random_cases(seed, 35, 40))


ERROR_PROBE = """
import framebuf
def attempt(fn):
    try:
        fn()
        print("ok")
    except Exception as e:
        print(type(e).__name__)
fb = framebuf.FrameBuffer(bytearray(64), 8, 8, framebuf.GS8)
attempt(lambda: framebuf.FrameBuffer(bytearray(63), 8, 8, framebuf.GS8))
attempt(lambda: framebuf.FrameBuffer(bytearray(64), 8, 8, 9))
attempt(lambda: framebuf.FrameBuffer(bytes(64), 8, 8, framebuf.GS8))
attempt(lambda: framebuf.FrameBuffer(bytearray(64), 0, 8, framebuf.GS8))
attempt(lambda: framebuf.FrameBuffer(bytearray(64), 8, 8, framebuf.GS8, 4))
attempt(lambda: framebuf.FrameBuffer(bytearray(7), 8, 8, framebuf.MONO_VLSB))
attempt(lambda: framebuf.FrameBuffer(bytearray(8), 8, 8, framebuf.MONO_VLSB))
attempt(lambda: framebuf.FrameBuffer(bytearray(8), 9, 8, framebuf.MONO_HLSB))
attempt(lambda: framebuf.FrameBuffer(bytearray(16), 9, 8, framebuf.MONO_HLSB))
attempt(lambda: fb.poly(0, 0, [1, 2, 3, 4], 1))
attempt(lambda: fb.blit(bytearray(4), 0, 0))
attempt(lambda: fb.blit((b"1234", 2, 2, framebuf.GS8), 0, 0))
print(fb.pixel(8, 0), fb.pixel(-1, 0), fb.pixel(0, 0))
for name in ("MONO_VLSB", "MVLSB", "RGB565", "GS4_HMSB", "MONO_HLSB", "MONO_HMSB", "GS2_HMSB", "GS8"):
    print(name, getattr(framebuf, name))
"""


def test_errors_and_constants_match_micropython():
    import subprocess
    import sys

    real = subprocess.run([micropython_binary(), "-c", ERROR_PROBE], capture_output=True,
                          text=True, timeout=60)
    assert real.returncode == 0, real.stderr
    fake = subprocess.run([sys.executable, "-c", ERROR_PROBE], capture_output=True, text=True,
                          timeout=60, env=dict(os.environ, PYTHONPATH=os.path.join(ROOT, "host_tools", "sim", "fakes")))
    assert fake.returncode == 0, fake.stderr
    assert fake.stdout.splitlines() == real.stdout.splitlines()
