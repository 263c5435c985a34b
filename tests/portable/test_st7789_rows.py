"""The ST7789 driver's row conversion: GS4 palette pixels -> big-endian RGB565 bytes.

Runs under CPython (viper is a no-op there) and under real MicroPython, where the same function
is compiled by the viper emitter.
"""

import sys

if sys.implementation.name != "micropython":
    import sim

    sim.install_fakes()

from drivers.st7789 import gs4_row_to_rgb565, palette_table, rgb565

from tet.core.rng import Rng


def _reference_row(row, palette, width):
    """Pixel by pixel: left pixel in the high nibble, 5-6-5 bits of R-G-B, high byte first."""
    out = bytearray()
    for x in range(width):
        byte = row[x // 2]
        index = byte >> 4 if x % 2 == 0 else byte & 15
        colour = palette[index]
        r, g, b = colour >> 16, (colour >> 8) & 255, colour & 255
        value = (r >> 3) * 2048 + (g >> 2) * 32 + (b >> 3)
        out.append(value // 256)
        out.append(value % 256)
    return bytes(out)


def test_rgb565_of_primaries():
    assert rgb565(0xFF0000) == 0xF800
    assert rgb565(0x00FF00) == 0x07E0
    assert rgb565(0x0000FF) == 0x001F
    assert rgb565(0xFFFFFF) == 0xFFFF
    assert rgb565(0x080400) == 0x0820


def test_rows_match_the_reference():
    rng = Rng(7)
    for trial in range(12):
        palette = [rng.next32() & 0xFFFFFF for _ in range(16)]
        table = bytearray(1024)
        palette_table(palette, table)
        width = 240 if trial % 3 else 135
        row_bytes = (width + 1) // 2
        frame = bytearray(rng.below(256) for _ in range(row_bytes * 3))
        out = bytearray(row_bytes * 4)
        for y in range(3):
            gs4_row_to_rgb565(frame, y * row_bytes, row_bytes, table, out)
            row = frame[y * row_bytes:(y + 1) * row_bytes]
            assert bytes(out[:width * 2]) == _reference_row(row, palette, width), (trial, y)


def test_conversion_stays_inside_the_row():
    table = bytearray(1024)
    palette_table([0xFFFFFF] * 16, table)
    out = bytearray(12)
    gs4_row_to_rgb565(bytes(range(10)), 4, 2, table, out)
    assert out == bytearray(b"\xff" * 8 + b"\x00" * 4)
