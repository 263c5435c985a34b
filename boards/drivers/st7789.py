"""ST7789 colour panel (135x240 modules) on SPI, drawn from a 4-bit palette framebuffer.

The firmware draws into a GS4_HMSB FrameBuffer (16,200 bytes at 240x135) instead of RGB565
(64,800 bytes), which the ESP32's heap could not spare.  show() converts one row at a time to
big-endian RGB565 through a 256-entry table (a byte holds two pixels, so one 32-bit lookup gives
four output bytes) into a small preallocated row buffer, and streams it to the panel; only the rows
that changed since the last show() are sent (drivers/changes.py).
"""

import sys
import time

import framebuf
import micropython
from micropython import const

from drivers.changes import RowChanges

_SWRESET = const(0x01)
_SLPOUT = const(0x11)
_NORON = const(0x13)
_INVON = const(0x21)
_DISPON = const(0x29)
_CASET = const(0x2A)
_RASET = const(0x2B)
_RAMWR = const(0x2C)
_MADCTL = const(0x36)
_COLMOD = const(0x3A)
_MADCTL_BGR = const(0x08)  # for panels wired blue-green-red

# The 135x240 module sits in the middle of the controller's 240x320 memory, so each orientation
# has its own offsets: rotation -> (MADCTL, width, height, x offset, y offset).
ROTATIONS = (
    (0x00, 135, 240, 52, 40),  # portrait
    (0x60, 240, 135, 40, 53),  # landscape
    (0xC0, 135, 240, 53, 40),  # portrait, upside down
    (0xA0, 240, 135, 40, 52),  # landscape, upside down
)


def rgb565(rgb):
    """RGB888 int -> RGB565 int."""
    return ((rgb >> 8) & 0xF800) | ((rgb >> 5) & 0x07E0) | ((rgb >> 3) & 0x001F)


def palette_table(colours, table):
    """Fill `table` (1024 bytes) so that entry b (4 bytes at 4*b) is the two big-endian RGB565
    pixels of GS4 byte b: the high nibble (left pixel) first."""
    words = [rgb565(c) for c in colours]
    for b in range(256):
        left = words[b >> 4]
        right = words[b & 15]
        i = b << 2
        table[i] = left >> 8
        table[i + 1] = left & 0xFF
        table[i + 2] = right >> 8
        table[i + 3] = right & 0xFF


@micropython.viper
def _convert_words(src, start: int, count: int, table, dst):
    """Convert `count` GS4 bytes of `src` from `start` into 4*count RGB565 bytes in `dst`
    (`table` from palette_table, read as 256 words: one load and one store per input byte;
    `dst` 4-aligned, as a bytearray's data is)."""
    s = ptr8(src)
    t = ptr32(table)
    d = ptr32(dst)
    i = 0
    while i < count:
        d[i] = t[s[start + i]]
        i += 1


def _convert_bytes(src, start, count, table, dst):
    """The same conversion for the simulator and desktop tests (CPython has no viper)."""
    for i in range(count):
        t = src[start + i] << 2
        dst[4 * i:4 * i + 4] = table[t:t + 4]


# gs4_row_to_rgb565(src, start, count, table, dst): one row, by the runtime's fastest way
gs4_row_to_rgb565 = _convert_words if sys.implementation.name == "micropython" else _convert_bytes


class ST7789(framebuf.FrameBuffer):
    """The panel as a 4-bit palette FrameBuffer with show(), set_palette() and brightness().

    `spi` is a configured machine.SPI, `dc`/`cs`/`rst` output Pins (cs and rst may be None),
    cs idle high,
    `backlight` a callable taking a percentage (a PWM pin or a power chip), or None;
    `rotation` indexes ROTATIONS; `invert` and `bgr` match the panel's colour wiring.
    """

    def __init__(self, spi, dc, cs=None, rst=None, backlight=None, rotation=1, invert=True,
                 bgr=False):
        madctl, width, height, self._xoff, self._yoff = ROTATIONS[rotation]
        self.width = width
        self.height = height
        self.depth = 4
        self._row_bytes = (width + 1) >> 1
        self.buf = bytearray(self._row_bytes * height)
        super().__init__(self.buf, width, height, framebuf.GS4_HMSB)
        self._spi = spi
        self._dc = dc
        self._cs = cs
        self._backlight = backlight
        self._table = bytearray(1024)
        self._row = bytearray(self._row_bytes * 4)
        self._row_out = memoryview(self._row)[:width * 2]
        self._one = bytearray(1)
        self._window_args = bytearray(4)
        self._changes = RowChanges(height, self._row_bytes)
        self.set_palette([(g * 17) * 0x010101 for g in range(16)])
        if rst is not None:
            rst(1)
            time.sleep_ms(5)
            rst(0)
            time.sleep_ms(10)
            rst(1)
            time.sleep_ms(120)
        self._command(_SWRESET)
        time.sleep_ms(150)
        self._command(_SLPOUT)
        time.sleep_ms(120)
        self._command(_COLMOD, b"\x55")  # 16 bits per pixel
        self._command(_MADCTL, bytes((madctl | (_MADCTL_BGR if bgr else 0),)))
        if invert:
            self._command(_INVON)  # the IPS panels of these boards show colours inverted
        self._command(_NORON)
        self.fill(0)
        self.show()
        self._command(_DISPON)
        time.sleep_ms(10)
        self.brightness(100)

    def _select(self, on):
        if self._cs is not None:
            self._cs(0 if on else 1)

    def _command(self, cmd, data=None):
        self._one[0] = cmd
        self._select(True)
        self._dc(0)
        self._spi.write(self._one)
        if data:
            self._dc(1)
            self._spi.write(data)
        self._select(False)

    def _address(self, cmd, start, end):
        args = self._window_args
        args[0] = start >> 8
        args[1] = start & 0xFF
        args[2] = end >> 8
        args[3] = end & 0xFF
        self._command(cmd, args)

    def set_palette(self, colours):
        """Use 16 RGB888 colours for pixel values 0..15 from the next show() on (which then
        sends the whole frame)."""
        palette_table(colours, self._table)
        self._changes.invalidate()

    def invalidate(self):
        """Send the whole frame at the next show(), changed or not."""
        self._changes.invalidate()

    def show(self):
        """Send the rows that changed since the last show() to the panel (the whole frame:
        about 13 ms of SPI at 40 MHz; a menu step: a tenth of that)."""
        runs = self._changes.runs(self.buf)
        if not runs:
            return
        self._address(_CASET, self._xoff, self._xoff + self.width - 1)
        step = self._row_bytes
        buf = self.buf
        table = self._table
        row = self._row
        out = self._row_out
        write = self._spi.write
        for first, last in runs:
            self._address(_RASET, self._yoff + first, self._yoff + last)
            self._command(_RAMWR)
            self._select(True)
            self._dc(1)
            start = first * step
            for _ in range(last - first + 1):
                gs4_row_to_rgb565(buf, start, step, table, row)
                write(out)
                start += step
            self._select(False)

    def brightness(self, percent):
        """Backlight level 0..100 (ignored without a backlight control)."""
        if self._backlight is not None:
            self._backlight(min(max(int(percent), 0), 100))
