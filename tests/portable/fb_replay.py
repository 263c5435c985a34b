"""Replay recorded framebuf drawing calls and report the resulting buffers.

Runs unchanged under real MicroPython (`mp_lane.run('run', 'fb_replay', [ops.json])`, using the
built-in framebuf) and under CPython (tests/test_sim_framebuf.py passes the simulator's fake), so
the two implementations can be compared byte for byte on the same calls.

A case is {"fmt", "w", "h", "stride", "ops"}; each op is [name, args...].  Blit sources and
palettes are inline specs {"fmt", "w", "h", "stride", "data" (hex)}; poly coordinates are lists
turned into array('h').  The report is one line per op: the CRC-32 of the buffer after the op
plus any returned pixel value, then the whole buffer in hex.
"""

import array
import binascii
import json


def _make(framebuf, spec, data=None):
    size = _buffer_size(framebuf, spec)
    buf = bytearray(size) if data is None else bytearray(binascii.unhexlify(data))
    stride = spec.get("stride")
    fmt = spec["fmt"]
    if stride is None:
        return buf, framebuf.FrameBuffer(buf, spec["w"], spec["h"], fmt)
    return buf, framebuf.FrameBuffer(buf, spec["w"], spec["h"], fmt, stride)


def _buffer_size(framebuf, spec):
    """Bytes a buffer needs for this spec (generous: whole rows of the rounded stride)."""
    w = spec["w"]
    h = spec["h"]
    stride = spec.get("stride") or w
    fmt = spec["fmt"]
    if fmt == framebuf.MONO_VLSB:
        return stride * ((h + 7) // 8)
    if fmt in (framebuf.MONO_HLSB, framebuf.MONO_HMSB):
        return ((stride + 7) // 8) * h
    if fmt == framebuf.GS2_HMSB:
        return ((stride + 3) // 4) * h
    if fmt == framebuf.GS4_HMSB:
        return ((stride + 1) // 2) * h
    if fmt == framebuf.RGB565:
        return stride * h * 2
    return stride * h


def _apply(framebuf, fb, op):
    name = op[0]
    args = op[1:]
    if name == "blit":
        src = args[0]
        _, source = _make(framebuf, src, src["data"])
        if src.get("as_tuple"):
            source = (bytearray(binascii.unhexlify(src["data"])), src["w"], src["h"], src["fmt"])
        rest = list(args[1:])
        if len(rest) > 3 and rest[3] is not None:
            _, rest[3] = _make(framebuf, rest[3], rest[3]["data"])
        return fb.blit(source, *rest)
    if name == "poly":
        coords = array.array("h", args[2])
        return fb.poly(args[0], args[1], coords, *args[3:])
    return getattr(fb, name)(*args)


def replay(framebuf, cases):
    """Run every case with the given framebuf module; return the report lines."""
    lines = []
    for number, case in enumerate(cases):
        buf, fb = _make(framebuf, case)
        for index, op in enumerate(case["ops"]):
            result = _apply(framebuf, fb, op)
            lines.append("%d.%d %08x %s" % (number, index, binascii.crc32(buf) & 0xFFFFFFFF,
                                             "-" if result is None else str(result)))
        lines.append("%d final %s" % (number, binascii.hexlify(buf).decode()))
    return lines


def main(args):
    """Replay the cases in the JSON file args[0] with the built-in framebuf; print the report."""
    import framebuf

    with open(args[0]) as f:
        cases = json.load(f)
    for line in replay(framebuf, cases):
        print(line)
    return 0
