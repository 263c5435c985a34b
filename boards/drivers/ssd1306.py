"""SSD1306 128x64 monochrome OLED on I2C, as a MONO_VLSB FrameBuffer (the controller's own
layout: each byte is a column of 8 pixels, so show() sends the buffer as it is, and only the
pages of 8 rows that changed since the last show(): drivers/changes.py)."""

import framebuf
from micropython import const

from drivers.changes import RowChanges

_CONTRAST = const(0x81)
_DISPLAY_OFF = const(0xAE)
_DISPLAY_ON = const(0xAF)

# Power-up sequence from the SSD1306 datasheet's application note, for a 128x64 panel with the
# internal charge pump (the usual 0.96" modules), column 0 at the left, row 0 at the top.
_INIT = (
    _DISPLAY_OFF,
    0xD5, 0x80,  # clock divide ratio / oscillator frequency
    0xA8, 0x3F,  # multiplex ratio: 64 rows
    0xD3, 0x00,  # display offset 0
    0x40,        # start line 0
    0x8D, 0x14,  # charge pump on
    0x20, 0x00,  # horizontal addressing: the buffer streams in page by page
    0xA1,        # segment remap: column 127 is SEG0 (left-right as drawn)
    0xC8,        # COM scan from the bottom (top-bottom as drawn)
    0xDA, 0x12,  # COM pins: alternative configuration for 64 rows
    _CONTRAST, 0xCF,
    0xD9, 0xF1,  # pre-charge period
    0xDB, 0x40,  # VCOMH deselect level
    0xA4,        # show the RAM contents
    0xA6,        # not inverted
)


class SSD1306(framebuf.FrameBuffer):
    """The OLED as a 1-bit FrameBuffer with show(), set_palette() (no-op) and brightness()."""

    def __init__(self, i2c, address=0x3C, width=128, height=64):
        self.width = width
        self.height = height
        self.depth = 1
        self.buf = bytearray(width * (height >> 3))
        super().__init__(self.buf, width, height, framebuf.MONO_VLSB)
        self._i2c = i2c
        self._address = address
        self._cmd = bytearray(2)  # control byte 0x00 (a command follows), command
        self._pages = memoryview(self.buf)
        self._changes = RowChanges(height >> 3, width)  # one "row" per page of 8 pixel rows
        for cmd in _INIT:
            self._command(cmd)
        self.fill(0)
        self.show()
        self._command(_DISPLAY_ON)

    def _command(self, cmd):
        self._cmd[1] = cmd
        self._i2c.writeto(self._address, self._cmd)

    def invalidate(self):
        """Send the whole frame at the next show(), changed or not."""
        self._changes.invalidate()

    def show(self):
        """Send the pages that changed since the last show() to the panel (the whole 1 KB:
        about 23 ms at 400 kHz; a menu step: two or three of its eight pages)."""
        width = self.width
        for first, last in self._changes.runs(self.buf):
            for cmd in (0x21, 0, width - 1, 0x22, first, last):
                self._command(cmd)
            # control byte 0x40: the rest is display data
            self._i2c.writevto(self._address, (b"\x40", self._pages[first * width:(last + 1) * width]))

    def set_palette(self, colours):
        """Monochrome: colours are on/off, nothing to convert."""

    def brightness(self, percent):
        """Contrast 0..100% (an OLED has no backlight; 0 keeps a faint image)."""
        percent = min(max(int(percent), 0), 100)
        self._command(_CONTRAST)
        self._command(percent * 255 // 100)
